#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every system call the watcher makes, wrapped once, so that they can move onto a shared system
/// layer later. Nothing here keeps state; descriptors are plain `Int32`s owned by the caller.
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
