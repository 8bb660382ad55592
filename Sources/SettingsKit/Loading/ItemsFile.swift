import SettingsPOSIX

/// A JSON Lines file of items (`"itemsFile": "apps.jsonl"`): one item object per line, decoded on demand.
///
/// Opening it reads the bytes and finds the line boundaries, nothing more, so showing the first
/// page of a 100 000-item section decodes only that page. Blank lines are skipped. Items are
/// validated as in a document (see docs/GUIDE.md), each error located by file, line and column.
public struct ItemsFile: Sendable {
  /// The file's path, as resolved against the document's directory.
  public let path: SystemPath
  let bytes: [UInt8]
  /// Locale tags in order of preference, for localized text in the items.
  public let locales: [String]
  /// Byte ranges and 1-based line numbers of the non-blank lines.
  let lines: [(range: Range<Int>, number: Int)]

  /// Reads the file and indexes its lines.
  ///
  /// - Throws: ``DocumentError/unreadable(file:reason:)`` when it cannot be read.
  public init(path: SystemPath, locales: [String] = []) throws(DocumentError) {
    self.init(path: path, bytes: try DocumentLoader.readFile(path), locales: locales)
  }

  /// The file at `path` whose bytes were read already.
  init(path: SystemPath, bytes read: [UInt8], locales: [String]) {
    self.locales = locales
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

  /// Reads the file at the path with `path`'s UTF-8 bytes; see ``init(path:locales:)-(SystemPath,_)``.
  public init(path: String, locales: [String] = []) throws(DocumentError) {
    try self.init(path: SystemPath(path), locales: locales)
  }

  /// The number of items (non-blank lines).
  public var itemCount: Int { lines.count }

  /// Decodes the items at `range` (clamped to the file), in order.
  ///
  /// - Throws: ``DocumentError/invalid(file:issues:)`` with every line in `range` that is not JSON
  ///   or not a valid item.
  public func decodedItems(in range: Range<Int>) throws(DocumentError) -> [SettingItem] {
    var decoder = DocumentDecoder(
      map: JSONMap(bytes: [], cells: []), source: SourceText(name: path.description, bytes: []),
      locales: locales)
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
      let source = SourceText(name: path.description, bytes: Array(bytes[line.range]), firstLine: line.number)
      decoder.source = source
      do {
        decoder.map = try JSONParser(maximumDepth: 64).scan(source.bytes)
      } catch {
        // Every line is checked, so that one run reports every bad line.
        decoder.report("", error.offset, error.messageWithHint(in: source))
        continue
      }
      if let item = decoder.decodeItem(decoder.map.root, at: "") { items.append(item) }
    }
    if !decoder.issues.isEmpty { throw .invalid(file: path.description, issues: decoder.issues) }
    return items
  }
}
