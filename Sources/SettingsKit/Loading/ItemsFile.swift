/// A JSON Lines file of items (`"itemsFile": "apps.jsonl"`): one item object per line, decoded on demand.
///
/// Opening it reads the bytes and finds the line boundaries, nothing more, so showing the first
/// page of a 100 000-item section decodes only that page. Blank lines are skipped. Items are
/// validated as in a document (see the README), each error located by file, line and column.
public struct ItemsFile: Sendable {
  /// The file's path, as resolved against the document's directory.
  public let path: String
  let bytes: [UInt8]
  /// Byte ranges and 1-based line numbers of the non-blank lines.
  let lines: [(range: Range<Int>, number: Int)]

  /// Reads the file and indexes its lines.
  ///
  /// - Throws: ``DocumentError/unreadable(file:reason:)`` when it cannot be read.
  public init(path: String) throws(DocumentError) {
    let read: [UInt8]?
    do {
      read = try AtomicFile.read(path)
    } catch {
      throw .unreadable(file: path, reason: error)
    }
    guard let read else { throw .unreadable(file: path, reason: .notFound(path: path)) }
    self.path = path
    self.bytes = read
    var lines: [(range: Range<Int>, number: Int)] = []
    var start = 0
    var number = 1
    read.withUnsafeBufferPointer { buffer in
      var index = 0
      var blank = true
      while index <= buffer.count {
        if index == buffer.count || buffer[index] == 0x0A {
          if !blank { lines.append((start..<index, number)) }
          number += 1
          start = index + 1
          blank = true
        } else if blank, buffer[index] != 0x20, buffer[index] != 0x09, buffer[index] != 0x0D {
          blank = false
        }
        index += 1
      }
    }
    self.lines = lines
  }

  /// The number of items (non-blank lines).
  public var itemCount: Int { lines.count }

  /// Decodes the items at `range` (clamped to the file), in order.
  ///
  /// - Throws: ``DocumentError/syntax(file:location:message:)`` for a line that is not JSON,
  ///   ``DocumentError/invalid(file:issues:)`` for one that is not a valid item.
  public func decodedItems(in range: Range<Int>) throws(DocumentError) -> [SettingItem] {
    var decoder = DocumentDecoder(source: SourceText(name: path, bytes: []))
    return try decodedItems(in: range, decoder: &decoder)
  }

  /// Decodes with a shared decoder, so that keys stay unique across the document and its files.
  func decodedItems(in range: Range<Int>, decoder: inout DocumentDecoder) throws(DocumentError)
    -> [SettingItem]
  {
    let clamped = range.clamped(to: 0..<lines.count)
    var items: [SettingItem] = []
    items.reserveCapacity(clamped.count)
    for index in clamped {
      let line = lines[index]
      let source = SourceText(name: path, bytes: Array(bytes[line.range]), firstLine: line.number)
      let value: JSONValue
      do {
        value = try JSONParser(maximumDepth: 64).parse(source.bytes)
      } catch {
        throw .syntax(
          file: path, location: source.location(ofOffset: error.offset), message: error.message(in: source))
      }
      decoder.source = source
      let item = decoder.decodeItem(value, at: .line)
      if !decoder.issues.isEmpty { throw .invalid(file: path, issues: decoder.issues) }
      if let item { items.append(item) }
    }
    return items
  }
}
