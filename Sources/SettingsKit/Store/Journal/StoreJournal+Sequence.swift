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
  /// set). An entry that changed no value (an `outside` entry for such a rewrite, which `history`
  /// leaves out) stands for the newest entry before it that did.
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
    return entries[...index].last { !$0.changes.isEmpty }?.sequence
  }
}
