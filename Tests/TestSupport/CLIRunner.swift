import Foundation

/// The outcome of one command line: standard output, standard error and the exit status.
public struct CommandOutcome: Equatable, CustomStringConvertible {
  /// The exit status.
  public var status: Int32
  /// What went to standard output.
  public var stdout: String
  /// What went to standard error.
  public var stderr: String

  /// An outcome from its parts.
  public init(status: Int32, stdout: String, stderr: String) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
  }

  /// The outcome as text, for failure messages.
  public var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// The built `settings` executable, beside the test bundle in the build directory.
public let settingsBinary: String = {
  let executable =
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
  var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
  while !directory.path.isEmpty, directory.path != "/" {
    let candidate = directory.appendingPathComponent("settings").path
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
      return candidate
    }
    directory = directory.deletingLastPathComponent()
  }
  return "settings"
}()

/// Runs the real binary with exactly `environment` (and `stdin` on its standard input, else
/// /dev/null) and returns what it printed and its status.
public func runBinary(
  _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil
) throws -> CommandOutcome {
  try ExternalTool(path: settingsBinary).run(arguments, environment: environment, stdin: stdin)
}

/// The path of a file in the package's `Examples` folder.
public func examplePath(_ name: String) -> String {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Examples/\(name)").path
}
