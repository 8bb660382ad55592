import SettingsKit
import SettingsPOSIX

extension CommandContext {
  /// Whether commands may use the compiled document cache: not with `--no-cache`, nor when
  /// `SETTINGS_CACHE` is `off`.
  var usesDocumentCache: Bool {
    !invocation[Options.noCache] && environment["SETTINGS_CACHE"] != "off"
  }

  /// The compiled document cache (``DocumentCache``) in `$XDG_CACHE_HOME/settings` or
  /// `~/.cache/settings`; nil when it is off or no folder can be worked out.
  var documentCache: DocumentCache? {
    guard usesDocumentCache else { return nil }
    var paths: [String: SystemPath] = [:]
    for name in ["XDG_CACHE_HOME", "HOME"] {
      guard let value = environment[name], !value.isEmpty else { continue }
      paths[name] = bytes.path(forEnvironment: name, value: value)
    }
    return DocumentCache.directory(environment: paths).map {
      DocumentCache(directory: $0, buildTag: CommandLineTool.version)
    }
  }

  /// The document as far as `keys` need it (see ``DocumentCache/document(at:keys:locales:)``):
  /// from the cache when it can answer, else loaded whole (writing the cache for the next
  /// command). The answers about `keys` are those of ``loadDocument(loadingItemsFiles:)``.
  func loadDocument(forKeys keys: [String]) throws(CommandError) -> SettingsDocument {
    guard let path = documentFile, documentPath != "-", let cache = documentCache else {
      return try loadDocument()
    }
    if let document = cache.document(at: path, keys: keys, locales: locales) { return document }
    do {
      return try cache.loadDocument(at: path, locales: locales)
    } catch {
      throw CommandError(error)
    }
  }

  /// ``openSettings(forWriting:)`` for a command that only reads or changes `keys`, with the
  /// document from ``loadDocument(forKeys:)``, under the system layers.
  ///
  /// When system files apply, the whole document is loaded instead: a lock may name a section or
  /// a page, and a lock that names nothing is reported, which only the whole document can tell.
  func openSettings(forWriting: Bool = false, keys: [String]) throws(CommandError) -> Settings {
    let document = try loadDocument(forKeys: keys)
    let layers = layers(for: document, user: try userStore(for: document, forWriting: forWriting))
    if !layers.system.isEmpty || !layers.ignored.isEmpty { return try openSettings(forWriting: forWriting) }
    return Settings(document: document, layers: layers)
  }
}
