#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The calls that tell a watcher a directory changed, wrapped once: inotify on Linux, kqueue on
/// macOS, and the wake byte of a loop blocked in `poll`. Nothing here keeps state; descriptors are
/// plain `Int32`s owned by the caller.
package enum FileEvents {
  // MARK: - Waking a blocked loop

  /// Writes one byte to a wake pipe (a full pipe already wakes the loop, so a failure is harmless).
  package static func wake(_ descriptor: Int32) {
    var byte: UInt8 = 1
    while write(descriptor, &byte, 1) < 0 && errno == EINTR {}
  }

  /// Reads whatever is waiting on a non-blocking descriptor and returns it (empty when nothing is).
  package static func drain(_ descriptor: Int32, capacity: Int = 64 * 1024) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: capacity)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count > 0 { return Array(buffer[0..<count]) }
      if count < 0 && errno == EINTR { continue }
      return []
    }
  }

  // MARK: - inotify (Linux)

  #if os(Linux)
    /// What a directory watch asks for: entries created, deleted, renamed in or out, written,
    /// changed in place or in their attributes, and the directory itself going away.
    package static let directoryEvents: UInt32 =
      UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_MODIFY)
      | UInt32(IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    /// One event read from an inotify descriptor.
    package struct NotifyEvent: Equatable {
      /// The watch it belongs to (-1 for a queue overflow).
      package var watch: Int32
      /// The `IN_…` bits.
      package var mask: UInt32
      /// The entry's name inside the watched directory; empty for an event on the directory itself.
      package var name: SystemPath

      /// The kernel's queue overflowed: events were lost, so everything must be looked at again.
      package var isOverflow: Bool { watch < 0 || mask & UInt32(IN_Q_OVERFLOW) != 0 }
      /// Only a write in place, with the file still open.
      package var isWriteOnly: Bool { mask & ~UInt32(IN_ISDIR) == UInt32(IN_MODIFY) }
      /// A file opened for writing was closed: an in-place write is complete.
      package var isCloseAfterWrite: Bool { mask & UInt32(IN_CLOSE_WRITE) != 0 }
    }

    /// A new non-blocking, close-on-exec inotify descriptor, or the `errno` of `inotify_init1(2)`
    /// (`EMFILE` when the per-user limit of instances is reached).
    package static func notifyOpen() -> Result<Int32, NotifyFailure> {
      let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
      return descriptor >= 0 ? .success(descriptor) : .failure(NotifyFailure(code: errno))
    }

    /// Watches the directory at `path`; the same directory watched twice gives the same watch
    /// number. Fails with `ENOSPC` when the per-user limit of watches is reached, `ENOENT` or
    /// `ENOTDIR` when `path` is no longer a directory. The corresponding C function is
    /// `inotify_add_watch`.
    package static func notifyAddWatch(_ descriptor: Int32, directory path: SystemPath) -> Result<
      Int32, NotifyFailure
    > {
      let watch = path.withCString { inotify_add_watch(descriptor, $0, directoryEvents) }
      return watch >= 0 ? .success(watch) : .failure(NotifyFailure(code: errno))
    }

    /// Stops a watch (ignoring a watch the kernel already removed). The corresponding C function is
    /// `inotify_rm_watch`.
    package static func notifyRemoveWatch(_ descriptor: Int32, _ watch: Int32) {
      _ = inotify_rm_watch(descriptor, watch)
    }

    /// Decodes the `struct inotify_event` records in `bytes`, as `read(2)` returned them.
    package static func notifyEvents(in bytes: [UInt8]) -> [NotifyEvent] {
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
  package struct NotifyFailure: Error, Equatable {
    /// The C error number.
    package var code: Int32

    /// Whether it is a per-user limit (`EMFILE` instances, `ENOSPC` watches, `ENFILE`, `ENOMEM`),
    /// after which the watcher polls instead.
    package var isLimit: Bool { code == EMFILE || code == ENOSPC || code == ENFILE || code == ENOMEM }
  }

  // MARK: - kqueue (macOS and the BSDs)

  #if canImport(Darwin)
    /// A new kqueue descriptor, or nil.
    package static func kqueueOpen() -> Int32? {
      let descriptor = kqueue()
      return descriptor >= 0 ? descriptor : nil
    }

    /// Opens `path` for event notification only (`O_EVTONLY`), nil when it cannot be opened.
    package static func openForEvents(_ path: SystemPath) -> Int32? {
      let descriptor = path.withCString { open($0, O_EVTONLY | O_CLOEXEC) }
      return descriptor >= 0 ? descriptor : nil
    }

    /// Registers `descriptor` with the kqueue: vnode events (written, extended, deleted, renamed,
    /// attributes, links, revoked) when `isVnode`, else readability.
    package static func kqueueRegister(_ queue: Int32, _ descriptor: Int32, isVnode: Bool) {
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
    package static func kqueueWait(_ queue: Int32, timeoutMilliseconds: Int32) -> [Int32] {
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
