/// Everything a subcommand works from: the parsed command line, the environment and the terminal.
struct CommandContext: Sendable {
  var invocation: Invocation
  var environment: [String: String]
  var terminal: TerminalInfo

  /// The document path from `--file` or `SETTINGS_FILE`; nil means the embedded default.
  var documentPath: String? {
    if let path = invocation.values["--file"] { return path }
    if let path = environment["SETTINGS_FILE"], !path.isEmpty { return path }
    return nil
  }

  /// Loads the document named by `--file` / `SETTINGS_FILE`, or the embedded default.
  func loadDocument() throws(CommandError) -> SettingsDocument {
    guard let path = documentPath else { return .embeddedDefault }
    do {
      return try DocumentLoader.load(path: path)
    } catch {
      throw CommandError(error)
    }
  }

  /// The document joined with its store (`--store`, `SETTINGS_STORE`, or the XDG location).
  ///
  /// When no store location can be worked out (no `HOME`), a reading command sees the defaults
  /// (there can be no overrides), and a writing one fails saying why.
  func openSettings(forWriting: Bool = false) throws(CommandError) -> Settings {
    let document = try loadDocument()
    do {
      let path = try StoreLocation.path(
        forDocumentID: document.id, explicit: invocation.values["--store"], environment: environment)
      return Settings(document: document, store: FileStore(path: path))
    } catch {
      guard forWriting, case .noLocation = error else {
        if case .noLocation = error { return Settings(document: document, store: MemoryStore()) }
        throw CommandError(error)
      }
      throw CommandError(error)
    }
  }

  /// The output width: `--width N`, else `COLUMNS`, else the terminal's width, else 80.
  func width() throws(CommandError) -> Int {
    if let text = invocation.values["--width"] {
      guard let width = Int(text), (1...10_000).contains(width) else {
        throw .usage(
          "Invalid width '\(TerminalText.escaped(text))'; expected a whole number from 1 to 10000",
          usage: Invocation.usageLine(invocation.subcommand))
      }
      return width
    }
    if let text = environment["COLUMNS"], let width = Int(text), (1...10_000).contains(width) { return width }
    return terminal.width ?? 80
  }

  /// Whether to style output, from `--color` and the environment.
  func colors() throws(CommandError) -> Bool {
    let text = invocation.values["--color"] ?? "auto"
    guard let mode = ColorMode(rawValue: text) else {
      throw .usage(
        "Invalid color mode '\(TerminalText.escaped(text))'; expected auto, always or never",
        usage: Invocation.usageLine(invocation.subcommand))
    }
    return mode.isEnabled(stdoutIsTerminal: terminal.stdoutIsTerminal, environment: environment)
  }

  /// The positional arguments, refusing more or fewer than the subcommand takes.
  func arguments(_ range: ClosedRange<Int>) throws(CommandError) -> [String] {
    let arguments = invocation.arguments
    guard range.contains(arguments.count) else {
      let message =
        arguments.count < range.lowerBound
        ? "Missing argument for 'settings \(invocation.subcommand.rawValue)'"
        : "Unexpected argument '\(TerminalText.escaped(arguments[range.upperBound]))'"
      throw .usage(message, usage: Invocation.usageLine(invocation.subcommand))
    }
    return arguments
  }

  var wantsJSON: Bool { invocation.flags.contains("--json") }
}
