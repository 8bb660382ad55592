import SettingsKit

/// The journal of an ``EtcdStore``, kept as ordinary keys under the document's prefix so that it
/// is shared by every machine and compaction (which drops old revisions, never live keys) keeps it:
///
/// - `<prefix><document id>/.journal/<20-digit number>`: one entry, the JSON of a file journal's
///   line (``JournalEntry/line`` without its newline);
/// - `<prefix><document id>/.journal/base`: the overrides before the oldest kept entry, as a file
///   journal's base record (`{"base":{…},"digest":HEX,"secure":[KEY…],"seq":N}`).
///
/// A digest is a 64-bit FNV-1a hash of the store's item keys and their values' bytes, sorted by key
/// (``digest(_:)``); it ties an entry to what etcd held, so that a change made without the tool
/// (`etcdctl put`) is noticed and journaled as `outside`.
enum EtcdJournal {
  /// The digest of a store's overrides: each item key, a zero byte, its value's bytes, a zero byte,
  /// in key order.
  static func digest(_ raw: [String: [UInt8]]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func add(_ byte: UInt8) {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    for key in raw.keys.sorted() {
      for byte in key.utf8 { add(byte) }
      add(0)
      for byte in raw[key] ?? [] { add(byte) }
      add(0)
    }
    return hash
  }

  /// The key of entry `sequence` under `journalPrefix`: the number with 20 digits, so that keys
  /// sort as numbers.
  static func entryKey(_ sequence: Int, journalPrefix: String) -> String {
    let digits = String(sequence)
    return journalPrefix + String(repeating: "0", count: max(0, 20 - digits.count)) + digits
  }

  /// A digest as 16 lowercase hexadecimal digits.
  static func hex(_ digest: UInt64) -> String {
    let digits = String(digest, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// The journal held by `pairs` (the keys under the journal prefix) as written: the base key and
  /// the entries that follow one another from it (a value that is not an entry, or an entry out of
  /// sequence, is left out). `hasBase` tells whether the base key exists.
  static func parse(_ pairs: [EtcdMessages.KeyValue], journalPrefix: String) -> (
    journal: StoreJournal, hasBase: Bool
  ) {
    var journal = StoreJournal()
    let baseKey = journalPrefix + "base"
    var hasBase = false
    if let base = pairs.first(where: { $0.key == baseKey }),
      let record = try? JSONParser(maximumDepth: 64).parse(base.value)
    {
      hasBase = true
      if case .object(let values)? = record[member: "base"]?.kind {
        for member in values { journal.base[member.name] = JournalEntry.unplaced(member.value) }
      }
      if case .array(let secure)? = record[member: "secure"]?.kind {
        for case .string(let key) in secure.map(\.kind) { journal.base[key] = .null }
      }
      if case .number(let text)? = record[member: "seq"]?.kind { journal.baseSequence = Int(text) ?? 0 }
      if case .string(let text)? = record[member: "digest"]?.kind {
        journal.baseDigest = UInt64(text, radix: 16)
      }
    }
    for pair in pairs.sorted(by: { $0.key < $1.key }) where pair.key != baseKey {
      guard let record = try? JSONParser(maximumDepth: 64).parse(pair.value),
        let entry = JournalEntry(json: record),
        entry.sequence == journal.nextSequence || journal.entries.isEmpty && journal.baseDigest == nil
      else { continue }
      if journal.entries.isEmpty, journal.baseDigest == nil {
        journal.baseSequence = entry.sequence - 1
        journal.baseDigest = entry.beforeDigest
      }
      journal.entries.append(entry)
    }
    return (journal, hasBase)
  }

  /// The base key's value for `journal`: its base with the secure keys only listed.
  static func baseText(_ journal: StoreJournal, secureKeys: Set<String>) -> String {
    let values = journal.base.filter { !secureKeys.contains($0.key) }
    let secure = journal.base.keys.filter { secureKeys.contains($0) }.sorted()
    return String(
      JSONWriter().line(
        .object([
          ("base", .object(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
          ("digest", .string(hex(journal.baseDigest ?? 0))),
          ("secure", .array(secure.map { .string($0) })), ("seq", .integer(journal.baseSequence)),
        ])
      ).dropLast())
  }

  /// `journal` reconciled with the store as it is (`values`, whose digest is `digest`): a journal
  /// that does not exist yet starts from the store as it is; a store that is not where the last
  /// entry left it was changed without the tool, which gets an `outside` entry made at `time`,
  /// noticed by `context`. (A write and its entry land in one transaction, so an entry whose write
  /// never landed cannot be.)
  static func reconcile(
    _ journal: StoreJournal, storeValues values: [String: JSONValue], digest: UInt64, time: JournalTime,
    secureKeys: Set<String>, noticedBy context: WriteContext
  ) -> StoreJournal {
    guard journal.baseDigest != nil else {
      return StoreJournal(base: values.mapValues(JournalEntry.unplaced), baseDigest: digest)
    }
    if journal.lastDigest == digest { return journal }
    var journal = journal
    var outside = context
    outside.how = "outside"
    outside.message = nil
    let changes = StoreJournal.changes(
      from: journal.state(), to: values, secureKeys: secureKeys, comparingSecureText: false)
    journal.entries.append(
      JournalEntry(
        sequence: journal.nextSequence, time: time, context: outside, changes: changes,
        beforeDigest: journal.lastDigest ?? 0, afterDigest: digest))
    return journal
  }

  /// Folds the oldest entries into the base once there are more than `limit` plus a tenth, keeping
  /// the newest `limit` (as a file journal is trimmed).
  static func trimmed(_ journal: StoreJournal, limit: Int) -> StoreJournal {
    guard journal.entries.count > limit + max(1, limit / 10) else { return journal }
    let dropped = journal.entries.count - limit
    var trimmed = journal
    trimmed.base = journal.state(afterEntries: dropped)
    trimmed.baseSequence = journal.entries[dropped - 1].sequence
    trimmed.baseDigest = journal.entries[dropped - 1].afterDigest
    trimmed.entries = Array(journal.entries.suffix(limit))
    return trimmed
  }
}
