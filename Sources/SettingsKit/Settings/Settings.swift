import Synchronization

/// A document joined with a store: typed reads, validated changes, and change observation.
///
/// This is the library's facade for tools that embed settings. Reads merge the document's
/// defaults with the store's overrides, so a switch with no override reads as its default, never
/// as nil. Changes take the same validation as the CLI, are written through the store as one
/// atomic update, and are delivered to observers as ``SettingChange``s (key, old, new): the seed's
/// `switchChanged`, known by key rather than by a section's tag.
public final class Settings: Sendable {
  /// The document: the screen and its defaults.
  public let document: SettingsDocument
  /// Where overrides are kept.
  public let store: any SettingsStore
  private let observers: Mutex<[Int: @Sendable (SettingChange) -> Void]> = Mutex([:])
  private let nextObserverID = Atomic<Int>(0)

  /// Joins a document and a store. Nothing is read until a value is asked for.
  public init(document: SettingsDocument, store: any SettingsStore) {
    self.document = document
    self.store = store
  }

  // MARK: - Reading

  /// The current values and which are overridden, read from the store once.
  ///
  /// - Throws: ``SettingsError/store(_:)`` when the store cannot be read, or holds a value of
  ///   the wrong type for a known key.
  public func snapshot() throws(SettingsError) -> SettingsSnapshot {
    let contents: StoreContents
    do {
      contents = try store.read()
    } catch {
      throw .store(error)
    }
    do {
      return try SettingsSnapshot(document: document, contents: contents, storeName: store.name)
    } catch {
      throw .store(error)
    }
  }

  /// The current value of `key`: its override, or its default.
  ///
  /// - Throws: ``SettingsError/unknownKey(_:suggestion:)``, ``SettingsError/noValue(key:type:)``
  ///   for a detailTitle, ``SettingsError/store(_:)``.
  public func value(of key: String) throws(SettingsError) -> SettingValue {
    let item = try self.item(key)
    guard let value = try snapshot().values[item.key ?? key] else {
      throw .noValue(key: key, type: item.type)
    }
    return value
  }

  /// Whether the switch `key` is on (its override, or its default).
  ///
  /// - Throws: as ``value(of:)``, and ``SettingsError/notSettable(key:type:)`` when `key` is not a switch.
  public func isOn(_ key: String) throws(SettingsError) -> Bool {
    let item = try self.item(key)
    guard item.type == .switch, case .bool(let flag) = try value(of: item.key ?? key) else {
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

  /// The item named by `key` with where it stands; see ``item(_:)``.
  public func locate(_ key: String) throws(SettingsError) -> LocatedItem {
    if let located = document.locate(key) { return located }
    let all = document.allItems
    if !key.contains(".") {
      let matches = all.filter { $0.item.localKey == key }
      if matches.count == 1 { return matches[0] }
      if matches.count > 1 { throw .ambiguousKey(key, candidates: matches.compactMap(\.item.key)) }
    }
    throw .unknownKey(key, suggestion: Suggestion.closest(to: key, in: all.compactMap(\.item.key)))
  }

  // MARK: - Changing

  /// Parses `text` as a value for `key`, as `settings set` does.
  ///
  /// - Throws: ``SettingsError/unknownKey(_:suggestion:)``, ``SettingsError/notSettable(key:type:)``,
  ///   ``SettingsError/invalidValue(key:value:accepted:)`` listing the accepted words.
  public func parseValue(_ text: String, for key: String) throws(SettingsError) -> SettingValue {
    let item = try self.item(key)
    if let choices = item.choices {
      let lowered = text.lowercased()
      if let choice = choices.first(where: { $0.value == text })
        ?? choices.first(where: { $0.value.lowercased() == lowered })
        ?? choices.first(where: { $0.title.lowercased() == lowered })
      {
        return .string(choice.value)
      }
      throw .invalidValue(
        key: key, value: text,
        accepted: choices.map { $0.value == $0.title ? $0.value : "\($0.value) (\($0.title))" })
    }
    guard item.type == .switch else { throw .notSettable(key: key, type: item.type) }
    guard let flag = SettingValue.parseSwitch(text) else {
      throw .invalidValue(key: key, value: text, accepted: SettingValue.switchWords.map(\.word))
    }
    return .bool(flag)
  }

  /// Sets every `(key, text)` pair or none: all are checked before anything is written, then they
  /// are written in one atomic update. Values equal to the current ones write nothing.
  ///
  /// A value equal to the default is still stored as an override (as `gsettings set` does);
  /// ``reset(_:)`` removes overrides.
  ///
  /// - Returns: the changes made, in the order given; observers receive the same.
  /// - Throws: the errors of ``parseValue(_:for:)`` (nothing is written), ``SettingsError/store(_:)``.
  @discardableResult
  public func set(_ assignments: [(key: String, text: String)]) throws(SettingsError) -> [SettingChange] {
    var parsed: [(key: String, value: SettingValue)] = []
    for (name, text) in assignments {
      let key = try item(name).key ?? name
      if parsed.contains(where: { $0.key == key }) { throw .duplicateAssignment(name) }
      parsed.append((key, try parseValue(text, for: key)))
    }
    return try change { snapshot, contents in
      // Conditions are checked against the values this change leaves, as separate `set`s in that
      // order would see them: `airplane=off wifi=office` is allowed, `airplane=on wifi=office` not.
      var after = snapshot
      for (key, value) in parsed { after.values[key] = value }
      for (key, _) in parsed { try checkEnabled(key, in: after) }
      var working = snapshot.values
      var order: [String] = []
      for (key, value) in parsed where working[key] != value {
        contents.values[key] = value.json
        working[key] = value
        if !order.contains(key) { order.append(key) }
      }
      return order.compactMap { key in
        guard let old = snapshot.values[key], let new = working[key], old != new else { return nil }
        return SettingChange(key: key, oldValue: old, newValue: new)
      }
    }
  }

  /// Sets one value; see ``set(_:)``.
  @discardableResult
  public func set(_ key: String, to value: SettingValue) throws(SettingsError) -> SettingChange? {
    let item = try self.item(key)
    switch (item.type, value, item.choices) {
    case (.switch, .bool, _): break
    case (.rightDetail, .string(let text), let choices?) where choices.contains(where: { $0.value == text }):
      break
    case (.switch, _, _): throw .invalidValue(key: key, value: value.description, accepted: ["on", "off"])
    case (.rightDetail, _, let choices?):
      throw .invalidValue(key: key, value: value.description, accepted: choices.map(\.value))
    default: throw .notSettable(key: key, type: item.type)
    }
    return try set([(key, value.description)]).first
  }

  /// Turns the switch `key` over and returns its new state.
  ///
  /// - Throws: ``SettingsError/notSettable(key:type:)`` when `key` is not a switch, and store errors.
  @discardableResult
  public func toggle(_ name: String) throws(SettingsError) -> Bool {
    let item = try self.item(name)
    let key = item.key ?? name
    guard item.type == .switch else { throw .notASwitch(key: name, type: item.type) }
    let changes = try change { snapshot, contents in
      try checkEnabled(key, in: snapshot)
      guard case .bool(let old) = snapshot.values[key] else { return [SettingChange]() }
      contents.values[key] = .bool(!old)
      return [SettingChange(key: key, oldValue: .bool(old), newValue: .bool(!old))]
    }
    guard case .bool(let new) = changes.first?.newValue else { return try isOn(key) }
    return new
  }

  /// Removes the overrides of `keys`, so they read as their defaults again.
  ///
  /// Keys the document does not know are refused (with a suggestion), except those present in the
  /// store, which are removed: that is how a stale key from an older document is cleaned up.
  ///
  /// - Returns: the changes of value this made (resetting a value equal to its default changes none).
  @discardableResult
  public func reset(_ keys: [String]) throws(SettingsError) -> [SettingChange] {
    try change(lenient: true) { snapshot, contents in
      var changes: [SettingChange] = []
      for name in keys {
        let key: String
        if contents.values[name] != nil {
          key = name
        } else {
          key = try item(name).key ?? name
        }
        guard contents.values.removeValue(forKey: key) != nil else { continue }
        if let old = snapshot.values[key], let new = snapshot.defaults[key], old != new {
          changes.append(SettingChange(key: key, oldValue: old, newValue: new))
        }
      }
      return changes
    }
  }

  /// Removes every override, including those of keys the document does not know.
  @discardableResult
  public func resetAll() throws(SettingsError) -> [SettingChange] {
    try change(lenient: true) { snapshot, contents in
      let keys = contents.values.keys
      contents.values.removeAll()
      return document.keys.filter { keys.contains($0) }.compactMap { key in
        guard let old = snapshot.values[key], let new = snapshot.defaults[key], old != new else { return nil }
        return SettingChange(key: key, oldValue: old, newValue: new)
      }
    }
  }

  /// Refuses a change to an item that another item's value disables.
  private func checkEnabled(_ key: String, in snapshot: SettingsSnapshot) throws(SettingsError) {
    guard let item = snapshot.itemsByKey[key] ?? document.item(forKey: key) else { return }
    let state = snapshot.state(of: item)
    if !state.isEnabled, let reason = state.disabledReason, let controller = state.controllingKey {
      throw .disabled(key: key, reason: reason, controllingKey: controller)
    }
  }

  /// Runs one locked read-modify-write and notifies observers of what it reports.
  private func change(
    lenient: Bool = false, _ body: (SettingsSnapshot, inout StoreContents) throws -> [SettingChange]
  ) throws(SettingsError) -> [SettingChange] {
    let changes: [SettingChange]
    do {
      changes = try store.update { contents in
        let snapshot = try SettingsSnapshot(
          document: document, contents: contents, storeName: store.name, lenient: lenient)
        return try body(snapshot, &contents)
      }
    } catch let error as SettingsError {
      throw error
    } catch let error as StoreError {
      throw .store(error)
    } catch {
      throw .store(.noLocation(reason: "\(error)"))
    }
    notify(changes)
    return changes
  }

  // MARK: - Observing

  /// Calls `observer` with every change made through this object, after it is stored.
  ///
  /// - Returns: a token for ``removeObserver(_:)``.
  @discardableResult
  public func addObserver(_ observer: @escaping @Sendable (SettingChange) -> Void) -> ObserverToken {
    let id = nextObserverID.add(1, ordering: .relaxed).newValue
    observers.withLock { $0[id] = observer }
    return ObserverToken(id: id)
  }

  /// Stops calling the observer registered under `token`.
  public func removeObserver(_ token: ObserverToken) {
    _ = observers.withLock { $0.removeValue(forKey: token.id) }
  }

  private func notify(_ changes: [SettingChange]) {
    guard !changes.isEmpty else { return }
    let current = observers.withLock { $0.sorted { $0.key < $1.key }.map(\.value) }
    for change in changes {
      for observer in current { observer(change) }
    }
  }
}

/// Identifies an observer registered with ``Settings/addObserver(_:)``.
public struct ObserverToken: Sendable, Hashable {
  let id: Int
}
