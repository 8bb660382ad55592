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

  mutating func write(_ string: String) {
    buffer.append(contentsOf: string.utf8)
  }

  /// Writes the buffer, retrying partial writes and EINTR.
  ///
  /// - Returns: 0, or the `errno` of the write that failed (`ENOSPC` on a full disk, `EBADF` on a
  ///   closed descriptor); a closed pipe stops the process with SIGPIPE first, as for any Unix tool.
  @discardableResult
  mutating func flush() -> Int32 {
    var offset = 0
    let failure: Int32 = buffer.withUnsafeBytes { bytes in
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
    buffer.removeAll()
    return failure
  }
}

/// `write(2)`, named apart from `TextOutputStream.write(_:)`.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
