/// An open file descriptor (after swift-system's `FileDescriptor`): a plain value that does not
/// close itself; ``closeAfter(_:)`` closes it on every exit path of a closure.
///
/// Every call that can be interrupted by a signal is retried on `EINTR`.
package struct FileDescriptor: Hashable, Sendable {
  /// The raw descriptor.
  package let rawValue: Int32

  /// Wraps a raw descriptor, which the caller owns.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// Descriptor 0.
  package static let standardInput = FileDescriptor(rawValue: 0)
  /// Descriptor 1.
  package static let standardOutput = FileDescriptor(rawValue: 1)
  /// Descriptor 2.
  package static let standardError = FileDescriptor(rawValue: 2)

  /// Opens `path`, retrying on `EINTR`.
  ///
  /// The corresponding C function is `open`.
  package static func open(_ path: SystemPath, _ flags: OpenFlags, mode: FileMode = 0) throws(Errno)
    -> FileDescriptor
  {
    FileDescriptor(rawValue: try retryingOnInterrupt { systemOpen(path, flags, mode) })
  }

  /// Opens `path` relative to this directory, retrying on `EINTR`.
  ///
  /// The corresponding C function is `openat`.
  package func open(_ path: SystemPath, _ flags: OpenFlags, mode: FileMode = 0) throws(Errno)
    -> FileDescriptor
  {
    FileDescriptor(rawValue: try retryingOnInterrupt { systemOpenat(rawValue, path, flags, mode) })
  }

  /// Closes the descriptor, ignoring errors (after `close` the descriptor is gone even when it
  /// reports one, so retrying would be wrong).
  ///
  /// The corresponding C function is `close`.
  package func close() { _ = systemClose(rawValue) }

  /// Runs `body` and closes the descriptor afterwards, whether `body` returns or throws.
  package func closeAfter<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    defer { close() }
    return try body()
  }

  /// Reads up to `buffer.count` bytes, retrying on `EINTR`; returns how many (0 at the end).
  ///
  /// The corresponding C function is `read`.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    try retryingOnInterrupt { systemRead(rawValue, buffer.baseAddress, buffer.count) }
  }

  /// Reads to the end of the input in 64 KiB chunks, retrying on `EINTR`; nil as soon as more
  /// than `limit` bytes have come. `expectedSize` (bytes) only reserves room.
  ///
  /// The corresponding C function is `read`.
  package func readToEnd(limit: Int, expectedSize: Int = 0) throws(Errno) -> [UInt8]? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(min(expectedSize, limit))
    // Uninitialized: zeroing 64 KiB for a store of a few bytes was most of reading it. A small
    // file's chunk is small too, so that it comes from the heap without a `brk(2)` each way.
    let size = expectedSize > 0 ? min(64 * 1024, max(expectedSize + 1, 4096)) : 64 * 1024
    let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
    defer { chunk.deallocate() }
    while true {
      let count = try read(into: chunk)
      if count == 0 { return bytes }
      bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
      if bytes.count > limit { return nil }
    }
  }

  /// Writes every byte of `bytes`, in chunks of at most 1 GiB, going on after partial writes and
  /// `EINTR`. A write that makes no progress fails with `EIO` rather than spinning.
  ///
  /// The corresponding C function is `write`.
  package func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
    var offset = 0
    while offset < bytes.count {
      let count = try retryingOnInterrupt {
        systemWrite(rawValue, bytes.baseAddress! + offset, min(bytes.count - offset, 1 << 30))
      }
      if count == 0 { throw .ioError }
      offset += count
    }
  }

  /// Writes every byte of `bytes`; see ``writeAll(_:)-(UnsafeRawBufferPointer)``.
  package func writeAll(_ bytes: [UInt8]) throws(Errno) {
    try bytes.withUnsafeBytes { buffer in Result { () throws(Errno) in try writeAll(buffer) } }.get()
  }

  /// Flushes the file's data and metadata to the device, retrying on `EINTR`.
  ///
  /// The corresponding C function is `fsync`.
  package func sync() throws(Errno) {
    _ = try retryingOnInterrupt { systemFsync(rawValue) }
  }

  /// What the file is, its permissions, size and owner.
  ///
  /// The corresponding C function is `fstat`.
  package func status() throws(Errno) -> FileStatus {
    var status: FileStatus?
    if systemFstat(rawValue, &status) != 0 { throw .current }
    return status!
  }

  /// What `name` in this directory is, not following a final symbolic link unless `followingLinks`.
  ///
  /// The corresponding C function is `fstatat`.
  package func status(of name: SystemPath, followingLinks: Bool = false) throws(Errno) -> FileStatus {
    var status: FileStatus?
    if systemFstatat(rawValue, name, followingLinks: followingLinks, &status) != 0 { throw .current }
    return status!
  }

  /// Gives the file to `owner` and `group`; only works as root, so the result is only reported.
  ///
  /// The corresponding C function is `fchown`.
  package func changeOwner(to owner: UInt32, group: UInt32) -> Bool {
    systemFchown(rawValue, owner, group) == 0
  }

  /// Sets the permission bits.
  ///
  /// The corresponding C function is `fchmod`.
  package func changePermissions(to mode: FileMode) throws(Errno) {
    if systemFchmod(rawValue, mode) != 0 { throw .current }
  }

  /// Renames `old` to `new`, both in this directory.
  ///
  /// The corresponding C function is `renameat`.
  package func rename(_ old: SystemPath, to new: SystemPath) throws(Errno) {
    if systemRenameat(rawValue, old, rawValue, new) != 0 { throw .current }
  }

  /// Removes `name` from this directory, best effort.
  ///
  /// The corresponding C function is `unlinkat`.
  package func removeEntry(_ name: SystemPath) { _ = systemUnlinkat(rawValue, name) }

  /// Tries once to take an exclusive `flock` without waiting, retrying on `EINTR`; false when
  /// someone else holds it.
  ///
  /// The corresponding C function is `flock`, with `LOCK_EX | LOCK_NB`.
  package func tryLock() throws(Errno) -> Bool {
    do {
      _ = try retryingOnInterrupt { systemFlockExclusiveNonBlocking(rawValue) }
      return true
    } catch {
      if error == .wouldBlock { return false }
      throw error
    }
  }

  /// Releases the `flock`.
  ///
  /// The corresponding C function is `flock`, with `LOCK_UN`.
  package func unlock() { _ = systemFlockUnlock(rawValue) }

  /// A new pipe.
  ///
  /// The corresponding C function is `pipe`.
  package static func pipe() throws(Errno) -> (read: FileDescriptor, write: FileDescriptor) {
    let (read, write) = try systemPipe()
    return (FileDescriptor(rawValue: read), FileDescriptor(rawValue: write))
  }
}

extension FileDescriptor {
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
