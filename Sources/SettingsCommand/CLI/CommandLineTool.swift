import SettingsKit
import SettingsPOSIX

/// The `settings` command line, as a function of its inputs: testable without a process.
public enum CommandLineTool {
  /// The version `--version` prints.
  public static let version = "0.1.0"

  /// Runs one command line.
  ///
  /// - Parameters:
  ///   - arguments: the arguments after the program name.
  ///   - environment: the process environment (`SETTINGS_FILE`, `SETTINGS_STORE`, `COLUMNS`,
  ///     `NO_COLOR`, `XDG_CONFIG_HOME`, `HOME` are read).
  ///   - terminal: whether standard output is a terminal, and its width.
  ///   - output: receives what goes to standard output.
  ///   - errorOutput: receives what goes to standard error: `Warning: …` lines (a stored value the
  ///     document does not accept, a damaged view state), `Error: …` lines, and for usage errors a
  ///     usage line and a hint.
  ///   - standardInput: reads all of standard input, for a document given as `-`; nil when it
  ///     cannot be read. The process's standard input by default.
  ///   - bytes: the arguments and environment as received, so that paths reach the file system
  ///     byte for byte (``CommandLineBytes``) and other arguments that are not UTF-8 are refused;
  ///     none by default (paths are then the UTF-8 of the text).
  /// - Returns: the exit status (see ``ExitStatus``).
  public static func run<Output: TextOutputStream, ErrorOutput: TextOutputStream>(
    arguments: [String], environment: [String: String], terminal: TerminalInfo,
    output: inout Output, errorOutput: inout ErrorOutput,
    standardInput: @escaping @Sendable () -> [UInt8]? = StandardInput.read,
    bytes: CommandLineBytes = CommandLineBytes()
  ) -> Int32 {
    let warnings = Warnings()
    do {
      let invocation = try Invocation.parse(arguments, bytes: bytes.arguments)
      let context = CommandContext(
        invocation: invocation, environment: environment, terminal: terminal, warnings: warnings,
        standardInput: StandardInputOnce(standardInput).callAsFunction, bytes: bytes)
      let text = try execute(context)
      warnings.write(to: &errorOutput)
      output.write(text)
      return ExitStatus.success.rawValue
    } catch {
      warnings.write(to: &errorOutput)
      output.write(error.standardOutput)
      errorOutput.write(error.text)
      return error.exitCode ?? error.status.rawValue
    }
  }

  static func execute(_ context: CommandContext) throws(CommandError) -> String {
    let invocation = context.invocation
    if invocation[Options.version] { return version + "\n" }
    if invocation[Options.help] {
      return HelpText.text(for: invocation.namesSubcommand ? invocation.subcommand : nil, context: context)
    }
    switch invocation.subcommand {
    case .show: return try ShowCommand.run(context)
    case .validate: return try ValidateCommand.run(context)
    case .get: return try GetCommand.run(context)
    case .set: return try SetCommand.run(context)
    case .toggle: return try ToggleCommand.run(context)
    case .reset: return try ResetCommand.run(context)
    case .add, .remove, .move: return try ListEditCommand.run(context)
    case .list: return try ListCommand.run(context)
    case .find: return try FindCommand.run(context)
    case .describe: return try DescribeCommand.run(context)
    case .why: return try WhyCommand.run(context)
    case .ui: return try UICommand.run(context)
    case .watch: return try WatchCommand.run(context)
    case .serve: return try ServeCommand.run(context)
    case .expand: return try ExpandCommand.run(context, isExpanded: true)
    case .collapse: return try ExpandCommand.run(context, isExpanded: false)
    case .schema: return try SchemaCommand.run(context)
    case .completions: return try CompletionsCommand.run(context)
    case .check: return try CheckCommand.run(context)
    case .dump: return try DumpCommand.run(context)
    case .load: return try LoadCommand.run(context)
    case .history: return try HistoryCommand.run(context)
    case .undo: return try UndoCommand.run(context)
    case .codegen: return try CodegenCommand.run(context)
    case .manpage: return try ManPageCommand.run(context)
    case .markdown: return try ManPageCommand.markdown(context)
    case .complete: return try CompleteCommand.run(context)
    case .help: return try HelpText.run(context)
    }
  }

  /// Runs the process's command line and exits with its status; the only place that touches the
  /// real standard output and error.
  ///
  /// The arguments and the environment are read as bytes (`argv`, `environ`); the text given to
  /// the parser is repaired UTF-8, paths are taken from the bytes (``CommandLineBytes``), and any
  /// other argument that is not UTF-8 is refused as a usage error.
  public static func main() -> Never {
    var output = FileOutput(descriptor: .standardOutput)
    var errorOutput = FileOutput(descriptor: .standardError)
    let (bytes, environment) = CommandLineBytes.current()
    let arguments = bytes.arguments.map { String(decoding: $0, as: UTF8.self) }
    let status = run(
      arguments: arguments, environment: environment, terminal: .current(), output: &output,
      errorOutput: &errorOutput, bytes: bytes)
    let failure = output.flush()
    if failure != 0 {
      errorOutput.write("Error: cannot write standard output: \(Errno(rawValue: failure).reason)\n")
      errorOutput.flush()
      systemExit(status == ExitStatus.success.rawValue ? ExitStatus.ioError.rawValue : status)
    }
    errorOutput.flush()
    systemExit(status)
  }
}
