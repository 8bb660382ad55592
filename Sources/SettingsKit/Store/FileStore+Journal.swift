import SettingsPOSIX

extension FileStore: JournalingStore {
  /// The default of ``journalLimit``.
  public static let defaultJournalLimit = 1000

  /// The journal's path: `<real store path>.journal`.
  public var journalPath: SystemPath { FileJournal.path(forStore: path) }

  /// The journal as the file holds it, reconciled with the store as it is now; see
  /// ``JournalingStore/journal(secureKeys:)``. Reads take no lock.
  public func journal(secureKeys: Set<String>) throws(StoreError) -> StoreJournal {
    let contents = try read()
    let journalBytes: [UInt8]?
    do { journalBytes = try AtomicFile.read(journalPath) } catch { throw .fileSystem(error) }
    return reconciled(
      journalBytes, with: contents, secureKeys: secureKeys, context: WriteContext(how: "outside")
    )
    .journal
  }

  private func reconciled(
    _ bytes: [UInt8]?, with contents: StoreContents, secureKeys: Set<String>, context: WriteContext
  ) -> (journal: StoreJournal, changed: Bool) {
    let parsed = bytes.map(FileJournal.parse) ?? (journal: StoreJournal(), hasBadLines: false)
    let storeBytes = contents.source?.bytes ?? []
    let time = FileSystem.status(of: path).map { JournalTime(nanoseconds: $0.modificationTime) } ?? .now
    let result = FileJournal.reconcile(
      parsed.journal, storeValues: contents.values, digest: FileJournal.digest(storeBytes), time: time,
      secureKeys: secureKeys, noticedBy: context)
    return (result.journal, result.changed || parsed.hasBadLines)
  }

  /// ``update(_:)`` with the change journaled, under the same lock: the journal is reconciled
  /// with the store read under the lock, the entry is appended and flushed (or the journal
  /// rewritten atomically, when it is created, trimmed or repaired), and only then is the store
  /// replaced. A crash between the two leaves an entry whose before-digest is the store's: every
  /// reader then leaves it out (docs/RELIABILITY.md). With ``journalLimit`` 0 nothing is journaled.
  public func update<T, Refusal: Error>(
    context: WriteContext, secureKeys: Set<String>,
    _ body: (inout StoreContents, () -> StoreJournal) throws(Refusal) -> T
  ) throws(StoreUpdateError<Refusal>) -> T {
    try update(journaling: journalLimit > 0 ? (context, secureKeys) : nil, body)
  }

  /// The journal of the store as read under the lock (`contents`, and the journal file's `bytes`),
  /// reconciled once when first asked for.
  final class LockedJournal {
    let bytes: [UInt8]?
    private var made: (journal: StoreJournal, changed: Bool)?
    private let make: () -> (journal: StoreJournal, changed: Bool)

    init(bytes: [UInt8]?, make: @escaping () -> (journal: StoreJournal, changed: Bool)) {
      self.bytes = bytes
      self.make = make
    }

    var reconciled: (journal: StoreJournal, changed: Bool) {
      if let made { return made }
      let result = make()
      made = result
      return result
    }
  }

  /// The journal file at ``journalPath`` with the store read as `contents`.
  func lockedJournal(
    for contents: StoreContents, context: WriteContext, secureKeys: Set<String>
  ) throws(StoreError) -> LockedJournal {
    let bytes: [UInt8]?
    do { bytes = try AtomicFile.read(journalPath) } catch { throw .fileSystem(error) }
    return LockedJournal(bytes: bytes) {
      self.reconciled(bytes, with: contents, secureKeys: secureKeys, context: context)
    }
  }

  /// Records the change from `before` to `after` (both as read or to be written under the lock):
  /// appends its entry when the journal ends in agreement with the store, else rewrites it whole.
  func record(
    from before: StoreContents, to after: StoreContents, newBytes: [UInt8], in journal: LockedJournal,
    context: WriteContext, secureKeys: Set<String>
  ) throws(FileSystemError) {
    let beforeDigest = FileJournal.digest(before.source?.bytes ?? [])
    var entry = JournalEntry(
      sequence: 0, time: .now, context: context,
      changes: StoreJournal.changes(
        from: before.values, to: after.values, secureKeys: secureKeys, comparingSecureText: true),
      beforeDigest: beforeDigest, afterDigest: FileJournal.digest(newBytes))
    let privateMode = after.holdsSecureValue
    if let bytes = journal.bytes,
      let sequence = Self.appendableSequence(bytes, digest: beforeDigest, limit: journalLimit)
    {
      entry.sequence = sequence
      try FileJournal.append(entry.line, to: journalPath, privateMode: privateMode)
      return
    }
    var whole = journal.reconciled.journal
    entry.sequence = whole.nextSequence
    whole.entries.append(entry)
    whole = FileJournal.trimmed(whole, limit: journalLimit)
    try AtomicFile.write(
      FileJournal.text(whole, secureKeys: secureKeys), to: journalPath, privateMode: privateMode)
  }

  /// The next entry's number when the journal `bytes` can simply be appended to: it ends with a
  /// whole line, its last record ends at the store's `digest`, and it is not due for trimming.
  static func appendableSequence(_ bytes: [UInt8], digest: UInt64, limit: Int) -> Int? {
    guard bytes.last == 0x0A else { return nil }
    var lineCount = 0
    for byte in bytes where byte == 0x0A { lineCount += 1 }
    guard lineCount <= limit + max(1, limit / 10) else { return nil }
    let lastStart = bytes.dropLast().lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    guard let record = FileJournal.record(bytes[lastStart..<(bytes.count - 1)]) else { return nil }
    if let entry = JournalEntry(json: record) {
      return entry.afterDigest == digest ? entry.sequence + 1 : nil
    }
    guard lineCount == 1, case .string(let text)? = record[member: "digest"]?.kind,
      UInt64(text, radix: 16) == digest,
      case .number(let sequence)? = record[member: "seq"]?.kind, let number = Int(sequence)
    else { return nil }
    return number + 1
  }
}
