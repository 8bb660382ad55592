/// One thing ``SettingsStore/changes(after:)`` reports about a store: store plumbing, public for
/// the author of a store (a ``StoreBackend``, a ``SettingsStore`` of one's own), whose change
/// stream yields it. ``Settings`` turns it into ``SettingsEvent``s; an app observes those through
/// ``Settings/changes(_:)``, never this.
public enum StoreChange: Sendable, Equatable {
  /// The overrides changed: the contents after the change (with their revision) and the keys whose
  /// values differ from those last delivered (added, changed or removed), sorted. Several changes
  /// close together may come as one, but the last value of every key always arrives, and a key is
  /// never listed without a difference.
  case changed(StoreContents, keys: [String])
  /// The whole state, after the stream could not follow every change (on start from a revision
  /// that is no longer current, after a reconnect or a compaction): consumers work out themselves
  /// what differs from what they knew.
  case resynced(StoreContents)
  /// The store cannot be read now (a file that does not parse, a server out of reach); reported
  /// once per distinct error. The stream keeps trying.
  case unavailable(StoreError)
  /// The store reads again after ``unavailable(_:)``; a ``changed(_:keys:)`` or
  /// ``resynced(_:)`` follows when the contents differ.
  case available
}

extension StoreChange {
  /// The keys whose values differ between `old` and `new` (added, changed or removed), sorted;
  /// where a value stood in its source does not count (`JSONValue.same(_:_:)`). The one
  /// "did it change?" rule of every store: a write that changes no value writes nothing, and a
  /// change stream reports exactly these keys.
  public static func differingKeys(_ old: [String: JSONValue], _ new: [String: JSONValue]) -> [String] {
    Set(old.keys).union(new.keys).filter { key in
      guard let before = old[key], let after = new[key] else { return true }
      return !JSONValue.same(before, after)
    }
    .sorted()
  }
}

extension StoreContents {
  /// Whether `other` holds the same overrides (``StoreChange/differingKeys(_:_:)`` is empty).
  public func hasSameValues(as other: StoreContents) -> Bool {
    values.count == other.values.count && StoreChange.differingKeys(values, other.values).isEmpty
  }
}
