/// A value stored under an earlier key of an item (one its `renamedFrom` lists), waiting to move.
///
/// It reads as the item's value (checked by the item's rules) unless the item's own key is stored
/// too, in which case the item's own value wins; either way the next write to the store moves it
/// under the item's key, or removes it when the item's own key holds a value
/// (``SettingsSnapshot/moveRenamedValues(in:)``).
public struct RenamedValue: Sendable, Equatable {
  /// The earlier key, as stored.
  public var oldKey: String
  /// The item's current full key.
  public var key: String
  /// The stored value, as read.
  public var storedValue: JSONValue
  /// Whether the item reads this value (false when its own key or an earlier key listed first
  /// in `renamedFrom` is stored too).
  public var isRead: Bool

  /// Creates a renamed value.
  public init(oldKey: String, key: String, storedValue: JSONValue, isRead: Bool) {
    self.oldKey = oldKey
    self.key = key
    self.storedValue = storedValue
    self.isRead = isRead
  }
}

extension SettingsSnapshot {
  /// Moves every value waiting under an earlier key to its item's key in `contents`, unless that
  /// key already holds a value (then the earlier key is just removed): what every write does.
  public func moveRenamedValues(in contents: inout StoreContents) {
    for renamed in renamedValues where renamed.isRead {
      guard let stored = contents.values.removeValue(forKey: renamed.oldKey) else { continue }
      if contents.values[renamed.key] == nil { contents.values[renamed.key] = stored }
    }
    for renamed in renamedValues { contents.values.removeValue(forKey: renamed.oldKey) }
  }
}
