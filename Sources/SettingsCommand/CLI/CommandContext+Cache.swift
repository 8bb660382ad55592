import SettingsKit
import SettingsPOSIX

extension CommandContext {
  /// Where the command's documents are compiled: the XDG cache folder
  /// (``DocumentOptions/Cache/automatic``, read from this command's environment); none when it is
  /// off (`--no-cache`, or `SETTINGS_CACHE` is `off`) or no folder can be worked out.
  var documentCacheSetting: DocumentOptions.Cache {
    guard !invocation[Options.noCache], environment["SETTINGS_CACHE"] != "off" else { return .none }
    return DocumentOptions.automaticCache(environment: environmentPaths)
  }

  /// The options every command opens its document with (``DocumentLoader/open(_:options:)-(SystemPath,_)``): its
  /// locales, its cache unless `cached` is false, this build's tag; `keepsDocument` for a command
  /// that keeps the document open (`ui`, `serve`, `watch`), which then compiles in memory a
  /// document the cache cannot keep yet.
  func documentOptions(
    reading: DocumentOptions.Reading = .opened, keepsDocument: Bool = false, cached: Bool = true
  ) -> DocumentOptions {
    var options = DocumentOptions(
      locales: locales, cache: cached ? documentCacheSetting : .none, buildTag: CommandLineTool.version,
      keepsDocument: keepsDocument)
    options.reading = reading
    // For the tests only, as SETTINGS_TEST_KILL_AT is: a racy window in nanoseconds (0: none), so
    // that a test reads a document it just wrote through the cache instead of waiting 2 s.
    if let text = environment["SETTINGS_TEST_RACY_WINDOW_NS"], let window = Int64(text), window >= 0 {
      options.racyWindow = window
    }
    return options
  }

  /// The document at `path` opened with `options` (``DocumentLoader/open(_:options:)-(SystemPath,_)``), its
  /// error the command's.
  func open(_ path: SystemPath, options: DocumentOptions) throws(CommandError) -> LoadedDocument {
    do {
      return try DocumentLoader.open(path, options: options)
    } catch {
      throw CommandError(error)
    }
  }

  /// How a screen opens the document again when it changes on disk: as it opened it, keeping the
  /// compiled form.
  var documentOpener: @Sendable (SystemPath) throws(DocumentError) -> LoadedDocument {
    let open = localizedDocumentOpener
    let locales = self.locales
    return { path throws(DocumentError) in try open(path, locales) }
  }

  /// ``documentOpener`` in any locales, for `settings serve`, which opens the document in each
  /// browser's.
  var localizedDocumentOpener: @Sendable (SystemPath, [String]) throws(DocumentError) -> LoadedDocument {
    let options = documentOptions(keepsDocument: true)
    return { path, locales throws(DocumentError) in
      var options = options
      options.locales = locales
      return try DocumentLoader.open(path, options: options)
    }
  }

  /// The document at `path` reduced to what a search of a text can match in some locales, from the
  /// compiled form's search index, as `settings find` reads it; nil when the cache is off (the
  /// caller searches the whole document).
  func searchedDocument(at path: SystemPath) -> (@Sendable (String, [String]) -> SettingsDocument?)? {
    let options = documentOptions()
    guard options.cache != .none else { return nil }
    return { text, locales in
      DocumentLoader.searchPart(of: path, matching: text, locales: locales, options: options)
    }
  }

  /// The document as far as a command needs it (`reading`: a part read from the compiled form
  /// when the cache can answer, else the whole document, writing the cache for the next command).
  /// The command's answers are those of ``loadDocument(loadingItemsFiles:)``.
  private func partialDocument(_ reading: DocumentOptions.Reading) throws(CommandError) -> SettingsDocument {
    guard let path = documentFile, documentPath != "-" else { return try loadDocument() }
    return try open(path, options: documentOptions(reading: reading)).document
  }

  /// The document joined with its store and the system files under it (``layers(for:forWriting:)``).
  ///
  /// When no store location can be worked out (no `HOME`, or one that does not exist), a reading
  /// command sees the defaults (there can be no overrides), and a writing one fails saying why.
  ///
  /// A command that only reads or changes `keys` gets the document from
  /// a part of the document (``DocumentOptions/Reading/keys(_:)``), unless system files apply: a lock may name a section or a page, and
  /// a lock that names nothing is reported, which only the whole document can tell.
  func openSettings(forWriting: Bool = false, keys: [String]? = nil) throws(CommandError) -> Settings {
    let settings = try openedSettings(forWriting: forWriting, reading: keys.map { .keys($0) })
    // The author (user, host) is looked up for a write only: a read asks nobody who the user is.
    if forWriting { settings.writeContext = writeContext }
    return settings
  }

  /// The settings `settings find TEXT` searches: as ``openSettings(forWriting:keys:)`` gives them,
  /// with a document that holds at least every item matching `text`
  /// (``DocumentOptions/Reading/matching(_:)``), so that the search finds what it finds in
  /// the whole document.
  func openSettings(matching text: String) throws(CommandError) -> Settings {
    try openedSettings(forWriting: false, reading: .matching(text))
  }

  /// Who writes and how, for the journal: the subcommand (`check --fix` for `check`), with the
  /// `--message`.
  var writeContext: WriteContext {
    let subcommand = invocation.subcommand
    return WriteContext(
      how: subcommand == .check ? "check --fix" : subcommand.rawValue, message: invocation[Options.message])
  }

  private func openedSettings(
    forWriting: Bool, reading: DocumentOptions.Reading?
  ) throws(CommandError) -> Settings {
    if let reading {
      let document = try partialDocument(reading)
      // Without system files there is nothing to warn about; with them the whole document is
      // loaded below and warned about, in the order the whole load gives.
      let layers = try layers(for: document, forWriting: forWriting, warning: false)
      if layers.system.isEmpty, layers.ignored.isEmpty { return Settings(document: document, layers: layers) }
    }
    // From the compiled form when the cache can answer: a section read on demand is decoded when
    // the command reads it (a key it names, a stored value, every row for `list`); the items of
    // items files are decoded as the whole load decodes them.
    let opened = try openScreenDocument()
    let document: SettingsDocument
    do {
      document = try opened.documentWithAllItems()
    } catch {
      throw CommandError(error)
    }
    let layers = try layers(for: document, forWriting: forWriting)
    // The document's items files are decoded here, so every key a lock can name is known.
    for lock in layers.unmatchedLocks(in: document) { warnings.add(lock.message) }
    return Settings(document: document, layers: layers)
  }
}
