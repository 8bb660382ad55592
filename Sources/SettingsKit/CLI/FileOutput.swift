#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A text stream that buffers and writes to a file descriptor with `write(2)`, in one go at `flush()`.
struct FileOutput: TextOutputStream {
  let descriptor: Int32
  var buffer: [UInt8] = []

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Text of this many bytes or more is written straight from the string, not copied into the buffer.
  static let directWriteThreshold = 1 << 16

  mutating func write(_ string: String) {
    if string.utf8.count >= Self.directWriteThreshold {
      flush()
      var string = string
      string.withUTF8 { Self.writeAll($0, to: descriptor) }
      return
    }
    buffer.append(contentsOf: string.utf8)
  }

  /// Writes the buffer, retrying partial writes and EINTR; a closed pipe ends the writing quietly.
  mutating func flush() {
    buffer.withUnsafeBufferPointer { Self.writeAll($0, to: descriptor) }
    buffer.removeAll()
  }

  private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) {
    var offset = 0
    while offset < bytes.count {
      let written = writeBytes(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
  }
}

/// `write(2)`, named apart from `TextOutputStream.write(_:)`.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
