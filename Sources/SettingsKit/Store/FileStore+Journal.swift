import SettingsPOSIX

extension FileStore: JournalingStore {
  /// The default of ``journalLimit``.
  public static let defaultJournalLimit = 1000

  /// The journal's path: `<real store path>.journal`.
  public var journalPath: SystemPath { FileJournal.path(forStore: path) }

  /// The journal as the file holds it, reconciled with the store as it is now; see
  /// ``JournalingStore/journal(secureKeys:)``. The read takes no lock, unless it finds a change
  /// made behind the tool's back: that is then recorded under the lock
  /// (``recordOutsideChanges(secureKeys:)``), or only shown when the lock cannot be had.
  ///
  /// - Throws: ``StoreError`` when the store cannot be read, and
  ///   ``StoreError/journalUnreadable(journal:reason:writing:)`` when the journal exists but cannot be read.
  public func journal(secureKeys: Set<String>) throws(StoreError) -> StoreJournal {
    let contents = try read()
    let found = reconciled(try journalBytes(), with: contents, secureKeys: secureKeys)
    if found.noticed != nil, let recorded = try? recordingOutsideChanges(secureKeys: secureKeys) {
      return recorded
    }
    return found.journal.trimmed(limit: journalLimit)
  }

  /// Records a change made behind the tool's back as one `outside` entry, under the store's lock;
  /// see ``JournalingStore/recordOutsideChanges(secureKeys:)``. The store is parsed, and the lock
  /// taken, only when the journal's last line does not end where the store's bytes are.
  ///
  /// - Throws: ``StoreError`` (`.fileSystem(.busy…)` when the lock is held too long).
  public func recordOutsideChanges(secureKeys: Set<String>) throws(StoreError) {
    guard let bytes = try journalBytes() else { return }
    // The store's bytes are enough to see that it is where the journal left it (no parse).
    let storeBytes: [UInt8]?
    do { storeBytes = try AtomicFile.read(path) } catch { throw .fileSystem(error) }
    if let tail = FileJournal.tail(bytes), tail.digest == FileJournal.digest(storeBytes ?? []) { return }
    guard reconciled(bytes, with: try read(), secureKeys: secureKeys).noticed != nil else { return }
    _ = try recordingOutsideChanges(secureKeys: secureKeys)
  }

  /// Under the lock: reads the store and the journal, records the `outside` entry reconciling them
  /// gives (appended, or the journal written whole), and returns the journal as recorded.
  private func recordingOutsideChanges(secureKeys: Set<String>) throws(StoreError) -> StoreJournal {
    let lock: FileLock
    do {
      lock = try FileLock(at: lockPath, timeoutMilliseconds: lockTimeoutMilliseconds)
    } catch {
      throw .fileSystem(error)
    }
    let outcome = Result { () throws(StoreError) -> StoreJournal in
      let contents = try read()
      let bytes = try journalBytes()
      let found = reconciled(bytes, with: contents, secureKeys: secureKeys)
      guard bytes != nil, let noticed = found.noticed else {
        return found.journal.trimmed(limit: journalLimit)
      }
      var earlier = found.journal
      earlier.entries.removeLast()
      do throws(FileSystemError) {
        _ = try write(
          noticed, over: bytes, after: earlier, secureKeys: secureKeys,
          privateMode: contents.values.keys.contains(where: secureKeys.contains))
      } catch {
        throw .fileSystem(error)
      }
      return found.journal.trimmed(limit: journalLimit)
    }
    lock.unlock()
    return try outcome.get()
  }

  /// ``update(_:)`` with the change journaled, under the same lock: the journal is reconciled
  /// with the store read under the lock, the entry is appended and flushed (or the journal
  /// rewritten atomically, when it is created, trimmed or repaired), and only then is the store
  /// replaced. A crash between the two leaves an entry whose before-digest is the store's: every
  /// reader then leaves it out (docs/RELIABILITY.md). With ``journalLimit`` 0 the journal keeps
  /// no entry: its base moves with every write.
  ///
  /// - Returns: `body`'s result, and the number of the entry the change made (nil when it changed
  ///   nothing, or with ``journalLimit`` 0).
  /// - Throws: as ``update(_:)``, and ``StoreError/journalUnreadable(journal:reason:writing:)`` (nothing
  ///   written) when the journal exists but cannot be read.
  public func update<T, Refusal: Error>(
    context: WriteContext, secureKeys: Set<String>,
    _ body: (inout StoreContents, () -> StoreJournal) throws(Refusal) -> T
  ) throws(StoreUpdateError<Refusal>) -> (result: T, entry: Int?) {
    try update(journaling: (context, secureKeys), body)
  }

  /// The lock file of the store: `<real store path>.lock`.
  var lockPath: SystemPath { FileSystem.resolvingSymbolicLinks(path).addingSuffix(".lock") }

  /// The journal file's bytes; nil when there is none.
  ///
  /// - Throws: ``StoreError/journalUnreadable(journal:reason:writing:)`` when it exists but cannot be read
  ///   (permissions, a directory, a special file).
  func journalBytes() throws(StoreError) -> [UInt8]? {
    do {
      return try AtomicFile.read(journalPath)
    } catch {
      throw .journalUnreadable(journal: journalPath.description, reason: error)
    }
  }

  /// The journal file's `bytes` (nil: none) reconciled with the store read as `contents`; an
  /// `outside` entry is timed at the store file's modification time.
  private func reconciled(
    _ bytes: [UInt8]?, with contents: StoreContents, secureKeys: Set<String>
  ) -> StoreJournal.Reconciled {
    let parsed = bytes.map(FileJournal.parse) ?? (journal: StoreJournal(), hasBadLines: false)
    let time = FileSystem.status(of: path).map { JournalTime(nanoseconds: $0.modificationTime) } ?? .now
    var result = parsed.journal.reconciled(
      withStore: contents.values, digest: FileJournal.digest(contents.source?.bytes ?? []), time: time,
      secureKeys: secureKeys, dropsUnlandedEntry: true)
    result.changed = result.changed || parsed.hasBadLines
    return result
  }

  /// The journal of the store as read under the lock (`contents`, and the journal file's `bytes`),
  /// reconciled once when first asked for.
  final class LockedJournal {
    let bytes: [UInt8]?
    private var made: StoreJournal?
    private let make: () -> StoreJournal

    init(bytes: [UInt8]?, make: @escaping () -> StoreJournal) {
      self.bytes = bytes
      self.make = make
    }

    var journal: StoreJournal {
      if let made { return made }
      let result = make()
      made = result
      return result
    }
  }

  /// The journal file at ``journalPath`` with the store read as `contents`.
  func lockedJournal(for contents: StoreContents, secureKeys: Set<String>) throws(StoreError) -> LockedJournal
  {
    let bytes = try journalBytes()
    return LockedJournal(bytes: bytes) {
      self.reconciled(bytes, with: contents, secureKeys: secureKeys).journal.trimmed(limit: self.journalLimit)
    }
  }

  /// Records the change from `before` to `after` (both as read or to be written under the lock),
  /// made by `context`; returns the entry's number, nil when the journal keeps no entry
  /// (``journalLimit`` 0).
  func record(
    from before: StoreContents, to after: StoreContents, newBytes: [UInt8], in journal: LockedJournal,
    context: WriteContext, secureKeys: Set<String>
  ) throws(FileSystemError) -> Int? {
    let entry = JournalEntry(
      sequence: 0, time: .now, context: context,
      changes: StoreJournal.changes(
        from: before.values, to: after.values, secureKeys: secureKeys, comparingSecureText: true),
      beforeDigest: FileJournal.digest(before.source?.bytes ?? []), afterDigest: FileJournal.digest(newBytes))
    let sequence = try write(
      entry, over: journal.bytes, after: journal.journal, secureKeys: secureKeys,
      privateMode: after.holdsSecureValue)
    return journalLimit > 0 ? sequence : nil
  }

  /// Writes `entry` (its number is set here, and returned) to the journal file that holds `bytes`: appends its
  /// line and flushes it when the file ends, whole, where the entry begins and is not due for
  /// trimming; else writes the file whole, atomically: `earlier` (the journal reconciled, up to
  /// the entry) with the entry, trimmed to ``journalLimit``. With `privateMode` the journal takes
  /// mode `0o600`. (`earlier` is an autoclosure: appending needs no parse of the file.)
  private func write(
    _ entry: JournalEntry, over bytes: [UInt8]?, after earlier: @autoclosure () -> StoreJournal,
    secureKeys: Set<String>, privateMode: Bool
  ) throws(FileSystemError) -> Int {
    var entry = entry
    if let bytes, let tail = FileJournal.tail(bytes), tail.digest == entry.beforeDigest,
      tail.lineCount <= StoreJournal.entriesBeforeTrimming(limit: journalLimit)
    {
      entry.sequence = tail.sequence + 1
      try FileJournal.append(entry.line, to: journalPath, privateMode: privateMode)
      return entry.sequence
    }
    var whole = earlier()
    entry.sequence = whole.nextSequence
    whole.entries.append(entry)
    try AtomicFile.write(
      FileJournal.text(whole.trimmed(limit: journalLimit), secureKeys: secureKeys), to: journalPath,
      privateMode: privateMode)
    return entry.sequence
  }
}
