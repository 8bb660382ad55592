import SettingsPOSIX

/// The journal file of a ``FileStore``: `<real store path>.journal`, JSON Lines.
///
/// The first line may be a base record, `{"base":{KEY:VALUE…},"digest":HEX,"secure":[KEY…],"seq":N,
/// "time":ISO}`: the overrides before the oldest entry (a secure key only listed as set), the store's
/// digest then, the number of the last entry folded into it and since when the store held them (``StoreJournal/baseRecord(secureKeys:)``). Every
/// other line is a ``JournalEntry/line``. A line that is not a record (torn by a crash mid-append,
/// damaged) is skipped; the entries after it are kept (``StoreJournal/parsed(base:records:)``).
enum FileJournal {
  /// The digest of a store file's bytes (no file: no bytes): ``Digest/checksum(_:seed:)``, kept in
  /// journals already written.
  static func digest(_ bytes: [UInt8]) -> UInt64 { Digest.checksum(bytes) }

  /// The journal's path beside the store at `path`.
  static func path(forStore path: SystemPath) -> SystemPath {
    FileSystem.resolvingSymbolicLinks(path).addingSuffix(".journal")
  }

  /// The journal file's bytes split at newlines; the last element is what follows the last
  /// newline (empty when the file ends with one).
  static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
  }

  /// The journal the file holds, as written (nothing reconciled; see
  /// ``StoreJournal/parsed(base:records:)``); `hasBadLines` tells whether a line was not a record
  /// (or broke the numbering), so that the file is worth rewriting.
  static func parse(_ bytes: [UInt8]) -> (journal: StoreJournal, hasBadLines: Bool) {
    var all = lines(bytes)
    if all.last?.isEmpty == true { all.removeLast() }
    var records = all.map { StoreJournal.record($0) }
    var base: JSONValue?
    if let first = records.first, let first, StoreJournal.isBaseRecord(first) {
      base = first
      records.removeFirst()
    }
    let parsed = StoreJournal.parsed(base: base, records: records)
    return (parsed.journal, parsed.isDamaged)
  }

  /// The whole file for `journal`: its base record, then every entry.
  static func text(_ journal: StoreJournal, secureKeys: Set<String>) -> [UInt8] {
    var text = JSONWriter().line(journal.baseRecord(secureKeys: secureKeys))
    for entry in journal.entries { text += entry.line }
    return Array(text.utf8)
  }

  /// The last line of the journal file's `bytes` when they end with a newline: its record's
  /// number and after-digest (a base record's when it is the only line), and how many lines the
  /// file has; nil when the file is torn or its last line is no such record.
  static func tail(_ bytes: [UInt8]) -> (sequence: Int, digest: UInt64, lineCount: Int)? {
    guard bytes.last == 0x0A else { return nil }
    var lineCount = 0
    for byte in bytes where byte == 0x0A { lineCount += 1 }
    let lastStart = bytes.dropLast().lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    guard let record = StoreJournal.record(bytes[lastStart..<(bytes.count - 1)]) else { return nil }
    if let entry = JournalEntry(json: record) { return (entry.sequence, entry.afterDigest, lineCount) }
    guard lineCount == 1, case .string(let text)? = record[member: "digest"]?.kind,
      let digest = UInt64(text, radix: 16),
      case .number(let sequence)? = record[member: "seq"]?.kind, let number = Int(sequence),
      (0...JournalEntry.maximumSequence).contains(number)
    else { return nil }
    return (number, digest, lineCount)
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
