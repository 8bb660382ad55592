import SettingsPOSIX

/// Opens settings documents from files (``open(_:options:)-(SystemPath,_)``) or decodes them from bytes
/// (``decode(_:itemsFilesIn:locales:)``), validating them.
public enum DocumentLoader {
  /// Parses and validates a document's bytes: the way to read a document that is not a file
  /// (standard input, a bundled resource, a network reply), and what every other way of opening
  /// one decodes with.
  ///
  /// - Parameters:
  ///   - source: the bytes and the name that messages give them.
  ///   - directory: the folder against which the sections' `itemsFile` paths resolve, to read and
  ///     decode their items too; nil (the default) to leave those sections empty.
  ///   - locales: the user's preferred locales, most preferred first, that choose each localized
  ///     text.
  ///
  /// - Throws: ``DocumentError/syntax(file:location:message:hint:)`` when the bytes are not JSON,
  ///   ``DocumentError/invalid(file:issues:)`` with every problem found when they are JSON but not
  ///   a valid document, and ``DocumentError/unreadable(file:reason:)`` when an items file cannot be
  ///   read.
  public static func decode(
    _ source: SourceText, itemsFilesIn directory: SystemPath? = nil, locales: [String] = []
  ) throws(DocumentError) -> SettingsDocument {
    var decoder = try Self.decoder(for: source, locales: locales)
    var document = try decodeDocument(with: &decoder)
    if let directory {
      for index in document.sections.indices {
        guard let itemsFile = document.sections[index].itemsFile else { continue }
        let file = try ItemsFile(path: itemsFilePath(itemsFile, directory: directory), locales: locales)
        document.sections[index].items = try file.decodedItems(in: 0..<file.itemCount, decoder: &decoder)
      }
    }
    return document
  }

  /// A decoder of the JSON in `source`.
  ///
  /// - Throws: ``DocumentError/syntax(file:location:message:hint:)`` when it is not JSON.
  static func decoder(for source: SourceText, locales: [String]) throws(DocumentError) -> DocumentDecoder {
    let map: JSONMap
    do {
      map = try JSONParser().scan(source.bytes)
    } catch {
      throw .syntax(
        file: source.name, location: source.location(ofOffset: error.offset),
        message: error.message(in: source), hint: error.hint)
    }
    return DocumentDecoder(map: map, source: source, locales: locales)
  }

  /// The document `decoder` decodes from its map's root, without its items files.
  ///
  /// - Throws: ``DocumentError/invalid(file:issues:)`` with every problem found, by location.
  static func decodeDocument(with decoder: inout DocumentDecoder) throws(DocumentError) -> SettingsDocument {
    let document = decoder.decodeDocument(decoder.map.root)
    guard let document, decoder.issues.isEmpty else {
      let ordered = decoder.issues.enumerated().sorted { lhs, rhs in
        let (a, b) = (lhs.element.location, rhs.element.location)
        return (a.line, a.column, lhs.offset) < (b.line, b.column, rhs.offset)
      }
      throw .invalid(file: decoder.source.name, issues: ordered.map(\.element))
    }
    return document
  }

  /// The bytes of a document or items file (``FileSystem/readFile(at:limit:)``).
  ///
  /// - Throws: ``DocumentError/unreadable(file:reason:)`` when it is missing or cannot be read.
  static func readFile(_ path: SystemPath) throws(DocumentError) -> [UInt8] {
    let bytes: [UInt8]?
    do {
      bytes = try FileSystem.readFile(at: path)
    } catch {
      throw .unreadable(file: path.description, reason: error)
    }
    guard let bytes else {
      throw .unreadable(file: path.description, reason: .notFound(path: path.description))
    }
    return bytes
  }

  /// The path of a section's items file: as written when absolute, else relative to `directory`
  /// (``SystemPath/appending(_:)``).
  static func itemsFilePath(_ itemsFile: String, directory: SystemPath) -> SystemPath {
    directory.appending(SystemPath(itemsFile))
  }

  /// Reads and decodes the document at `path`.
  ///
  /// - Parameters:
  ///   - path: the document's path, byte for byte.
  ///   - loadingItemsFiles: when true (the default), the items of every section with an
  ///     `itemsFile` are read and validated too, so that every key can be looked up; when false they
  ///     are left empty, for a caller that pages through them with ``ItemsFile``.
  ///   - locales: the user's preferred locales, most preferred first, that choose each localized
  ///     text.
  /// - Throws: ``DocumentError/unreadable(file:reason:)`` when the file cannot be read (missing,
  ///   a directory, no permission), and the errors of ``decode(_:itemsFilesIn:locales:)``.
  package static func load(
    path: SystemPath, loadingItemsFiles: Bool = true, locales: [String] = []
  ) throws(DocumentError) -> SettingsDocument {
    let bytes = try readFile(path)
    return try decode(
      SourceText(name: path.description, bytes: bytes),
      itemsFilesIn: loadingItemsFiles ? path.directory : nil,
      locales: locales)
  }

  /// Reads and decodes the document at the path with `path`'s UTF-8 bytes; see
  /// ``load(path:loadingItemsFiles:locales:)-(SystemPath,_,_)``.
  package static func load(
    path: String, loadingItemsFiles: Bool = true, locales: [String] = []
  ) throws(DocumentError) -> SettingsDocument {
    try load(path: SystemPath(path), loadingItemsFiles: loadingItemsFiles, locales: locales)
  }
}
