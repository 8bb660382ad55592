extension FileStore {
  /// The number of the journal entry that left the store file with `bytes` (read as `values`), for
  /// a watch that noticed a change: the journal is read (``journal(secureKeys:)``, reconciled with
  /// the store as it is by then) and the entry found by ``StoreJournal/sequence(leaving:values:secureKeys:)``.
  ///
  /// Several writes noticed by one read name the last of them (the store's bytes are those it
  /// wrote); a write that landed after the read does not count (its entry's after-digest is not
  /// the read's). A change made without the tool names the `outside` entry the reconciled journal
  /// gives it, the number the next write records it under (two such changes before that write
  /// share it). Nil when the store keeps no journal (``journalLimit`` 0), or the journal cannot be read
  /// or holds no such entry.
  func journalSequence(leaving bytes: [UInt8], values: [String: JSONValue], secureKeys: Set<String>) -> Int? {
    guard journalLimit > 0, let journal = try? journal(secureKeys: secureKeys) else { return nil }
    return journal.sequence(leaving: FileJournal.digest(bytes), values: values, secureKeys: secureKeys)
  }
}
