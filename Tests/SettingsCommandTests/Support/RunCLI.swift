import TestSupport

@testable import SettingsCommand

/// Runs the command layer in-process with a controlled environment (no HOME from the real one);
/// `stdin` is what standard input holds (empty when nil).
func runCLI(
  _ arguments: [String], environment: [String: String] = [:],
  terminal: TerminalInfo = TerminalInfo(stdoutIsTerminal: false), stdin: String? = nil
) -> CommandOutcome {
  var output = ""
  var errorOutput = ""
  let input = Array((stdin ?? "").utf8)
  let status = CommandLineTool.run(
    arguments: arguments, environment: environment, terminal: terminal, output: &output,
    errorOutput: &errorOutput, standardInput: { input })
  return CommandOutcome(status: status, stdout: output, stderr: errorOutput)
}
