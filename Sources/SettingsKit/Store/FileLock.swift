import SettingsPOSIX

/// An exclusive advisory lock (`flock(2)`) on a lock file beside the target, held for a
/// read-modify-write.
///
/// Use ``withLock(at:timeoutMilliseconds:_:)-(SystemPath,_,_)``, which releases the lock on every exit path. For a lock
/// that must outlive one closure, create a `FileLock` with ``init(at:timeoutMilliseconds:)-(SystemPath,_)``: it is
/// noncopyable, and the lock is released when the value is consumed with ``unlock()`` or goes out of
/// scope (its `deinit`).
///
/// By convention the lock file of a store is the store's resolved path (`FileSystem.resolvingSymbolicLinks(_:)`)
/// plus `.lock`, so that two links to one store share a lock.
///
/// The lock is advisory: it only excludes other processes (or threads) that take the same lock, for
/// example another settings process or `flock(1)`. It belongs to the open file description, not to the
/// process, so the lock is not reentrant: taking it again on the same path while holding it, even in
/// the same thread, waits for the timeout and throws `FileSystemError.busy(path:waitedMilliseconds:)`.
/// The descriptor is opened with `O_CLOEXEC`, so child processes do not inherit the lock.
///
/// The lock file is never deleted. Deleting it would race: a process that opened the old file just
/// before the unlink would lock the deleted inode while another creates and locks a new file at the
/// same path, and both would believe they hold the lock. An empty lock file left behind is harmless.
package struct FileLock: ~Copyable, Sendable {
  /// The path of the lock file, as given.
  package let path: SystemPath

  private let descriptor: FileDescriptor

  /// Takes the exclusive lock on `lockPath`, waiting up to `timeoutMilliseconds` for it.
  ///
  /// Missing parent directories are created with mode `0o700` minus the umask (`mkdir(2)`), and the lock
  /// file with mode `0o644` minus the umask (`open(2)` with `O_RDONLY | O_CREAT | O_CLOEXEC`; `flock(2)`
  /// needs no write access, so a lock file created by another user, say root, still works). Then
  /// `flock(2)` with `LOCK_EX | LOCK_NB` is tried until it succeeds, sleeping 1, 2, 3, 4, then 5 ms
  /// between tries (`nanosleep(2)`). A timeout of zero or less tries once.
  ///
  /// - Throws: `FileSystemError.busy(path:waitedMilliseconds:)` with `lockPath` and
  ///   `timeoutMilliseconds` when the lock was not obtained in time; otherwise the `FileSystemError`
  ///   of the failing call with operation "lock" (or "create directory"), for example
  ///   `FileSystemError.permissionDenied(path:operation:)` or `FileSystemError.isDirectory(path:)`.
  package init(at lockPath: SystemPath, timeoutMilliseconds: Int = 5000) throws(FileSystemError) {
    if lockPath.isEmpty { throw .notFound(path: lockPath.description) }
    try FileSystem.makeDirectories(lockPath.directory)
    let descriptor: FileDescriptor
    do {
      descriptor = try .open(lockPath, [.readOnly, .create, .closeOnExec], mode: 0o644)
    } catch {
      throw FileSystemError(error, path: lockPath, operation: "lock")
    }

    let timeout = max(0, timeoutMilliseconds)
    let deadline = Self.monotonicNanoseconds() + Int64(timeout) * 1_000_000
    var delayMilliseconds = 1
    while true {
      do {
        if try descriptor.tryLock() { break }
      } catch {
        descriptor.close()
        throw FileSystemError(error, path: lockPath, operation: "lock")
      }
      let remaining = deadline - Self.monotonicNanoseconds()
      if remaining <= 0 {
        descriptor.close()
        throw .busy(path: lockPath.description, waitedMilliseconds: timeout)
      }
      systemSleep(nanoseconds: min(Int64(delayMilliseconds) * 1_000_000, remaining))
      delayMilliseconds = min(delayMilliseconds + 1, 5)
    }
    self.path = lockPath
    self.descriptor = descriptor
  }

  /// Takes the exclusive lock on the path with `lockPath`'s UTF-8 bytes; see
  /// ``init(at:timeoutMilliseconds:)-(SystemPath,_)``.
  package init(at lockPath: String, timeoutMilliseconds: Int = 5000) throws(FileSystemError) {
    try self.init(at: SystemPath(lockPath), timeoutMilliseconds: timeoutMilliseconds)
  }

  /// Releases the lock with `flock(2)` `LOCK_UN` and closes the lock file's descriptor (`close(2)`).
  deinit {
    descriptor.unlock()
    descriptor.close()
  }

  /// Releases the lock now, consuming the value; the same as letting it go out of scope.
  ///
  /// Uses `flock(2)` with `LOCK_UN` and `close(2)` (through `deinit`); never throws.
  package consuming func unlock() {}

  /// Runs `body` while holding an exclusive lock on `lockPath`, and returns its result.
  ///
  /// The lock is taken as ``init(at:timeoutMilliseconds:)-(SystemPath,_)`` describes (`open(2)`, `flock(2)` with
  /// `LOCK_EX | LOCK_NB`, polling every 1 to 5 ms) and released (`flock(2)` `LOCK_UN`, `close(2)`) when
  /// `body` returns or throws. Not reentrant: do not call it again for the same path inside `body`.
  ///
  /// - Throws: `FileSystemError.busy(path:waitedMilliseconds:)` when the lock was not obtained within
  ///   `timeoutMilliseconds` (default 5000), another `FileSystemError` when the lock file cannot be
  ///   created or locked, or whatever `body` throws.
  package static func withLock<T>(
    at lockPath: SystemPath, timeoutMilliseconds: Int = 5000, _ body: () throws -> T
  ) throws -> T {
    let lock = try FileLock(at: lockPath, timeoutMilliseconds: timeoutMilliseconds)
    do {
      let result = try body()
      lock.unlock()
      return result
    } catch {
      lock.unlock()
      throw error
    }
  }

  /// ``withLock(at:timeoutMilliseconds:_:)-(SystemPath,_,_)`` for a path given as text.
  package static func withLock<T>(
    at lockPath: String, timeoutMilliseconds: Int = 5000, _ body: () throws -> T
  ) throws -> T {
    try withLock(at: SystemPath(lockPath), timeoutMilliseconds: timeoutMilliseconds, body)
  }

  /// Nanoseconds of `CLOCK_MONOTONIC` (`clock_gettime(2)`), which never jumps with the wall clock.
  static func monotonicNanoseconds() -> Int64 { systemMonotonicNanoseconds() }
}
