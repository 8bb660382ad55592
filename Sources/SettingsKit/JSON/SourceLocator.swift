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
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    var checkpoints: [SourceLocation] = []
    checkpoints.reserveCapacity(bytes.count / Self.stride + 1)
    var line = source.firstLine
    var column = 1
    bytes.withUnsafeBufferPointer { buffer in
      for index in 0...buffer.count {
        if index % Self.stride == 0 { checkpoints.append(SourceLocation(line: line, column: column)) }
        guard index < buffer.count, index >= start else { continue }
        let byte = buffer[index]
        if byte == 0x0A {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
    }
    self.checkpoints = checkpoints
  }

  /// The 1-based line and column of a byte offset, as ``SourceText/location(ofOffset:)`` gives it.
  func location(ofOffset offset: Int) -> SourceLocation {
    let bytes = source.bytes
    let end = min(max(offset, 0), bytes.count)
    let checkpoint = end / Self.stride
    var location = checkpoints[checkpoint]
    let start = max(checkpoint * Self.stride, bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
    SourceText.advance(&location, over: bytes, from: start, to: end)
    return location
  }
}
