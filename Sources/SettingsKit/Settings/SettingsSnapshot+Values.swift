extension SettingsSnapshot {
  /// The current value of the keyed item whose full key is `key`: the user's override, a system
  /// file's value, or the default.
  ///
  /// - Returns: nil when none of the document's loaded items has that key (an items file's items
  ///   not read yet are read with ``value(of:)``), or when the item has no value (a detailTitle).
  public func value(forKey key: String) -> SettingValue? {
    overriddenValues[key] ?? defaultsTable.defaultValue(forKey: key)
  }

  /// The default of the keyed item whose full key is `key`, from the document.
  ///
  /// - Returns: nil when none of the document's loaded items has that key, or when the item has
  ///   no value (a detailTitle).
  public func defaultValue(forKey key: String) -> SettingValue? {
    defaultsTable.defaultValue(forKey: key)
  }

  /// Calls `body` with the full key and current value of every valued item of the document's
  /// loaded items, once each, in no set order.
  ///
  /// A read of one key is ``value(forKey:)``; this is for a caller that needs every key.
  public func forEachValue(_ body: (_ key: String, _ value: SettingValue) throws -> Void) rethrows {
    var seen = 0
    try defaultsTable.forEachDefault { key, defaultValue in
      if let value = overriddenValues[key] {
        seen += 1
        try body(key, value)
      } else {
        try body(key, defaultValue)
      }
    }
    guard seen < overriddenValues.count else { return }
    // A value set for a key without a default (no item of the loaded items gives it one).
    for (key, value) in overriddenValues where defaultsTable.defaultValue(forKey: key) == nil {
      try body(key, value)
    }
  }

  /// Makes `key` read as `value`, as a change would leave it (a change's checks, a screen's
  /// value before the store says so); whether it is an override (``modified``) is not changed.
  package mutating func setValue(_ value: SettingValue, forKey key: String) {
    overriddenValues[key] = value
  }

  /// How many values the snapshot holds by key: the overridden values and the decoded items'
  /// defaults; the defaults of the items still in the compiled form are not counted, for they are
  /// read by position.
  package var keyedValueCount: Int { overriddenValues.count + defaultsTable.decoded.count }

  /// The keys whose value differs between `old` and this snapshot, including keys that only one
  /// of them has a value for; without a walk of every key when both read the same document's
  /// defaults (only the overridden values and the sections whose bytes changed are compared).
  package func keysWithChangedValues(from old: SettingsSnapshot) -> Set<String> {
    var candidates = defaultsTable.changedKeys(from: old.defaultsTable)
    candidates.formUnion(overriddenValues.keys)
    candidates.formUnion(old.overriddenValues.keys)
    return candidates.filter { value(forKey: $0) != old.value(forKey: $0) }
  }
}
