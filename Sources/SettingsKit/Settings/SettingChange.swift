/// A change of one setting, as observers receive it: the seed's `switchChanged`, known by key.
public struct SettingChange: Sendable, Equatable {
  /// The item's key.
  public var key: String
  /// The value before the change (the default when there was no override).
  public var oldValue: SettingValue
  /// The value after the change.
  public var newValue: SettingValue
  /// Whether this process made the change or another one (or a hand edit) did.
  public var origin: ChangeOrigin

  /// Creates a change.
  public init(
    key: String, oldValue: SettingValue, newValue: SettingValue, origin: ChangeOrigin = .thisProcess
  ) {
    self.key = key
    self.oldValue = oldValue
    self.newValue = newValue
    self.origin = origin
  }
}

/// Who made a ``SettingChange``.
public enum ChangeOrigin: Sendable, Equatable {
  /// A ``Settings`` object in this process (`set`, `toggle`, `reset`).
  case thisProcess
  /// Another process (`settings set`, another embedding tool), a hand edit of the store, its
  /// deletion, or a new document's defaults.
  case elsewhere
}
