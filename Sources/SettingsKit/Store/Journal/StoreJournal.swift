/// A store's journal as read and reconciled with the store: the state before the oldest kept entry
/// (the base) and the entries after it, oldest first.
///
/// The state at any entry is the base with the entries up to it applied in order. A secure key's
/// value is never known: where one is set, the state holds ``JSONValue/null``.
public struct StoreJournal: Sendable, Equatable {
  /// The overrides before the oldest entry.
  public var base: [String: JSONValue]
  /// The number of the last entry folded into the base (0 when none was).
  public var baseSequence: Int
  /// A hash of the store file's bytes at the base; nil for a journal that does not exist yet.
  public var baseDigest: UInt64?
  /// Since when the store held the base: the time of the last entry folded into it, or when the
  /// journal began on a store that held overrides; nil when the journal began on an empty store
  /// (the base then held since always).
  public var baseTime: JournalTime?
  /// The entries, oldest first, each numbered one more than the one before it.
  public var entries: [JournalEntry]

  /// An empty journal starting at `base`.
  public init(
    base: [String: JSONValue] = [:], baseSequence: Int = 0, baseDigest: UInt64? = nil,
    baseTime: JournalTime? = nil, entries: [JournalEntry] = []
  ) {
    self.base = base
    self.baseSequence = baseSequence
    self.baseDigest = baseDigest
    self.baseTime = baseTime
    self.entries = entries
  }

  /// The oldest time whose state the journal knows: ``baseTime``; for a base written before it was
  /// recorded, the oldest entry's time once entries were folded into it (else since always). Nil:
  /// since always.
  public var knownSince: JournalTime? {
    if let baseTime { return baseTime }
    return baseSequence == 0 ? nil : entries.first?.time
  }

  /// The number the next entry takes.
  public var nextSequence: Int { (entries.last?.sequence ?? baseSequence) + 1 }

  /// The hash of the store's bytes after the last entry (or at the base).
  public var lastDigest: UInt64? { entries.last?.afterDigest ?? baseDigest }

  /// The overrides after the first `count` entries (all of them when nil).
  public func state(afterEntries count: Int? = nil) -> [String: JSONValue] {
    var state = base
    for entry in entries.prefix(count ?? entries.count) {
      for (key, change) in entry.changes { state[key] = change.after }
    }
    return state
  }

  /// The overrides as they stood at `time`: after every entry made at or before it.
  public func state(at time: JournalTime) -> [String: JSONValue] {
    state(afterEntries: entries.prefix { $0.time <= time }.count)
  }

  /// The changes from `old` to `new` as journal changes; `secureKeys`' values are not kept, nor
  /// the texts of the record lists' secure fields they name (`KEY[].FIELD`,
  /// ``secureFields(in:)``). With `comparingSecureText` (both sides read from stores), a secure
  /// key whose text changed counts, and so does a secure field's
  /// (``JournalChange/changedSecrets``); else (`old` reconstructed from the journal, which never
  /// knows the text) only whether one is set.
  package static func changes(
    from old: [String: JSONValue], to new: [String: JSONValue], secureKeys: Set<String>,
    comparingSecureText: Bool
  ) -> [String: JournalChange] {
    var changes: [String: JournalChange] = [:]
    let secureFields = secureFields(in: secureKeys)
    for key in secureKeys where secureFields.isEmpty || !key.contains("[].") {
      let (before, after) = (old[key], new[key])
      guard before != nil || after != nil else { continue }
      if let before, let after, !comparingSecureText || JSONValue.same(before, after) { continue }
      changes[key] = JournalChange(
        before: before == nil ? nil : .null, after: after == nil ? nil : .null, isSecure: true)
    }
    for key in StoreChange.differingKeys(old, new) where !secureKeys.contains(key) {
      guard let fields = secureFields[key] else {
        changes[key] = JournalChange(
          before: old[key].map(JournalEntry.unplaced), after: new[key].map(JournalEntry.unplaced))
        continue
      }
      let before = old[key].map { journaled($0, isSecure: false, fields: fields) }
      let after = new[key].map { journaled($0, isSecure: false, fields: fields) }
      var secrets: [String] = []
      // The masked lists made above serve the comparison: each list is masked once.
      if comparingSecureText, let was = old[key], let now = new[key], let before, let after {
        secrets = changedSecrets(from: was, to: now, masked: (before, after), fields: fields)
      }
      let same =
        before.flatMap { was in after.map { JSONValue.same(was, $0) } } ?? (before == nil && after == nil)
      guard !same || !secrets.isEmpty else { continue }
      changes[key] = JournalChange(before: before, after: after, changedSecrets: secrets)
    }
    return changes
  }
}
