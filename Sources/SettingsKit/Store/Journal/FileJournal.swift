import SettingsPOSIX

/// The journal file of a ``FileStore``: `<real store path>.journal`, JSON Lines.
///
/// The first line may be a base record, `{"base":{KEY:VALUE…},"digest":HEX,"secure":[KEY…],"seq":N}`:
/// the overrides before the oldest entry (a secure key only listed as set), the store's digest then
/// and the number of the last entry folded into it. Every other line is a ``JournalEntry/line``.
/// A line that is not a record (torn by a crash mid-append) is ignored.
enum FileJournal {
  /// The digest of a store file's bytes (no file: no bytes).
  static func digest(_ bytes: [UInt8]) -> UInt64 { DocumentCacheFormat.hash(bytes) }

  /// The journal's path beside the store at `path`.
  static func path(forStore path: SystemPath) -> SystemPath {
    FileSystem.resolvingSymbolicLinks(path).addingSuffix(".journal")
  }

  /// The journal file's bytes split at newlines; the last element is what follows the last
  /// newline (empty when the file ends with one).
  static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
  }

  /// One line's record, or nil when it does not parse as a JSON object.
  static func record(_ line: ArraySlice<UInt8>) -> JSONValue? {
    guard let value = try? JSONParser(maximumDepth: 64).parse(Array(line)), case .object = value.kind else {
      return nil
    }
    return value
  }

  /// The journal the file holds, as written (nothing reconciled); `hasBadLines` tells whether any
  /// line was not a record (or broke the numbering), so that the file must be rewritten.
  static func parse(_ bytes: [UInt8]) -> (journal: StoreJournal, hasBadLines: Bool) {
    var journal = StoreJournal()
    var bad = false
    let all = lines(bytes)
    for (index, line) in all.enumerated() {
      if line.isEmpty, index == all.count - 1 { continue }
      guard let record = record(line) else {
        bad = true
        continue
      }
      if index == 0, case .object(let values)? = record[member: "base"]?.kind {
        for member in values { journal.base[member.name] = JournalEntry.unplaced(member.value) }
        if case .array(let secure)? = record[member: "secure"]?.kind {
          for case .string(let key) in secure.map(\.kind) { journal.base[key] = .null }
        }
        if case .number(let text)? = record[member: "seq"]?.kind { journal.baseSequence = Int(text) ?? 0 }
        if case .string(let text)? = record[member: "digest"]?.kind {
          journal.baseDigest = UInt64(text, radix: 16)
        }
        continue
      }
      guard let entry = JournalEntry(json: record),
        entry.sequence == journal.nextSequence || journal.entries.isEmpty && journal.baseDigest == nil
      else {
        bad = true
        continue
      }
      if journal.entries.isEmpty, journal.baseDigest == nil {
        journal.baseSequence = entry.sequence - 1
        journal.baseDigest = entry.beforeDigest
      }
      journal.entries.append(entry)
    }
    return (journal, bad)
  }

  /// The base record's line.
  static func baseLine(_ journal: StoreJournal, secureKeys: Set<String>) -> String {
    let values = journal.base.filter { !secureKeys.contains($0.key) }
    let secure = journal.base.keys.filter { secureKeys.contains($0) }.sorted()
    return JSONWriter().line(
      .object([
        ("base", .object(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
        ("digest", .string(JournalEntry.hex(journal.baseDigest ?? 0))),
        ("secure", .array(secure.map { .string($0) })), ("seq", .integer(journal.baseSequence)),
      ]))
  }

  /// The whole file for `journal`: its base record, then every entry.
  static func text(_ journal: StoreJournal, secureKeys: Set<String>) -> [UInt8] {
    var text = baseLine(journal, secureKeys: secureKeys)
    for entry in journal.entries { text += entry.line }
    return Array(text.utf8)
  }

  /// `journal` reconciled with the store as it is (`values`, with `digest` of its bytes and `time`,
  /// its modification time): an entry whose store write never landed (its before-digest is the
  /// store's) is dropped; a store changed behind the tool's back gets an `outside` entry with the
  /// difference. A journal that does not exist yet starts from the store as it is.
  ///
  /// - Returns: the journal, and whether it differs from what the file holds (the file must then
  ///   be rewritten before anything is appended).
  static func reconcile(
    _ journal: StoreJournal, storeValues values: [String: JSONValue], digest: UInt64, time: JournalTime,
    secureKeys: Set<String>, noticedBy context: WriteContext
  ) -> (journal: StoreJournal, changed: Bool) {
    var journal = journal
    guard journal.baseDigest != nil else {
      return (StoreJournal(base: values.mapValues(JournalEntry.unplaced), baseDigest: digest), true)
    }
    if journal.lastDigest == digest { return (journal, false) }
    if let last = journal.entries.last, last.beforeDigest == digest {
      journal.entries.removeLast()
      return (journal, true)
    }
    var outside = context
    outside.how = "outside"
    outside.message = nil
    // With no value changed (only the layout, or a secret's text, which is never known), the
    // entry still chains the digests; history leaves it out.
    let changes = StoreJournal.changes(
      from: journal.state(), to: values, secureKeys: secureKeys, comparingSecureText: false)
    journal.entries.append(
      JournalEntry(
        sequence: journal.nextSequence, time: time, context: outside, changes: changes,
        beforeDigest: journal.lastDigest ?? 0, afterDigest: digest))
    return (journal, true)
  }

  /// Folds the oldest entries into the base once there are more than `limit` plus a tenth, keeping
  /// the newest `limit`.
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

  /// Appends `lines` to the journal at `path` and flushes it to the disk (`fsync(2)`); with
  /// `privateMode` the file is made `0o600` first.
  static func append(_ lines: String, to path: SystemPath, privateMode: Bool) throws(FileSystemError) {
    let descriptor: FileDescriptor
    do {
      descriptor = try .open(path, [.writeOnly, .append, .closeOnExec])
    } catch {
      throw FileSystemError(error, path: path, operation: "open the journal")
    }
    try descriptor.closeAfter { () throws(FileSystemError) in
      do throws(Errno) {
        if privateMode, try descriptor.status().permissions != 0o600 {
          try descriptor.changePermissions(to: 0o600)
        }
        try descriptor.writeAll(Array(lines.utf8))
        try descriptor.sync()
      } catch {
        throw FileSystemError(error, path: path, operation: "append to the journal")
      }
    }
  }
}
