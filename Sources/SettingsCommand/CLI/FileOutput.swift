import SettingsKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A text stream that buffers and writes to a file descriptor with `write(2)`, in one go at `flush()`.
struct FileOutput: TextOutputStream {
  let descriptor: Int32
  var buffer: [UInt8] = []
  /// The `errno` of the first write that failed, or 0.
  private(set) var failure: Int32 = 0

  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// Text of this many bytes or more is written straight from the string, not copied into the buffer.
  static let directWriteThreshold = 1 << 16

  mutating func write(_ string: String) {
    if string.utf8.count >= Self.directWriteThreshold {
      flush()
      var string = string
      let code = string.withUTF8 { Self.writeAll($0, to: descriptor) }
      if failure == 0 { failure = code }
      return
    }
    buffer.append(contentsOf: string.utf8)
  }

  /// Writes the buffer, retrying partial writes and EINTR.
  ///
  /// - Returns: 0, or the `errno` of the first write that failed (`ENOSPC` on a full disk, `EBADF`
  ///   on a closed descriptor); a closed pipe stops the process with SIGPIPE first, as for any Unix tool.
  @discardableResult
  mutating func flush() -> Int32 {
    let code = buffer.withUnsafeBufferPointer { Self.writeAll($0, to: descriptor) }
    if failure == 0 { failure = code }
    buffer.removeAll()
    return failure
  }

  /// Writes every byte; returns 0 or the failing write's `errno`.
  private static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32 {
    var offset = 0
    while offset < bytes.count {
      let written = writeBytes(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return 0
  }
}

/// `write(2)`, named apart from `TextOutputStream.write(_:)`.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
