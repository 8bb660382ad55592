extension StoreJournal {
  /// A journal reconciled with the store as it is (``reconciled(withStore:digest:time:secureKeys:dropsUnlandedEntry:)``).
  package struct Reconciled: Sendable, Equatable {
    /// The journal, agreeing with the store.
    package var journal: StoreJournal
    /// Whether it differs from the journal as stored (a stored journal is then worth rewriting).
    package var changed: Bool
    /// The `outside` entry added last for a change made behind the tool's back, not stored yet;
    /// nil when the store is where the journal left it (or the journal is new).
    package var noticed: JournalEntry?
  }

  /// How many entries a journal keeps at most with `limit`: `limit` and a tenth more (at least
  /// one), so that it is trimmed once in a while; none for a limit of 0.
  package static func entriesBeforeTrimming(limit: Int) -> Int {
    guard limit > 0 else { return 0 }
    // A limit near Int.max (an embedder's, or a huge SETTINGS_JOURNAL_LIMIT) keeps every entry.
    let (sum, overflow) = limit.addingReportingOverflow(max(1, limit / 10))
    return overflow ? Int.max : sum
  }

  /// The journal with its oldest entries folded into the base once there are more than
  /// ``entriesBeforeTrimming(limit:)``, keeping the newest `limit` (with 0: none; the base then
  /// moves with every change).
  package func trimmed(limit: Int) -> StoreJournal {
    let limit = max(0, limit)
    guard entries.count > Self.entriesBeforeTrimming(limit: limit) else { return self }
    let dropped = entries.count - limit
    var trimmed = self
    trimmed.base = state(afterEntries: dropped)
    trimmed.baseSequence = entries[dropped - 1].sequence
    trimmed.baseDigest = entries[dropped - 1].afterDigest
    trimmed.baseTime = entries[dropped - 1].time
    trimmed.entries = Array(entries.suffix(limit))
    return trimmed
  }

  /// The journal reconciled with the store as it is: `values`, whose digest is `digest` (a file's
  /// bytes, etcd's keys and values), last changed at `time`.
  ///
  /// - A journal that does not exist yet (no base digest) starts from the store as it is.
  /// - With `dropsUnlandedEntry` (a file store, whose journal is written before the store), a last
  ///   entry whose before-digest is the store's is a write that never landed: it is left out.
  /// - Entries that do not chain (a record lost between them) get an `outside` entry, numbered
  ///   with the first number missing, holding what changed between them as far as it is known:
  ///   the values the later entries found, and for the keys they did not touch the store's when it
  ///   is where the last entry left it. Where no number is missing, what came before is folded
  ///   into the base.
  /// - A store that is not where the last entry left it was changed behind the tool's back: an
  ///   `outside` entry made at `time` holds the difference (``Reconciled/noticed``).
  ///
  /// An `outside` entry's author is unknown (``WriteContext/outside``); one that changed no value
  /// (only a file's layout, or a secret's text, which is never known) still chains the digests.
  package func reconciled(
    withStore values: [String: JSONValue], digest: UInt64, time: JournalTime, secureKeys: Set<String>,
    dropsUnlandedEntry: Bool
  ) -> Reconciled {
    guard baseDigest != nil else {
      var base: [String: JSONValue] = [:]
      let fields = Self.secureFields(in: secureKeys)
      for (key, value) in values {
        base[key] = Self.journaled(value, isSecure: secureKeys.contains(key), fields: fields[key])
      }
      let started = StoreJournal(base: base, baseDigest: digest, baseTime: values.isEmpty ? nil : time)
      return Reconciled(journal: started, changed: true, noticed: nil)
    }
    var journal = self
    var changed = false
    if dropsUnlandedEntry, let last = journal.entries.last, last.afterDigest != digest,
      last.beforeDigest == digest
    {
      journal.entries.removeLast()
      changed = true
    }
    if journal.repairChain(storeValues: journal.lastDigest == digest ? values : nil, secureKeys: secureKeys) {
      changed = true
    }
    guard journal.lastDigest != digest else {
      return Reconciled(journal: journal, changed: changed, noticed: nil)
    }
    let outside = JournalEntry(
      sequence: journal.nextSequence, time: time, context: .outside,
      changes: Self.changes(
        from: journal.state(), to: values, secureKeys: secureKeys, comparingSecureText: false),
      beforeDigest: journal.lastDigest ?? 0, afterDigest: digest)
    journal.entries.append(outside)
    return Reconciled(journal: journal, changed: true, noticed: outside)
  }

  /// Accounts for what is missing where an entry does not begin where the one before it ended
  /// (see ``reconciled(withStore:digest:time:secureKeys:dropsUnlandedEntry:)``); `storeValues`
  /// are the store's when it is where the last entry left it. Returns whether anything changed.
  private mutating func repairChain(storeValues: [String: JSONValue]?, secureKeys: Set<String>) -> Bool {
    var repaired = false
    var state = base
    var (digest, sequence) = (baseDigest, baseSequence)
    var index = 0
    while index < entries.count {
      let entry = entries[index]
      guard entry.beforeDigest == digest else {
        repaired = true
        let known = startState(ofRunAt: index, after: state, storeValues: storeValues, secureKeys: secureKeys)
        if entry.sequence > sequence + 1 {
          let between = JournalEntry(
            sequence: sequence + 1, time: entry.time, context: .outside,
            changes: Self.changes(from: state, to: known, secureKeys: secureKeys, comparingSecureText: false),
            beforeDigest: digest ?? 0, afterDigest: entry.beforeDigest)
          entries.insert(between, at: index)
        } else {
          // No number is left for what came between: what came before goes into the base.
          base = known
          (baseSequence, baseDigest, baseTime) = (entry.sequence - 1, entry.beforeDigest, entry.time)
          entries.removeFirst(index)
          (state, digest, sequence, index) = (base, baseDigest, baseSequence, 0)
        }
        continue
      }
      for (key, change) in entry.changes { state[key] = change.after }
      (digest, sequence) = (entry.afterDigest, entry.sequence)
      index += 1
    }
    return repaired
  }

  /// The overrides before the entries from `index` on that chain one to the next, as far as they
  /// are known: each key's before-value in the first of them that changed it; for the other keys,
  /// the store's when these entries are the last (`storeValues` given), else `state` (the
  /// overrides before the records lost). A secure key's value is only whether it is set.
  private func startState(
    ofRunAt index: Int, after state: [String: JSONValue], storeValues: [String: JSONValue]?,
    secureKeys: Set<String>
  ) -> [String: JSONValue] {
    var end = index + 1
    while end < entries.count, entries[end].beforeDigest == entries[end - 1].afterDigest { end += 1 }
    var known = state
    var touched: Set<String> = []
    for entry in entries[index..<end] {
      for (key, change) in entry.changes where touched.insert(key).inserted { known[key] = change.before }
    }
    if end == entries.count, let storeValues {
      let fields = Self.secureFields(in: secureKeys)
      for key in Set(storeValues.keys).union(state.keys) where !touched.contains(key) {
        known[key] = storeValues[key].map {
          Self.journaled($0, isSecure: secureKeys.contains(key), fields: fields[key])
        }
      }
    }
    return known
  }
}
