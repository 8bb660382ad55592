import SettingsPOSIX

/// What tells one version of a file from another without reading it, as git's index records it:
/// device, inode, size, and the modification and change times in nanoseconds, from a
/// ``FileStatus``.
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

  /// The identity in a file's status.
  package init(_ status: FileStatus) {
    device = status.device
    inode = status.inode
    size = Int64(status.size)
    modificationTime = status.modificationTime
    changeTime = status.changeTime
    isRegularFile = status.kind == .regular
  }

  /// The six numbers as the cache stores them, in order.
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
}

extension FileDescriptor {
  /// The open file's identity (`fstat(2)`); nil when it cannot be had.
  package func identity() -> FileIdentity? { (try? status()).map(FileIdentity.init) }
}
