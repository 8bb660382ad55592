import Synchronization

/// A document joined with a store: typed reads, validated changes, and change observation.
///
/// This is the library's facade for tools that embed settings. Reads merge the document's
/// defaults with the store's overrides, so a switch with no override reads as its default, never
/// as nil. Changes take the same validation as the CLI, are written through the store as one
/// atomic update, and are reported by ``changes(_:)`` as ``SettingChange``s (key, old, new), with
/// those made elsewhere: a switch cell's `switchChanged`, known by key rather than by a section's
/// tag.
public final class Settings: Sendable {
  /// The document: the screen and its defaults.
  public let document: SettingsDocument
  /// Where overrides are kept: the user's store, ``LayeredStore/user`` of ``layers``.
  public let store: any SettingsStore
  /// Every layer values are read from: the system files (values and locks) under the user's store,
  /// as last read (see ``reloadSystemLayers()``).
  public var layers: LayeredStore { currentLayers.withLock { $0 } }
  private let currentLayers: Mutex<LayeredStore>
  private let observers: Mutex<[Int: @Sendable (SettingChange) -> Void]> = Mutex([:])
  private let nextObserverID = Atomic<Int>(0)
  /// Who makes this object's changes and how, as the journal records them (a store that keeps
  /// one, ``JournalingStore``): by default an embedding app named by its process name.
  ///
  /// The default is made when first asked for (by the first write), so a process that only reads
  /// never looks up its user and host.
  public var writeContext: WriteContext {
    get {
      currentWriteContext.withLock { context in
        if let context { return context }
        let made = WriteContext.embeddingApp
        context = made
        return made
      }
    }
    set { currentWriteContext.withLock { $0 = newValue } }
  }
  private let currentWriteContext = Mutex<WriteContext?>(nil)
  /// Serializes this object's writes with its watches' reads of the store.
  let localWrites: LocalWrites
  /// The document's defaults, worked out by the second change and kept for the next ones.
  private let keptDefaultsOnce = Mutex<DocumentDefaults?>(nil)

  /// The document's defaults if a change already worked them out.
  var keptDefaults: DocumentDefaults? { keptDefaultsOnce.withLock { $0 } }
  private let changesStarted = Atomic<Int>(0)

  /// The document's defaults for a change's snapshot: nil for the first change, which walks the
  /// items as any snapshot does (a command changes once, and keeping every item by key would only
  /// cost it memory); worked out on the second and kept for the next ones (the interactive screen
  /// changes again and again, and on a large document each walk costs more than a frame).
  func defaultsForChange() -> DocumentDefaults? {
    guard changesStarted.add(1, ordering: .relaxed).oldValue > 0 else { return nil }
    if let kept = keptDefaults { return kept }
    let made = DocumentDefaults(document: document)
    keptDefaultsOnce.withLock { $0 = made }
    return made
  }

  /// Joins a document and a store, with no system layers. Nothing is read until a value is asked for.
  ///
  /// For a document built in code, generated (`SettingsDocument.generated`) or decoded from bytes
  /// (``DocumentLoader/decode(_:itemsFilesIn:locales:)``); a document file is opened with
  /// ``DocumentLoader/open(_:options:)-(SystemPath,_)`` and given to ``init(document:store:)-(LoadedDocument,_)``.
  public init(document: SettingsDocument, store: any SettingsStore) {
    self.document = document
    self.store = store
    self.currentLayers = Mutex(LayeredStore(user: store))
    self.localWrites = LocalWrites()
  }

  /// Joins a document and the layers of values: system files under the user's store, which alone
  /// is written. Nothing more is read until a value is asked for.
  public init(document: SettingsDocument, layers: LayeredStore) {
    self.document = document
    self.store = layers.user
    self.currentLayers = Mutex(layers)
    self.localWrites = LocalWrites()
  }

  /// Joins `document` (a version of `other`'s with more of its items, such as the items of its
  /// items files that some keys need) with `other`'s layers, writing as `other` does: its watches
  /// take this object's writes for their own (``LocalWrites``), not for changes made elsewhere.
  package init(document: SettingsDocument, writingAs other: Settings) {
    self.document = document
    self.store = other.store
    self.currentLayers = Mutex(other.layers)
    self.localWrites = other.localWrites
  }

  /// Reads the system files again (a watch does when they change), so that later reads and
  /// changes see their values and locks.
  ///
  /// - Returns: whether any system layer changed.
  @discardableResult
  public func reloadSystemLayers() -> Bool {
    let current = layers
    guard !current.systemPaths.isEmpty else { return false }
    let fresh = current.readingSystemFilesAgain()
    currentLayers.withLock { $0 = fresh }
    return fresh.system != current.system
  }

  // MARK: - Reading

  /// The current values and which are overridden, read from the store once.
  ///
  /// A stored value that its item does not accept does not fail the snapshot: the item reads as
  /// its default and the value is listed in ``SettingsSnapshot/problems``.
  ///
  /// - Throws: ``SettingsError/store(_:)`` when the store cannot be read or is not a JSON object.
  public func snapshot() throws(SettingsError) -> SettingsSnapshot {
    let contents: StoreContents
    do {
      contents = try store.read()
    } catch {
      throw .store(error)
    }
    return SettingsSnapshot(
      document: document, contents: contents, storeName: store.name, system: layers.system)
  }

  /// The current value of `key`: its override, or its default (also when the stored value is one
  /// the item does not accept; ``read(_:)`` tells that apart).
  ///
  /// - Throws: ``SettingsError/unknownKey(_:suggestion:)``, ``SettingsError/noValue(key:type:)``
  ///   for a detailTitle, ``SettingsError/store(_:)``.
  public func value(of key: String) throws(SettingsError) -> SettingValue {
    try read(key).value
  }

  /// The current value of `key` and, when the store holds a value the item does not accept (so
  /// that the value is the default), that problem; from one read of the store.
  ///
  /// - Throws: as ``value(of:)``.
  public func read(_ key: String) throws(SettingsError) -> (value: SettingValue, problem: StoredValueProblem?)
  {
    let item = try self.item(key)
    let snapshot = try snapshot()
    guard let value = snapshot.value(of: item).value else { throw .noValue(key: key, type: item.type) }
    return (value, snapshot.problem(of: item))
  }

  /// Whether the switch `key` is on (its override, or its default).
  ///
  /// - Throws: as ``value(of:)``, and ``SettingsError/notSettable(key:type:)`` when `key` is not a switch.
  public func isOn(_ key: String) throws(SettingsError) -> Bool {
    let item = try self.item(key)
    guard item.type == .switch, case .bool(let flag) = try snapshot().value(of: item).value else {
      throw .notSettable(key: key, type: item.type)
    }
    return flag
  }

  /// The item named by `key`: a full dot path (`cellular.roaming`), or an item's own key
  /// (`roaming`) where only one item has it. Its `key` is the full path.
  ///
  /// - Throws: ``SettingsError/unknownKey(_:suggestion:)`` with a close key when there is one,
  ///   ``SettingsError/ambiguousKey(_:candidates:)`` when several items have that own key.
  public func item(_ key: String) throws(SettingsError) -> SettingItem {
    try locate(key).item
  }

  /// The item whose full key is `key` (``SettingsDocument/item(forKey:)``), found in the kept
  /// defaults when a change worked them out, else by a walk of the document.
  package func item(forFullKey key: String) -> SettingItem? {
    keptDefaults?.topLevelItem(key)?.item ?? document.item(forKey: key)
  }

  /// The item named by `key` with where it stands; see ``item(_:)``.
  public func locate(_ key: String) throws(SettingsError) -> LocatedItem {
    if let located = keptDefaults?.topLevelItem(key) ?? document.locate(key) { return located }
    if !key.contains(".") {
      let matches = document.items(withOwnKey: key)
      if matches.count == 1 { return matches[0] }
      if matches.count > 1 { throw .ambiguousKey(key, candidates: matches.compactMap(\.item.key)) }
    }
    // An earlier key (renamedFrom) suggests the item's key now.
    throw .unknownKey(
      key, suggestion: document.renamedKeys[key] ?? Suggestion.closest(to: key, in: document.keys))
  }

  // MARK: - Changing

  /// Parses `text` as a value for `key`, as `settings set` does.
  ///
  /// - Throws: ``SettingsError/unknownKey(_:suggestion:)``, ``SettingsError/notSettable(key:type:)``,
  ///   ``SettingsError/invalidValue(key:value:accepted:)`` listing the accepted words.
  public func parseValue(_ text: String, for key: String) throws(SettingsError) -> SettingValue {
    try Self.value(parsing: text, for: item(key), named: key)
  }

  /// Sets every `(key, text)` pair or none: all are checked before anything is written, then they
  /// are written in one atomic update.
  ///
  /// A value is stored as an override even when it equals the default (as `gsettings set` does),
  /// so an explicit choice survives a later change of the default; only a value equal to the
  /// current override writes nothing. ``reset(_:)`` goes back to following the default. A stored
  /// value the item does not accept is replaced.
  ///
  /// - Returns: the changes of value made, in the order given; ``changes(_:)`` reports the same.
  /// - Throws: the errors of ``parseValue(_:for:)`` (nothing is written),
  ///   ``SettingsError/duplicateAssignment(_:)``; when more than one pair is bad,
  ///   ``SettingsError/several(_:)`` with each pair's error in the order given; ``SettingsError/disabled(key:reason:controllingKey:changedHere:)``,
  ///   ``SettingsError/store(_:)``.
  @discardableResult
  public func set(_ assignments: [(key: String, text: String)]) throws(SettingsError) -> [SettingChange] {
    var resolved: [Assignment] = []
    var errors: [SettingsError] = []
    var seenKeys: Set<String> = []
    for (name, text) in assignments {
      do throws(SettingsError) {
        let item = try self.item(name)
        let key = item.key ?? name
        guard seenKeys.insert(key).inserted else { throw .duplicateAssignment(name) }
        resolved.append(
          Assignment(key: key, item: item, value: try Self.value(parsing: text, for: item, named: key)))
      } catch {
        errors.append(error)
      }
    }
    if errors.count == 1 { throw errors[0] }
    if !errors.isEmpty { throw .several(errors) }
    return try write(resolved)
  }

  /// Sets one value; see ``set(_:)``.
  ///
  /// - Throws: ``SettingsError/invalidValue(key:value:accepted:)`` when the item does not take
  ///   `value`, and the errors of ``set(_:)``.
  @discardableResult
  public func set(_ key: String, to value: SettingValue) throws(SettingsError) -> SettingChange? {
    let item = try self.item(key)
    try Self.check(value, for: item, named: key)
    return try write([
      Assignment(key: item.key ?? key, item: item, value: ValueRules.normalized(value, for: item))
    ])
    .first
  }

  /// What ``set(_:to:expecting:)`` did.
  package enum ExpectedWrite: Sendable, Equatable {
    /// The value was still the one expected; the change made (nil when it already was `value`).
    case written(SettingChange?)
    /// The value was no longer the one expected: nothing was written; this is the value now.
    case conflict(current: SettingValue)
  }

  /// Sets one value only while its current value is still `expected` (what a page showed): the
  /// comparison and the write happen in one update under the store's lock, so a change made
  /// elsewhere meanwhile is never overwritten (`settings serve`'s `POST /api/set`). Otherwise as
  /// ``set(_:to:)``: the same checks, errors and notifications.
  package func set(_ key: String, to value: SettingValue, expecting expected: SettingValue)
    throws(SettingsError)
    -> ExpectedWrite
  {
    let item = try self.item(key)
    try Self.check(value, for: item, named: key)
    var current: SettingValue?
    let changes = try write(
      [Assignment(key: item.key ?? key, item: item, value: ValueRules.normalized(value, for: item))],
      precondition: { snapshot in
        let now = snapshot.value(of: item).value
        guard now == expected else {
          current = now
          return false
        }
        return true
      })
    if let current { return .conflict(current: current) }
    return .written(changes.first)
  }

  /// One resolved, checked value to store.
  private struct Assignment {
    var key: String
    var item: SettingItem
    var value: SettingValue
  }

  /// The value `text` names for `item`: a switch word, or a choice's value or title (any letter
  /// case); `name` is the key errors mention.
  static func value(parsing text: String, for item: SettingItem, named name: String) throws(SettingsError)
    -> SettingValue
  {
    if let parsed = ValueRules.parse(text, for: item) {
      switch parsed {
      case .success(let value): return value
      case .failure(let problem):
        throw .rejectedValue(
          key: name, value: text, problem: problem, accepted: ValueRules.expected(by: item) ?? "")
      }
    }
    if let choices = item.choices {
      let lowered = text.lowercased()
      if let choice = choices.first(where: { $0.value == text })
        ?? choices.first(where: { $0.value.lowercased() == lowered })
        ?? choices.first(where: { $0.title.lowercased() == lowered })
      {
        return .string(choice.value)
      }
      throw .invalidValue(
        key: name, value: text,
        accepted: choices.map { $0.value == $0.title ? $0.value : "\($0.value) (\($0.title))" })
    }
    guard item.type == .switch else { throw .notSettable(key: name, type: item.type) }
    guard let flag = SettingValue.parseSwitch(text) else {
      throw .invalidValue(key: name, value: text, accepted: SettingValue.switchWords.map(\.word))
    }
    return .bool(flag)
  }

  /// Refuses a typed value that `item` does not take; `name` is the key errors mention.
  static func check(_ value: SettingValue, for item: SettingItem, named name: String) throws(SettingsError) {
    if let accepted = ValueRules.expected(by: item) {
      guard ValueRules.hasKind(value, for: item) else {
        throw .invalidValue(key: name, value: value.description, accepted: [accepted])
      }
      if let problem = ValueRules.problem(with: value, for: item) {
        throw .rejectedValue(key: name, value: value.description, problem: problem, accepted: accepted)
      }
      return
    }
    switch (item.type, value, item.choices) {
    case (.switch, .bool, _): return
    case (.rightDetail, .string(let text), let choices?) where choices.contains(where: { $0.value == text }):
      return
    case (.switch, _, _): throw .invalidValue(key: name, value: value.description, accepted: ["on", "off"])
    case (.rightDetail, _, let choices?):
      throw .invalidValue(key: name, value: value.description, accepted: choices.map(\.value))
    default: throw .notSettable(key: name, type: item.type)
    }
  }

  /// Stores resolved values in one update, after checking that each item is enabled under the
  /// values this change leaves.
  ///
  /// - Parameter precondition: checked first against the store as read under its lock; when it
  ///   is false nothing is written.
  private func write(_ assignments: [Assignment], precondition: (SettingsSnapshot) -> Bool = { _ in true })
    throws(SettingsError) -> [SettingChange]
  {
    try change { (snapshot, contents) throws(SettingsError) in
      guard precondition(snapshot) else { return [] }
      // Conditions are checked against the values this change leaves, as separate `set`s in that
      // order would see them: `airplane=off wifi=office` is allowed, `airplane=on wifi=office` not.
      for assignment in assignments { try checkUnlocked(assignment.item, in: snapshot) }
      var after = snapshot
      for assignment in assignments { after.setValue(assignment.value, forKey: assignment.key) }
      let assigned = Set(assignments.map(\.key))
      for assignment in assignments { try checkEnabled(assignment.item, in: after, changing: assigned) }
      var changes: [SettingChange] = []
      for assignment in assignments {
        let (old, isOverride) = snapshot.value(of: assignment.item)
        if isOverride, old == assignment.value { continue }
        contents.values[assignment.key] = assignment.value.json
        if let old, old != assignment.value {
          changes.append(SettingChange(key: assignment.key, oldValue: old, newValue: assignment.value))
        }
      }
      return changes
    }
  }

  /// Turns the switch `key` over and returns its new state.
  ///
  /// - Throws: ``SettingsError/notSettable(key:type:)`` when `key` is not a switch, and store errors.
  @discardableResult
  public func toggle(_ name: String) throws(SettingsError) -> Bool {
    let item = try self.item(name)
    let key = item.key ?? name
    guard item.type == .switch else { throw .notASwitch(key: name, type: item.type) }
    var new = false
    try change { (snapshot, contents) throws(SettingsError) in
      try checkUnlocked(item, in: snapshot)
      try checkEnabled(item, in: snapshot)
      let old = snapshot.value(of: item).value == .bool(true)
      new = !old
      contents.values[key] = .bool(new)
      return [SettingChange(key: key, oldValue: .bool(old), newValue: .bool(new))]
    }
    return new
  }

  /// Removes the overrides of `keys`, so they read as what the layers under the user's store give:
  /// a system file's value, else the default.
  ///
  /// Keys the document does not know are refused (with a suggestion), except those present in the
  /// store, which are removed: that is how a stale key from an older document is cleaned up. All
  /// keys are checked before anything is removed.
  ///
  /// - Returns: the changes of value this made (resetting a value equal to the one under it
  ///   changes none).
  /// - Throws: ``SettingsError/locked(key:file:reason:)`` for a locked item (nothing is removed).
  @discardableResult
  public func reset(_ keys: [String]) throws(SettingsError) -> [SettingChange] {
    try change { (snapshot, contents) throws(SettingsError) in
      var resolved: [String] = []
      for name in keys {
        if contents.values[name] != nil, document.locate(name) == nil {
          // A value stored under an earlier key (renamedFrom) is its item's override: resetting
          // the earlier key resets the item, which reads it.
          if let renamed = snapshot.renamedValues.first(where: { $0.oldKey == name && $0.isRead }),
            snapshot.locks[renamed.key] == nil
          {
            resolved.append(renamed.key)
          } else {
            resolved.append(name)
          }
          continue
        }
        let item = try item(name)
        try checkUnlocked(item, in: snapshot)
        resolved.append(item.key ?? name)
      }
      var changes: [SettingChange] = []
      for key in resolved {
        // A value waiting under an earlier key (renamedFrom) is the item's override too.
        let earlier = snapshot.renamedValues.filter { $0.key == key }.map(\.oldKey)
        let removed = ([key] + earlier).compactMap { contents.values.removeValue(forKey: $0) }
        // A stored value that is not JSON (etcd) goes too.
        let unparsed = contents.unparsed.removeValue(forKey: key) != nil
        guard !removed.isEmpty || unparsed else { continue }
        if let old = snapshot.value(forKey: key),
          let new = snapshot.systemValues[key] ?? snapshot.defaultValue(forKey: key),
          old != new
        {
          changes.append(SettingChange(key: key, oldValue: old, newValue: new))
        }
      }
      return changes
    }
  }

  /// Removes every override, including those of keys the document does not know, except those of
  /// locked items (they stay in the store, unused, until the lock goes); a top-level `"$schema"`
  /// (for editors) stays.
  @discardableResult
  public func resetAll() throws(SettingsError) -> [SettingChange] {
    try change { (snapshot, contents) throws(SettingsError) in
      let keys = contents.values.keys
      // A store's "$schema" names its JSON Schema for editors: not an override, so it stays.
      for key in keys
      where key != "$schema" && snapshot.locks[key] == nil
        && !snapshot.system.contains(where: { $0.locked[key] != nil })
      {
        contents.values[key] = nil
      }
      for key in contents.unparsed.keys
      where snapshot.locks[key] == nil && !snapshot.system.contains(where: { $0.locked[key] != nil }) {
        contents.unparsed[key] = nil
      }
      return document.keys.filter { keys.contains($0) }.compactMap { key in
        guard let old = snapshot.value(forKey: key),
          let new = snapshot.systemValues[key] ?? snapshot.defaultValue(forKey: key),
          old != new
        else { return nil }
        return SettingChange(key: key, oldValue: old, newValue: new)
      }
    }
  }

  /// Refuses a change to an item that a system file locks.
  func checkUnlocked(_ item: SettingItem, in snapshot: SettingsSnapshot) throws(SettingsError) {
    if let lock = snapshot.lock(of: item) {
      throw .locked(key: item.key ?? "", file: lock.file, reason: lock.reason)
    }
  }

  /// Refuses a change to an item that another item's value disables; `changing` are the keys the
  /// same change assigns (the error then says that change disables it).
  func checkEnabled(
    _ item: SettingItem, in snapshot: SettingsSnapshot, changing: Set<String> = []
  ) throws(SettingsError) {
    let state = snapshot.state(of: item)
    if !state.isEnabled, let reason = state.disabledReason, let controller = state.controllingKey {
      throw .disabled(
        key: item.key ?? "", reason: reason, controllingKey: controller,
        changedHere: changing.contains(controller))
    }
  }

  /// Runs one locked read-modify-write and notifies observers of what it reports.
  @discardableResult
  func change(
    _ body: (SettingsSnapshot, inout StoreContents) throws(SettingsError) -> [SettingChange]
  ) throws(SettingsError) -> [SettingChange] {
    try changeReadingJournal { (snapshot, contents: inout StoreContents, _) throws(SettingsError) in
      try body(snapshot, &contents)
    }
    .changes
  }

  /// ``change(_:)`` whose body also gets the store's journal, read under the same lock (empty for
  /// a store that keeps none). The change is journaled with ``writeContext``. Returns what the
  /// write did: its changes (each with the journal entry it made as its
  /// ``SettingChange/journalSequence``), that entry's number, and the store's contents as read
  /// under the lock and as written.
  @discardableResult
  func changeReadingJournal(
    _ body: (SettingsSnapshot, inout StoreContents, () -> StoreJournal) throws(SettingsError)
      -> [SettingChange]
  ) throws(SettingsError) -> LocalWrite {
    let base = defaultsForChange()
    let context = writeContext
    let secureKeys = Self.journalSecureKeys(of: document, base: base)
    var done: LocalWrite?
    let changes = try localWrites.perform { () throws(SettingsError) -> LocalWrite in
      // The store's update runs the body twice (a dry run, then under the lock): the dry run's
      // snapshot serves the second run when the store and the layers read the same, so the
      // document's values are copied once per change, not twice.
      var earlier: (contents: StoreContents, system: [SystemLayer], snapshot: SettingsSnapshot)?
      var read: StoreContents?
      var written: StoreContents?
      let (made, entry) = try store.updateSettings(context: context, secureKeys: secureKeys) {
        (contents: inout StoreContents, journal: () -> StoreJournal) throws(SettingsError) in
        let system = layers.system
        read = contents
        let snapshot: SettingsSnapshot
        if let earlier, earlier.contents == contents, earlier.system == system {
          snapshot = earlier.snapshot
        } else {
          snapshot = SettingsSnapshot(
            document: document, base: base, contents: contents, storeName: store.name, system: system)
          earlier = (contents, system, snapshot)
        }
        let made = try withoutActuallyEscaping(journal) { (journal) throws(SettingsError) in
          try body(snapshot, &contents, journal)
        }
        let changes = markingSecure(made, base: base)
        // Every write moves values waiting under earlier keys (renamedFrom) to their items' keys.
        snapshot.moveRenamedValues(in: &contents)
        contents.holdsSecureValue = holdsSecureValue(contents, base: base)
        written = contents
        return changes
      }
      var changes = made
      for index in changes.indices { changes[index].journalSequence = entry }
      let write = LocalWrite(changes: changes, entry: entry, read: read, contents: written)
      done = write
      return write
    }
    notify(changes)
    return done ?? LocalWrite(changes: changes)
  }

  // MARK: - Observing

  /// Calls `observer` with every change made through this object, after it is stored, on the
  /// writer's thread: for the conformance checks and tests, which compare what a write returns
  /// with what is reported. An app observes through ``changes(_:)``.
  ///
  /// - Returns: a token for ``removeObserver(_:)``.
  @discardableResult
  package func addObserver(_ observer: @escaping @Sendable (SettingChange) -> Void) -> ObserverToken {
    let id = nextObserverID.add(1, ordering: .relaxed).newValue
    observers.withLock { $0[id] = observer }
    return ObserverToken(id: id)
  }

  /// Stops calling the observer registered under `token`.
  package func removeObserver(_ token: ObserverToken) {
    _ = observers.withLock { $0.removeValue(forKey: token.id) }
  }

  /// Calls every observer with each of `changes`, outside any lock.
  func notify(_ changes: [SettingChange]) {
    guard !changes.isEmpty else { return }
    let current = observers.withLock { $0.sorted { $0.key < $1.key }.map(\.value) }
    for change in changes {
      for observer in current { observer(change) }
    }
  }
}

/// Identifies an observer registered with ``Settings/addObserver(_:)``.
package struct ObserverToken: Sendable, Hashable {
  let id: Int
}
