#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `stat(2)` reports of a file: the one snapshot of a file's metadata in the package.
///
/// Two snapshots of a file compare equal when nothing about it changed that `stat` can see: a
/// replaced file has another inode, a file rewritten in place another size, modification or change
/// time (as git's index and the polling watcher tell versions apart).
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
  /// `st_dev`.
  package var device: UInt64
  /// `st_ino`.
  package var inode: UInt64
  /// `st_mtim`, in nanoseconds since the epoch.
  package var modificationTime: Int64
  /// `st_ctim`, in nanoseconds since the epoch.
  package var changeTime: Int64

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
    device = UInt64(truncatingIfNeeded: info.st_dev)
    inode = UInt64(truncatingIfNeeded: info.st_ino)
    #if canImport(Darwin)
      modificationTime = Self.nanoseconds(info.st_mtimespec)
      changeTime = Self.nanoseconds(info.st_ctimespec)
    #else
      modificationTime = Self.nanoseconds(info.st_mtim)
      changeTime = Self.nanoseconds(info.st_ctim)
    #endif
  }

  /// A `timespec` in nanoseconds since the epoch.
  static func nanoseconds(_ time: timespec) -> Int64 {
    Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }

  /// How long after a file's last modification or change its status cannot be trusted to tell a
  /// later write from it, in nanoseconds: 2 s, the coarsest timestamp granularity (FAT's) with the
  /// kernel's coarse clock and some skew inside it. git calls a file this recent "racily clean".
  package static let racyWindow: Int64 = 2_000_000_000

  /// Whether the file could still be written again without its status changing: it was modified
  /// or changed less than `window` (``racyWindow``) before `now` (nanoseconds since the epoch), as
  /// git treats a racily clean index entry. A watcher reads such a file again though its status is
  /// the same; the compiled cache does not record it until it is older.
  package func isRacy(at now: Int64 = systemRealtimeNanoseconds(), window: Int64 = racyWindow) -> Bool {
    max(modificationTime, changeTime) > now - window
  }

  /// What tells one version of a file from another without reading it, as git's index records
  /// it, in this order: `st_dev`, `st_ino`, `st_size`, `st_mtim` and `st_ctim` in nanoseconds
  /// (their bit patterns), and 1 for a regular file (else 0). Equal identities mean the same
  /// contents unless the file was written again within the racy window (``isRacy(at:window:)``);
  /// the compiled document cache stores these six numbers for each of its sources.
  package var identity: [UInt64] {
    [
      device, inode, UInt64(truncatingIfNeeded: size), UInt64(bitPattern: modificationTime),
      UInt64(bitPattern: changeTime), kind == .regular ? 1 : 0,
    ]
  }
}

/// `AT_FDCWD`: a path relative to the current directory, for the `…at` calls.
package let atCurrentDirectory: Int32 = AT_FDCWD

extension FileDescriptor {
  /// The open file's ``FileStatus/identity`` (`fstat(2)`); nil when it cannot be had.
  package func identity() -> [UInt64]? { (try? status())?.identity }
}
