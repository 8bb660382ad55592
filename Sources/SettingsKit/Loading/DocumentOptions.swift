import SettingsPOSIX

/// How ``DocumentLoader/open(_:options:)-(SystemPath,_)`` opens a document: in which locales, and through which
/// compiled-form cache.
///
/// ```swift
/// var options = DocumentOptions(locales: ["ko", "en"])
/// options.buildTag = "MyApp 2.1"
/// let opened = try DocumentLoader.open("/usr/share/myapp/settings.json", options: options)
/// ```
public struct DocumentOptions: Sendable, Equatable {
  /// Where the compiled form of a document is kept between runs (see <doc:CompiledDocument>).
  public enum Cache: Sendable, Equatable {
    /// The user's cache folder by the XDG base directory rules, as `settings` uses it:
    /// `$XDG_CACHE_HOME/settings` when that variable is an absolute path, else
    /// `$HOME/.cache/settings` when `HOME` is an existing directory; without either, no cache.
    case automatic
    /// The folder at this path (made when first written, its parents too; a relative path is
    /// taken from the current directory). It should be the user's own: files another user owns
    /// are not read.
    case directory(SystemPath)
    /// No cache: every open reads and decodes the whole document.
    case none
  }

  /// The user's preferred locales, most preferred first, that choose each localized text; none
  /// by default (each text's first translation).
  public var locales: [String]
  /// Where the compiled form is kept; ``Cache/automatic`` by default.
  public var cache: Cache
  /// The reading program's name and version (such as `"MyApp 2.1"`), part of every cache file's
  /// name and fingerprint: a cache file written by another build is not trusted, and builds that
  /// share a folder (an application and `settings`) keep a file each. Empty by default; give it,
  /// so that an upgrade of the application never reads a file its previous version wrote.
  public var buildTag: String
  /// Whether the program keeps the document open (an application, a screen, a server, a watch):
  /// true by default. Then a document that cannot be kept in the cache folder (the folder cannot
  /// be written, or the file was modified within the last 2 s, too recently to be told from a
  /// second change) is compiled in memory and read the same way, its rows decoded when read. A
  /// program that reads the document once and ends (a command) gives false: it reads the
  /// document whole instead, which is cheaper than compiling it once.
  public var keepsDocument: Bool

  /// What of the document the caller needs.
  package enum Reading: Sendable, Equatable {
    /// The document with the items files of its sections opened for paging (what
    /// ``DocumentLoader/open(_:options:)-(SystemPath,_)`` gives).
    case opened
    /// The document without its items files' items, which are neither opened nor decoded.
    case withoutItemsFiles
    /// The whole document, items files decoded (a cache is written for the next reader).
    case whole
    /// What these keys need (see `DocumentCache.document(at:keys:locales:)`), from the cache
    /// when it can answer, else the whole document.
    case keys([String])
    /// What a search of this text can match (`DocumentCache.document(at:matching:locales:)`),
    /// from the cache when it can answer, else the whole document.
    case matching(String)
  }

  /// What of the document is read; ``Reading/opened`` by default.
  package var reading: Reading = .opened
  /// How recent a source may be for its compiled form to be written, in nanoseconds:
  /// ``FileStatus/racyWindow``; the command layer's tests set it (`SETTINGS_TEST_RACY_WINDOW_NS`).
  package var racyWindow: Int64 = FileStatus.racyWindow
  /// Where opening documents counts the items it compiles and decodes (tests); nil for none.
  package var itemCount: ItemDecodeCount?

  /// Options for opening documents in `locales`, through `cache`, for the build `buildTag`.
  public init(
    locales: [String] = [], cache: Cache = .automatic, buildTag: String = "", keepsDocument: Bool = true
  ) {
    self.locales = locales
    self.cache = cache
    self.buildTag = buildTag
    self.keepsDocument = keepsDocument
  }

  /// The folder ``Cache/automatic`` names in `environment` (the variables' values as paths), as
  /// a ``Cache``: ``Cache/directory(_:)``, or ``Cache/none`` when there is none.
  package static func automaticCache(environment: [String: SystemPath]) -> Cache {
    DocumentCache.directory(environment: environment).map { .directory($0) } ?? .none
  }

  /// The cache these options read through; nil for none.
  var documentCache: DocumentCache? {
    let directory: SystemPath
    switch cache {
    case .none: return nil
    case .directory(let path): directory = path
    case .automatic:
      var environment: [String: SystemPath] = [:]
      for (name, value) in systemEnvironment()
      where name == Array("XDG_CACHE_HOME".utf8) || name == Array("HOME".utf8) {
        environment[String(decoding: name, as: UTF8.self)] = SystemPath(bytes: value)
      }
      guard let found = DocumentCache.directory(environment: environment) else { return nil }
      directory = found
    }
    var documentCache = DocumentCache(directory: directory, buildTag: buildTag)
    documentCache.racyWindow = racyWindow
    documentCache.itemCount = itemCount
    return documentCache
  }
}

extension DocumentLoader {
  /// Opens the document at `path`: through its compiled form when `options` give a cache (the
  /// default), else by reading and decoding it whole; the same document and errors either way.
  ///
  /// Through the cache, the first open of a document after it changed compiles it and writes the
  /// compiled form to the cache folder; later opens read the sections' own fields from there, and
  /// the rows of each section are decoded the first time they are read (``CompiledItems``). A
  /// document with items files has them opened for paging (``LoadedDocument/itemsFiles``). Give
  /// the result to ``Settings/init(document:store:)-(LoadedDocument,_)`` or
  /// ``Settings/init(document:layers:)-(LoadedDocument,_)``. For bytes you hold (standard input,
  /// a bundled resource), use ``decode(_:itemsFilesIn:locales:)``.
  ///
  /// - Parameters:
  ///   - path: the document's path, byte for byte; items files resolve against its directory.
  ///   - options: the locales, the cache and the build; ``DocumentOptions/init(locales:cache:buildTag:keepsDocument:)``'s
  ///     defaults by default.
  /// - Throws: ``DocumentError/unreadable(file:reason:)`` when the document or an items file cannot
  ///   be read (missing, a directory, no permission), ``DocumentError/syntax(file:location:message:hint:)``
  ///   when it is not JSON, ``DocumentError/invalid(file:issues:)`` with every problem found when
  ///   it is not a valid document. A cache folder that cannot be read or written is not an error.
  public static func open(_ path: SystemPath, options: DocumentOptions = DocumentOptions())
    throws(DocumentError)
    -> LoadedDocument
  {
    try openDocument(path, options: options)
  }

  /// Opens the document at the path with `path`'s UTF-8 bytes (a path held in a `String`), as
  /// ``DocumentLoader/open(_:options:)-(SystemPath,_)`` does; a path that is not UTF-8 needs a `SystemPath`.
  ///
  /// - Throws: the errors of ``DocumentLoader/open(_:options:)-(SystemPath,_)``.
  public static func open(_ path: String, options: DocumentOptions = DocumentOptions())
    throws(DocumentError) -> LoadedDocument
  {
    try openDocument(SystemPath(path), options: options)
  }

  /// ``DocumentLoader/open(_:options:)-(SystemPath,_)``, for a program that opens the document
  /// again when it changes (a watch): a document compiled in memory reads again only the top-page
  /// sections whose bytes changed since the compile `reuse` kept, and `reuse` keeps this one.
  ///
  /// - Throws: the errors of ``DocumentLoader/open(_:options:)-(SystemPath,_)``.
  package static func open(_ path: SystemPath, options: DocumentOptions, reusing reuse: CompilationReuse)
    throws(DocumentError) -> LoadedDocument
  {
    try openDocument(path, options: options, reusing: reuse)
  }

  /// The body of ``DocumentLoader/open(_:options:)-(SystemPath,_)``.
  private static func openDocument(
    _ path: SystemPath, options: DocumentOptions, reusing reuse: CompilationReuse? = nil
  ) throws(DocumentError)
    -> LoadedDocument
  {
    let locales = options.locales
    guard let cache = options.documentCache else {
      switch options.reading {
      case .opened: return try open(path: path, locales: locales)
      case .withoutItemsFiles:
        return LoadedDocument(document: try load(path: path, loadingItemsFiles: false, locales: locales))
      case .whole, .keys, .matching: return LoadedDocument(document: try load(path: path, locales: locales))
      }
    }
    switch options.reading {
    case .opened, .withoutItemsFiles:
      return try cache.openDocument(
        at: path, locales: locales, keepingCompiledForm: options.keepsDocument,
        openingItemsFiles: options.reading == .opened, reusing: reuse)
    case .whole: return LoadedDocument(document: try cache.loadDocument(at: path, locales: locales))
    case .keys(let keys):
      return LoadedDocument(
        document: try part(of: path, cache: cache, locales: locales) {
          cache.document(at: path, keys: keys, locales: locales, compiled: $0)
        })
    case .matching(let text):
      return LoadedDocument(
        document: try part(of: path, cache: cache, locales: locales) {
          cache.document(at: path, matching: text, locales: locales, compiled: $0)
        })
    }
  }

  /// The part of the document at `path` that `reduced` reads from `cache` (given nil) or from a
  /// compiled form in memory; when the cache holds a current form that cannot answer (a key given
  /// by its own name, a misspelt one), the whole document; when it holds none, the document is compiled from its
  /// bytes (writing the cache) and asked again, from the compiled form in memory (or from the
  /// folder, for a document with items files), so that the values are worked out for the part, not for every item (a tenth of a
  /// cold `get` at 100 000 items); else the whole document.
  private static func part(
    of path: SystemPath, cache: DocumentCache, locales: [String],
    _ reduced: (DocumentCache.Compiled?) -> SettingsDocument?
  ) throws(DocumentError) -> SettingsDocument {
    if let document = reduced(nil) { return document }
    // A current compiled form that cannot answer is not compiled again: the whole document answers.
    if cache.holdsCurrentForm(at: path, locales: locales) { return try load(path: path, locales: locales) }
    let (whole, compiled) = try cache.compileDocument(at: path, locales: locales)
    if let compiled, let document = reduced(compiled) { return document }
    if let document = reduced(nil) { return document }
    if let whole { return whole }
    return try load(path: path, locales: locales)
  }

  /// What a search of `text` can match in the document at `path`, in `locales`, from the compiled
  /// form's search index of `options`' cache (what `settings find` and the page's search read);
  /// nil when there is no cache or it cannot answer (the caller searches the whole document).
  package static func searchPart(
    of path: SystemPath, matching text: String, locales: [String], options: DocumentOptions
  ) -> SettingsDocument? {
    options.documentCache?.document(at: path, matching: text, locales: locales)
  }
}
