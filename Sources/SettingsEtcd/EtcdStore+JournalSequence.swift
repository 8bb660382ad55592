import SettingsKit

extension EtcdStore {
  /// The number of the journal entry that left the store as one read of the prefix found it
  /// (`StoreContents.journalSequence`): the newest entry among `journal` (the keys under
  /// ``journalPrefix``), when its after-digest is that of `raw` (each item key's value as stored).
  /// A write and its entry land in one transaction, so the newest entry is the write's; an entry
  /// that changed no value (an `outside` one for a rewrite of the same values) stands for the newest
  /// before it that did. Nil when the journal is empty or ends elsewhere: a change made without
  /// the tool that no entry holds yet.
  func journalSequence(in journal: [EtcdMessages.KeyValue], raw: [String: [UInt8]]) -> Int? {
    let baseKey = journalPrefix + "base"
    // Entry keys end in 20 digits, so that they sort as their numbers do.
    let entries = journal.filter { $0.key != baseKey }.sorted { $0.key > $1.key }
    let digest = EtcdJournal.digest(raw)
    for (index, pair) in entries.enumerated() {
      guard let record = try? JSONParser(maximumDepth: 64).parse(pair.value),
        let entry = JournalEntry(json: record), index > 0 || entry.afterDigest == digest
      else {
        return nil
      }
      if !entry.changes.isEmpty { return entry.sequence }
    }
    return nil
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
