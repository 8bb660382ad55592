import SettingsPOSIX

extension FileStore {
  /// Whether `error` says the store file's text does not parse (not JSON, or not an object of
  /// overrides): what the journal can still tell about, and ``setAsideUnparsable(restoring:secureKeys:time:)``
  /// can recover from.
  package static func isUnparsable(_ error: StoreError) -> Bool {
    switch error {
    case .syntax, .notAnObject: true
    default: false
    }
  }

  /// The journal as the file holds it, not reconciled with the store (which does not parse): a
  /// change made to the store since the last entry is not in it. Nil when there is no journal.
  ///
  /// - Throws: ``StoreError/journalUnreadable(journal:reason:)`` when it exists but cannot be read.
  package func journalAsStored() throws(StoreError) -> StoreJournal? {
    guard let bytes = try journalBytes() else { return nil }
    return FileJournal.parse(bytes).journal.trimmed(limit: journalLimit)
  }

  /// Under the store's lock: when the store file does not parse, copies its bytes beside it, to
  /// `<path>.damaged-YYYYMMDDTHHMMSSZ` (`-2`, `-3`, … after it when that exists), then writes `values` in its place (a secure key's text,
  /// which the journal never knows, is left out, and so is a record's secure field whose text it
  /// does not know); nothing when the store parses.
  ///
  /// - Returns: the path the damaged bytes were copied to, or nil when the store parses.
  /// - Throws: ``StoreError/fileSystem(_:)`` when a file cannot be written (the store is then
  ///   left as it was).
  package func setAsideUnparsable(
    restoring values: [String: JSONValue], secureKeys: Set<String>, time: JournalTime = .now
  ) throws(StoreError) -> SystemPath? {
    let lock: FileLock
    do {
      lock = try FileLock(at: lockPath, timeoutMilliseconds: lockTimeoutMilliseconds)
    } catch {
      throw .fileSystem(error)
    }
    let outcome = Result { () throws(StoreError) -> SystemPath? in
      do throws(StoreError) {
        _ = try read()
        return nil
      } catch {
        guard Self.isUnparsable(error) else { throw error }
      }
      let digits = time.description.filter { $0 != "-" && $0 != ":" }.prefix(15)
      // Never over an earlier copy (two recoveries in one second): `-2`, `-3`, … after the time.
      var aside = path.addingSuffix(".damaged-\(digits)Z")
      var number = 1
      while FileSystem.status(of: aside) != nil {
        number += 1
        aside = path.addingSuffix(".damaged-\(digits)Z-\(number)")
      }
      do throws(FileSystemError) {
        guard let bytes = try AtomicFile.read(path) else { return nil }
        try AtomicFile.write(bytes, to: aside, privateMode: true)
        let fields = StoreJournal.secureFields(in: secureKeys)
        var kept = values.filter { !secureKeys.contains($0.key) }
        for (key, secure) in fields {
          if let value = kept[key] { kept[key] = StoreJournal.withoutUnknownSecrets(value, fields: secure) }
        }
        let restored = StoreContents(values: kept)
        try AtomicFile.write(Array(restored.text.utf8), to: path, privateMode: false)
      } catch {
        throw .fileSystem(error)
      }
      return aside
    }
    lock.unlock()
    return try outcome.get()
  }
}
