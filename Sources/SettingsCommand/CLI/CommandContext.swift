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
    do {
      return try DocumentLoader.load(path: path, loadingItemsFiles: loadingItemsFiles, locales: locales)
    } catch {
      throw CommandError(error)
    }
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
    do {
      return try DocumentLoader.open(path: path, locales: locales)
    } catch {
      throw CommandError(error)
    }
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

  /// The store path of `document`, or nil when none can be worked out (no `HOME`, or a `HOME`
  /// that does not exist: there can be no overrides to read).
  func storePath(for document: SettingsDocument) throws(CommandError) -> SystemPath? {
    do {
      return try writableStorePath(for: document)
    } catch {
      if error.status == .config { return nil }
      throw error
    }
  }

  /// The store path of `document` for a command that writes: `--store`, `SETTINGS_STORE`, or the
  /// XDG location, whose home directory must exist (``StoreLocation/checkedPath(forDocumentID:explicit:environmentPaths:)``).
  ///
  /// - Throws: exit status 78 (config) when no location can be worked out.
  func writableStorePath(for document: SettingsDocument) throws(CommandError) -> SystemPath {
    do {
      return try StoreLocation.checkedPath(
        forDocumentID: document.id, explicit: invocation[Options.store].map { path(forArgument: $0) },
        environmentPaths: environmentPaths)
    } catch {
      throw CommandError(error)
    }
  }

  /// The environment variables that hold paths, byte for byte.
  var environmentPaths: [String: SystemPath] {
    var paths: [String: SystemPath] = [:]
    for name in ["SETTINGS_STORE", "XDG_CONFIG_HOME", "XDG_CONFIG_DIRS", "HOME"] {
      guard let value = environment[name] else { continue }
      paths[name] = bytes.path(forEnvironment: name, value: value)
    }
    return paths
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

  /// The document joined with its store (`--store`, `SETTINGS_STORE`, or the XDG location).
  ///
  /// When no store location can be worked out (no `HOME`, or one that does not exist), a reading
  /// command sees the defaults (there can be no overrides), and a writing one fails saying why.
  func openSettings(forWriting: Bool = false) throws(CommandError) -> Settings {
    let document = try loadDocument()
    let layers = layers(for: document, user: try userStore(for: document, forWriting: forWriting))
    // The document's items files are decoded here, so every key a lock can name is known.
    for lock in layers.unmatchedLocks(in: document) { warnings.add(lock.message) }
    return Settings(document: document, layers: layers)
  }

  /// The user's store with the system files of `document` under it (from `XDG_CONFIG_DIRS`, else
  /// `/etc/xdg`). Each system file that is ignored, and each value in one that its item does not
  /// accept, is a warning.
  func layers(for document: SettingsDocument, user: any SettingsStore) -> LayeredStore {
    let layers = LayeredStore(
      user: user, documentID: document.id,
      directories: LayeredStore.systemDirectories(environmentPaths: environmentPaths))
    for ignored in layers.ignored { warnings.add(ignored.message) }
    if !layers.system.isEmpty {
      let snapshot = SettingsSnapshot(
        document: document, contents: StoreContents(), storeName: "", system: layers.system)
      for problem in snapshot.systemProblems { warnings.add(problem.message) }
    }
    return layers
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
  func arguments() throws(CommandError) -> [String] {
    let subcommand = invocation.subcommand
    let replaced = subcommand.options.contains { $0.placement == .insteadOfArguments && invocation.gives($0) }
    try invocation.checkArgumentCount(replaced ? 0...0 : subcommand.definition.argumentCount)
    var arguments = invocation.arguments
    let definition = subcommand.definition
    for (index, argument) in arguments.enumerated() {
      if argument.isEmpty, let declaration = definition.refusedEmptyArgument(at: index, of: arguments.count) {
        throw .usage(
          "Empty \(declaration.name) for 'settings \(subcommand.rawValue)'; it cannot be empty",
          subcommand: subcommand)
      }
      // A name whose bytes are not UTF-8 names nothing; messages show those bytes escaped.
      if argument.unicodeScalars.contains("\u{FFFD}"),
        definition.declarations(at: index, of: arguments.count).allSatisfy(\.namesDocumentText)
      {
        let original = bytes.path(forArgument: argument)
        if String(validating: original.bytes, as: UTF8.self) == nil {
          arguments[index] = original.description
        }
      }
    }
    return arguments
  }

  /// Whether `--json` was given.
  var wantsJSON: Bool { invocation[Options.json] }
}
