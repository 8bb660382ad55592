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
