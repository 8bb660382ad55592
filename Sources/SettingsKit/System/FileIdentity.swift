// The system calls of the compiled document cache (Loading/DocumentCache.swift): a file's identity
// as `fstat(2)` gives it, reads at an offset, and the wall clock. Kept apart from Syscalls.swift so
// that the cache's additions stay in files of their own; like it, the only other file here that
// imports the C library.

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

/// Nanoseconds of `CLOCK_REALTIME`, the clock file times are set from.
/// The corresponding C function is `clock_gettime`.
package func systemRealtimeNanoseconds() -> Int64 {
  var now = timespec()
  _ = clock_gettime(CLOCK_REALTIME, &now)
  return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
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
