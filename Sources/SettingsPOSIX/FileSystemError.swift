/// An error from the file system, with the path and the POSIX reason.
///
/// The file operations (``FileSystem``, ``AtomicFile`` and ``FileLock``) throw only this type. Its
/// paths are text for messages: a ``SystemPath``'s ``SystemPath/description``, so a path that is not
/// UTF-8 shows its odd bytes as `\xHH`. A POSIX `errno`
/// is mapped to a case as follows: `ENOENT` is ``notFound(path:)``, `EACCES` and `EPERM` are
/// ``permissionDenied(path:operation:)``, `EROFS` is ``readOnlyFileSystem(path:)``, `EISDIR` is
/// ``isDirectory(path:)``, and every other value (for example `ENOTDIR`, `ELOOP`, `ENOSPC`, `EIO`) is
/// ``io(path:operation:errno:reason:)`` with the text of `strerror(3)`. ``busy(path:waitedMilliseconds:)``
/// does not come from an `errno`: it says that a lock was not obtained in time.
public enum FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The file or directory at `path` does not exist (`ENOENT`).
  case notFound(path: String)
  /// The process may not perform `operation` (for example "write", "read", "create directory",
  /// "lock") on `path` (`EACCES`, `EPERM`).
  case permissionDenied(path: String, operation: String)
  /// `path` is on a read-only file system (`EROFS`).
  case readOnlyFileSystem(path: String)
  /// `path` is a directory where a file was expected (`EISDIR`).
  case isDirectory(path: String)
  /// The lock file at `path` stayed locked by someone else for `waitedMilliseconds`.
  case busy(path: String, waitedMilliseconds: Int)
  /// Any other failure of `operation` on `path`, with the POSIX `errno` and its `strerror(3)` text.
  case io(path: String, operation: String, errno: Int32, reason: String)
  /// The path names something other than a regular file (a device, a FIFO, a socket).
  case notRegularFile(path: String)
  /// The file is larger than a reader accepts.
  case tooLarge(path: String, limit: Int)

  /// A lowercase message fragment that says what failed, where, and what would be right.
  ///
  /// For example "cannot write '/x/y.json': permission denied; check the file's and its directory's
  /// permissions". Plain text: the path as it is held; escape the whole text with
  /// ``ControlCharacters/escaped(_:)`` before writing it to a terminal. The `reason` of
  /// ``io(path:operation:errno:reason:)`` is shown with a lowercase first letter (unless it starts
  /// with an acronym) and followed by the `errno` number.
  public var description: String {
    switch self {
    case .notFound(let path):
      return "'\(path)' does not exist; check the path"
    case .permissionDenied(let path, let operation):
      return "cannot \(operation) '\(path)': permission denied; "
        + "check the file's and its directory's permissions"
    case .readOnlyFileSystem(let path):
      return "cannot write '\(path)': the file system is read-only; "
        + "keep the file on a writable file system"
    case .isDirectory(let path):
      return "'\(path)' is a directory; give the path of a file"
    case .busy(let path, let waitedMilliseconds):
      return "'\(path)' is busy: another settings process held its lock for \(waitedMilliseconds) ms; "
        + "try again"
    case .io(let path, let operation, let errno, let reason):
      return "cannot \(operation) '\(path)': \(Self.lowercasingFirstLetter(reason)) (errno \(errno)); "
        + "check the path and the file system"
    case .notRegularFile(let path):
      return "'\(path)' is not a regular file (a device, FIFO or socket); give the path of a file"
    case .tooLarge(let path, let limit):
      return "'\(path)' is larger than \(limit >> 20) MiB; settings reads files up to that size"
    }
  }

  /// Maps a POSIX `errno` value to a case; see the type's documentation for the mapping.
  package init(errno code: Int32, path: String, operation: String) {
    switch Errno(rawValue: code) {
    case .noSuchFileOrDirectory:
      self = .notFound(path: path)
    case .permissionDenied, .notPermitted:
      self = .permissionDenied(path: path, operation: operation)
    case .readOnlyFileSystem:
      self = .readOnlyFileSystem(path: path)
    case .isDirectory:
      self = .isDirectory(path: path)
    default:
      self = .io(path: path, operation: operation, errno: code, reason: Self.reason(for: code))
    }
  }

  /// Maps `error` to a case for `path` (shown by its ``SystemPath/description``).
  package init(_ error: Errno, path: SystemPath, operation: String) {
    self.init(errno: error.rawValue, path: path.description, operation: operation)
  }

  /// The `strerror(3)` text of `code`, for example "Not a directory" for `ENOTDIR`.
  static func reason(for code: Int32) -> String { Errno(rawValue: code).reason }

  /// "Not a directory" becomes "not a directory"; "RPC struct is bad" stays as it is; "" becomes
  /// "unknown error".
  private static func lowercasingFirstLetter(_ text: String) -> String {
    if text.isEmpty { return "unknown error" }
    let characters = Array(text)
    guard let first = characters.first, first.isUppercase else { return text }
    if characters.count > 1, characters[1].isUppercase { return text }
    return first.lowercased() + String(characters.dropFirst())
  }
}
