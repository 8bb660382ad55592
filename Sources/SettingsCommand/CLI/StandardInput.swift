import SettingsKit
import SettingsPOSIX
import Synchronization

/// Standard input, read whole for a document given as `-` (`-f -`, `validate -`).
public enum StandardInput {
  /// The most bytes read, as for a document file.
  static let limit = 256 << 20

  /// Reads file descriptor 0 to its end, retrying EINTR; nil when a read fails or the input is
  /// larger than ``limit``.
  @Sendable public static func read() -> [UInt8]? {
    (try? FileDescriptor.standardInput.readToEnd(limit: limit)) ?? nil
  }
}

/// Standard input read at most once, however many times a command asks for it.
final class StandardInputOnce: Sendable {
  private let read: @Sendable () -> [UInt8]?
  private let bytes = Mutex<[UInt8]??>(nil)

  init(_ read: @escaping @Sendable () -> [UInt8]?) {
    self.read = read
  }

  /// The bytes, read on the first call.
  func callAsFunction() -> [UInt8]? {
    bytes.withLock { bytes in
      if let bytes { return bytes }
      let result = read()
      bytes = .some(result)
      return result
    }
  }
}
