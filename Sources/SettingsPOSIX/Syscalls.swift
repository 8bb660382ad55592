// The pass-through calls of the POSIX layer. Every system call the package makes is wrapped once
// in this target, as swift-system's `Internals/Syscalls.swift` does; the rest of the package
// calls these wrappers (directly, or through ``FileDescriptor``, ``FileSystem`` and ``SystemPath``).
// Wrappers return what the C function returns and leave the error in `errno` (read it with
// ``Errno/current``), except the few that throw: those retry on `EINTR` unless the caller passes
// `retryOnInterrupt: false`, as swift-system's do. Retrying belongs here, never in a caller's loop
// (``retryingOnInterrupt(_:)``, ``FileDescriptor``).

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Types and constants

/// Permission bits and file type bits of a file (`mode_t`).
package typealias FileMode = mode_t

/// Flags of `open(2)` and `openat(2)`.
package struct OpenFlags: OptionSet, Sendable {
  package let rawValue: Int32
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// The union of `elements`: `[.readOnly, .closeOnExec]`. Written out because the standard
  /// library's `SetAlgebra` version goes through its generic `init(_:)` over a sequence, whose
  /// type metadata the runtime builds on first use: some 130 000 instructions of every command.
  package init(arrayLiteral elements: OpenFlags...) {
    var rawValue: Int32 = 0
    for element in elements { rawValue |= element.rawValue }
    self.init(rawValue: rawValue)
  }

  /// `O_RDONLY` (zero: the absence of the write flags).
  package static let readOnly = OpenFlags(rawValue: O_RDONLY)
  /// `O_WRONLY`.
  package static let writeOnly = OpenFlags(rawValue: O_WRONLY)
  /// `O_CREAT`.
  package static let create = OpenFlags(rawValue: O_CREAT)
  /// `O_APPEND`.
  package static let append = OpenFlags(rawValue: O_APPEND)
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

// MARK: - Files

extension SystemPath {
  /// Calls `body` with the path as a NUL-terminated C string (a NUL byte inside the path ends it,
  /// as with a Swift `String`).
  package func withCString<T>(_ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
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
/// returns what each descriptor reported (all empty on a timeout). Interrupted by a signal, it
/// waits again for the time left; with `retryOnInterrupt` false it throws `EINTR` instead, for a
/// caller that must see the signal.
/// The corresponding C function is `poll`.
package func systemPoll(
  _ requests: [(descriptor: Int32, events: PollEvents)], timeoutMilliseconds: Int32,
  retryOnInterrupt: Bool = true
) throws(Errno) -> [PollEvents] {
  var entries = requests.map { pollfd(fd: $0.descriptor, events: $0.events.rawValue, revents: 0) }
  let deadline = systemMonotonicNanoseconds() + Int64(timeoutMilliseconds) * 1_000_000
  var timeout = timeoutMilliseconds
  while poll(&entries, nfds_t(entries.count), timeout) < 0 {
    let error = Errno.current
    guard error == .interrupted, retryOnInterrupt else { throw error }
    if timeoutMilliseconds >= 0 {
      // Rounded up: a wait cut short must not end before its deadline.
      timeout = Int32(clamping: max(0, (deadline - systemMonotonicNanoseconds() + 999_999) / 1_000_000))
    }
  }
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

// MARK: - Processes

/// The corresponding C function is `getpid`.
package func systemGetpid() -> Int32 { getpid() }

/// Whether a process with this id exists (one of another user's counts too).
///
/// The corresponding C function is `kill`, with signal 0.
package func systemProcessExists(_ pid: Int32) -> Bool { pid > 0 && (kill(pid, 0) == 0 || errno == EPERM) }

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

/// The effective user of the process, for a check that needs no group. The corresponding C
/// function is `geteuid`.
package func systemEffectiveUser() -> UInt32 { UInt32(geteuid()) }

/// The login name of user `uid` in the user database (`/etc/passwd`, or NSS), or nil when it
/// has no entry or cannot be read.
///
/// The corresponding C function is `getpwuid_r`.
package func systemUserName(_ uid: UInt32) -> String? {
  #if canImport(Glibc) || canImport(Darwin)
    var entry = passwd()
    var found: UnsafeMutablePointer<passwd>?
    var buffer = [CChar](repeating: 0, count: 1024)
    while true {
      let result = getpwuid_r(uid_t(uid), &entry, &buffer, buffer.count, &found)
      // ERANGE: the entry does not fit; try again with more room, up to 1 MiB.
      if result == ERANGE, buffer.count < 1 << 20 {
        buffer = [CChar](repeating: 0, count: buffer.count * 4)
        continue
      }
      guard result == 0, found != nil, let name = entry.pw_name else { return nil }
      let text = String(cString: name)
      return text.isEmpty ? nil : text
    }
  #else
    return nil
  #endif
}

/// Ends the process with `status`, without running anything else.
/// The corresponding C function is `exit`.
package func systemExit(_ status: Int32) -> Never { exit(status) }

/// The process environment as it is, each entry split at its first `=` byte, names and values as
/// bytes (not necessarily UTF-8). The corresponding C variable is `environ`.
package func systemEnvironment() -> [(name: [UInt8], value: [UInt8])] {
  var entries: [(name: [UInt8], value: [UInt8])] = []
  systemForEachEnvironmentEntry { name, value in entries.append((Array(name), Array(value))) }
  return entries
}

/// How many entries the process environment has (with or without a `=`). The corresponding C
/// variable is `environ`.
package func systemEnvironmentCount() -> Int {
  var count = 0
  var pointer = environ
  while pointer.pointee != nil {
    count += 1
    pointer += 1
  }
  return count
}

/// Calls `body` with each entry of the process environment split at its first `=` byte (entries
/// without one are skipped), in order, the name and value as bytes valid only during the call:
/// ``systemEnvironment()`` without copying every entry twice. The corresponding C variable is
/// `environ`.
package func systemForEachEnvironmentEntry(
  _ body: (_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Void
) {
  var pointer = environ
  while let entry = pointer.pointee {
    let bytes = UnsafeRawBufferPointer(start: entry, count: strlen(entry))
    if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
      body(
        UnsafeRawBufferPointer(rebasing: bytes[..<equals]),
        UnsafeRawBufferPointer(rebasing: bytes[(equals + 1)...]))
    }
    pointer += 1
  }
}

/// Removes the file at `path`, best effort. The corresponding C function is `unlink`.
package func systemUnlink(_ path: SystemPath) { _ = path.withCString { unlink($0) } }

/// A new pipe's read and write ends. The corresponding C function is `pipe`.
package func systemPipe() throws(Errno) -> (read: Int32, write: Int32) {
  var ends: [Int32] = [0, 0]
  if pipe(&ends) != 0 { throw .current }
  return (ends[0], ends[1])
}

/// Kills this process with SIGKILL, as a crash at this point would end it (the crash tests).
/// The corresponding C function is `kill`.
package func systemKillSelf() -> Never {
  kill(getpid(), SIGKILL)
  exit(137)
}

/// Sends `number` to the calling thread. The corresponding C function is `raise`.
package func systemRaise(_ number: Int32) { raise(number) }

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
