extension FileStore {
  /// The number of the journal entry that left the store file with `bytes` (read as `values`), for
  /// a watch that noticed a change: ``StoreJournal/sequence(newestFirst:leaving:)`` given the
  /// journal's last line, which most often is that entry (each write appends its entry before it
  /// replaces the store), so that only that line is parsed.
  ///
  /// Otherwise the journal is read whole (``journal(secureKeys:)``, reconciled with the store as it
  /// is by then) and the entry found by ``StoreJournal/sequence(leaving:values:secureKeys:)``:
  /// several writes noticed by one read name the last of them (the store's bytes are those it
  /// wrote), a write that landed after the read does not count (its entry's after-digest is not
  /// the read's), and a change made without the tool names the `outside` entry the reconciled
  /// journal gives it, the number the next write records it under and `history` shows for it now
  /// (two such changes before that write share it). Nil when the store keeps no journal
  /// (``journalLimit`` 0), or the journal cannot be read or holds no such entry.
  func journalSequence(leaving bytes: [UInt8], values: [String: JSONValue], secureKeys: Set<String>) -> Int? {
    guard journalLimit > 0 else { return nil }
    let digest = FileJournal.digest(bytes)
    if let sequence = StoreJournal.sequence(newestFirst: CollectionOfOne(lastJournalEntry()), leaving: digest)
    {
      return sequence
    }
    guard let journal = try? journal(secureKeys: secureKeys) else { return nil }
    return journal.sequence(leaving: digest, values: values, secureKeys: secureKeys)
  }

  /// The entry on the journal file's last whole line, as written; nil when there is none.
  private func lastJournalEntry() -> JournalEntry? {
    guard let bytes = try? AtomicFile.read(journalPath), bytes.last == 0x0A else { return nil }
    let start = bytes.dropLast().lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    return StoreJournal.record(bytes[start..<(bytes.count - 1)]).flatMap(JournalEntry.init(json:))
  }
}
