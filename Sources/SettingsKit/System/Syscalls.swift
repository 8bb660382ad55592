// The one file of SettingsKit that imports the C library. Every system call the package makes is
// wrapped here once, as swift-system's `Internals/Syscalls.swift` does; the rest of the package
// calls these wrappers (directly, or through ``FileDescriptor``, ``FileSystem`` and ``SystemPath``).
// Wrappers return what the C function returns and leave the error in `errno` (read it with
// ``Errno/current``); retrying on `EINTR` is the caller's choice (``retryingOnInterrupt(_:)``).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Types and constants

/// Permission bits and file type bits of a file (`mode_t`).
package typealias FileMode = mode_t

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

/// Flags of `open(2)` and `openat(2)`.
package struct OpenFlags: OptionSet, Sendable {
  package let rawValue: Int32
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// `O_RDONLY` (zero: the absence of the write flags).
  package static let readOnly = OpenFlags(rawValue: O_RDONLY)
  /// `O_WRONLY`.
  package static let writeOnly = OpenFlags(rawValue: O_WRONLY)
  /// `O_CREAT`.
  package static let create = OpenFlags(rawValue: O_CREAT)
  /// `O_EXCL`.
  package static let exclusiveCreate = OpenFlags(rawValue: O_EXCL)
  /// `O_CLOEXEC`.
  package static let closeOnExec = OpenFlags(rawValue: O_CLOEXEC)
  /// `O_NONBLOCK`.
  package static let nonBlocking = OpenFlags(rawValue: O_NONBLOCK)
  /// `O_DIRECTORY`.
  package static let directory = OpenFlags(rawValue: O_DIRECTORY)
  #if os(Linux)
    /// `O_TMPFILE`: `__O_TMPFILE | O_DIRECTORY`, 0o20200000 in the kernel's asm-generic flags (the
    /// macro does not import into Swift). Linux only.
    package static let unnamedTemporaryFile = OpenFlags(rawValue: 0o20_200_000)
  #endif
}

/// What ``FileDescriptor/status()`` reports of a file (`struct stat`).
package struct FileStatus: Sendable, Equatable {
  /// The kind of file, from `st_mode & S_IFMT`.
  package enum Kind: Sendable, Equatable {
    case regular, directory, symbolicLink, other
  }
  package var kind: Kind
  /// The permission bits, `st_mode & 0o7777`.
  package var permissions: FileMode
  /// The size in bytes (`st_size`).
  package var size: Int
  /// The owner (`st_uid`).
  package var owner: UInt32
  /// The group (`st_gid`).
  package var group: UInt32

  init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .directory
    case S_IFLNK: kind = .symbolicLink
    default: kind = .other
    }
    permissions = info.st_mode & 0o7777
    size = Int(info.st_size)
    owner = UInt32(info.st_uid)
    group = UInt32(info.st_gid)
  }
}

// MARK: - Files

extension SystemPath {
  /// Calls `body` with the path as a NUL-terminated C string (a NUL byte inside the path ends it,
  /// as with a Swift `String`).
  func withCString<T>(_ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
    try (bytes + [0]).withUnsafeBufferPointer { buffer in
      try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
    }
  }
}

/// The corresponding C function is `open`.
package func systemOpen(_ path: SystemPath, _ flags: OpenFlags, _ mode: FileMode) -> Int32 {
  path.withCString { open($0, flags.rawValue, mode) }
}

/// The corresponding C function is `openat`.
package func systemOpenat(_ directory: Int32, _ path: SystemPath, _ flags: OpenFlags, _ mode: FileMode)
  -> Int32
{
  path.withCString { openat(directory, $0, flags.rawValue, mode) }
}

/// The corresponding C function is `close`.
package func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

/// The corresponding C function is `read`.
package func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}

/// The corresponding C function is `write`.
package func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}

/// The corresponding C function is `fsync`.
package func systemFsync(_ descriptor: Int32) -> Int32 { fsync(descriptor) }

/// The corresponding C function is `fstat`.
package func systemFstat(_ descriptor: Int32, _ status: inout FileStatus?) -> Int32 {
  var info = stat()
  let result = fstat(descriptor, &info)
  status = result == 0 ? FileStatus(info) : nil
  return result
}

/// The corresponding C function is `fstatat`, with `AT_SYMLINK_NOFOLLOW` unless `followingLinks`.
package func systemFstatat(
  _ directory: Int32, _ path: SystemPath, followingLinks: Bool, _ status: inout FileStatus?
) -> Int32 {
  var info = stat()
  let result = path.withCString { fstatat(directory, $0, &info, followingLinks ? 0 : AT_SYMLINK_NOFOLLOW) }
  status = result == 0 ? FileStatus(info) : nil
  return result
}

/// The corresponding C function is `stat`.
package func systemStat(_ path: SystemPath, _ status: inout FileStatus?) -> Int32 {
  var info = stat()
  let result = path.withCString { stat($0, &info) }
  status = result == 0 ? FileStatus(info) : nil
  return result
}

/// The corresponding C function is `mkdir`.
package func systemMkdir(_ path: SystemPath, _ mode: FileMode) -> Int32 {
  path.withCString { mkdir($0, mode) }
}

/// The corresponding C function is `fchown`.
package func systemFchown(_ descriptor: Int32, _ owner: UInt32, _ group: UInt32) -> Int32 {
  fchown(descriptor, uid_t(owner), gid_t(group))
}

/// The corresponding C function is `fchmod`.
package func systemFchmod(_ descriptor: Int32, _ mode: FileMode) -> Int32 { fchmod(descriptor, mode) }

/// The corresponding C function is `renameat`.
package func systemRenameat(_ from: Int32, _ old: SystemPath, _ to: Int32, _ new: SystemPath) -> Int32 {
  old.withCString { old in new.withCString { new in renameat(from, old, to, new) } }
}

/// The corresponding C function is `unlinkat`.
package func systemUnlinkat(_ directory: Int32, _ path: SystemPath) -> Int32 {
  path.withCString { unlinkat(directory, $0, 0) }
}

/// The corresponding C function is `readlink`; the link's target, or nil when `path` is not a
/// symbolic link or cannot be read.
package func systemReadlink(_ path: SystemPath) -> SystemPath? {
  var capacity = 4096
  while true {
    var buffer = [UInt8](repeating: 0, count: capacity)
    let count = path.withCString { path in
      buffer.withUnsafeMutableBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { readlink(path, $0.baseAddress!, capacity) }
      }
    }
    if count < 0 { return nil }
    if count < capacity { return SystemPath(bytes: Array(buffer[0..<count])) }
    capacity *= 2
  }
}

/// The corresponding C function is `realpath`; nil when it fails.
package func systemRealpath(_ path: SystemPath) -> SystemPath? {
  guard let real = path.withCString({ realpath($0, nil) }) else { return nil }
  defer { free(real) }
  return SystemPath(
    bytes: Array(UnsafeBufferPointer(start: real, count: strlen(real)).map { UInt8(bitPattern: $0) }))
}

/// The names in the directory at `path` that `isMatch` accepts are removed with `unlinkat`, relative
/// to the open directory. The corresponding C functions are `opendir`, `dirfd`, `readdir`,
/// `unlinkat` and `closedir`; does nothing when the directory cannot be opened.
package func systemRemoveEntries(in path: SystemPath, where isMatch: (SystemPath) -> Bool) {
  guard let stream = path.withCString({ opendir($0) }) else { return }
  defer { closedir(stream) }
  let directoryDescriptor = dirfd(stream)
  while let entry = readdir(stream) {
    let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
      SystemPath(bytes: Array(raw.prefix { $0 != 0 }))
    }
    if isMatch(name) { _ = systemUnlinkat(directoryDescriptor, name) }
  }
}

/// The corresponding C function is `flock`, with `LOCK_EX | LOCK_NB`.
package func systemFlockExclusiveNonBlocking(_ descriptor: Int32) -> Int32 {
  flock(descriptor, LOCK_EX | LOCK_NB)
}

/// The corresponding C function is `flock`, with `LOCK_UN`.
package func systemFlockUnlock(_ descriptor: Int32) -> Int32 { flock(descriptor, LOCK_UN) }

/// `linkat(AT_FDCWD, source, directory, temporaryName, AT_SYMLINK_FOLLOW)`, then `renameat` of
/// `temporaryName` over `name` in `directory`: 0, or the failing call's `errno` after removing the
/// temporary name again (`unlinkat`). Async-signal-safe: it may run in a forked child.
/// The corresponding C functions are `linkat`, `renameat` and `unlinkat`.
package func systemLinkAndRename(
  _ source: UnsafePointer<CChar>, _ directory: Int32, _ temporaryName: UnsafePointer<CChar>,
  _ name: UnsafePointer<CChar>
) -> Int32 {
  if linkat(AT_FDCWD, source, directory, temporaryName, AT_SYMLINK_FOLLOW) != 0 { return errno }
  if renameat(directory, temporaryName, directory, name) != 0 {
    let code = errno
    _ = unlinkat(directory, temporaryName, 0)
    return code
  }
  return 0
}

/// Runs `body` in a child process (`fork`) and returns the child's exit status (`waitpid`, retried
/// on `EINTR`), `EIO` when the child was killed, or the `errno` of a failed `waitpid`; nil when
/// `fork` fails or the platform does not allow it (Darwin's Swift refuses `fork`). `body` must call
/// only async-signal-safe functions; the child ends with `_exit`.
/// The corresponding C functions are `fork`, `_exit` and `waitpid`.
package func systemRunInChildProcess(_ body: () -> Int32) -> Int32? {
  #if os(Linux)
    let child = fork()
    if child == 0 { _exit(body()) }
    if child < 0 { return nil }
    var status: Int32 = 0
    do {
      _ = try retryingOnInterrupt { waitpid(child, &status, 0) }
    } catch {
      return error.rawValue
    }
    // Exited normally (WIFEXITED): its status (WEXITSTATUS) is the result; killed: EIO.
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : EIO
  #else
    return nil
  #endif
}

// MARK: - Waiting on several descriptors

/// What `poll(2)` is asked about, or reports, for one descriptor (`POLLIN`, `POLLOUT`, `POLLERR`,
/// `POLLHUP`, `POLLNVAL`). An empty set asks only about the errors and hang-ups that `poll` always
/// reports: the way to learn that the reader of a pipe went away without writing to it.
package struct PollEvents: OptionSet, Sendable {
  package let rawValue: Int16
  package init(rawValue: Int16) { self.rawValue = rawValue }

  /// `POLLIN`: data to read (or an end of file).
  package static let readable = PollEvents(rawValue: Int16(POLLIN))
  /// `POLLOUT`: room to write.
  package static let writable = PollEvents(rawValue: Int16(POLLOUT))
  /// `POLLERR`: an error; on the write end of a pipe, no reader is left.
  package static let error = PollEvents(rawValue: Int16(POLLERR))
  /// `POLLHUP`: the other end hung up.
  package static let hangUp = PollEvents(rawValue: Int16(POLLHUP))
  /// `POLLNVAL`: the descriptor is not open.
  package static let invalid = PollEvents(rawValue: Int16(POLLNVAL))

  /// Any of the conditions that `poll` reports whether asked or not.
  package var isFailure: Bool { !intersection([.error, .hangUp, .invalid]).isEmpty }
}

/// Waits until one of `requests` reports an event, or `timeoutMilliseconds` pass (-1: no limit);
/// returns what each descriptor reported (all empty on a timeout). Not retried on `EINTR`.
/// The corresponding C function is `poll`.
package func systemPoll(
  _ requests: [(descriptor: Int32, events: PollEvents)], timeoutMilliseconds: Int32
) throws(Errno) -> [PollEvents] {
  var entries = requests.map { pollfd(fd: $0.descriptor, events: $0.events.rawValue, revents: 0) }
  if poll(&entries, nfds_t(entries.count), timeoutMilliseconds) < 0 { throw .current }
  return entries.map { PollEvents(rawValue: $0.revents) }
}

/// Makes `descriptor` close-on-exec and, when `nonBlocking`, non-blocking (`O_NONBLOCK`), best
/// effort. The corresponding C function is `fcntl`, with `F_SETFD` and `F_SETFL`.
package func systemConfigure(_ descriptor: Int32, closeOnExec: Bool, nonBlocking: Bool) {
  if closeOnExec { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
  if nonBlocking { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
}

/// Sets the calling thread's `errno` (a signal handler puts back what it found).
package func systemSetErrno(_ value: Errno) { errno = value.rawValue }

/// Nanoseconds since 1970-01-01 00:00 UTC by the wall clock (`CLOCK_REALTIME`), which may jump.
/// The corresponding C function is `clock_gettime`.
package func systemRealtimeNanoseconds() -> Int64 {
  var now = timespec()
  _ = clock_gettime(CLOCK_REALTIME, &now)
  return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

// MARK: - Processes and time

/// The corresponding C function is `getpid`.
package func systemGetpid() -> Int32 { getpid() }

/// The local date and time of day at `seconds` since 1970, in the time zone of `TZ` (`day` counts
/// days since 1970 when the time cannot be converted).
///
/// The corresponding C function is `localtime_r`.
package func systemLocalTime(seconds: Int64) -> (
  year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
) {
  var time = time_t(seconds)
  var parts = tm()
  guard localtime_r(&time, &parts) != nil else {
    let day = Int(seconds % 86_400)
    return (1970, 1, Int(seconds / 86_400), day / 3600, day / 60 % 60, day % 60)
  }
  return (
    Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_hour),
    Int(parts.tm_min), Int(parts.tm_sec)
  )
}

/// This machine's host name, or "localhost" when it cannot be read.
///
/// The corresponding C function is `gethostname`.
package func systemHostName() -> String {
  var buffer = [CChar](repeating: 0, count: 256)
  guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
  return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The corresponding C functions are `geteuid` and `getegid`.
package func systemEffectiveOwner() -> (owner: UInt32, group: UInt32) {
  (UInt32(geteuid()), UInt32(getegid()))
}

/// Nanoseconds of `CLOCK_MONOTONIC`, which never jumps with the wall clock.
/// The corresponding C function is `clock_gettime`.
package func systemMonotonicNanoseconds() -> Int64 {
  var now = timespec()
  _ = clock_gettime(CLOCK_MONOTONIC, &now)
  return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

/// Sleeps for `nanoseconds`, going on with the remaining time after a signal.
/// The corresponding C function is `nanosleep`.
package func systemSleep(nanoseconds: Int64) {
  var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
  var remaining = timespec()
  while nanosleep(&request, &remaining) != 0 && errno == EINTR {
    request = remaining
  }
}

/// Ends the process with `status`, without running anything else.
/// The corresponding C function is `exit`.
package func systemExit(_ status: Int32) -> Never { exit(status) }

/// The process environment as it is, each entry split at its first `=` byte, names and values as
/// bytes (not necessarily UTF-8). The corresponding C variable is `environ`.
package func systemEnvironment() -> [(name: [UInt8], value: [UInt8])] {
  var entries: [(name: [UInt8], value: [UInt8])] = []
  var pointer = environ
  while let entry = pointer.pointee {
    let bytes = UnsafeBufferPointer(start: entry, count: strlen(entry)).map { UInt8(bitPattern: $0) }
    if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
      entries.append((Array(bytes[..<equals]), Array(bytes[(equals + 1)...])))
    }
    pointer += 1
  }
  return entries
}

// MARK: - Watching files

/// Every system call the file watcher (`Watch/`) makes, wrapped once: file signatures, the wake
/// pipe, `poll`, inotify on Linux and kqueue on macOS. Nothing here keeps state; descriptors are
/// plain `Int32`s owned by the caller.
enum WatchSyscalls {
  // MARK: - Files and links

  /// What identifies one version of a file for the polling watcher: a replaced file has another
  /// inode, a file rewritten in place another size, modification or change time.
  struct FileSignature: Equatable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64
    var isSymbolicLink: Bool
    var isDirectory: Bool
  }

  /// The signature of `path` (`lstat(2)` when `followingLinks` is false, else `stat(2)`), nil when
  /// it does not exist or cannot be examined.
  static func signature(of path: SystemPath, followingLinks: Bool) -> FileSignature? {
    var info = stat()
    let status = path.withCString { followingLinks ? stat($0, &info) : lstat($0, &info) }
    guard status == 0 else { return nil }
    #if canImport(Darwin)
      let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
      let changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
    #else
      let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
      let changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    #endif
    return FileSignature(
      device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
      size: Int64(info.st_size), modified: modified,
      changed: changed, isSymbolicLink: info.st_mode & S_IFMT == S_IFLNK,
      isDirectory: info.st_mode & S_IFMT == S_IFDIR)
  }

  /// Whether the file could still be written again without its signature changing: its
  /// modification time is less than a second old (the kernel stamps files with a coarse clock, and
  /// some file systems to the second), as git treats a racily clean index entry.
  static func isRecent(_ signature: FileSignature) -> Bool {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) - signature.modified < 1_000_000_000
  }

  /// Whether `path` is a directory (following links).
  static func isDirectory(_ path: SystemPath) -> Bool {
    signature(of: path, followingLinks: true)?.isDirectory == true
  }

  // MARK: - Waking a blocked loop

  /// A pipe whose read end a watch loop waits on beside its events: one byte written to the write
  /// end wakes it. Both ends are close-on-exec and the read end does not block. Nil when
  /// `pipe(2)` fails.
  static func makeWakePipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
    _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
    return (ends[0], ends[1])
  }

  /// Writes one byte to a wake pipe (a full pipe already wakes the loop, so a failure is harmless).
  static func wake(_ descriptor: Int32) {
    var byte: UInt8 = 1
    while write(descriptor, &byte, 1) < 0 && errno == EINTR {}
  }

  /// Reads whatever is waiting on a non-blocking descriptor and returns it (empty when nothing is).
  static func drain(_ descriptor: Int32, capacity: Int = 64 * 1024) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: capacity)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 { return Array(buffer[0..<count]) }
      if count < 0 && errno == EINTR { continue }
      return []
    }
  }

  /// Closes a descriptor (errors ignored: nothing was written through it).
  static func closeDescriptor(_ descriptor: Int32) {
    if descriptor >= 0 { _ = close(descriptor) }
  }

  /// Waits until one of `descriptors` is readable or `timeoutMilliseconds` pass (-1: no limit),
  /// retrying on `EINTR`. Returns which descriptors are readable (or hung up). The corresponding C
  /// function is `poll`.
  static func waitReadable(_ descriptors: [Int32], timeoutMilliseconds: Int32) -> [Int32] {
    var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    while true {
      let count = poll(&entries, nfds_t(entries.count), timeoutMilliseconds)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { return [] }
      return entries.filter { $0.revents != 0 }.map(\.fd)
    }
  }

  /// The monotonic clock, in milliseconds.
  static func monotonicMilliseconds() -> Int64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
  }

  // MARK: - inotify (Linux)

  #if os(Linux)
    /// What a directory watch asks for: entries created, deleted, renamed in or out, written,
    /// changed in place or in their attributes, and the directory itself going away.
    static let directoryEvents: UInt32 =
      UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY)
      | UInt32(IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    /// One event read from an inotify descriptor.
    struct NotifyEvent: Equatable {
      /// The watch it belongs to (-1 for a queue overflow).
      var watch: Int32
      /// The `IN_…` bits.
      var mask: UInt32
      /// The entry's name inside the watched directory; empty for an event on the directory itself.
      var name: SystemPath

      /// The kernel's queue overflowed: events were lost, so everything must be looked at again.
      var isOverflow: Bool { watch < 0 || mask & UInt32(IN_Q_OVERFLOW) != 0 }
      /// Only a write in place, with the file still open.
      var isWriteOnly: Bool { mask & ~UInt32(IN_ISDIR) == UInt32(IN_MODIFY) }
      /// A file opened for writing was closed: an in-place write is complete.
      var isCloseAfterWrite: Bool { mask & UInt32(IN_CLOSE_WRITE) != 0 }
    }

    /// A new non-blocking, close-on-exec inotify descriptor, or the `errno` of `inotify_init1(2)`
    /// (`EMFILE` when the per-user limit of instances is reached).
    static func notifyOpen() -> Result<Int32, NotifyFailure> {
      let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
      return descriptor >= 0 ? .success(descriptor) : .failure(NotifyFailure(code: errno))
    }

    /// Watches the directory at `path`; the same directory watched twice gives the same watch
    /// number. Fails with `ENOSPC` when the per-user limit of watches is reached, `ENOENT` or
    /// `ENOTDIR` when `path` is no longer a directory. The corresponding C function is
    /// `inotify_add_watch`.
    static func notifyAddWatch(_ descriptor: Int32, directory path: SystemPath) -> Result<
      Int32, NotifyFailure
    > {
      let watch = path.withCString { inotify_add_watch(descriptor, $0, directoryEvents) }
      return watch >= 0 ? .success(watch) : .failure(NotifyFailure(code: errno))
    }

    /// Stops a watch (ignoring a watch the kernel already removed). The corresponding C function is
    /// `inotify_rm_watch`.
    static func notifyRemoveWatch(_ descriptor: Int32, _ watch: Int32) {
      _ = inotify_rm_watch(descriptor, watch)
    }

    /// Decodes the `struct inotify_event` records in `bytes`, as `read(2)` returned them.
    static func notifyEvents(in bytes: [UInt8]) -> [NotifyEvent] {
      let headerSize = MemoryLayout<inotify_event>.size
      var events: [NotifyEvent] = []
      var offset = 0
      bytes.withUnsafeBytes { raw in
        while offset + headerSize <= raw.count {
          let watch = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
          let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
          let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
          let nameBytes = raw[(offset + headerSize)..<min(raw.count, offset + headerSize + length)]
          let name = SystemPath(bytes: Array(nameBytes.prefix { $0 != 0 }))
          events.append(NotifyEvent(watch: watch, mask: mask, name: name))
          offset += headerSize + length
        }
      }
      return events
    }
  #endif

  /// An `errno` from a failed inotify call.
  struct NotifyFailure: Error, Equatable {
    /// The C error number.
    var code: Int32

    /// Whether it is a per-user limit (`EMFILE` instances, `ENOSPC` watches, `ENFILE`, `ENOMEM`),
    /// after which the watcher polls instead.
    var isLimit: Bool { code == EMFILE || code == ENOSPC || code == ENFILE || code == ENOMEM }
  }

  // MARK: - kqueue (macOS and the BSDs)

  #if canImport(Darwin)
    /// A new kqueue descriptor, or nil.
    static func kqueueOpen() -> Int32? {
      let descriptor = kqueue()
      return descriptor >= 0 ? descriptor : nil
    }

    /// Opens `path` for event notification only (`O_EVTONLY`), nil when it cannot be opened.
    static func openForEvents(_ path: SystemPath) -> Int32? {
      let descriptor = path.withCString { open($0, O_EVTONLY | O_CLOEXEC) }
      return descriptor >= 0 ? descriptor : nil
    }

    /// Registers `descriptor` with the kqueue: vnode events (written, extended, deleted, renamed,
    /// attributes, links, revoked) when `isVnode`, else readability.
    static func kqueueRegister(_ queue: Int32, _ descriptor: Int32, isVnode: Bool) {
      var change = kevent(
        ident: UInt(descriptor), filter: Int16(isVnode ? EVFILT_VNODE : EVFILT_READ),
        flags: UInt16(EV_ADD | EV_CLEAR),
        fflags: isVnode
          ? UInt32(
            NOTE_WRITE | NOTE_EXTEND | NOTE_DELETE | NOTE_RENAME | NOTE_ATTRIB | NOTE_LINK | NOTE_REVOKE)
          : 0,
        data: 0, udata: nil)
      _ = kevent(queue, &change, 1, nil, 0, nil)
    }

    /// Blocks until the kqueue reports events and returns the descriptors they are about.
    static func kqueueWait(_ queue: Int32, timeoutMilliseconds: Int32) -> [Int32] {
      var events = [kevent](repeating: kevent(), count: 16)
      var timeout = timespec(
        tv_sec: Int(timeoutMilliseconds / 1000), tv_nsec: Int(timeoutMilliseconds % 1000) * 1_000_000)
      while true {
        let count =
          timeoutMilliseconds < 0
          ? kevent(queue, nil, 0, &events, Int32(events.count), nil)
          : kevent(queue, nil, 0, &events, Int32(events.count), &timeout)
        if count < 0 && errno == EINTR { continue }
        if count <= 0 { return [] }
        return events[0..<Int(count)].map { Int32($0.ident) }
      }
    }
  #endif
}

// MARK: - Terminals

/// The corresponding C function is `isatty`.
package func systemIsatty(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

/// The terminal size on `descriptor` in columns and lines; nil when it is not a terminal or does not
/// say. The corresponding C function is `ioctl`, with `TIOCGWINSZ`.
package func systemWindowSize(_ descriptor: Int32) -> (width: Int, height: Int)? {
  var size = winsize()
  #if canImport(Glibc)
    let request = UInt(TIOCGWINSZ)
  #else
    let request = TIOCGWINSZ
  #endif
  guard ioctl(descriptor, request, &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
  return (Int(size.ws_col), Int(size.ws_row))
}

/// A terminal's modes (`struct termios`).
package struct TerminalModes: @unchecked Sendable {
  var value = termios()

  /// The modes of the terminal on `descriptor`. The corresponding C function is `tcgetattr`.
  package static func current(of descriptor: Int32) throws(Errno) -> TerminalModes {
    var modes = TerminalModes()
    if tcgetattr(descriptor, &modes.value) != 0 { throw .current }
    return modes
  }

  /// The same modes made raw. The corresponding C function is `cfmakeraw`.
  package var raw: TerminalModes {
    var modes = self
    cfmakeraw(&modes.value)
    return modes
  }

  /// The same modes for a secret typed on a line of its own: no echo, and Ctrl-C, Ctrl-Z and Ctrl-\\
  /// read as characters rather than sent as signals, so that nothing stops the process while the
  /// echo is off; line editing stays. The flags are `ECHO` and `ISIG` of `c_lflag`.
  package var forSecretLine: TerminalModes {
    var modes = self
    modes.value.c_lflag &= ~tcflag_t(ECHO | ISIG)
    return modes
  }

  /// Applies the modes now, best effort. The corresponding C function is `tcsetattr`, with `TCSANOW`.
  package func apply(to descriptor: Int32) {
    var value = value
    _ = tcsetattr(descriptor, TCSANOW, &value)
  }
}

/// Waits until one of `descriptors` can be read, or `timeoutMilliseconds` pass (-1: no limit);
/// returns which are readable (all false on a timeout). A descriptor that hung up or failed counts
/// as readable, so that the `read` that follows reports it. The corresponding C function is `poll`.
package func systemPollReadable(_ descriptors: [Int32], timeoutMilliseconds: Int32) throws(Errno) -> [Bool] {
  var entries = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
  if poll(&entries, nfds_t(entries.count), timeoutMilliseconds) < 0 { throw .current }
  return entries.map { $0.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }
}

/// A new pipe's read and write ends. The corresponding C function is `pipe`.
package func systemPipe() throws(Errno) -> (read: Int32, write: Int32) {
  var ends: [Int32] = [0, 0]
  if pipe(&ends) != 0 { throw .current }
  return (ends[0], ends[1])
}

// MARK: - Signals

/// Signal numbers the package names.
package enum SignalNumber {
  package static let interrupt = SIGINT
  package static let terminate = SIGTERM
  package static let hangUp = SIGHUP
  package static let terminalStop = SIGTSTP
  package static let windowChange = SIGWINCH
  package static let stop = SIGSTOP
  package static let quit = SIGQUIT
  package static let user1 = SIGUSR1
  package static let user2 = SIGUSR2
  package static let alarm = SIGALRM
  package static let brokenPipe = SIGPIPE

  /// Every signal whose default action ends the process ("Term" or "Core" in signal(7)) and that a
  /// program can catch and recover from: SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM,
  /// SIGUSR1, SIGUSR2, SIGPROF, SIGVTALRM, SIGXCPU, SIGXFSZ, SIGIO; on Linux also SIGSTKFLT, SIGPWR
  /// and the real-time signals SIGRTMIN to SIGRTMAX. Left out: SIGKILL (cannot be caught); SIGSEGV,
  /// SIGBUS, SIGILL, SIGFPE, SIGTRAP and SIGSYS, which report a fault of the instruction being run
  /// (returning from a handler would run it again); SIGABRT, which `abort(3)` raises again after
  /// any handler.
  package static let terminating: [Int32] = {
    var numbers = [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGUSR1, SIGUSR2, SIGPROF, SIGVTALRM]
    numbers += [SIGXCPU, SIGXFSZ, SIGIO]
    #if os(Linux)
      numbers += [SIGSTKFLT, SIGPWR]
      numbers += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    #endif
    return numbers
  }()
}

/// What a signal did before ``systemSetSignalHandler(_:_:)`` replaced it (`struct sigaction`).
package struct SignalDisposition: @unchecked Sendable {
  var value = sigaction()
}

/// Makes `handler` run on `number`, with `SA_RESTART`; returns what it replaces.
/// The corresponding C function is `sigaction`.
package func systemSetSignalHandler(
  _ number: Int32, _ handler: @convention(c) (Int32) -> Void
) -> SignalDisposition {
  var action = sigaction()
  #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = handler
  #else
    action.__sigaction_u.__sa_handler = handler
  #endif
  action.sa_flags = SA_RESTART
  var old = SignalDisposition()
  sigaction(number, &action, &old.value)
  return old
}

/// Puts back what ``systemSetSignalHandler(_:_:)`` returned. The corresponding C function is `sigaction`.
package func systemRestoreSignal(_ number: Int32, _ disposition: SignalDisposition) {
  var old = disposition.value
  sigaction(number, &old, nil)
}

/// Removes `numbers` from this thread's blocked signals. The corresponding C function is `pthread_sigmask`.
package func systemUnblockSignals(_ numbers: [Int32]) {
  var set = sigset_t()
  sigemptyset(&set)
  for number in numbers { sigaddset(&set, number) }
  pthread_sigmask(SIG_UNBLOCK, &set, nil)
}

// MARK: - Crash signals

/// The signals that report a crash: SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS.
package let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]

/// What the crash handler puts back: the terminal's modes and the bytes that leave the alternate
/// screen. Set before the handler is installed and read only by it.
private struct CrashRestoration {
  var descriptor: Int32 = -1
  var output: Int32 = -1
  var modes = termios()
  /// `ESC [0m ESC [?25h ESC [?1049l`: colours reset, cursor shown, main screen.
  var bytes:
    (
      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
      UInt8, UInt8, UInt8
    ) = (
      0x1B, 0x5B, 0x30, 0x6D, 0x1B, 0x5B, 0x3F, 0x32, 0x35, 0x68, 0x1B, 0x5B, 0x3F, 0x31, 0x30, 0x34, 0x39,
      0x6C
    )
}

/// The one place a crash handler can reach: a signal handler sees nothing but globals. Allocated
/// at the first ``systemRestoreTerminalOnCrash(descriptor:output:modes:)``, before any handler runs,
/// so the handler never initializes anything.
nonisolated(unsafe) private let crashRestoration: UnsafeMutablePointer<CrashRestoration> = {
  let pointer = UnsafeMutablePointer<CrashRestoration>.allocate(capacity: 1)
  pointer.initialize(to: CrashRestoration())
  return pointer
}()

/// Until ``systemStopRestoringTerminalOnCrash(_:)``, a crash signal (``crashSignals``) first puts
/// the terminal on `descriptor` back in `modes` (`tcsetattr(3)`) and writes to `output` the bytes
/// that leave the alternate screen and show the cursor, then resets the signal to its default
/// action and raises it again, so that the crash is still a crash (its status, its core dump).
/// Only async-signal-safe calls run in the handler: `tcsetattr`, `write`, `signal`, `raise`.
///
/// - Returns: what each crash signal did before, for ``systemStopRestoringTerminalOnCrash(_:)``.
package func systemRestoreTerminalOnCrash(descriptor: Int32, output: Int32, modes: TerminalModes)
  -> [SignalDisposition]
{
  crashRestoration.pointee.modes = modes.value
  crashRestoration.pointee.output = output
  crashRestoration.pointee.descriptor = descriptor
  return crashSignals.map { systemSetSignalHandler($0, restoreTerminalAndCrash) }
}

/// Puts back what ``systemRestoreTerminalOnCrash(descriptor:output:modes:)`` replaced.
package func systemStopRestoringTerminalOnCrash(_ previous: [SignalDisposition]) {
  for (number, old) in zip(crashSignals, previous) { systemRestoreSignal(number, old) }
  crashRestoration.pointee.descriptor = -1
}

/// The crash handler; see ``systemRestoreTerminalOnCrash(descriptor:output:modes:)``.
private func restoreTerminalAndCrash(_ number: Int32) {
  let restoration = crashRestoration
  if restoration.pointee.descriptor >= 0 {
    _ = tcsetattr(restoration.pointee.descriptor, TCSANOW, &restoration.pointee.modes)
    _ = withUnsafeBytes(of: &restoration.pointee.bytes) { bytes in
      write(restoration.pointee.output, bytes.baseAddress, bytes.count)
    }
  }
  _ = signal(number, SIG_DFL)
  _ = raise(number)
}

/// Sends `number` to the calling thread. The corresponding C function is `raise`.
package func systemRaise(_ number: Int32) { raise(number) }

// MARK: - File identity and reads at an offset (the compiled document cache)

/// What tells one version of a file from another without reading it, as git's index records it:
/// device, inode, size, and the modification and change times in nanoseconds (`struct stat`).
///
/// Equal identities mean the same contents only when the file was not modified again within the
/// same tick of its file system's clock; the cache refuses sources that recent (see
/// ``DocumentCache``).
package struct FileIdentity: Sendable, Equatable {
  /// `st_dev`.
  package var device: UInt64
  /// `st_ino`.
  package var inode: UInt64
  /// `st_size`, in bytes.
  package var size: Int64
  /// `st_mtim`, in nanoseconds since the epoch.
  package var modificationTime: Int64
  /// `st_ctim`, in nanoseconds since the epoch.
  package var changeTime: Int64
  /// Whether it is a regular file.
  package var isRegularFile: Bool

  /// The seven numbers as the cache stores them, in order.
  package var fields: [UInt64] {
    [
      device, inode, UInt64(bitPattern: size), UInt64(bitPattern: modificationTime),
      UInt64(bitPattern: changeTime), isRegularFile ? 1 : 0,
    ]
  }

  /// An identity from ``fields``; nil unless there are exactly six.
  package init?(fields: [UInt64]) {
    guard fields.count == 6 else { return nil }
    device = fields[0]
    inode = fields[1]
    size = Int64(bitPattern: fields[2])
    modificationTime = Int64(bitPattern: fields[3])
    changeTime = Int64(bitPattern: fields[4])
    isRegularFile = fields[5] == 1
  }

  init(_ info: stat) {
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
    size = Int64(info.st_size)
    #if canImport(Darwin)
      modificationTime = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
      changeTime = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
    #else
      modificationTime = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
      changeTime = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    #endif
    isRegularFile = info.st_mode & S_IFMT == S_IFREG
  }
}

/// The identity of the open file; nil when `fstat` fails. The corresponding C function is `fstat`.
package func systemFileIdentity(_ descriptor: Int32) -> FileIdentity? {
  var info = stat()
  return fstat(descriptor, &info) == 0 ? FileIdentity(info) : nil
}

/// The current directory, or nil when it cannot be had. The corresponding C function is `getcwd`.
package func systemCurrentDirectory() -> SystemPath? {
  var buffer = [CChar](repeating: 0, count: 4096)
  guard getcwd(&buffer, buffer.count) != nil else { return nil }
  return SystemPath(bytes: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) })
}

/// The corresponding C function is `pread`.
package func systemPread(
  _ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int, _ offset: Int64
)
  -> Int
{
  pread(descriptor, buffer, count, off_t(offset))
}

extension FileDescriptor {
  /// The open file's identity (`fstat(2)`); nil when it cannot be had.
  package func identity() -> FileIdentity? { systemFileIdentity(rawValue) }

  /// Exactly `count` bytes from `offset` (`pread(2)`, retried on `EINTR`); nil when fewer are there
  /// or the read fails.
  package func read(count: Int, at offset: Int) -> [UInt8]? {
    guard count >= 0, offset >= 0 else { return nil }
    if count == 0 { return [] }
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    let ok = bytes.withUnsafeMutableBytes { buffer -> Bool in
      while done < count {
        let result = systemPread(
          rawValue, buffer.baseAddress! + done, count - done, Int64(offset + done))
        if result < 0, Errno.current == .interrupted { continue }
        if result <= 0 { return false }
        done += result
      }
      return true
    }
    return ok ? bytes : nil
  }
}

// MARK: - Sockets (settings serve, the fleet store's client)

extension Errno {
  /// `EADDRINUSE`: the address (a port) is in use.
  package static let addressInUse = Errno(rawValue: EADDRINUSE)
  /// `EAGAIN`: try again (a non-blocking call that would block).
  package static let tryAgain = Errno(rawValue: EAGAIN)
  /// `EINPROGRESS`: a non-blocking `connect` goes on in the background.
  package static let inProgress = Errno(rawValue: EINPROGRESS)
  /// `ETIMEDOUT`: the operation timed out.
  package static let timedOut = Errno(rawValue: ETIMEDOUT)
  /// `ECONNREFUSED`: nothing listens at the address.
  package static let connectionRefused = Errno(rawValue: ECONNREFUSED)
  /// `ECONNRESET`: the peer reset the connection.
  package static let connectionReset = Errno(rawValue: ECONNRESET)
}

/// A new TCP socket listening on 127.0.0.1 (never another address) at `port` (0: a free port the
/// kernel picks), close-on-exec and non-blocking, with `SO_REUSEADDR`; returns it and the port it
/// is bound to. The corresponding C functions are `socket`, `setsockopt`, `bind`, `listen` and
/// `getsockname`.
package func systemListenLoopback(port: UInt16, backlog: Int32) throws(Errno) -> (
  descriptor: Int32, port: UInt16
) {
  #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
  #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
  #endif
  if descriptor < 0 { throw .current }
  systemConfigure(descriptor, closeOnExec: true, nonBlocking: true)
  var one: Int32 = 1
  _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = port.bigEndian
  address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
  let bound = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  if bound != 0 || listen(descriptor, backlog) != 0 {
    let error = Errno.current
    _ = close(descriptor)
    throw error
  }
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let named = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
  }
  if named != 0 {
    let error = Errno.current
    _ = close(descriptor)
    throw error
  }
  return (descriptor, UInt16(bigEndian: address.sin_port))
}

/// Accepts one connection on a listening socket: the new socket, close-on-exec and non-blocking.
/// Fails with `EAGAIN` when none is waiting.
/// The corresponding C functions are `accept` and `fcntl`.
package func systemAccept(_ descriptor: Int32) throws(Errno) -> Int32 {
  while true {
    // accept4 is a GNU extension that Glibc's module does not export: accept, then fcntl (no
    // other thread execs while the server runs, so the window without close-on-exec is harmless).
    let connection = accept(descriptor, nil, nil)
    if connection >= 0 { systemConfigure(connection, closeOnExec: true, nonBlocking: true) }
    if connection >= 0 { return connection }
    let error = Errno.current
    if error != .interrupted { throw error }
  }
}

/// Why ``systemConnect(host:port:timeoutMilliseconds:)`` failed.
package enum ConnectFailure: Error, Equatable {
  /// `getaddrinfo` could not resolve the name: its `gai_strerror` text.
  case unresolved(String)
  /// Every address refused or failed; the last address's error.
  case failed(Errno)
  /// No address answered within the time given.
  case timedOut
}

/// Connects a TCP socket to `host` (a name or a numeric address) at `port`, trying each address
/// `getaddrinfo` gives in turn, each attempt within what is left of `timeoutMilliseconds`; the
/// socket is close-on-exec and non-blocking. The corresponding C functions are `getaddrinfo`,
/// `gai_strerror`, `socket`, `connect`, `poll`, `getsockopt` (`SO_ERROR`) and `freeaddrinfo`.
package func systemConnect(host: String, port: UInt16, timeoutMilliseconds: Int32) throws(ConnectFailure)
  -> Int32
{
  var hints = addrinfo()
  hints.ai_family = AF_UNSPEC
  #if canImport(Glibc)
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
  #else
    hints.ai_socktype = SOCK_STREAM
  #endif
  hints.ai_flags = AI_NUMERICSERV
  var list: UnsafeMutablePointer<addrinfo>?
  let status = getaddrinfo(host, String(port), &hints, &list)
  if status != 0 {
    let reason = gai_strerror(status).map { String(cString: $0) } ?? "error \(status)"
    throw .unresolved(status == EAI_SYSTEM ? Errno.current.reason : reason)
  }
  defer { freeaddrinfo(list) }
  let deadline = systemMonotonicNanoseconds() + Int64(timeoutMilliseconds) * 1_000_000
  var lastError = ConnectFailure.failed(.connectionRefused)
  var entry = list
  while let address = entry?.pointee {
    entry = address.ai_next
    let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
    if descriptor < 0 {
      lastError = .failed(.current)
      continue
    }
    systemConfigure(descriptor, closeOnExec: true, nonBlocking: true)
    if connect(descriptor, address.ai_addr, address.ai_addrlen) == 0 { return descriptor }
    var code = errno
    if code == EINPROGRESS || code == EINTR {
      let left = max(0, (deadline - systemMonotonicNanoseconds()) / 1_000_000)
      var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
      var ready: Int32 = -1
      while ready < 0 {
        ready = poll(&entry, 1, Int32(clamping: left))
        if ready < 0 && errno != EINTR { break }
      }
      if ready == 0 {
        _ = close(descriptor)
        lastError = .timedOut
        continue
      }
      var length = socklen_t(MemoryLayout<Int32>.size)
      code = 0
      if ready < 0 || getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length) != 0 { code = errno }
      if code == 0 { return descriptor }
    }
    _ = close(descriptor)
    lastError = .failed(Errno(rawValue: code))
  }
  throw lastError
}

/// Turns on TCP keepalive (`SO_KEEPALIVE`): after `idleSeconds` without traffic a probe every
/// `intervalSeconds`, and the connection fails after `count` unanswered probes (`TCP_KEEPIDLE`,
/// `TCP_KEEPINTVL`, `TCP_KEEPCNT`; `TCP_KEEPALIVE` for the idle time on Darwin). Best effort.
/// The corresponding C function is `setsockopt`.
package func systemSetKeepAlive(_ descriptor: Int32, idleSeconds: Int32, intervalSeconds: Int32, count: Int32)
{
  let size = socklen_t(MemoryLayout<Int32>.size)
  var one: Int32 = 1
  var idle = idleSeconds
  var interval = intervalSeconds
  var probes = count
  _ = setsockopt(descriptor, SOL_SOCKET, SO_KEEPALIVE, &one, size)
  #if canImport(Glibc)
    _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_KEEPIDLE, &idle, size)
  #else
    _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_KEEPALIVE, &idle, size)
  #endif
  _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_KEEPINTVL, &interval, size)
  _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_KEEPCNT, &probes, size)
}

/// The keepalive options of a socket, as ``systemSetKeepAlive(_:idleSeconds:intervalSeconds:count:)``
/// sets them: whether `SO_KEEPALIVE` is on, the idle time, interval and count; nil when they
/// cannot be read. The corresponding C function is `getsockopt`.
package func systemKeepAlive(_ descriptor: Int32) -> (
  isOn: Bool, idleSeconds: Int32, intervalSeconds: Int32, count: Int32
)? {
  func option(_ level: Int32, _ name: Int32) -> Int32? {
    var value: Int32 = 0
    var size = socklen_t(MemoryLayout<Int32>.size)
    return getsockopt(descriptor, level, name, &value, &size) == 0 ? value : nil
  }
  #if canImport(Glibc)
    let idleName = TCP_KEEPIDLE
  #else
    let idleName = TCP_KEEPALIVE
  #endif
  guard let on = option(SOL_SOCKET, SO_KEEPALIVE), let idle = option(Int32(IPPROTO_TCP), idleName),
    let interval = option(Int32(IPPROTO_TCP), TCP_KEEPINTVL),
    let count = option(Int32(IPPROTO_TCP), TCP_KEEPCNT)
  else { return nil }
  return (on != 0, idle, interval, count)
}

/// Sends segments at once rather than waiting to fill them (`TCP_NODELAY`), best effort. The
/// corresponding C function is `setsockopt`.
package func systemSetNoDelay(_ descriptor: Int32) {
  var one: Int32 = 1
  _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
}

/// Sends bytes on a socket without raising `SIGPIPE` when the peer is gone (`MSG_NOSIGNAL`; on
/// Darwin, `SO_NOSIGPIPE` set first). The corresponding C function is `send`.
package func systemSend(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  #if canImport(Glibc)
    return send(descriptor, buffer, count, Int32(MSG_NOSIGNAL))
  #else
    var one: Int32 = 1
    _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    return send(descriptor, buffer, count, 0)
  #endif
}

/// Ends the sending half of a connection (`SHUT_WR`), so the peer reads an end of file. The
/// corresponding C function is `shutdown`.
package func systemShutdownWrite(_ descriptor: Int32) { _ = shutdown(descriptor, Int32(SHUT_WR)) }

/// The peer's IPv4 address of a connected socket as four bytes (nil for another family or an
/// error). The corresponding C function is `getpeername`.
package func systemPeerIPv4Address(_ descriptor: Int32) -> [UInt8]? {
  var address = sockaddr_in()
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let status = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) }
  }
  guard status == 0, Int32(address.sin_family) == AF_INET else { return nil }
  return withUnsafeBytes(of: address.sin_addr.s_addr) { Array($0) }
}

// MARK: - Threads

/// A closure handed to a new thread.
private final class ThreadBody: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Runs `body` on a new detached thread (one that blocks in `poll` for as long as a connection
/// lasts, which a Dispatch queue's few threads must not); false when the thread cannot be made.
/// The corresponding C functions are `pthread_attr_init`, `pthread_attr_setdetachstate` and
/// `pthread_create`.
package func systemStartThread(_ body: @escaping @Sendable () -> Void) -> Bool {
  let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  var attributes = pthread_attr_t()
  pthread_attr_init(&attributes)
  defer { pthread_attr_destroy(&attributes) }
  pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
  #if canImport(Glibc)
    var thread = pthread_t()
  #else
    var thread: pthread_t?
  #endif
  let status = pthread_create(
    &thread, &attributes,
    { pointer in
      #if canImport(Glibc)
        let body = Unmanaged<ThreadBody>.fromOpaque(pointer!).takeRetainedValue()
      #else
        let body = Unmanaged<ThreadBody>.fromOpaque(pointer).takeRetainedValue()
      #endif
      // Signals go to the main thread, which waits for them; this one's calls are not interrupted.
      var blocked = sigset_t()
      sigemptyset(&blocked)
      for number in SignalNumber.terminating { sigaddset(&blocked, number) }
      pthread_sigmask(SIG_BLOCK, &blocked, nil)
      body.run()
      return nil
    }, box)
  if status != 0 {
    Unmanaged<ThreadBody>.fromOpaque(box).release()
    return false
  }
  return true
}

/// Ends both directions of a connection, waking a thread blocked on it. The corresponding C
/// function is `shutdown`, with `SHUT_RDWR`.
package func systemShutdownBoth(_ descriptor: Int32) { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }

// MARK: - Processes

/// Starts `program` (looked up in `PATH`) with `arguments`, standard input from /dev/null, without
/// waiting for it; returns its process id, or nil when it cannot be started. The child is not
/// waited for (a helper such as `xdg-open` exits at once).
/// The corresponding C functions are `posix_spawn_file_actions_addopen` and `posix_spawnp`.
package func systemSpawn(_ program: String, _ arguments: [String]) -> Int32? {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  let argv = ([program] + arguments).map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var child: pid_t = 0
  let status = posix_spawnp(&child, program, &actions, nil, argv, environ)
  return status == 0 ? child : nil
}

/// Removes the file at `path`, best effort. The corresponding C function is `unlink`.
package func systemUnlink(_ path: SystemPath) { _ = path.withCString { unlink($0) } }
