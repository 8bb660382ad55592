/// Where a store's contents stood when they were read: what ``SettingsStore/changes(after:)``
/// continues from.
///
/// For ``MemoryStore`` and an etcd store it is a counter that every change raises (etcd's own
/// revision). For ``FileStore`` it is derived from the file's identity (device, inode, size and
/// times, which an atomic replace always changes), so two reads of an unchanged file give the same
/// revision, but two revisions of a file are not ordered. A store that was never written is at
/// revision 0.
public struct StoreRevision: Sendable, Hashable, CustomStringConvertible {
  /// The revision as a number: ordered for counters, an identity for a file.
  public var number: Int64

  /// Creates a revision.
  public init(_ number: Int64) {
    self.number = number
  }

  /// The revision of a store that was never written.
  public static let initial = StoreRevision(0)

  /// The number, in decimal.
  public var description: String { String(number) }
}
