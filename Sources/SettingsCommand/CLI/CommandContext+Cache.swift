import SettingsKit
import SettingsPOSIX

extension CommandContext {
  /// The compiled document cache (``DocumentCache``) in `$XDG_CACHE_HOME/settings` or
  /// `~/.cache/settings`; nil when it is off (`--no-cache`, or `SETTINGS_CACHE` is `off`) or no
  /// folder can be worked out.
  var documentCache: DocumentCache? {
    guard !invocation[Options.noCache], environment["SETTINGS_CACHE"] != "off" else { return nil }
    return DocumentCache.directory(environment: environmentPaths).map {
      var cache = DocumentCache(directory: $0, buildTag: CommandLineTool.version)
      // For the tests only, as SETTINGS_TEST_KILL_AT is: a racy window in nanoseconds (0: none), so
      // that a test reads a document it just wrote through the cache instead of waiting 2 s.
      if let text = environment["SETTINGS_TEST_RACY_WINDOW_NS"], let window = Int64(text), window >= 0 {
        cache.racyWindow = window
      }
      return cache
    }
  }

  /// The document at `path` opened through the compiled form
  /// (``DocumentCache/openDocument(at:locales:keepingCompiledForm:)``, compiled in memory when it
  /// cannot be cached yet for a process that keeps it) unless the cache is off, else as
  /// ``DocumentLoader/open(path:locales:)`` opens it; the same answers either way.
  func openedFromCache(_ path: SystemPath, keepingCompiledForm: Bool = false) throws(CommandError)
    -> LoadedDocument
  {
    do {
      return try Self.open(
        path, locales: locales, cache: documentCache, keepingCompiledForm: keepingCompiledForm)
    } catch {
      throw CommandError(error)
    }
  }

  /// How a screen opens the document again when it changes on disk, as ``openedFromCache(_:keepingCompiledForm:)``
  /// keeping the compiled form.
  var documentOpener: @Sendable (SystemPath) throws(DocumentError) -> LoadedDocument {
    let open = localizedDocumentOpener
    let locales = self.locales
    return { path throws(DocumentError) in try open(path, locales) }
  }

  /// ``documentOpener`` in any locales, for `settings serve`, which opens the document in each
  /// browser's.
  var localizedDocumentOpener: @Sendable (SystemPath, [String]) throws(DocumentError) -> LoadedDocument {
    let cache = documentCache
    return { path, locales throws(DocumentError) in
      try Self.open(path, locales: locales, cache: cache, keepingCompiledForm: true)
    }
  }

  private static func open(
    _ path: SystemPath, locales: [String], cache: DocumentCache?, keepingCompiledForm: Bool
  ) throws(DocumentError) -> LoadedDocument {
    guard let cache else { return try DocumentLoader.open(path: path, locales: locales) }
    return try cache.openDocument(at: path, locales: locales, keepingCompiledForm: keepingCompiledForm)
  }

  /// The document at `path` reduced to what a search of a text can match in some locales, from the
  /// cache's search index (``DocumentCache/document(at:matching:locales:)``), as `settings find`
  /// reads it; nil when the cache is off (the caller searches the whole document).
  func searchedDocument(at path: SystemPath) -> (@Sendable (String, [String]) -> SettingsDocument?)? {
    guard let cache = documentCache else { return nil }
    return { text, locales in cache.document(at: path, matching: text, locales: locales) }
  }

  /// The document as far as a command needs it (`reduced` reads that part from the cache: see
  /// ``DocumentCache/document(at:keys:locales:)``): from the cache when it can answer, else loaded
  /// whole (writing the cache for the next command). The command's answers are those of
  /// ``loadDocument(loadingItemsFiles:)``.
  private func loadDocument(
    reduced: (DocumentCache, SystemPath) -> SettingsDocument?
  ) throws(CommandError) -> SettingsDocument {
    guard let path = documentFile, documentPath != "-", let cache = documentCache else {
      return try loadDocument()
    }
    if let document = reduced(cache, path) { return document }
    let whole: SettingsDocument
    do {
      whole = try cache.loadDocument(at: path, locales: locales)
    } catch {
      throw CommandError(error)
    }
    // The cache just written answers as it will for the next command: the values are then worked
    // out for the keys asked for, not for every item (a tenth of a cold `get` at 100 000 items).
    return reduced(cache, path) ?? whole
  }

  /// The document joined with its store and the system files under it (``layers(for:forWriting:)``).
  ///
  /// When no store location can be worked out (no `HOME`, or one that does not exist), a reading
  /// command sees the defaults (there can be no overrides), and a writing one fails saying why.
  ///
  /// A command that only reads or changes `keys` gets the document from
  /// ``loadDocument(forKeys:)``, unless system files apply: a lock may name a section or a page, and
  /// a lock that names nothing is reported, which only the whole document can tell.
  func openSettings(forWriting: Bool = false, keys: [String]? = nil) throws(CommandError) -> Settings {
    let locales = self.locales
    let reduced = keys.map { keys in
      { (cache: DocumentCache, path: SystemPath) in cache.document(at: path, keys: keys, locales: locales) }
    }
    let settings = try openedSettings(forWriting: forWriting, reduced: reduced)
    settings.writeContext = writeContext
    return settings
  }

  /// The settings `settings find TEXT` searches: as ``openSettings(forWriting:keys:)`` gives them,
  /// with a document that holds at least every item matching `text`
  /// (``DocumentCache/document(at:matching:locales:)``), so that the search finds what it finds in
  /// the whole document.
  func openSettings(matching text: String) throws(CommandError) -> Settings {
    let locales = self.locales
    return try openedSettings(forWriting: false) { cache, path in
      cache.document(at: path, matching: text, locales: locales)
    }
  }

  /// Who writes and how, for the journal: the subcommand (`check --fix` for `check`), with the
  /// `--message`.
  var writeContext: WriteContext {
    let subcommand = invocation.subcommand
    return WriteContext(
      how: subcommand == .check ? "check --fix" : subcommand.rawValue, message: invocation[Options.message])
  }

  private func openedSettings(
    forWriting: Bool, reduced: ((DocumentCache, SystemPath) -> SettingsDocument?)?
  ) throws(CommandError) -> Settings {
    if let reduced {
      let document = try loadDocument(reduced: reduced)
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
