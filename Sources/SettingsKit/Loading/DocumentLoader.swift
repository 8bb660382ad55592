/// Loads settings documents from files or bytes, validating them.
public enum DocumentLoader {
  /// Parses and validates a document's bytes.
  ///
  /// - Throws: ``DocumentError/syntax(file:location:message:)`` when the bytes are not JSON,
  ///   ``DocumentError/invalid(file:issues:)`` with every problem found when they are JSON but not
  ///   a valid document.
  public static func decode(_ source: SourceText) throws(DocumentError) -> SettingsDocument {
    let root: JSONValue
    do {
      root = try JSONParser().parse(source.bytes)
    } catch {
      throw .syntax(
        file: source.name, location: source.location(ofOffset: error.offset),
        message: error.message(in: source))
    }
    var decoder = DocumentDecoder(source: source)
    let document = decoder.decodeDocument(root)
    guard let document, decoder.issues.isEmpty else {
      let ordered = decoder.issues.enumerated().sorted { lhs, rhs in
        let (a, b) = (lhs.element.location, rhs.element.location)
        return (a.line, a.column, lhs.offset) < (b.line, b.column, rhs.offset)
      }
      throw .invalid(file: source.name, issues: ordered.map(\.element))
    }
    return document
  }

  /// Reads and decodes the document at `path`.
  ///
  /// - Throws: ``DocumentError/unreadable(file:reason:)`` when the file cannot be read (missing,
  ///   a directory, no permission), and the errors of ``decode(_:)``.
  public static func load(path: String) throws(DocumentError) -> SettingsDocument {
    let bytes: [UInt8]?
    do {
      bytes = try AtomicFile.read(path)
    } catch {
      throw .unreadable(file: path, reason: error)
    }
    guard let bytes else { throw .unreadable(file: path, reason: .notFound(path: path)) }
    return try decode(SourceText(name: path, bytes: bytes))
  }
}
