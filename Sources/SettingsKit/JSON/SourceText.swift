/// A document's UTF-8 bytes with a name, able to turn byte offsets into lines and columns.
public struct SourceText: Sendable, Equatable {
  /// The name shown in messages: the path as the user gave it, or a label such as "<default>".
  public var name: String
  /// The document's bytes, as read.
  public var bytes: [UInt8]
  /// The line number of the first byte: 1 for a whole file, N for line N of a JSON Lines file.
  public var firstLine: Int

  /// Creates a source from a name and its bytes.
  public init(name: String, bytes: [UInt8], firstLine: Int = 1) {
    self.name = name
    self.bytes = bytes
    self.firstLine = firstLine
  }

  /// The 1-based line and column of a byte offset.
  ///
  /// Lines end at LF. Columns count Unicode scalars (not bytes), so a Hangul syllable counts as
  /// one column; a leading UTF-8 byte-order mark is not counted.
  public func location(ofOffset offset: Int) -> SourceLocation {
    var location = SourceLocation(line: firstLine, column: 1)
    Self.advance(&location, over: bytes, from: Self.byteOrderMarkLength(bytes), to: offset)
    return location
  }

  /// 3 when `bytes` start with a UTF-8 byte-order mark (EF BB BF), else 0: where the text starts.
  static func byteOrderMarkLength<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Int
  where Bytes.Index == Int {
    bytes.count >= 3 && bytes[bytes.startIndex] == 0xEF && bytes[bytes.startIndex + 1] == 0xBB
      && bytes[bytes.startIndex + 2] == 0xBF ? 3 : 0
  }

  /// Moves `location` over `bytes[from..<to]` (clamped): a line per LF, a column per Unicode scalar.
  static func advance(_ location: inout SourceLocation, over bytes: [UInt8], from start: Int, to end: Int) {
    var index = max(0, start)
    let end = min(max(end, 0), bytes.count)
    while index < end {
      let byte = bytes[index]
      if byte == 0x0A {
        location.line += 1
        location.column = 1
      } else if byte & 0xC0 != 0x80 {
        location.column += 1
      }
      index += 1
    }
  }
}

/// A 1-based line and column in a source text.
public struct SourceLocation: Sendable, Equatable, CustomStringConvertible {
  /// The line, counting from 1.
  public var line: Int
  /// The column in Unicode scalars, counting from 1.
  public var column: Int

  /// Creates a location.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `line:column`, as compilers print it.
  public var description: String { "\(line):\(column)" }
}
