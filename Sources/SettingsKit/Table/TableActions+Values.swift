extension TableActions {
  /// Sets an item to the value `text` names, parsed as `settings set KEY VALUE` parses it (a text
  /// field's text, a number, comma-separated choices).
  ///
  /// - Throws: ``SettingsError`` as ``Settings/set(_:)`` does (a value the item does not accept
  ///   says what it accepts); the table is unchanged then.
  public func set(_ item: SettingItem, text: String, in table: inout SettingsTable) throws(SettingsError)
    -> TableUpdate
  {
    guard let key = item.key, let settings else { return .none }
    let value = try settings.parseValue(text, for: key)
    return try set(item, to: value, in: &table)
  }

  /// Sets an item to a typed value, as ``Settings/set(_:to:)-(String,SettingValue)`` does.
  ///
  /// - Throws: ``SettingsError``; the table is unchanged then.
  public func set(_ item: SettingItem, to value: SettingValue, in table: inout SettingsTable)
    throws(SettingsError) -> TableUpdate
  {
    guard let key = item.key, let settings else { return .none }
    let change = try settings.set(key, to: value)
    let stored = change?.newValue ?? value
    var update = table.apply(stored, forKey: key, isOverride: true)
    update.change = change
    return update
  }

  /// Moves a number or slider `steps` steps up or down from its current value, clamped to its
  /// range (a value off the step moves to the nearest step in that direction first).
  ///
  /// - Returns: the update; no change at either end of the range.
  /// - Throws: ``SettingsError`` as ``set(_:to:in:)`` does.
  public func step(_ item: SettingItem, by steps: Int, in table: inout SettingsTable) throws(SettingsError)
    -> TableUpdate
  {
    guard item.type == .number || item.type == .slider,
      case .number(let current)? = table.snapshot.value(of: item).value
    else { return .none }
    let step = item.step ?? ExactDecimal(1)
    let base = item.min ?? ExactDecimal(0)
    var value = current
    if let (below, above) = ValueProblem.neighbours(of: current, base: base, step: step), below != current {
      value = steps > 0 ? below : above
    }
    for _ in 0..<abs(steps) {
      guard let next = steps > 0 ? value.adding(step) : value.subtracting(step) else { break }
      value = next
    }
    if let minimum = item.min, value < minimum { value = minimum }
    if let maximum = item.max, value > maximum {
      // The greatest value on a step, at most the maximum.
      value = ValueProblem.neighbours(of: maximum, base: base, step: step).map { $0.below } ?? maximum
      if value > maximum { value = current }
    }
    guard value != current else { return .none }
    return try set(item, to: .number(value), in: &table)
  }
}
