import SettingsKit
import SettingsPOSIX

/// A text stream that buffers and writes to a file descriptor (``FileDescriptor/writeAll(_:)-([UInt8])``),
/// in one go at `flush()`.
struct FileOutput: TextOutputStream {
  let descriptor: FileDescriptor
  var buffer: [UInt8] = []
  /// The `errno` of the first write that failed, or 0.
  private(set) var failure: Int32 = 0

  init(descriptor: FileDescriptor) {
    self.descriptor = descriptor
  }

  /// Text of this many bytes or more is written straight from the string, not copied into the buffer.
  static let directWriteThreshold = 1 << 16

  mutating func write(_ string: String) {
    if string.utf8.count >= Self.directWriteThreshold {
      flush()
      var string = string
      let code = string.withUTF8 { Self.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
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
    let code = buffer.withUnsafeBytes { Self.writeAll($0, to: descriptor) }
    if failure == 0 { failure = code }
    buffer.removeAll()
    return failure
  }

  /// Writes every byte; returns 0 or the failing write's `errno`.
  private static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: FileDescriptor) -> Int32 {
    do {
      try descriptor.writeAll(bytes)
      return 0
    } catch {
      return error.rawValue
    }
  }
}
