/// Whether an item is enabled and shown, from its `enabledWhen` and `visibleWhen` conditions
/// (androidx's preference dependencies) and the current values; whether a system file locks it;
/// and where its value comes from.
///
/// A screen that lets a user change the item asks ``isEditable``: a locked item is enabled (its
/// conditions hold) but cannot be changed, and shows ``lockReason``.
public struct ItemState: Sendable, Equatable {
  /// Whether every `enabledWhen` condition holds.
  public var isEnabled: Bool
  /// Whether every `visibleWhen` condition holds; a hidden item is neither shown nor counted.
  public var isVisible: Bool
  /// Why the item is disabled, such as "off while 에어플레인 모드 is on".
  public var disabledReason: String?
  /// The key of the item whose value disables this one.
  public var controllingKey: String?
  /// Where the item's value comes from (``ValueSource``).
  public var source: ValueSource = .default
  /// The system file's lock on the item, if any: the file, the reason, what it names.
  public var lock: SettingLock?

  /// Whether a system file locks the item, so that no change of it is accepted.
  public var isLocked: Bool { lock != nil }
  /// Why the item is locked, as the locking file says ("Managed by your organisation").
  public var lockReason: String? { lock?.reason }
  /// Whether a user can change the item now: enabled and not locked.
  public var isEditable: Bool { isEnabled && !isLocked }

  /// An enabled, visible item.
  public static let normal = ItemState(isEnabled: true, isVisible: true)

  /// Creates a state.
  public init(isEnabled: Bool, isVisible: Bool, disabledReason: String? = nil, controllingKey: String? = nil)
  {
    self.isEnabled = isEnabled
    self.isVisible = isVisible
    self.disabledReason = disabledReason
    self.controllingKey = controllingKey
  }
}

extension SettingsSnapshot {
  /// The item's state under the current values. Conditions are checked in key order; the first that
  /// fails names the reason.
  ///
  /// Conditions compose through the items they name, at any depth and in mixed chains, and the
  /// reason names the root (the item whose own value is what must change):
  /// - an item whose `visibleWhen` names a hidden item is hidden (``hiddenCause(of:)``);
  /// - an item whose `enabledWhen` names a hidden or disabled item is disabled, whatever that
  ///   item's stored value (a value the user cannot see or change enables nothing, as androidx's
  ///   dependency rule has it for disabled preferences).
  public func state(of item: SettingItem) -> ItemState {
    var state = ItemState.normal
    if !sources.isEmpty || !system.isEmpty {
      state.source = source(of: item)
      state.lock = lock(of: item)
    } else if let key = item.key, otherOverrides[key] != nil, defaultValue(forKey: key) == nil {
      state.source = source(of: item)
    }
    guard item.enabledWhen != nil || item.visibleWhen != nil else { return state }
    state.isVisible = hiddenCause(of: item) == nil
    for (key, expected) in (item.enabledWhen ?? [:]).sorted(by: { $0.key < $1.key }) {
      let controller = itemsByKey[key]
      // The controller first: when it is hidden or disabled, its root is what must change.
      // Conditions cannot form cycles (the loader refuses them), so this recursion ends.
      if let controller {
        if let root = hiddenCause(ofController: key, controller) {
          state.isEnabled = false
          state.disabledReason = offReason(key: root.key, condition: root.condition)
          state.controllingKey = root.key
          break
        }
        let controllerState = self.state(of: controller)
        if !controllerState.isEnabled {
          state.isEnabled = false
          state.disabledReason = controllerState.disabledReason
          state.controllingKey = controllerState.controllingKey
          break
        }
      }
      if !expected.holds(for: value(forKey: key)) {
        state.isEnabled = false
        state.disabledReason = offReason(key: key, condition: expected)
        state.controllingKey = key
        break
      }
    }
    return state
  }

  /// Why a `visibleWhen` condition hides `item` now, through the items it names: the root
  /// condition that does not hold (its key, the condition, and its phrase, "shown only while Do
  /// Not Disturb is on"); nil when the item is shown. An item whose condition names a hidden item
  /// is hidden by that item's root, whatever the hidden item's stored value.
  public func hiddenCause(of item: SettingItem) -> (key: String, condition: SettingCondition, reason: String)?
  {
    hiddenCause(of: item, depth: 0)
  }

  /// ``hiddenCause(of:)``, `depth` conditions deep: a page item whose `visibleWhen` names an item on
  /// its own page would otherwise lead back to itself; past 64 the chain is taken as shown.
  private func hiddenCause(of item: SettingItem, depth: Int)
    -> (key: String, condition: SettingCondition, reason: String)?
  {
    guard depth < 64 else { return nil }
    for (key, expected) in (item.visibleWhen ?? [:]).sorted(by: { $0.key < $1.key }) {
      let controller = itemsByKey[key]
      if let controller, let root = hiddenCause(ofController: key, controller, depth: depth + 1) {
        return root
      }
      if !expected.holds(for: value(forKey: key)) {
        let condition = ConditionRules.phrase(expected, of: controller) {
          shownInCondition($0, of: controller)
        }
        return (key, expected, "shown only while \(controller?.title ?? key) \(condition)")
      }
    }
    return nil
  }

  /// Why the item a condition names (`key`, a full dot path) is hidden: an item that opens a page
  /// holding it, from the top page down (an item on a hidden page is hidden too), then its own
  /// `visibleWhen`; nil when it is shown.
  func hiddenCause(ofController key: String, _ controller: SettingItem, depth: Int = 0)
    -> (key: String, condition: SettingCondition, reason: String)?
  {
    var prefix = ""
    for part in key.split(separator: ".").dropLast() {
      prefix = prefix.isEmpty ? String(part) : prefix + "." + part
      if let opener = itemsByKey[prefix], let root = hiddenCause(of: opener, depth: depth + 1) { return root }
    }
    return hiddenCause(of: controller, depth: depth)
  }

  /// "off while Wi-Fi is off": `key`'s item and its value now, for a `condition` on it that does
  /// not hold.
  func offReason(key: String, condition: SettingCondition) -> String {
    let controller = itemsByKey[key]
    if case .equals(let wanted) = condition, case .string = wanted, let controller,
      ValueRules.isMultiple(controller)
    {
      return "off while \(controller.title) does not include \(shown(wanted, of: controller))"
    }
    let current = value(forKey: key).map { shownInCondition($0, of: controller) } ?? "unset"
    return "off while \(controller?.title ?? key) is \(current.isEmpty ? "empty" : current)"
  }

  /// A value as a condition's reason words it: as ``shown(_:of:)``, and a number with its item's
  /// unit (`off while Auto-Lock is 0 min`), as the row shows it.
  /// An empty text is `empty`, not a blank (`shown only while Name is empty`).
  func shownInCondition(_ value: SettingValue, of item: SettingItem?) -> String {
    var style = ValueStyle.row
    style.withUnit = true
    style.emptyText = "empty"
    return ValueRules.text(of: value, for: item, style: style)
  }

  /// A value as a row shows it: `on`/`off`, a choice's title (titles joined for multiple choice),
  /// a secure text field's mask, or the text.
  public func shown(_ value: SettingValue, of item: SettingItem?) -> String {
    ValueRules.text(of: value, for: item, style: .row)
  }
}
