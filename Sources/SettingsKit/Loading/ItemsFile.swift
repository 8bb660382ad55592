import SettingsPOSIX
import Synchronization

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
  /// What the copies of this opened file share: how many lines they decoded, and the lines of the
  /// keys looked up.
  let memo = Memo()

  /// What the copies of one opened file share.
  final class Memo: Sendable {
    /// How many lines have been decoded.
    let decodedLines = Atomic<Int>(0)
    /// The index of the line of each key looked up (``items(forKeys:)``), -1 for none; emptied
    /// when it holds ``keptLines``.
    let lines = Mutex<[String: Int]>([:])
    /// How many keys' lines are kept.
    static let keptLines = 4096
    /// The first line of each top-level key (by its hash), made when a page after the first is
    /// decoded (``earlierLines(sharingKeysWith:)``).
    let firstLines = Mutex<[Int: Int32]?>(nil)
  }

  /// How many lines have been decoded since the file was opened, by this value and its copies
  /// (a line decoded twice counts twice): what tests read to show that a page decodes its lines
  /// alone.
  package var decodedLineCount: Int { memo.decodedLines.load(ordering: .relaxed) }

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
    read.withUnsafeBufferPointer { buffer in
      var start = 0
      var number = 1
      while start <= buffer.count {
        let end = Self.newline(in: buffer, from: start)
        var first = start
        while first < end, buffer[first] == 0x20 || buffer[first] == 0x09 || buffer[first] == 0x0D {
          first += 1
        }
        if first < end { lines.append((start..<end, number)) }
        number += 1
        start = end + 1
      }
    }
    self.lines = lines
  }

  /// The offset of the first line feed in `buffer` at or after `start`, else its count: eight bytes
  /// at a time (a word holds a line feed where it XORed with line feeds has a zero byte), so that
  /// opening a file of 100 MB costs little more than reading it.
  private static func newline(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start
    if let base = buffer.baseAddress {
      let raw = UnsafeRawPointer(base)
      let ones: UInt64 = 0x0101_0101_0101_0101
      while index + 8 <= buffer.count {
        let word =
          UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) ^ (ones &* 0x0A)
        let zero = (word &- ones) & ~word & (ones &* 0x80)
        // The lowest byte flagged is the first zero byte (a false flag only follows a real one).
        if zero != 0 { return index + zero.trailingZeroBitCount / 8 }
        index += 8
      }
    }
    while index < buffer.count, buffer[index] != 0x0A { index += 1 }
    return index
  }

  /// Reads the file at the path with `path`'s UTF-8 bytes; see ``init(path:locales:)-(SystemPath,_)``.
  public init(path: String, locales: [String] = []) throws(DocumentError) {
    try self.init(path: SystemPath(path), locales: locales)
  }

  /// The number of items (non-blank lines).
  public var itemCount: Int { lines.count }

  /// Decodes the items at `range` (clamped to the file), in order.
  ///
  /// An item whose key an earlier line has is refused as the whole file's decode refuses it
  /// (naming the first use), whichever page it is on; the earlier lines are found by their bytes,
  /// not decoded.
  ///
  /// - Throws: ``DocumentError/invalid(file:issues:)`` with every line in `range` that is not JSON
  ///   or not a valid item.
  public func decodedItems(in range: Range<Int>) throws(DocumentError) -> [SettingItem] {
    var decoder = lineDecoder()
    let clamped = range.clamped(to: 0..<lines.count)
    let earlier = clamped.lowerBound > 0 ? earlierLines(sharingKeysWith: clamped) : []
    if !earlier.isEmpty {
      // Their keys are taken as first used where they stand; their own problems are theirs.
      for line in earlier { _ = try? decodedItems(in: line..<line + 1, decoder: &decoder) }
      decoder.issues = []
    }
    return try decodedItems(in: range, decoder: &decoder)
  }

  /// A decoder for this file's lines, which knows no key yet.
  func lineDecoder() -> DocumentDecoder {
    DocumentDecoder(
      map: JSONMap(bytes: [], cells: []), source: SourceText(name: path.description, bytes: []),
      locales: locales)
  }

  /// Decodes with a shared decoder, so that keys stay unique across the document and its files.
  func decodedItems(in range: Range<Int>, decoder: inout DocumentDecoder) throws(DocumentError)
    -> [SettingItem]
  {
    var items: [SettingItem] = []
    items.reserveCapacity(range.clamped(to: 0..<lines.count).count)
    try forEachLine(in: range, decoder: &decoder) { decoder in
      if let item = decoder.decodeItem(decoder.map.root, at: "") { items.append(item) }
    }
    return items
  }

  /// Reads every line of the file with a shared decoder while it compiles
  /// (``DocumentDecoder/compiling``): each valid line is kept as a row of top-page section
  /// `section`, and no ``SettingItem`` is built.
  ///
  /// - Throws: ``DocumentError/invalid(file:issues:)`` as ``decodedItems(in:)`` throws it.
  func compileItems(section: Int, decoder: inout DocumentDecoder) throws(DocumentError) {
    try forEachLine(in: 0..<lines.count, decoder: &decoder) { decoder in
      let row = decoder.compiling?.rowCount(of: section) ?? 0
      if decoder.compileItem(decoder.map.root, at: "", section: section, row: row) {
        decoder.compiling?.keepRow(section: section, value: nil)
      }
    }
  }

  /// Gives `body` the decoder with each line at `range` (clamped to the file) as its source and
  /// map, in order; a line that is not JSON is reported instead.
  ///
  /// - Throws: ``DocumentError/invalid(file:issues:)`` with every problem reported, once every
  ///   line was read.
  private func forEachLine(
    in range: Range<Int>, decoder: inout DocumentDecoder,
    _ body: (inout DocumentDecoder) -> Void
  ) throws(DocumentError) {
    let clamped = range.clamped(to: 0..<lines.count)
    memo.decodedLines.add(clamped.count, ordering: .relaxed)
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
      body(&decoder)
    }
    if !decoder.issues.isEmpty { throw .invalid(file: path.description, issues: decoder.issues) }
  }
}
