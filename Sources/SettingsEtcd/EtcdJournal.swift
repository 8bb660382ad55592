import SettingsKit
import SettingsPOSIX

/// The journal of an ``EtcdStore``, kept as ordinary keys under the document's prefix so that it
/// is shared by every machine and compaction (which drops old revisions, never live keys) keeps it:
///
/// - `<prefix><document id>/.journal/<20-digit number>`: one entry, the JSON of a file journal's
///   line (``JournalEntry/line`` without its newline);
/// - `<prefix><document id>/.journal/base`: the overrides before the oldest kept entry, as a file
///   journal's base record (`{"base":{…},"digest":HEX,"secure":[KEY…],"seq":N,"time":ISO}`).
///
/// Reconciling and trimming are a file journal's (``StoreJournal``), but for a write that never
/// landed: a change and its entry land in one transaction, so there is none.
///
/// A digest is a 64-bit FNV-1a hash of the store's item keys and their values' bytes, sorted by key
/// (``digest(_:)``); it ties an entry to what etcd held, so that a change made without the tool
/// (`etcdctl put`) is noticed and journaled as `outside`.
enum EtcdJournal {
  /// The digest of a store's overrides: each item key, a zero byte, its value's bytes, a zero byte,
  /// in key order.
  static func digest(_ raw: [String: [UInt8]]) -> UInt64 {
    var hash = Digest.FNV1a()
    for key in raw.keys.sorted() {
      hash.add(key.utf8)
      hash.add(0)
      hash.add(raw[key] ?? [])
      hash.add(0)
    }
    return hash.value
  }

  /// The key of entry `sequence` under `journalPrefix`: the number with 20 digits, so that keys
  /// sort as numbers.
  static func entryKey(_ sequence: Int, journalPrefix: String) -> String {
    let digits = String(sequence)
    return journalPrefix + String(repeating: "0", count: max(0, 20 - digits.count)) + digits
  }

  /// The journal held by `pairs` (the keys under the journal prefix) as written: the base key and
  /// the entries after it in the order of their keys (``StoreJournal/parsed(base:records:)``; a
  /// value that is not an entry is left out). `hasBase` tells whether the base key exists.
  static func parse(_ pairs: [EtcdMessages.KeyValue], journalPrefix: String) -> (
    journal: StoreJournal, hasBase: Bool
  ) {
    let baseKey = journalPrefix + "base"
    let base = pairs.first { $0.key == baseKey }.flatMap { StoreJournal.record($0.value) }
    let records = pairs.filter { $0.key != baseKey }.sorted { $0.key < $1.key }.map {
      StoreJournal.record($0.value)
    }
    return (StoreJournal.parsed(base: base, records: records).journal, base != nil)
  }

  /// The base key's value for `journal` (``StoreJournal/baseRecord(secureKeys:)``).
  static func baseText(_ journal: StoreJournal, secureKeys: Set<String>) -> String {
    String(JSONWriter().line(journal.baseRecord(secureKeys: secureKeys)).dropLast())
  }
}
