/// Turns many byte offsets of one ``SourceText`` into lines and columns in bounded time each.
///
/// ``SourceText/location(ofOffset:)`` scans from the start, which is fine for one error but
/// quadratic for a document with a million keys or a million problems. The locator scans the text
/// once, keeping the location of every `stride`-th byte, and then scans at most `stride` bytes per
/// query. Its answers are exactly those of ``SourceText/location(ofOffset:)``.
struct SourceLocator {
  static let stride = 256

  let source: SourceText
  /// `checkpoints[k]` is the location of byte offset `k * stride`.
  private let checkpoints: [SourceLocation]

  init(_ source: SourceText) {
    self.source = source
    let bytes = source.bytes
    let start = SourceText.byteOrderMarkLength(bytes)
    var checkpoints: [SourceLocation] = []
    checkpoints.reserveCapacity(bytes.count / Self.stride + 1)
    var location = SourceLocation(line: source.firstLine, column: 1)
    var offset = 0
    while true {
      checkpoints.append(location)
      guard offset + Self.stride <= bytes.count else { break }
      SourceText.advance(&location, over: bytes, from: max(offset, start), to: offset + Self.stride)
      offset += Self.stride
    }
    self.checkpoints = checkpoints
  }

  /// The 1-based line and column of a byte offset, as ``SourceText/location(ofOffset:)`` gives it.
  func location(ofOffset offset: Int) -> SourceLocation {
    let bytes = source.bytes
    let end = min(max(offset, 0), bytes.count)
    let checkpoint = end / Self.stride
    var location = checkpoints[checkpoint]
    let start = max(checkpoint * Self.stride, SourceText.byteOrderMarkLength(bytes))
    SourceText.advance(&location, over: bytes, from: start, to: end)
    return location
  }
}
