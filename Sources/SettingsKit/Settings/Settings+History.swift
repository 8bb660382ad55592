import SettingsPOSIX

extension Settings {
  /// What ``undo(_:force:)`` takes back.
  public enum UndoTarget: Sendable, Equatable {
    /// The last change (of any key).
    case last
    /// The entry with this number.
    case entry(Int)
    /// Every key (or only `keys`, when not empty) back to its override at `time`.
    case time(JournalTime, keys: [String])
  }

  /// What ``undo(_:force:)`` did: the entries it took back (for `.time`, every entry after the
  /// time that changed a key it put back), the entry it made, and the changes of value made.
  public struct UndoResult: Sendable, Equatable {
    /// The numbers of the entries taken back, oldest first.
    public var undone: [Int]
    /// The number of the journal entry the undo made (journaled as ``Settings/writeContext`` names
    /// it); nil when it changed nothing in the store, or the store keeps no journal (a journal
    /// limit of 0).
    public var entry: Int?
    /// The changes of value, by key, each naming ``entry`` (``SettingChange/journalSequence``).
    public var changes: [SettingChange]
    /// The change as the undo's own journal entry records it: each store key's override before and
    /// after (a secure key's only as set or not), by key; what `settings history` shows for it.
    public var journalChanges: [String: JournalChange]
    /// Where a store file that did not parse was copied before a forced undo wrote over it
    /// (`<store>.damaged-YYYYMMDDTHHMMSSZ`); nil when the store parsed.
    public var damagedStoreCopy: SystemPath?
  }

  /// The store's journal, reconciled with the store (an empty one for a store that keeps none).
  ///
  /// - Throws: ``SettingsError/store(_:)``.
  public func journal() throws(SettingsError) -> StoreJournal {
    guard let store = store as? any JournalingStore else { return StoreJournal() }
    do {
      return try store.journal(secureKeys: Self.journalSecureKeys(of: document, base: keptDefaults))
    } catch {
      throw .store(error)
    }
  }

  /// The journal's entries that changed a value, newest first, like `git log`: of `keys` only
  /// when not empty (each entry then holds only their changes; a key's earlier name, `renamedFrom`,
  /// counts as the key), at most `limit`, made at or after `since` and at or before `until`.
  ///
  /// - Throws: ``SettingsError/unknownKey(_:suggestion:)`` for a key that is neither an item's nor
  ///   in the journal, and ``SettingsError/store(_:)``.
  public func history(
    keys: [String] = [], limit: Int? = nil, since: JournalTime? = nil, until: JournalTime? = nil
  ) throws(SettingsError) -> [JournalEntry] {
    try history(in: journal(), keys: keys, limit: limit, since: since, until: until)
  }

  /// The journal as its file holds it, when the store is a file that does not parse (``journal()``
  /// then throws, since the journal cannot be reconciled with the store): what `history` lists and
  /// `undo --force` writes back from. Nil when the store parses, is not a file, or keeps no journal.
  ///
  /// - Throws: ``SettingsError/store(_:)`` when the journal exists but cannot be read.
  package func journalBesideUnparsableStore() throws(SettingsError) -> StoreJournal? {
    guard let store = store as? FileStore else { return nil }
    do {
      _ = try store.read()
      return nil
    } catch  where FileStore.isUnparsable(error) {
      do { return try store.journalAsStored() } catch { throw .store(error) }
    } catch {
      return nil
    }
  }

  /// ``history(keys:limit:since:until:)``, which a store file that does not parse does not stop:
  /// its entries are then the journal's as written (``journalBesideUnparsableStore()``), with why
  /// the store does not parse. What `settings history` and `serve`'s History page list.
  ///
  /// - Throws: as ``history(keys:limit:since:until:)`` does for anything else.
  package func historyBesideAnyStore(
    keys: [String] = [], limit: Int? = nil, since: JournalTime? = nil, until: JournalTime? = nil
  ) throws(SettingsError) -> (entries: [JournalEntry], unparsableStore: StoreError?) {
    do {
      return (try history(keys: keys, limit: limit, since: since, until: until), nil)
    } catch .store(let problem) where FileStore.isUnparsable(problem) {
      guard let journal = try journalBesideUnparsableStore() else { throw .store(problem) }
      return (try history(in: journal, keys: keys, limit: limit, since: since, until: until), problem)
    }
  }

  /// ``history(keys:limit:since:until:)`` of a journal already read.
  package func history(
    in journal: StoreJournal, keys: [String] = [], limit: Int? = nil, since: JournalTime? = nil,
    until: JournalTime? = nil
  ) throws(SettingsError) -> [JournalEntry] {
    let wanted = try journalKeys(keys, in: journal)
    var entries: [JournalEntry] = []
    for entry in journal.entries.reversed() {
      if let since, entry.time < since { continue }
      if let until, entry.time > until { continue }
      var shown = entry
      if let wanted { shown.changes = entry.changes.filter { wanted.contains($0.key) } }
      guard !shown.changes.isEmpty else { continue }
      entries.append(shown)
      if let limit, entries.count >= limit { break }
    }
    return entries
  }

  /// The last entry that changed `key`, or nil.
  public func lastChange(of key: String) throws(SettingsError) -> JournalEntry? {
    try history(keys: [key], limit: 1).first
  }

  /// The journal keys `names` stand for (each item's key and its earlier names), nil for every key.
  private func journalKeys(_ names: [String], in journal: StoreJournal) throws(SettingsError) -> Set<String>?
  {
    guard !names.isEmpty else { return nil }
    var keys: Set<String> = []
    let journaled = Set(journal.entries.flatMap(\.changes.keys))
    for name in names {
      if journaled.contains(name), document.locate(name) == nil {
        keys.insert(name)
        continue
      }
      let key = try item(name).key ?? name
      keys.insert(key)
      for (old, new) in document.renamedKeys where new == key { keys.insert(old) }
    }
    return keys
  }

  /// Takes back a change, journaled as one entry made `undo` (so undoing an undo redoes): all of
  /// it or none, through the rules every change follows (locks, conditions, value rules, renamed
  /// keys), each refusing as it refuses `set`. A key that changed again after the entry being
  /// undone, and is not back to the value the entry left, refuses, naming the last later entry
  /// that changed it, unless `force`. A secure text field's change can only be undone back to its
  /// default: the journal never holds its text. A time before the oldest the journal still knows
  /// (``StoreJournal/knownSince``: older entries were folded into its base) refuses when any key
  /// asked for changed since then.
  ///
  /// The journal is read under the store's lock, with the change, so that two undos at once take
  /// back two changes (the second the first's undo), never one change twice. An undo that would
  /// write nothing refuses (``UndoRefusal/nothingToUndo``; ``UndoRefusal/alreadyAsBefore(_:)``
  /// for one entry).
  ///
  /// - Throws: ``SettingsError/undoRefused(_:)`` (``UndoRefusal``), ``SettingsError/locked(key:file:reason:)``,
  ///   ``SettingsError/disabled(key:reason:controllingKey:changedHere:)``, the value errors of
  ///   ``set(_:to:)-(String,_)``, ``SettingsError/store(_:)``.
  @discardableResult
  public func undo(_ target: UndoTarget, force: Bool = false) throws(SettingsError) -> UndoResult {
    var undone: [Int] = []
    var setAside: SystemPath?
    let secureKeys = Self.journalSecureKeys(of: document, base: keptDefaults)
    // Over a store file that does not parse, `force` writes back what the journal knows: the
    // damaged file is kept beside the store, the values after the journal's last entry take its
    // place, and the undo goes on from there.
    if force, let stored = try journalBesideUnparsableStore(), let store = store as? FileStore {
      do {
        setAside = try store.setAsideUnparsable(restoring: stored.state(), secureKeys: secureKeys)
      } catch {
        throw .store(error)
      }
    }
    let write = try changeReadingJournal {
      (snapshot, contents: inout StoreContents, readJournal) throws(SettingsError) in
      let journal = readJournal()
      var (targets, entries) = try undoTargets(target, in: journal, stored: contents.values, force: force)
      undone = entries
      // The first such key in key order, so that the refusal is the same every time.
      if let key = targets.filter({ secureKeys.contains($0.key) && $0.value != nil }).keys.min() {
        throw .undoRefused(.secret(key: key))
      }
      try keepSecureFields(
        of: &targets, undoing: entries, in: journal, stored: contents.values, secureKeys: secureKeys)
      return try apply(targets, in: snapshot, to: &contents)
    }
    // What the store's update journals: the overrides as read under its lock and as written.
    let journalChanges = StoreJournal.changes(
      from: write.read?.values ?? [:], to: write.contents?.values ?? write.read?.values ?? [:],
      secureKeys: secureKeys, comparingSecureText: true)
    // An undo that wrote nothing took nothing back (`undo N --force` of values already as they
    // were): it is never reported as done.
    guard !journalChanges.isEmpty || !write.changes.isEmpty else {
      if case .entry(let number) = target { throw .undoRefused(.alreadyAsBefore(number)) }
      throw .undoRefused(.nothingToUndo)
    }
    return UndoResult(
      undone: undone, entry: write.entry, changes: write.changes, journalChanges: journalChanges,
      damagedStoreCopy: setAside)
  }

  /// Puts the texts of record lists' secure fields into `targets`, which the journal does not
  /// keep (``JournalChange/changedSecrets``): a list that goes back to a journaled value holding
  /// a record whose secure field's text is not known goes back instead by taking the one element
  /// change of the one entry undone back from the list the store holds (`stored`), which keeps
  /// the texts it has; for several entries (or a list set whole), each record takes the text of
  /// the same record now (``fillingSecrets(_:of:now:)``).
  ///
  /// - Throws: ``UndoRefusal/secretField(key:field:at:removed:)`` for a secure field's text
  ///   changed, or a record whose text is not known and that the list no longer holds.
  private func keepSecureFields(
    of targets: inout [String: JSONValue?], undoing entries: [Int], in journal: StoreJournal,
    stored: [String: JSONValue], secureKeys: Set<String>
  ) throws(SettingsError) {
    let fields = StoreJournal.secureFields(in: secureKeys)
    guard !fields.isEmpty else { return }
    for key in targets.keys.sorted() {
      guard let secure = fields[currentKey(key)] ?? fields[key], case let target?? = targets[key],
        StoreJournal.hasUnknownSecret(target, fields: secure)
      else { continue }
      let now = stored[currentKey(key)] ?? stored[key]
      let changes = entries.compactMap { number in
        journal.entries.first { $0.sequence == number }?.changes[key]
      }
      if changes.count == 1, let refusal = secretRefusal(changes[0], of: key, now: now) {
        throw .undoRefused(refusal)
      }
      // A secure field's text changed in between is not known: the list cannot go back.
      for change in changes where !change.changedSecrets.isEmpty {
        if let refusal = secretRefusal(change, of: key, now: now) { throw .undoRefused(refusal) }
      }
      if changes.count == 1, let undone = listUndoTarget(changes[0], of: key, now: now) {
        targets[key] = .some(undone)
      } else {
        // Several changes, or a list set whole: each record keeps the text it has now.
        targets[key] = .some(try fillingSecrets(target, of: key, now: now))
      }
    }
  }

  /// The override each key goes back to (nil: none) and the entries taken back; an element change
  /// of a list is taken back from the override the store holds now (`stored`, which knows the
  /// secure fields' texts that the journal does not).
  private func undoTargets(
    _ target: UndoTarget, in journal: StoreJournal, stored: [String: JSONValue], force: Bool
  ) throws(SettingsError) -> (targets: [String: JSONValue?], entries: [Int]) {
    let changing = journal.entries.filter { !$0.changes.isEmpty }
    func storedNow(_ key: String) -> JSONValue? { stored[currentKey(key)] ?? stored[key] }
    switch target {
    case .last:
      guard let entry = changing.last else { throw .undoRefused(.nothingToUndo) }
      return (entry.changes.mapValues(\.before), [entry.sequence])
    case .entry(let number):
      guard let index = journal.entries.firstIndex(where: { $0.sequence == number }) else {
        let kept = journal.entries.first.map { $0.sequence...(journal.entries.last?.sequence ?? $0.sequence) }
        throw .undoRefused(.noSuchEntry(number, kept: kept))
      }
      let entry = journal.entries[index]
      guard !entry.changes.isEmpty else { throw .undoRefused(.nothingToUndo) }
      if !force {
        // A key changed again since, and not back to what the entry left (a secret's text is
        // never known: any later change counts). A value moved to the key that renamed it
        // (renamedFrom) is the same setting's, under the item's key now.
        let now = underCurrentKeys(journal.state())
        var targets = entry.changes.mapValues(\.before)
        for key in entry.keys {
          let current = currentKey(key)
          guard
            let later = journal.entries[(index + 1)...].last(where: {
              $0.changes[key] != nil || $0.changes[current] != nil
            })
          else {
            continue
          }
          let change = entry.changes[key]
          if change?.isSecure == true || !Self.same(now[current], change?.after) {
            // One element change of a list is taken back from the list as it is now.
            if let change, let target = listUndoTarget(change, of: key, now: storedNow(key)) {
              targets[key] = .some(target)
              continue
            }
            if let change, let refusal = secretRefusal(change, of: key, now: storedNow(key)) {
              throw .undoRefused(refusal)
            }
            throw .undoRefused(
              .changedLater(key: key, undoing: number, later: later.sequence, how: later.context.how))
          }
        }
        return (targets, [number])
      }
      // Forced, an element change of a list is still taken back from the list as it is now where
      // it can be, and one whose added elements are all gone is taken back already: the rest of
      // the list (changed later) is not put back as it was.
      let now = underCurrentKeys(journal.state())
      var targets = entry.changes.mapValues(\.before)
      for key in entry.keys {
        guard let change = entry.changes[key], !change.isSecure else { continue }
        let current = now[currentKey(key)]
        // Unchanged since the entry: its own value before, as for any key.
        guard !Self.same(current, change.after) else { continue }
        if let target = listUndoTarget(change, of: key, now: storedNow(key)) {
          targets[key] = .some(target)
        } else if listAdditionGone(change, of: key, now: storedNow(key)) {
          targets[key] = .some(storedNow(key))
        }
      }
      return (targets, [number])
    case .time(let time, let names):
      let wanted = try journalKeys(names, in: journal)
      // Each key under the item's key now: a change made under an earlier name (renamedFrom) is a
      // change of the same setting, taken back and reported with the others.
      let then = underCurrentKeys(journal.state(at: time))
      let now = underCurrentKeys(journal.state())
      var targets: [String: JSONValue?] = [:]
      var entries: Set<Int> = []
      for entry in changing where entry.time > time {
        for key in entry.keys where wanted?.contains(key) ?? true {
          let current = currentKey(key)
          let (old, new) = (then[current], now[current])
          guard !Self.same(old, new) else { continue }
          targets[current] = .some(old)
          entries.insert(entry.sequence)
        }
      }
      guard !targets.isEmpty else { throw .undoRefused(.nothingChangedSince(time.description)) }
      // Before the oldest state the journal knows, the values then are not known: all or nothing.
      if let known = journal.knownSince, time < known {
        throw .undoRefused(.beforeJournal(time.description, knownSince: known.description))
      }
      return (targets, entries.sorted())
    }
  }

  /// The key an item has now for a journaled key: the item's own, or the key that renamed it.
  func currentKey(_ key: String) -> String {
    document.locate(key) == nil ? document.renamedKeys[key] ?? key : key
  }

  /// Overrides by the items' keys now: a value kept under an earlier name stands for its item's
  /// key when that key holds none, as a snapshot reads it.
  private func underCurrentKeys(_ state: [String: JSONValue]) -> [String: JSONValue] {
    var result: [String: JSONValue] = [:]
    for (key, value) in state where currentKey(key) == key { result[key] = value }
    for (key, value) in state where currentKey(key) != key && result[currentKey(key)] == nil {
      result[currentKey(key)] = value
    }
    return result
  }

  /// Whether two overrides are the same (both none, or equal values wherever they stand).
  private static func same(_ old: JSONValue?, _ new: JSONValue?) -> Bool {
    guard let old, let new else { return old == nil && new == nil }
    return JSONValue.same(old, new)
  }

  /// Puts each key's override to its target, checked as `set` and `reset` check a change.
  private func apply(
    _ targets: [String: JSONValue?], in snapshot: SettingsSnapshot, to contents: inout StoreContents
  ) throws(SettingsError) -> [SettingChange] {
    var after = snapshot
    var assigned: [(SettingItem, String)] = []
    var changes: [SettingChange] = []
    for key in targets.keys.sorted() {
      let target = targets[key] ?? nil
      // A key journaled under an earlier name (renamedFrom) goes back under the item's key now.
      let current = currentKey(key)
      guard let item = item(forFullKey: current) else {
        contents.values[key] = target
        continue
      }
      try checkUnlocked(item, in: snapshot)
      let old = snapshot.value(of: item).value
      var new = snapshot.systemValues[current] ?? snapshot.defaultValue(forKey: current)
      if let target {
        guard let value = SettingsSnapshot.accepted(target, by: item) else {
          // In the words of a stored value's problem: `one of "light", "dark"` for a choice item.
          throw .invalidValue(
            key: current, value: StoredValueProblem.shown(target),
            accepted: [StoredValueProblem.expected(by: item)])
        }
        try Self.check(value, for: item, named: current)
        new = value
        after.setValue(value, forKey: current)
        assigned.append((item, current))
        contents.values[current] = value.json
      } else {
        // What the layers under the store give: nothing overrides it any more.
        after.overriddenValues[current] = new
        contents.values[current] = nil
      }
      if current != key { contents.values[key] = nil }
      if let old, let new, old != new {
        changes.append(SettingChange(key: current, oldValue: old, newValue: new))
      }
    }
    let keys = Set(assigned.map(\.1))
    for (item, _) in assigned { try checkEnabled(item, in: after, changing: keys) }
    return changes
  }
}

extension Settings {
  /// A journaled override as `describe` shows the value it gives (``ValueRules/described(_:of:reveal:)``,
  /// which quotes a text that spells `(default)`): a choice's value with its title, a secure text
  /// field's as the mask; `(default)` for no override. Control characters are escaped
  /// (``TerminalText/escaped(_:)``): a stored text never drives the terminal through the history.
  package func journalValueText(_ value: JSONValue?, of key: String, secure: Bool) -> String {
    TerminalText.escaped(unescapedJournalValueText(value, of: key, secure: secure))
  }

  private func unescapedJournalValueText(_ value: JSONValue?, of key: String, secure: Bool) -> String {
    guard let value else { return "(default)" }
    if secure { return ValueRules.mask }
    let current = currentKey(key)
    // A record list's secure texts, which the journal does not keep, read as masked.
    guard let item = item(forFullKey: current),
      let setting = SettingsSnapshot.accepted(value, by: item)
        ?? (item.type == .list ? journaledElements(value, of: item).map(SettingValue.list) : nil)
    else {
      return StoredValueProblem.shown(value)
    }
    var style = ValueStyle.described(reveal: false)
    style.choice = .unambiguousValueAndOtherTitle
    return ValueRules.text(of: setting, for: item, style: style)
  }

  /// The title of the item a journaled key names (under its key now, for an earlier name), or nil.
  package func journalTitle(of key: String) -> String? {
    return item(forFullKey: currentKey(key))?.title
  }
}
