/// Why an item has its value now, as `settings why KEY` prints it: every layer's value from the
/// lowest to the highest, the one that wins, the lock and its reason, and the conditions that
/// disable or hide the item now.
public struct ValueExplanation: Sendable, Equatable {
  /// What one layer holds for the item.
  public struct Layer: Sendable, Equatable {
    /// The layer: `.default`, `.system(file:)` or `.user`.
    public var source: ValueSource
    /// What the layer holds for the key, as read; nil when it holds nothing (and for the default).
    public var stored: JSONValue?
    /// The value the layer gives the item: the default's, or an accepted stored value.
    public var value: SettingValue?
    /// The stored value the item does not accept, which is ignored.
    public var problem: StoredValueProblem?
    /// Whether a lock in a lower file makes this layer not count.
    public var isOverriddenByLock: Bool
  }

  /// A condition that disables or hides the item now.
  public struct Condition: Sendable, Equatable {
    /// Why: "off while Airplane Mode is on", "shown only while Do Not Disturb is on".
    public var reason: String
    /// The key of the item whose value decides.
    public var key: String
    /// That item's current value.
    public var value: SettingValue?
  }

  /// The item; its key is the full dot path.
  public var item: SettingItem
  /// Every layer, lowest first: the default, the system files (the last `XDG_CONFIG_DIRS`
  /// directory first), the user's store.
  public var layers: [Layer]
  /// The index in ``layers`` of the layer whose value is used; nil for an item without a value.
  public var winner: Int?
  /// The current value.
  public var value: SettingValue?
  /// Where it comes from, as ``SettingsSnapshot/source(of:)`` says.
  public var source: ValueSource
  /// The lock on the item, if any.
  public var lock: SettingLock?
  /// The `enabledWhen` condition that disables the item now, if any.
  public var disabled: Condition?
  /// The `visibleWhen` condition (of the item or of a page holding it) that hides it now, if any.
  public var hidden: Condition?
}

extension Settings {
  /// Explains the value of the item named by `key` (a full dot path, or an own key where unique):
  /// every layer, the winner, the lock and the conditions; from one read of the user's store.
  ///
  /// - Throws: the errors of ``locate(_:)`` and of ``snapshot()``.
  public func explain(_ key: String) throws(SettingsError) -> ValueExplanation {
    let located = try locate(key)
    let layers = self.layers
    let item = located.item
    let fullKey = item.key ?? key
    let contents: StoreContents
    do {
      contents = try store.read()
    } catch {
      throw .store(error)
    }
    let snapshot = SettingsSnapshot(
      document: document, contents: contents, storeName: store.name, system: layers.system)
    let lock = snapshot.lock(of: item)
    // The snapshot's layers: values and locks under an earlier key moved to the item's key.
    let lockIndex = lock.flatMap { lock in snapshot.system.firstIndex { $0.file == lock.file } }
    let defaultValue = SettingsSnapshot.defaultValue(of: item)
    var explained = [
      ValueExplanation.Layer(
        source: .default, stored: nil, value: defaultValue, problem: nil, isOverriddenByLock: false)
    ]
    for (index, layer) in snapshot.system.enumerated().reversed() {
      let stored = layer.values[fullKey]
      let accepted = stored.flatMap { SettingsSnapshot.accepted($0, by: item) }
      let problem = snapshot.systemProblems.first { $0.file == layer.file && $0.key == fullKey }
      explained.append(
        ValueExplanation.Layer(
          source: .system(file: layer.file), stored: stored, value: accepted, problem: problem,
          isOverriddenByLock: lockIndex.map { index < $0 } ?? false))
    }
    // The user's value may be read under an earlier key (renamedFrom) of the item.
    let stored =
      contents.values[fullKey] ?? item.renamedFrom?.lazy.compactMap({ contents.values[$0] }).first
    explained.append(
      ValueExplanation.Layer(
        source: .user, stored: stored, value: stored.flatMap { SettingsSnapshot.accepted($0, by: item) },
        problem: snapshot.problem(of: item), isOverriddenByLock: lock != nil))
    let winner =
      defaultValue == nil
      ? nil : explained.indices.last { explained[$0].value != nil && !explained[$0].isOverriddenByLock }
    let state = snapshot.state(of: item)
    var disabled: ValueExplanation.Condition?
    if let reason = state.disabledReason, let controller = state.controllingKey {
      disabled = ValueExplanation.Condition(
        reason: reason, key: controller, value: snapshot.value(forKey: controller))
    }
    var hidden: ValueExplanation.Condition?
    for holder in located.ancestors + [item] {
      // The root of a chain of hidden items: the item whose value must change.
      guard let cause = snapshot.hiddenCause(of: holder) else { continue }
      hidden = ValueExplanation.Condition(
        reason: cause.reason, key: cause.key, value: snapshot.value(forKey: cause.key))
      break
    }
    return ValueExplanation(
      item: item, layers: explained, winner: winner, value: snapshot.value(of: item).value,
      source: snapshot.source(of: item), lock: lock, disabled: disabled, hidden: hidden)
  }
}
