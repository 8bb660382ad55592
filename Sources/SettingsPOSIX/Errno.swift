#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A POSIX error number (`errno`), with its C name for messages.
///
/// The values the package tests for are named in `Syscalls.swift` (``noSuchFileOrDirectory``,
/// ``interrupted``, …); ``current`` reads the calling thread's `errno`.
package struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
  /// The raw `errno` value.
  package var rawValue: Int32

  /// Wraps a raw `errno` value.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// The C name, such as "ENOENT"; "errno N" for a value without a name here.
  package var name: String { Self.names[rawValue] ?? "errno \(rawValue)" }

  /// The C name and the `strerror(3)` text: "ENOTDIR (Not a directory)".
  package var description: String { "\(name) (\(reason))" }
}

/// Runs `body` (a system call wrapper that returns -1 and sets `errno` on failure) again while it
/// fails with `EINTR`, and returns its result or throws its ``Errno``.
package func retryingOnInterrupt<Result: FixedWidthInteger>(_ body: () -> Result) throws(Errno) -> Result {
  while true {
    let result = body()
    if result != -1 { return result }
    let error = Errno.current
    if error != .interrupted { throw error }
  }
}

extension Errno {
  /// The calling thread's `errno`.
  package static var current: Errno { Errno(rawValue: errno) }

  /// `ENOENT`: no such file or directory.
  package static let noSuchFileOrDirectory = Errno(rawValue: ENOENT)
  /// `EINTR`: interrupted by a signal.
  package static let interrupted = Errno(rawValue: EINTR)
  /// `EACCES`: permission denied.
  package static let permissionDenied = Errno(rawValue: EACCES)
  /// `EPERM`: operation not permitted.
  package static let notPermitted = Errno(rawValue: EPERM)
  /// `EROFS`: read-only file system.
  package static let readOnlyFileSystem = Errno(rawValue: EROFS)
  /// `EISDIR`: is a directory.
  package static let isDirectory = Errno(rawValue: EISDIR)
  /// `ENOTDIR`: not a directory.
  package static let notDirectory = Errno(rawValue: ENOTDIR)
  /// `ELOOP`: too many levels of symbolic links.
  package static let tooManySymbolicLinks = Errno(rawValue: ELOOP)
  /// `EEXIST`: file exists.
  package static let fileExists = Errno(rawValue: EEXIST)
  /// `EWOULDBLOCK`: the operation would block.
  package static let wouldBlock = Errno(rawValue: EWOULDBLOCK)
  /// `EIO`: input/output error.
  package static let ioError = Errno(rawValue: EIO)
  /// `EINVAL`: invalid argument.
  package static let invalidArgument = Errno(rawValue: EINVAL)
  /// `EPIPE`: the reading end of a pipe or socket is closed.
  package static let brokenPipe = Errno(rawValue: EPIPE)

  /// The C names of the values above and of a few more, for messages.
  static let names: [Int32: String] = [
    ENOENT: "ENOENT", EINTR: "EINTR", EACCES: "EACCES", EPERM: "EPERM", EROFS: "EROFS",
    EISDIR: "EISDIR", ENOTDIR: "ENOTDIR", ELOOP: "ELOOP", EEXIST: "EEXIST", EWOULDBLOCK: "EWOULDBLOCK",
    EIO: "EIO", EINVAL: "EINVAL", ENOSPC: "ENOSPC", EBADF: "EBADF", EPIPE: "EPIPE",
    ENAMETOOLONG: "ENAMETOOLONG",
    EMFILE: "EMFILE", ENFILE: "ENFILE", EDQUOT: "EDQUOT", EXDEV: "EXDEV", ENOTEMPTY: "ENOTEMPTY",
    EBUSY: "EBUSY", EFBIG: "EFBIG", ENOMEM: "ENOMEM", EFAULT: "EFAULT", ENXIO: "ENXIO", ENOTTY: "ENOTTY",
  ]

  /// The `strerror(3)` text, for example "Not a directory" for `ENOTDIR`.
  package var reason: String {
    guard let text = strerror(rawValue) else { return "error \(rawValue)" }
    return String(cString: text)
  }
}
