import SettingsKit

extension EtcdStore {
  /// The number of the journal entry that left the store as one read of the prefix found it
  /// (`StoreContents.journalSequence`): `StoreJournal.sequence(newestFirst:leaving:)` given the
  /// entries among `journal` (the keys under ``journalPrefix``) newest first and the digest of
  /// `raw` (each item key's value as stored). A write and its entry land in one transaction, so
  /// the newest entry is the write's. Nil when the journal is empty or ends elsewhere: a change
  /// made without the tool that no entry holds yet.
  func journalSequence(in journal: [EtcdMessages.KeyValue], raw: [String: [UInt8]]) -> Int? {
    let baseKey = journalPrefix + "base"
    // Entry keys end in 20 digits, so that they sort as their numbers do.
    let entries = journal.filter { $0.key != baseKey }.sorted { $0.key > $1.key }.lazy.map { pair in
      (try? JSONParser(maximumDepth: 64).parse(pair.value)).flatMap(JournalEntry.init(json:))
    }
    return StoreJournal.sequence(newestFirst: entries, leaving: EtcdJournal.digest(raw))
  }

  /// The number of the journal entry among the events of one revision of a watch response: the
  /// entry a write put in the same transaction as its change (the largest, after any `outside`
  /// entry recorded with it); nil when the revision put none (a change made without the tool).
  func journalSequence(inEventsOf revision: [JSONValue]) -> Int? {
    var sequence: Int?
    for event in revision {
      if case .string("DELETE")? = event[member: "type"]?.kind { continue }
      guard let pair = event[member: "kv"].flatMap(EtcdMessages.keyValue),
        pair.key.hasPrefix(journalPrefix), pair.key != journalPrefix + "base",
        let record = try? JSONParser(maximumDepth: 64).parse(pair.value),
        let entry = JournalEntry(json: record)
      else {
        continue
      }
      sequence = max(sequence ?? entry.sequence, entry.sequence)
    }
    return sequence
  }
}
