/// One change of a store, as its journal keeps it: when, who, how, why, and each key's override
/// before and after.
///
/// The file store keeps its journal beside the store file (`FileJournal`); the digests tie an
/// entry to the store's bytes, so that a write that never landed and a change made behind the
/// tool's back are told apart (see docs/RELIABILITY.md).
public struct JournalEntry: Sendable, Equatable {
  /// The entry's number: one more than the entry before it.
  public var sequence: Int
  /// When the change was made (for an outside change: the store file's modification time).
  public var time: JournalTime
  /// Who made it and how, with the message.
  public var context: WriteContext
  /// The keys changed, each with its override before and after.
  public var changes: [String: JournalChange]
  /// A 64-bit hash of the store file's bytes before the change.
  public var beforeDigest: UInt64
  /// A 64-bit hash of the store file's bytes after the change.
  public var afterDigest: UInt64

  /// Creates an entry.
  public init(
    sequence: Int, time: JournalTime, context: WriteContext, changes: [String: JournalChange],
    beforeDigest: UInt64, afterDigest: UInt64
  ) {
    self.sequence = sequence
    self.time = time
    self.context = context
    self.changes = changes
    self.beforeDigest = beforeDigest
    self.afterDigest = afterDigest
  }

  /// The changed keys, sorted.
  public var keys: [String] { changes.keys.sorted() }
}
