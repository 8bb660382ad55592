import SettingsPOSIX

/// A document opened from a file (``DocumentLoader/open(_:options:)-(SystemPath,_)``), with the items files of
/// its sections opened for paging: what a screen needs to show a large `itemsFile` section a page
/// at a time.
///
/// ``document`` has no items in its `itemsFile` sections; ``itemsFiles`` reads them on demand
/// (give it to ``SettingsTable/init(sections:snapshot:viewState:itemsFiles:pages:)``), and
/// ``Settings/init(document:store:)-(LoadedDocument,_)`` decodes them all, for ``Settings`` to
/// look up, change and search them as `settings toggle` and `settings find` do. Opened from the compiled form, the sections
/// of ``compiledItems`` read their rows from it the first time anything reads them (a screen
/// showing one, a lookup of a key they hold): ``document`` is the whole document either way.
public struct LoadedDocument: Sendable {
  /// The document, without the items of its items files.
  public let document: SettingsDocument
  /// The opened items file of every section (by index) that has one.
  public let itemsFiles: [Int: ItemsFile]
  /// The top-page sections (by index) whose items are read from the compiled form on demand (the
  /// same objects as their sections' ``SettingSection/compiledItems`` until they are decoded).
  public let compiledItems: [Int: CompiledItems]
  let source: SourceText?
  let directory: SystemPath
  let locales: [String]

  /// A document built in code or embedded, with no items files.
  package init(document: SettingsDocument) {
    self.document = document
    itemsFiles = [:]
    compiledItems = [:]
    source = nil
    directory = SystemPath(".")
    locales = []
  }

  init(
    document: SettingsDocument, itemsFiles: [Int: ItemsFile], source: SourceText, directory: SystemPath,
    locales: [String], compiledItems: [Int: CompiledItems] = [:]
  ) {
    self.document = document
    self.itemsFiles = itemsFiles
    self.compiledItems = compiledItems
    self.source = source
    self.directory = directory
    self.locales = locales
  }

  /// The document with every items file's items decoded and validated, keys checked for
  /// uniqueness across the document and its files, as `DocumentLoader.load(path:)` gives it. (A document opened from the compiled form has no items files: its sections read on
  /// demand decode their rows when they are first read.)
  ///
  /// - Throws: ``DocumentError`` when an items file cannot be read or a line is not a valid item.
  package func documentWithAllItems() throws(DocumentError) -> SettingsDocument {
    guard let source, !itemsFiles.isEmpty else { return document }
    return try DocumentLoader.decode(source, itemsFilesIn: directory, locales: locales)
  }

  /// Whether `other` reads as this document: the same document, and items files of the same
  /// paths and bytes (a screen that pages through them has nothing to reload then).
  package func reads(as other: LoadedDocument) -> Bool {
    guard document == other.document, itemsFiles.keys.sorted() == other.itemsFiles.keys.sorted() else {
      return false
    }
    return itemsFiles.allSatisfy { index, file in
      guard let theirs = other.itemsFiles[index] else { return false }
      return file.path == theirs.path && file.bytes == theirs.bytes
    }
  }
}

extension DocumentLoader {
  /// Reads and decodes the document at `path`, and opens its items files without decoding them
  /// (``open(_:options:)-(SystemPath,_)`` without a cache).
  ///
  /// - Throws: ``DocumentError/unreadable(file:reason:)`` when the document or an items file cannot
  ///   be read, and the errors of ``decode(_:itemsFilesIn:locales:)``.
  package static func open(path: SystemPath, locales: [String] = []) throws(DocumentError) -> LoadedDocument {
    let source = SourceText(name: path.description, bytes: try readFile(path))
    let document = try decode(source, locales: locales)
    let directory = path.directory
    return LoadedDocument(
      document: document,
      itemsFiles: try itemsFiles(of: document.sections, directory: directory, locales: locales),
      source: source, directory: directory, locales: locales)
  }

  /// Reads the document at the path with `path`'s UTF-8 bytes; see ``open(path:locales:)-(SystemPath,_)``.
  package static func open(path: String, locales: [String] = []) throws(DocumentError) -> LoadedDocument {
    try open(path: SystemPath(path), locales: locales)
  }

  /// Opens the items file of every section in `sections` that has one, by section index.
  ///
  /// - Parameters:
  ///   - sections: the sections whose items files are opened (a document's top page).
  ///   - directory: the directory of the document, against which relative paths resolve.
  ///   - locales: the locales that choose the items' text when they are decoded.
  /// - Throws: ``DocumentError/unreadable(file:reason:)`` when one cannot be read.
  package static func itemsFiles(
    of sections: [SettingSection], directory: SystemPath, locales: [String] = []
  ) throws(DocumentError) -> [Int: ItemsFile] {
    var files: [Int: ItemsFile] = [:]
    for (index, section) in sections.enumerated() {
      guard let itemsFile = section.itemsFile else { continue }
      files[index] = try ItemsFile(path: itemsFilePath(itemsFile, directory: directory), locales: locales)
    }
    return files
  }
}
