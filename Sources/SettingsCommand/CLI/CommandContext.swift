import SettingsKit
import SettingsPOSIX

/// Everything a subcommand works from: the parsed command line, the environment and the terminal.
struct CommandContext: Sendable {
  var invocation: Invocation
  var environment: [String: String]
  var terminal: TerminalInfo
  /// What the command warns about on standard error (see ``Warnings``).
  var warnings = Warnings()
  /// Whether a read of an etcd store came from its last-known-good copy (see ``StaleReadLog``).
  var staleReads = StaleReadLog()

  /// Reads all of standard input, for a document given as `-`; nil when it cannot be read.
  var standardInput: @Sendable () -> [UInt8]? = { nil }

  /// The name a document read from standard input goes by in messages.
  static let standardInputName = "<stdin>"
  /// Standard input as text names it where a file's name would stand, such as the header of
  /// generated code ("Generated from standard input").
  static let standardInputTitle = "standard input"

  /// The arguments and environment as bytes, for paths (``path(forArgument:)``).
  var bytes = CommandLineBytes()

  /// The document path from `--file` or `SETTINGS_FILE`, as text; nil means the embedded default.
  var documentPath: String? {
    if let path = invocation[Options.file] { return path }
    if let path = environment["SETTINGS_FILE"], !path.isEmpty { return path }
    return nil
  }

  /// The document path from `--file` or `SETTINGS_FILE`, byte for byte; nil means the embedded default.
  var documentFile: SystemPath? {
    if let path = invocation[Options.file] { return self.path(forArgument: path) }
    if let path = environment["SETTINGS_FILE"], !path.isEmpty {
      return bytes.path(forEnvironment: "SETTINGS_FILE", value: path)
    }
    return nil
  }

  /// The exact bytes of a path given on the command line, from its (repaired) text.
  func path(forArgument text: String) -> SystemPath { bytes.path(forArgument: text) }

  /// Loads the document named by `--file` / `SETTINGS_FILE`, or the embedded default; items files
  /// are read too unless `loadingItemsFiles` is false (``itemsFiles(for:)`` opens them for paging).
  func loadDocument(loadingItemsFiles: Bool = true) throws(CommandError) -> SettingsDocument {
    guard let path = documentFile else { return .embeddedDefault }
    if documentPath == "-" {
      guard let bytes = standardInput() else {
        throw CommandError(messages: ["cannot read the document from standard input"], status: .noInput)
      }
      do {
        return try DocumentLoader.decode(
          SourceText(name: Self.standardInputName, bytes: bytes),
          itemsFilesIn: loadingItemsFiles ? SystemPath(".") : nil, locales: locales)
      } catch {
        throw CommandError(error)
      }
    }
    let reading: DocumentOptions.Reading = loadingItemsFiles ? .whole : .withoutItemsFiles
    return try open(path, options: documentOptions(reading: reading, cached: false)).document
  }

  /// The preferred locales, from `--locale` or the environment.
  var locales: [String] {
    LocalizedText.preferredLocales(explicit: invocation[Options.locale], environment: environment)
  }

  /// The document named by `--file` / `SETTINGS_FILE` (or the embedded default) with its items
  /// files opened for paging, not decoded.
  func openDocument() throws(CommandError) -> LoadedDocument {
    guard let path = documentFile else { return LoadedDocument(document: .embeddedDefault) }
    if documentPath == "-" { return LoadedDocument(document: try loadDocument()) }
    return try open(path, options: documentOptions(cached: false))
  }

  /// The document a screen (`show`, `ui`) opens: as ``openDocument()`` opens it, from the compiled
  /// form when the cache can answer (``DocumentLoader/open(_:options:)-(SystemPath,_)`` with
  /// ``documentOptions(reading:keepsDocument:cached:)``), the rows of its sections decoded when
  /// first read; loaded whole when system files apply (a lock may name a section or a page, and
  /// their values are checked against every item: every row would be decoded anyway).
  /// `keepingCompiledForm` is for a command that keeps the document open (`ui`, `serve`, `watch`):
  /// see ``DocumentOptions/keepsDocument``.
  func openScreenDocument(keepingCompiledForm: Bool = false) throws(CommandError) -> LoadedDocument {
    guard let path = documentFile, documentPath != "-" else { return try openDocument() }
    let document = try open(path, options: documentOptions(keepsDocument: keepingCompiledForm))
    guard !document.compiledItems.isEmpty else { return document }
    let system = storePolicy(for: document.document).layers(over: MemoryStore())
    guard !system.system.isEmpty || !system.ignored.isEmpty else { return document }
    return try open(path, options: documentOptions(cached: false))
  }

  /// Opens the items file of every section that has one, by section index.
  func itemsFiles(for sections: [SettingSection]) throws(CommandError) -> [Int: ItemsFile] {
    guard let path = documentFile else { return [:] }
    do {
      return try DocumentLoader.itemsFiles(
        of: sections, directory: documentPath == "-" ? SystemPath(".") : path.directory, locales: locales)
    } catch {
      throw CommandError(error)
    }
  }

  /// The index of the section named `name`: by `id`, else by header, else by 1-based number.
  ///
  /// - Throws: a refusal naming the known section ids, with a suggestion when one is close.
  func sectionIndex(_ name: String, in document: SettingsDocument) throws(CommandError) -> Int {
    let sections = document.sections
    if let index = sections.firstIndex(where: { $0.id == name }) { return index }
    if let index = sections.firstIndex(where: { $0.header == name }) { return index }
    if let number = Int(name), sections.indices.contains(number - 1) { return number - 1 }
    let names = sections.compactMap { $0.id ?? $0.header }
    let hint =
      Suggestion.closest(to: name, in: names).map { "; did you mean '\(TerminalText.escaped($0))'?" }
      ?? (names.isEmpty
        ? "; give a section number from 1 to \(sections.count)"
        : "; sections are " + names.map { "'\(TerminalText.escaped($0))'" }.joined(separator: ", "))
    throw CommandError(messages: ["unknown section '\(TerminalText.escaped(name))'\(hint)"], status: .refused)
  }

  /// The output width: `--width N`, else `COLUMNS`, else the terminal's width, else 80.
  func width() -> Int {
    if let width = invocation[Options.width] { return width }
    if let text = environment["COLUMNS"], let width = Int(text), (1...10_000).contains(width) { return width }
    return terminal.width ?? 80
  }

  /// Whether to style output, from `--color` and the environment.
  func colors() -> Bool {
    let mode = invocation[Options.color] ?? .auto
    return mode.isEnabled(stdoutIsTerminal: terminal.stdoutIsTerminal, environment: environment)
  }

  /// The positional arguments, refusing more or fewer than the subcommand's declaration takes
  /// (none when an option given stands instead of them, as `reset --all` does).
  /// With `refusingEmpty` false, an empty argument is left to the command (`set KEY v1 v2 …` of a
  /// list checks its elements itself).
  func arguments(refusingEmpty: Bool = true) throws(CommandError) -> [String] {
    let subcommand = invocation.subcommand
    let definition = subcommand.definition
    let replaced = definition.options.contains { $0.placement == .insteadOfArguments && invocation.gives($0) }
    try invocation.checkArgumentCount(replaced ? 0...0 : definition.argumentCount)
    let arguments = invocation.arguments
    for (index, argument) in arguments.enumerated() where refusingEmpty {
      if argument.isEmpty, let declaration = definition.refusedEmptyArgument(at: index, of: arguments.count) {
        throw .usage(
          "Empty \(declaration.name) for 'settings \(subcommand.rawValue)'; it cannot be empty",
          subcommand: subcommand)
      }
    }
    return arguments
  }

  /// Whether `--json` was given.
  var wantsJSON: Bool { invocation[Options.json] }
}
