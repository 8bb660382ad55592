extension Settings {
  /// Adds one choice to a multiple choice item's set, as `settings set KEY --add VALUE` does; adding
  /// a chosen value changes nothing. `name` is a choice's value or title, in any letter case.
  ///
  /// - Returns: the change made, nil when the value was chosen already.
  /// - Throws: ``SettingsError/notMultiple(key:)`` for another item,
  ///   ``SettingsError/rejectedValue(key:value:problem:accepted:)`` for a name that is no choice,
  ///   ``SettingsError/locked(key:file:reason:)`` for a locked item, and the errors of ``set(_:to:)-(String,_)``.
  @discardableResult
  public func add(_ name: String, to key: String) throws(SettingsError) -> SettingChange? {
    try changeSet(of: key, name: name) { values, value in
      if !values.contains(value) { values.append(value) }
    }
  }

  /// Removes one choice from a multiple choice item's set, as `settings set KEY --remove VALUE`
  /// does; removing a value not chosen changes nothing.
  ///
  /// - Returns: the change made, nil when the value was not chosen.
  /// - Throws: as ``add(_:to:)``.
  @discardableResult
  public func remove(_ name: String, from key: String) throws(SettingsError) -> SettingChange? {
    try changeSet(of: key, name: name) { values, value in values.removeAll { $0 == value } }
  }

  /// Reads the set, applies `edit` for the choice `name` names, and stores the result, under the
  /// store's lock.
  private func changeSet(
    of name: String, name choiceName: String, _ edit: (inout [String], String) -> Void
  ) throws(SettingsError) -> SettingChange? {
    let item = try self.item(name)
    let key = item.key ?? name
    guard ValueRules.isMultiple(item) else { throw .notMultiple(key: name) }
    guard let choice = ValueRules.choice(named: choiceName.trimmingSpaces(), in: item.choices ?? []) else {
      let accepted = (item.choices ?? []).map(\.value)
      throw .rejectedValue(
        key: name, value: choiceName, problem: .notAChoice(choiceName, accepted: accepted),
        accepted: ValueRules.expected(by: item) ?? "")
    }
    return try change { (snapshot, contents) throws(SettingsError) in
      try checkUnlocked(item, in: snapshot)
      try checkEnabled(item, in: snapshot)
      let (old, isOverride) = snapshot.value(of: item)
      guard case .strings(let current)? = old else { return [] }
      var values = current
      edit(&values, choice.value)
      let new = SettingValue.strings(ValueRules.ordered(values, in: item))
      if isOverride, new == old { return [] }
      contents.values[key] = new.json
      return new == old ? [] : [SettingChange(key: key, oldValue: .strings(current), newValue: new)]
    }.first
  }
}
