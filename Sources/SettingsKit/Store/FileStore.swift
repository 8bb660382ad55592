import SettingsPOSIX

/// A store kept in a JSON file, replaced atomically under an exclusive lock.
///
/// Writes follow git's config writer and dconf: the whole file is written to a temporary file in
/// the target's directory, flushed, and renamed over the target (`AtomicFile`), so a crash leaves
/// the old store or the new one. Read-modify-write runs under `flock(2)` on `<real path>.lock`
/// (`FileLock`), so concurrent writers on different keys all land; a writer that cannot get the
/// lock within `lockTimeoutMilliseconds` fails with a "busy" error instead of losing an update.
/// A store that does not parse is never overwritten.
public struct FileStore: SettingsStore {
  /// The store file's path, as given (its bytes: it need not be UTF-8).
  public var path: SystemPath
  /// How long a writer waits for the lock before failing as busy, in milliseconds.
  public var lockTimeoutMilliseconds: Int
  /// The home directory the path was built from (`HOME`), or nil. When set, a write first checks
  /// that it is an existing directory: the folders below it (`.config`, `.config/settings`) are
  /// created as needed with mode `0o700`, but a home is never created.
  public var home: SystemPath?
  /// How many entries the journal (`<real path>.journal`) keeps: once it holds a tenth more, the
  /// oldest are folded into its base record. 0 keeps no entries: the base record moves with every
  /// write, so the history is empty and no change shows as made outside. `settings` takes it from
  /// `SETTINGS_JOURNAL_LIMIT`; the default is ``defaultJournalLimit`` (1 000).
  public var journalLimit = FileStore.defaultJournalLimit
  /// For the crash tests only: `after-journal` or `after-store` kills the process with SIGKILL at
  /// that step of a journaled write (`SETTINGS_TEST_KILL_AT`).
  package var testKillPoint: String?

  /// Creates a store at `path`; nothing is created until the first write, which creates the
  /// folders missing on the way to it (mode `0o700`, as `mkdir -p` would), and when `home` is given
  /// nothing at all unless it is an existing directory (``StorePolicy`` gives a store its home).
  public init(path: SystemPath, home: SystemPath? = nil, lockTimeoutMilliseconds: Int = 5000) {
    self.path = path
    self.home = home
    self.lockTimeoutMilliseconds = lockTimeoutMilliseconds
  }

  /// Creates a store at the path with `path`'s UTF-8 bytes; nothing is created until the first
  /// write, which creates the folders missing on the way to it (see ``init(path:home:lockTimeoutMilliseconds:)``).
  public init(path: String, lockTimeoutMilliseconds: Int = 5000) {
    self.init(path: SystemPath(path), lockTimeoutMilliseconds: lockTimeoutMilliseconds)
  }

  /// The path, escaped for display (`SystemPath.description`).
  public var name: String { path.description }

  /// Reads the overrides; a missing file is an empty store at revision 0.
  ///
  /// The revision is derived from the file's identity (``StoreRevision``), examined before and
  /// after the read: when they differ (a writer replaced the file meanwhile) it reads again.
  ///
  /// - Throws: ``StoreError/fileSystem(_:)``, ``StoreError/syntax(file:location:message:)``,
  ///   ``StoreError/notAnObject(file:found:)``.
  public func read() throws(StoreError) -> StoreContents {
    var attempts = 0
    while true {
      // The identity before the read is the open file's own (`fstat(2)`), after it the path's.
      let file: (bytes: [UInt8], status: FileStatus)?
      do {
        file = try FileSystem.readFileAndStatus(at: path, limit: AtomicFile.readLimit)
      } catch {
        throw .fileSystem(error)
      }
      // No file when it was opened: an empty store at revision 0, with no more calls.
      guard let file else { return StoreContents(revision: .initial) }
      let before = Self.revision(of: file.status)
      let after = Self.revision(of: path)
      attempts += 1
      guard before == after || attempts == 3 else { continue }
      var contents = try StoreContents.parse(SourceText(name: name, bytes: file.bytes))
      contents.revision = after
      return contents
    }
  }

  /// The revision of the file at `path`: a 64-bit FNV-1a hash of its device, inode, size and
  /// modification and change times (following links); 0 when it does not exist.
  static func revision(of path: SystemPath) -> StoreRevision {
    guard let signature = FileSystem.status(of: path) else { return .initial }
    return revision(of: signature)
  }

  /// The revision of a file whose status is `signature` (see ``revision(of:)-(SystemPath)``).
  static func revision(of signature: FileStatus) -> StoreRevision {
    var hash = Digest.FNV1a()
    for field in [
      signature.device, signature.inode, UInt64(bitPattern: Int64(signature.size)),
      UInt64(bitPattern: signature.modificationTime), UInt64(bitPattern: signature.changeTime),
    ] {
      for shift in stride(from: 0, to: 64, by: 8) {
        hash.add(UInt8(truncatingIfNeeded: field >> UInt64(shift)))
      }
    }
    // 0 stays the revision of a missing file.
    return StoreRevision(hash.value == 0 ? 1 : Int64(bitPattern: hash.value))
  }

  /// Reads, applies `body` and writes back atomically when the overrides changed, under the lock.
  ///
  /// `body` runs twice (as ``SettingsStore/update(_:)`` allows): once without the lock on the
  /// current contents, a dry run, so that a change that changes nothing (or that `body` refuses)
  /// creates no directory, lock file or store, and again under the lock on the contents read then,
  /// whose result is returned. It must have no side effects.
  ///
  /// A store file without any write permission bit (`chmod 444`) is not replaced, even by root: the
  /// change is refused before the lock is taken (see `AtomicFile`).
  ///
  /// - Throws: ``SettingsError/store(_:)`` (`.noLocation` when ``home`` is set and is not an
  ///   existing directory, `.fileSystem(.busy…)` when the lock is held too long,
  ///   `.fileSystem(.permissionDenied…)` with operation "replace the read-only file"), or what
  ///   `body` throws; in every case the file is unchanged.
  public func update<T, Refusal: Error>(
    _ body: (inout StoreContents) throws(Refusal) -> T
  ) throws(StoreUpdateError<Refusal>) -> T {
    try update(journaling: nil) { (contents: inout StoreContents, _) throws(Refusal) -> T in
      try body(&contents)
    }
    .result
  }

  /// ``update(_:)``, recording the change in the journal when `journaling` names who makes it
  /// (``update(context:secureKeys:_:)``); returns `body`'s result and the number of the entry
  /// recorded (nil when none was, or the journal keeps none).
  func update<T, Refusal: Error>(
    journaling: (context: WriteContext, secureKeys: Set<String>)?,
    _ body: (inout StoreContents, () -> StoreJournal) throws(Refusal) -> T
  ) throws(StoreUpdateError<Refusal>) -> (result: T, entry: Int?) {
    guard !path.isEmpty, !path.endsWithSlash else {
      throw .store(
        .fileSystem(path.isEmpty ? .notFound(path: path.description) : .isDirectory(path: path.description)))
    }
    let homeProblem = home.flatMap { StoreLocation.problem(withHome: $0) }
    var preview: StoreContents
    do throws(StoreError) {
      preview = try read()
    } catch {
      // Below a home that is a file, the read fails too; the home is what to report.
      if let homeProblem { throw .store(.noLocation(reason: homeProblem)) }
      throw .store(error)
    }
    let before = preview
    let result: T
    // A journal that cannot be read fails the change, whatever `body` made of the empty one.
    var journalError: StoreError?
    // A body that read the journal chose its change by it (an undo): it runs again under the lock
    // even when the dry run changed nothing, since another process may have changed the store
    // between the two reads (two `undo`s at once must not both take back the same change).
    var readJournal = false
    do throws(Refusal) {
      result = try body(&preview) {
        guard let journaling else { return StoreJournal() }
        readJournal = true
        do throws(StoreError) {
          // Reconciled with the store as this dry run read it, not as it is a moment later.
          return try lockedJournal(for: before, secureKeys: journaling.secureKeys).journal
        } catch {
          journalError = error
          return StoreJournal()
        }
      }
    } catch {
      if let journalError { throw .store(journalError.writing) }
      throw .refused(error)
    }
    if let journalError { throw .store(journalError.writing) }
    if preview.hasSameValues(as: before) && preview.unparsed == before.unparsed && !readJournal {
      return (result, nil)
    }
    do throws(StoreError) {
      if let homeProblem { throw .noLocation(reason: homeProblem) }
      try refuseReadOnlyFile()
    } catch {
      throw .store(error)
    }
    let lock: FileLock
    do {
      lock = try FileLock(at: lockPath, timeoutMilliseconds: lockTimeoutMilliseconds)
    } catch {
      throw .store(.fileSystem(error))
    }
    let outcome = Result { () throws(StoreUpdateError<Refusal>) -> (result: T, entry: Int?) in
      AtomicFile.removeStaleTemporaryFiles(for: path)
      var contents: StoreContents
      do throws(StoreError) { contents = try read() } catch { throw .store(error) }
      let current = contents
      var journal: LockedJournal?
      if let journaling {
        do throws(StoreError) {
          journal = try lockedJournal(for: current, secureKeys: journaling.secureKeys)
        } catch {
          throw .store(error.writing)
        }
      }
      let result: T
      do throws(Refusal) {
        result = try body(&contents) { journal?.journal ?? StoreJournal() }
      } catch { throw .refused(error) }
      var entry: Int?
      if !contents.hasSameValues(as: current) || contents.unparsed != current.unparsed {
        let bytes = Array(contents.text.utf8)
        do throws(FileSystemError) {
          if let journaling, let journal {
            entry = try record(
              from: current, to: contents, newBytes: bytes, in: journal, context: journaling.context,
              secureKeys: journaling.secureKeys)
            if testKillPoint == "after-journal" { systemKillSelf() }
          }
          try AtomicFile.write(bytes, to: path, privateMode: contents.holdsSecureValue)
          if testKillPoint == "after-store" { systemKillSelf() }
        } catch {
          throw .store(.fileSystem(error))
        }
      }
      return (result, entry)
    }
    lock.unlock()
    return try outcome.get()
  }

  /// Throws when the store file exists without any write permission bit, before a lock file is
  /// created for it (`AtomicFile` checks again under the lock).
  private func refuseReadOnlyFile() throws(StoreError) {
    let target = FileSystem.resolvingSymbolicLinks(path)
    if let status = FileSystem.status(of: target), status.kind == .regular, status.permissions & 0o222 == 0 {
      throw .fileSystem(.permissionDenied(path: path.description, operation: "replace the read-only file"))
    }
  }
}
