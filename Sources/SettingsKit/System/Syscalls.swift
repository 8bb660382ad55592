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

// MARK: - Processes and time

/// The corresponding C function is `getpid`.
package func systemGetpid() -> Int32 { getpid() }

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
