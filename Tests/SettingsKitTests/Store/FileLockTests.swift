import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// flock(2) locks belong to an open file description, so two opens of one lock file conflict even in
// one process and one thread: the nested tests rely on that. The cross-process tests use flock(1).

private let flockCommand = "/usr/bin/flock"
private let hasFlockCommand = access(flockCommand, X_OK) == 0

@Suite struct FileLockTests {
  @Test func withLockReturnsTheBodysResultAndKeepsTheLockFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let lockPath = directory.path + "/store.json.lock"
    #expect(try FileLock.withLock(at: lockPath) { 42 } == 42)
    #expect(FileFixtures.names(in: directory.path) == ["store.json.lock"])
    #expect(FileFixtures.mode(of: lockPath) == 0o644 & ~FileFixtures.umaskValue())
    #expect(try FileLock.withLock(at: lockPath, timeoutMilliseconds: 0) { "again" } == "again")
  }

  @Test func nestedLockOnTheSamePathIsBusyUntilReleased() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let lockPath = directory.path + "/store.json.lock"
    try FileLock.withLock(at: lockPath) {
      let start = FileLock.monotonicNanoseconds()
      #expect(throws: FileSystemError.busy(path: lockPath, waitedMilliseconds: 100)) {
        try FileLock.withLock(at: lockPath, timeoutMilliseconds: 100) { Issue.record("ran while locked") }
      }
      #expect(FileLock.monotonicNanoseconds() - start >= 100_000_000)
      #expect(throws: FileSystemError.busy(path: lockPath, waitedMilliseconds: 0)) {
        try FileLock.withLock(at: lockPath, timeoutMilliseconds: 0) { Issue.record("ran while locked") }
      }
      #expect(throws: FileSystemError.busy(path: lockPath, waitedMilliseconds: 0)) {
        try FileLock.withLock(at: lockPath, timeoutMilliseconds: -5) { Issue.record("ran while locked") }
      }
    }
    #expect(try FileLock.withLock(at: lockPath, timeoutMilliseconds: 100) { true })
  }

  @Test func lockIsReleasedWhenTheBodyThrows() throws {
    struct Failure: Error, Equatable {}
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let lockPath = directory.path + "/store.json.lock"
    #expect(throws: Failure()) {
      try FileLock.withLock(at: lockPath) { () throws -> Int in throw Failure() }
    }
    #expect(try FileLock.withLock(at: lockPath, timeoutMilliseconds: 0) { true })
  }

  @Test func lockValueIsReleasedByUnlockAndAtTheEndOfItsScope() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let lockPath = directory.path + "/store.json.lock"
    let lock = try FileLock(at: lockPath, timeoutMilliseconds: 0)
    #expect(lock.path == SystemPath(lockPath))
    #expect(throws: FileSystemError.busy(path: lockPath, waitedMilliseconds: 10)) {
      _ = try FileLock(at: lockPath, timeoutMilliseconds: 10)
    }
    lock.unlock()
    do {
      let again = try FileLock(at: lockPath, timeoutMilliseconds: 0)
      #expect(again.path == SystemPath(lockPath))
    }
    #expect(try FileLock.withLock(at: lockPath, timeoutMilliseconds: 0) { true })
  }

  @Test func missingDirectoriesAreCreatedAndAReadOnlyLockFileStillWorks() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let lockPath = directory.path + "/config/settings/store.json.lock"
    #expect(try FileLock.withLock(at: lockPath) { true })
    #expect(
      FileFixtures.mode(of: directory.path + "/config") == 0o700 & ~FileFixtures.umaskValue())
    #expect(FileFixtures.names(in: directory.path + "/config/settings") == ["store.json.lock"])
    #expect(chmod(lockPath, 0o444) == 0)  // as if created by another user: flock needs no write access
    #expect(try FileLock.withLock(at: lockPath, timeoutMilliseconds: 0) { true })
  }

  @Test func lockPathThatIsADirectoryThrowsIsDirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect(throws: FileSystemError.isDirectory(path: directory.path)) {
      try FileLock.withLock(at: directory.path, timeoutMilliseconds: 0) { Issue.record("ran") }
    }
    #expect(throws: FileSystemError.notFound(path: "")) {
      try FileLock.withLock(at: "", timeoutMilliseconds: 0) { Issue.record("ran") }
    }
  }

  // Root bypasses permission bits, so this needs a non-root user.
  @Test(.enabled(if: geteuid() != 0, "root ignores permission bits"))
  func lockFileInAReadOnlyDirectoryThrowsPermissionDenied() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let locked = directory.path + "/locked"
    #expect(mkdir(locked, 0o555) == 0)
    defer { _ = chmod(locked, 0o755) }
    #expect(throws: FileSystemError.permissionDenied(path: locked + "/store.json.lock", operation: "lock")) {
      try FileLock.withLock(at: locked + "/store.json.lock", timeoutMilliseconds: 0) { Issue.record("ran") }
    }
  }

  @Test(.enabled(if: hasFlockCommand, "needs flock(1)"))
  func lockHeldByAnotherProcessIsBusyAndIsObtainedAfterItsRelease() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let lockPath = directory.path + "/store.json.lock"
    let ready = directory.path + "/ready"
    // flock(1) takes the lock, then the shell says it is ready and holds the lock for 0.6 s.
    var child = try ChildProcess([flockCommand, lockPath, "/bin/sh", "-c", "echo > \"$0\"; sleep 0.6", ready])
    #expect(FileFixtures.waitForFile(ready, milliseconds: 5000))

    #expect(throws: FileSystemError.busy(path: lockPath, waitedMilliseconds: 100)) {
      try FileLock.withLock(at: lockPath, timeoutMilliseconds: 100) { Issue.record("ran while locked") }
    }
    let start = FileLock.monotonicNanoseconds()
    #expect(try FileLock.withLock(at: lockPath, timeoutMilliseconds: 5000) { 7 } == 7)
    #expect(FileLock.monotonicNanoseconds() - start >= 100_000_000)
    #expect(child.waitForExit() == 0)
  }

  @Test(.enabled(if: hasFlockCommand, "needs flock(1)"))
  func anotherProcessCannotTakeTheLockWhileItIsHeld() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let lockPath = directory.path + "/store.json.lock"
    try FileLock.withLock(at: lockPath) {
      var child = try ChildProcess([flockCommand, "--nonblock", lockPath, "/bin/true"])
      #expect(child.waitForExit() == 1)  // flock(1) exits with 1 when the lock is taken
    }
    var child = try ChildProcess([flockCommand, "--nonblock", lockPath, "/bin/true"])
    #expect(child.waitForExit() == 0)
  }
}

/// A child process started with posix_spawn(3); killed and reaped if the test does not wait for it.
private struct ChildProcess: ~Copyable {
  private let pid: pid_t
  private var reaped = false

  struct SpawnError: Error {
    let code: Int32
  }

  init(_ arguments: [String]) throws {
    var pid: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let code = posix_spawn(&pid, arguments[0], nil, nil, argv, environ)
    if code != 0 { throw SpawnError(code: code) }
    self.pid = pid
  }

  /// Waits for the process and returns its exit status, or -1 when it did not exit normally.
  mutating func waitForExit() -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    reaped = true
    return status & 0x7f == 0 ? (status >> 8) & 0xff : -1
  }

  deinit {
    if !reaped {
      _ = kill(pid, SIGKILL)
      var status: Int32 = 0
      _ = waitpid(pid, &status, 0)
    }
  }
}

extension FileFixtures {
  /// Polls every millisecond until `path` exists; false after `milliseconds`.
  static func waitForFile(_ path: String, milliseconds: Int) -> Bool {
    for _ in 0..<milliseconds {
      if access(path, F_OK) == 0 { return true }
      usleep(1000)
    }
    return access(path, F_OK) == 0
  }
}
