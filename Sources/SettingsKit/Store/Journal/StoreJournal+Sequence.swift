extension StoreJournal {
  /// The number of the entry that left the store as a read found it: `digest` is the hash of the
  /// store as read (a file store's bytes through ``FileJournal/digest(_:)``), `values` its overrides.
  ///
  /// It is the newest entry whose after-digest is `digest`. The newest, so that several writes that
  /// one read of the store found together (a burst that a watch coalesced into one update) name
  /// the last of them; an older entry with the same digest left the same bytes, which a later read
  /// does not report again. When no entry has the digest (the store was rewritten after the read
  /// without a change of value, such as a hand edit that only moved white space), it is the last
  /// entry, if the state after it agrees with `values` (secure keys compared by whether they are
  /// set). From there, ``sequence(newestFirst:leaving:)`` names the entry.
  ///
  /// - Returns: nil when the journal holds no entry that left the store so: a change made without
  ///   the tool and not yet journaled, or a journal with no entries.
  package func sequence(leaving digest: UInt64, values: [String: JSONValue], secureKeys: Set<String>)
    -> Int?
  {
    var index = entries.lastIndex { $0.afterDigest == digest }
    if index == nil, !entries.isEmpty,
      Self.changes(from: state(), to: values, secureKeys: secureKeys, comparingSecureText: false).isEmpty
    {
      index = entries.count - 1
    }
    guard let index else { return nil }
    return Self.sequence(
      newestFirst: entries[...index].reversed().lazy.map { Optional($0) }, leaving: entries[index].afterDigest
    )
  }

  /// The number of the journal entry behind a change a watch noticed: the one rule every
  /// ``JournalingStore`` follows, each store giving only its raw read of the entries.
  ///
  /// `entries` are the journal's newest first, as the store read them (nil for one that does not
  /// parse), and are read lazily: most often only the first is. The first must be the entry that
  /// left the store as read (its after-digest is `digest`, the hash of the store as read): a write
  /// and its entry land together, so a newest entry with another digest means a change made
  /// without the tool that no entry holds yet. An entry that changed no value (an `outside` one
  /// for a rewrite of the same values, which `history` leaves out) stands for the newest before it
  /// that did. A file store gives its journal's last line (then, when that does not tell, its
  /// whole journal reconciled with the store, through
  /// ``sequence(leaving:values:secureKeys:)``); etcd the journal keys of the same range read as
  /// the values.
  ///
  /// - Returns: nil when the first entry is not the read's, an entry on the way does not parse, or
  ///   no entry on the way changed a value.
  package static func sequence(newestFirst entries: some Sequence<JournalEntry?>, leaving digest: UInt64)
    -> Int?
  {
    var isNewest = true
    for entry in entries {
      guard let entry, !isNewest || entry.afterDigest == digest else { return nil }
      if !entry.changes.isEmpty { return entry.sequence }
      isNewest = false
    }
    return nil
  }
}
