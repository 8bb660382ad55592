import SettingsPOSIX
import Synchronization

/// One watch of a ``Settings``: the values it last reported, compared with the store (and the
/// document) each time the file watcher says they may have changed.
///
/// Changes made through the ``Settings`` in this process are recorded under its write lock
/// (``LocalWrites``) and reported at once as ``ChangeOrigin/thisProcess``; the store's later
/// notification then finds nothing new, so no change is reported twice. Reading and comparing run
/// under the same write lock and the watch's own, and a stream's events are handed to `emit` under
/// them, so they come out in the order they were found.
final class SettingsWatch: Sendable {
  private struct State {
    var document: SettingsDocument
    /// The signatures of the document's file and of its top page's items files, in that order.
    var documentSignature: [FileStatus?] = []
    /// The values last reported: read by key, the defaults shared with the document.
    var snapshot = SettingsSnapshot(document: SettingsDocument(id: "", title: "", sections: []))
    /// The stored values the document rejects, by key, as last reported; nil until known.
    var problems: [String: StoredValueProblem]?
    /// The locks, by key, as last reported; nil until known.
    var locks: [String: SettingLock]?
    /// What the store and the system files hold for keys the document's items do not have (items
    /// of items files), as text by key (``otherKeys(of:)``), as last reported; nil until known.
    var others: [String: String]?
    var storeError: SettingsError?
    var documentError: DocumentError?
    /// Whether the first read was made; a refresh before it has nothing to compare with.
    var started = false
    /// Whether `document` is no longer the settings' own (it was reloaded from disk).
    var isReloaded = false
    /// The store file's bytes and the system layers that `snapshot` was worked out from, when
    /// known: a later read of the same bytes under the same layers (and document) gives the same
    /// values, so they are not worked out and compared again. This is what makes the store's
    /// notification of a write made through the settings cheap: that write leaves its bytes here.
    var storeBytes: [UInt8]?
    var system: [SystemLayer] = []
    /// The store's overrides that `snapshot` was worked out from, when known: a value that changed
    /// while its override did not changed with the document's defaults or a system file, and no
    /// journal entry made it. Nil when unknown (every change then counts as the store's).
    var overrides: [String: JSONValue]?
    /// The system files ignored, as last reported (those ignored at the start were the caller's).
    var ignored: [IgnoredSystemFile] = []
  }

  private let settings: Settings
  private let options: WatchOptions
  private let state: Mutex<State>
  /// Hands a batch found by one read to the consumer as one ``SettingsUpdate`` (none when empty).
  private let emit: @Sendable ([SettingsEvent]) -> Void
  private let includesLocalChanges: Bool
  private let watcher = Mutex<FileWatcher?>(nil)
  private let listener = Mutex<Int?>(nil)
  /// The task that follows a store other than a file through ``SettingsStore/changes(after:)``.
  private let follower = Mutex<Task<Void, Never>?>(nil)
  /// Held while events are found and handed over, so that batches found by the first read and by
  /// the watcher's thread are handed over in the order they were found.
  private let delivery = Mutex<Void>(())
  /// What the last reload's compile left, so that the next reads again only the sections whose
  /// bytes changed.
  private let compilations = CompilationReuse()

  /// A watch that will hand updates to `emit`; nothing is read until ``start(initial:from:)``.
  ///
  /// - Parameters:
  ///   - includesLocalChanges: whether changes made through `settings` are reported too (streams),
  ///     or only those from elsewhere (observers, which get local changes already).
  ///   - emit: called with each update (never an empty one), in order: under the watch's locks when
  ///     `includesLocalChanges` (it must not block nor change settings), else outside them (it may
  ///     change settings, but must not wait for another event).
  init(
    settings: Settings, options: WatchOptions, includesLocalChanges: Bool,
    emit: @escaping @Sendable (SettingsUpdate) -> Void
  ) {
    self.settings = settings
    self.options = options
    self.includesLocalChanges = includesLocalChanges
    self.emit = { events in if !events.isEmpty { emit(SettingsUpdate(events)) } }
    state = Mutex(State(document: settings.document, ignored: settings.layers.ignored))
  }

  /// The mechanism the file watcher uses (nil when there is no file to watch).
  var activeMechanism: WatchMechanism? { watcher.withLock { $0?.activeMechanism } }

  /// Reads the values once, hands them to `initial` (under the lock, before any event), and starts
  /// watching the store's file and the document's. A store that is not a file (``MemoryStore``,
  /// etcd) is followed through ``SettingsStore/changes(after:)`` from the revision of that read:
  /// each change it reports makes the watch read and compare, as a file's notification does.
  ///
  /// - Parameter snapshot: a snapshot of the settings read before this call (from a store it
  ///   could read), taken as the first read instead of reading the store again; changes made
  ///   since that snapshot are reported at the first refresh, which compares every value, stored
  ///   value problem and lock. Only for a ``FileStore``: another store is read again, for the
  ///   revision to follow from.
  func start(
    initial: (@Sendable (SettingsSnapshot) -> Void)? = nil, from snapshot: SettingsSnapshot? = nil
  ) {
    let revision = Mutex<StoreRevision?>(nil)
    // The file watcher first: a change after the first read below is then never missed.
    var paths: [SystemPath] = []
    if let store = settings.store as? FileStore { paths.append(store.path) }
    if let path = options.documentPath {
      paths.append(path)
      // Its items files too: a line changed there is a new version of the document.
      paths += Self.itemsFilePaths(of: settings.document, at: path)
    }
    // The system layers' files too: one that appears, changes or goes changes values and locks.
    paths += settings.layers.systemPaths
    if !paths.isEmpty {
      let fileWatcher = FileWatcher(paths: paths, mechanism: options.mechanism) { [weak self] in
        self?.refresh()
      }
      watcher.withLock { $0 = fileWatcher }
    }
    delivery.withLock { _ in
      let events = settings.localWrites.excluding {
        let id = settings.localWrites.add { [weak self] written in self?.recordLocal(written) }
        listener.withLock { $0 = id }
        return state.withLock { state -> [SettingsEvent] in
          if let path = options.documentPath {
            state.documentSignature = Self.signature(of: state.document, at: path)
          }
          // The first read sets what later reads are compared with: no change comes from it.
          state.started = true
          var events: [SettingsEvent] = []
          if let snapshot, settings.store is FileStore {
            state.snapshot = snapshot
            Self.remember(snapshot, in: &state)
            state.system = settings.layers.system
            initial?(state.snapshot)
            return events
          }
          do throws(StoreError) {
            let contents = try settings.store.read()
            revision.withLock { $0 = contents.revision }
            let system = settings.layers.system
            let snapshot = SettingsSnapshot(
              document: state.document, contents: contents, storeName: settings.store.name, system: system)
            state.snapshot = snapshot
            Self.remember(snapshot, in: &state)
            state.storeBytes = fileBytes(of: contents)
            state.overrides = contents.values
            state.system = system
          } catch {
            state.snapshot = SettingsSnapshot(document: state.document)
            state.storeError = .store(error)
            events = [.storeFailed(.store(error))]
          }
          initial?(state.snapshot)
          if includesLocalChanges { emit(events) }
          return events
        }
      }
      if !includesLocalChanges { emit(events) }
    }
    if !(settings.store is FileStore) { follow(after: revision.withLock { $0 } ?? .initial) }
  }

  /// Follows the store's own change stream: an unavailable store is reported as such, anything
  /// else makes the watch read the store again.
  ///
  /// A stream that says the store answers again while the watch's own read still finds etcd out
  /// of reach (a member is back but the cluster is still electing a leader) is read again, 200 ms
  /// later and then at doubling intervals up to 2 s, ten times at most, until the read succeeds or
  /// the stream says something else: the recovery is reported when it happens, not at the next
  /// change.
  private func follow(after revision: StoreRevision) {
    let stream = settings.store.changes(after: revision)
    let task = Task { [weak self] in
      var retry: Task<Void, Never>?
      defer { retry?.cancel() }
      for await change in stream {
        retry?.cancel()
        retry = nil
        guard let self else { return }
        if case .unavailable(let error) = change {
          storeUnavailable(error)
          continue
        }
        refresh()
        if isWaitingForStore { retry = Task { [weak self] in await self?.readAgainUntilItAnswers() } }
      }
    }
    follower.withLock { $0 = task }
  }

  /// Whether the last read of the store found etcd out of reach.
  private var isWaitingForStore: Bool {
    state.withLock { state in
      guard case .store(.backend(let error)) = state.storeError else { return false }
      return error.isUnreachable
    }
  }

  /// Reads the store again while it is out of reach (see ``follow(after:)``).
  private func readAgainUntilItAnswers() async {
    var delay = 200
    for _ in 0..<10 {
      try? await Task.sleep(for: .milliseconds(delay))
      if Task.isCancelled { return }
      refresh()
      if !isWaitingForStore { return }
      delay = min(delay * 2, 2000)
    }
  }

  /// Whether `failure` goes on with the store failure already reported: the same error, or etcd
  /// still out of reach, whatever each endpoint said this time (one report per outage).
  static func continues(_ failure: SettingsError, _ reported: SettingsError?) -> Bool {
    guard let reported else { return false }
    if failure == reported { return true }
    if case .store(.backend(let now)) = failure, case .store(.backend(let before)) = reported {
      return now.isUnreachable && before.isUnreachable
    }
    return false
  }

  /// Reports a store that its change stream says cannot be read, once per distinct error (once
  /// per outage for etcd, ``continues(_:_:)``).
  private func storeUnavailable(_ error: StoreError) {
    delivery.withLock { _ in
      let events = state.withLock { state -> [SettingsEvent] in
        let failure = SettingsError.store(error)
        guard state.started, !Self.continues(failure, state.storeError) else { return [] }
        state.storeError = failure
        if includesLocalChanges { emit([.storeFailed(failure)]) }
        return [.storeFailed(failure)]
      }
      if !includesLocalChanges { emit(events) }
    }
  }

  /// Stops watching; no event is emitted after this returns, except from a refresh already
  /// running.
  func stop() {
    watcher.withLock { watcher in
      watcher?.stop()
      watcher = nil
    }
    if let id = listener.withLock({ $0.take() }) { settings.localWrites.remove(id) }
    follower.withLock { $0.take()?.cancel() }
  }

  deinit { stop() }

  /// Records changes made through ``Settings`` in this process (called under its write lock), so
  /// that the store's notification of them finds nothing new; reports them when the watch includes
  /// local changes.
  private func recordLocal(_ written: LocalWrite) {
    state.withLock { state in
      var events: [SettingsEvent] = []
      // When the write read the bytes the values came from (nothing changed elsewhere in between),
      // the values with its changes are those of the bytes it left; else the store's next read is
      // compared in full.
      if let bytes = state.storeBytes, !state.isReloaded, state.storeError == nil,
        state.system == settings.layers.system, let read = written.read, let contents = written.contents,
        fileBytes(of: read) == bytes
      {
        state.storeBytes = Array(contents.text.utf8)
        state.overrides = contents.values
      } else {
        state.storeBytes = nil
        state.overrides = nil
      }
      var changes: [SettingChange] = []
      for change in written.changes {
        // A value written through the settings is one the item accepts.
        state.problems?[change.key] = nil
        guard let old = state.snapshot.value(forKey: change.key), old != change.newValue else { continue }
        state.snapshot.setValue(change.newValue, forKey: change.key)
        changes.append(
          SettingChange(key: change.key, oldValue: old, newValue: change.newValue, isSecure: change.isSecure))
      }
      guard includesLocalChanges && !changes.isEmpty else { return }
      for index in changes.indices { changes[index].journalSequence = written.entry }
      events = changes.map { .changed($0) }
      emit(events)
    }
  }

  /// Reads the document (when its file changed) and the store, and reports what differs.
  func refresh() {
    delivery.withLock { _ in
      let events = settings.localWrites.excluding {
        state.withLock { state -> [SettingsEvent] in
          guard state.started else { return [] }
          var events = reloadDocument(&state)
          let reloaded = !events.isEmpty
          settings.reloadSystemLayers()
          let ignored = settings.layers.ignored
          events += ignored.filter { !state.ignored.contains($0) }.map { .systemFileIgnored($0) }
          state.ignored = ignored
          events += readStore(&state, documentReloaded: reloaded)
          if includesLocalChanges { emit(events) }
          return events
        }
      }
      if !includesLocalChanges { emit(events) }
    }
  }

  /// The paths of the items files of `document`'s top page, the document being at `path`.
  private static func itemsFilePaths(of document: SettingsDocument, at path: SystemPath) -> [SystemPath] {
    document.sections.compactMap { section in
      section.itemsFile.map { DocumentLoader.itemsFilePath($0, directory: path.directory) }
    }
  }

  /// The signatures of the document's file at `path` and of `document`'s items files.
  private static func signature(of document: SettingsDocument, at path: SystemPath) -> [FileStatus?] {
    ([path] + itemsFilePaths(of: document, at: path)).map { FileSystem.status(of: $0) }
  }

  /// The signature of `document` just read at `path`, given `read`, the signature taken before it
  /// was read: its file's status then (a write while it was read shows at the next look), and its
  /// items files' statuses then when it names the same ones, else now.
  static func signature(
    of document: SettingsDocument, at path: SystemPath, readAfter read: [FileStatus?],
    itemsFiles previous: [SystemPath]
  ) -> [FileStatus?] {
    let files = itemsFilePaths(of: document, at: path)
    let items = files == previous ? Array(read.dropFirst()) : files.map { FileSystem.status(of: $0) }
    return [read.first ?? nil] + items
  }

  /// Reloads the document when the signature of its file or of one of its items files changed.
  private func reloadDocument(_ state: inout State) -> [SettingsEvent] {
    guard let path = options.documentPath else { return [] }
    let signature = Self.signature(of: state.document, at: path)
    // An unchanged signature may still hide a second write within the timestamp's granularity.
    guard signature != state.documentSignature || signature.contains(where: { $0?.isRacy() == true }) else {
      return []
    }
    let previous = state.documentSignature
    let previousItemsFiles = Self.itemsFilePaths(of: state.document, at: path)
    state.documentSignature = signature
    // Reading a new version lets go of far more than it keeps (the compilation of a large
    // document): the pages go back to the system, not to the allocator's free lists.
    defer { systemReturnFreedMemory() }
    let document: SettingsDocument
    do {
      // Through the cache, a version just written cannot be cached on disk yet (the racy
      // window): compiled in memory, the watch's document keeps the compiled form's memory all
      // the same. Without it, the document is read whole.
      var open = options.document
      open.keepsDocument = true
      let cached = open.cache != .none
      open.reading = !options.loadingItemsFiles ? .withoutItemsFiles : cached ? .opened : .whole
      let opened = try DocumentLoader.open(path, options: open, reusing: compilations)
      document = cached && options.loadingItemsFiles ? try opened.documentWithAllItems() : opened.document
    } catch {
      guard error != state.documentError else { return [] }
      state.documentError = error
      return [.documentFailed(error)]
    }
    state.documentError = nil
    // Without its items files' items, a document whose items file alone changed compares equal:
    // the event still tells a screen that pages through them to open them again.
    let itemsFilesChanged = !options.loadingItemsFiles && signature.dropFirst() != previous.dropFirst()
    guard document != state.document || itemsFilesChanged else {
      state.documentSignature = Self.signature(
        of: document, at: path, readAfter: signature, itemsFiles: previousItemsFiles)
      return []
    }
    // Compared section by section: those read from the same bytes as before are skipped.
    let before = SettingsSnapshot(document: state.document)
    let after = SettingsSnapshot(document: document)
    let changed = Self.ordered(after.defaultsTable.changedKeys(from: before.defaultsTable), in: document)
    state.document = document
    // The new version's items files, which may be others.
    state.documentSignature = Self.signature(
      of: document, at: path, readAfter: signature, itemsFiles: previousItemsFiles)
    state.isReloaded = true
    return [.documentReloaded(document, changedDefaults: changed)]
  }

  /// Reads the store and reports the values that differ from those last reported.
  private func readStore(_ state: inout State, documentReloaded: Bool) -> [SettingsEvent] {
    let contents: StoreContents
    do {
      contents = try settings.store.read()
    } catch {
      state.storeBytes = nil
      let failure = SettingsError.store(error)
      guard !Self.continues(failure, state.storeError) else { return [] }
      state.storeError = failure
      return [.storeFailed(failure)]
    }
    let bytes = fileBytes(of: contents)
    let system = settings.layers.system
    // The bytes and layers the values came from: nothing can have changed (the document's
    // reload reported its own events, and its defaults' changes are compared below).
    if !documentReloaded, state.storeError == nil, let bytes, bytes == state.storeBytes,
      system == state.system
    {
      return []
    }
    state.storeBytes = bytes
    state.system = system
    recordOutsideChanges(in: state)
    let overrides = state.overrides
    state.overrides = contents.values
    var events: [SettingsEvent] = []
    if state.storeError != nil {
      state.storeError = nil
      events.append(.storeRecovered)
    }
    // The defaults the settings' changes keep, while the document is still theirs.
    let snapshot = SettingsSnapshot(
      document: state.document, base: state.isReloaded ? nil : settings.keptDefaults,
      contents: contents, storeName: settings.store.name, system: settings.layers.system
    )
    // Only the overridden values and the defaults of the sections whose bytes changed are
    // compared, not every key; a key that one of them has no value for is no change of value.
    let keys = snapshot.keysWithChangedValues(from: state.snapshot).filter {
      state.snapshot.value(forKey: $0) != nil && snapshot.value(forKey: $0) != nil
    }
    // The secure keys and the journal entry, found once for all the changes (so that they print
    // masked, and name the entry that left the store as read).
    var secureKeys: Set<String>?
    var sequence: Int??
    for key in Self.ordered(keys, in: state.document) {
      guard let old = state.snapshot.value(forKey: key), let new = snapshot.value(forKey: key) else {
        continue
      }
      let secure =
        secureKeys
        ?? Settings.secureKeys(of: state.document, base: state.isReloaded ? nil : settings.keptDefaults)
      secureKeys = secure
      var change = SettingChange(
        key: key, oldValue: old, newValue: new, origin: .elsewhere, isSecure: secure.contains(key))
      // Only a value whose override changed was changed by a write to the store.
      if overrides.map({ Self.differs($0[key], contents.values[key]) }) ?? true {
        let found =
          sequence
          ?? journalSequence(
            of: contents, bytes: bytes,
            secureKeys: Settings.journalSecureKeys(
              of: state.document, base: state.isReloaded ? nil : settings.keptDefaults))
        sequence = found
        change.journalSequence = found
      }
      events.append(.changed(change))
    }
    state.snapshot = snapshot
    events += newProblemsAndLocks(snapshot, &state, changedKeys: keys)
    return events
  }

  /// The number of the journal entry that left the store as `contents` (with `bytes`, for a file)
  /// holds it: what the read says (etcd's), else, for a file store, the entry found in its journal
  /// (``FileStore/journalSequence(leaving:values:secureKeys:)``; several writes that one read found
  /// name the last of them).
  private func journalSequence(of contents: StoreContents, bytes: [UInt8]?, secureKeys: Set<String>) -> Int? {
    if let sequence = contents.journalSequence { return sequence }
    guard let store = settings.store as? FileStore, let bytes else { return nil }
    return store.journalSequence(leaving: bytes, values: contents.values, secureKeys: secureKeys)
  }

  /// Whether an override is set on one side only, or to values that differ.
  private static func differs(_ old: JSONValue?, _ new: JSONValue?) -> Bool {
    guard let old, let new else { return (old == nil) != (new == nil) }
    return !JSONValue.same(old, new)
  }

  /// Has a store that keeps a journal record a change made behind the tool's back, now that the
  /// store was read changed (``JournalingStore/recordOutsideChanges(secureKeys:)``: under its lock,
  /// once however many watches notice it). A failure (a reader who may not write, a busy lock)
  /// is not the watch's to report: the next write records the change.
  private func recordOutsideChanges(in state: State) {
    guard let store = settings.store as? any JournalingStore else { return }
    let secureKeys = Settings.journalSecureKeys(
      of: state.document, base: state.isReloaded ? nil : settings.keptDefaults)
    try? store.recordOutsideChanges(secureKeys: secureKeys)
  }

  /// Takes a snapshot's stored value problems and locks as those last reported.
  private static func remember(_ snapshot: SettingsSnapshot, in state: inout State) {
    state.problems = Dictionary(uniqueKeysWithValues: snapshot.problems.map { ($0.key, $0) })
    state.locks = snapshot.locks
    state.others = otherKeys(of: snapshot)
  }

  /// What the store and the system files of `snapshot` hold for keys that the document's items do
  /// not have, as text by key: the stored value (``SettingsSnapshot/otherOverrides``), then each
  /// system file's value and lock of the key. Offsets are left out: a change elsewhere in a file
  /// moves them without changing the key.
  static func otherKeys(of snapshot: SettingsSnapshot) -> [String: String] {
    let writer = JSONWriter()
    var others: [String: String] = [:]
    for (key, stored) in snapshot.otherOverrides { others[key] = "stored " + writer.string(stored) }
    for layer in snapshot.system {
      for (key, value) in layer.values where snapshot.defaultValue(forKey: key) == nil {
        others[key, default: ""] += "\n\(layer.file) " + writer.string(value)
      }
      for (key, reason) in layer.locked where snapshot.defaultValue(forKey: key) == nil {
        others[key, default: ""] += "\n\(layer.file) locked " + reason
      }
    }
    return others
  }

  /// The stored values that `snapshot` rejects and were not rejected so (or at all) before, those
  /// rejected before that it accepts with the same value in effect, and the locks that changed on
  /// keys whose values did not (those are in `changedKeys`), in the document's order; then the
  /// keys the document's items do not have whose stored or system values or locks changed, in key
  /// order; then remembers the snapshot's.
  private func newProblemsAndLocks(
    _ snapshot: SettingsSnapshot, _ state: inout State, changedKeys: Set<String>
  ) -> [SettingsEvent] {
    defer { Self.remember(snapshot, in: &state) }
    guard let problems = state.problems, let locks = state.locks, let others = state.others else { return [] }
    var events: [SettingsEvent] = []
    let rejected = Set(snapshot.problems.filter { problems[$0.key] != $0 }.map(\.key))
    let byKey = Dictionary(uniqueKeysWithValues: snapshot.problems.map { ($0.key, $0) })
    for key in Self.ordered(rejected, in: state.document) {
      if let problem = byKey[key] { events.append(.storedValueRejected(problem)) }
    }
    let accepted = Set(problems.keys).filter { byKey[$0] == nil && !changedKeys.contains($0) }
    events += Self.ordered(accepted, in: state.document).map { .storedValueAccepted(key: $0) }
    if locks != snapshot.locks {
      let relocked = Set(locks.keys).union(snapshot.locks.keys).filter {
        locks[$0] != snapshot.locks[$0] && !changedKeys.contains($0)
      }
      for key in Self.ordered(relocked, in: state.document) {
        events.append(.lockChanged(key: key, lock: snapshot.locks[key]))
      }
    }
    // Keys that the document's items do not have (an items file's): a consumer reads them again.
    let now = Self.otherKeys(of: snapshot)
    if now != others {
      let changed = Set(others.keys).union(now.keys).filter { others[$0] != now[$0] }
      events += changed.sorted().map { .otherKeyChanged(key: $0) }
    }
    return events
  }

  /// The bytes of a file store's contents as read (nil for other stores, whose reads do not
  /// give them); a missing file reads as no bytes.
  private func fileBytes(of contents: StoreContents) -> [UInt8]? {
    guard settings.store is FileStore else { return nil }
    return contents.source?.bytes ?? []
  }

  /// `keys` in the document's order, then any others sorted.
  private static func ordered(_ keys: Set<String>, in document: SettingsDocument) -> [String] {
    guard !keys.isEmpty else { return [] }
    let known = document.keys.filter { keys.contains($0) }
    return known + keys.subtracting(known).sorted()
  }
}
