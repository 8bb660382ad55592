extension Settings {
  /// The value of `key` as its Swift type.
  ///
  /// - Throws: ``SettingsError/typeMismatch(key:value:expected:)`` when the item's value is not of
  ///   that type (a fraction for `Int`, a value no enum case has), and the errors of ``value(of:)``.
  public func value<Value>(_ key: SettingKey<Value>) throws(SettingsError) -> Value {
    let value = try value(of: key.name)
    guard let typed = Value(settingValue: value) else {
      throw .typeMismatch(key: key.name, value: value.description, expected: "\(Value.self)")
    }
    return typed
  }

  /// Sets `key` to a typed value; see ``set(_:to:)-(String,SettingValue)``. A list is replaced
  /// whole, checked against every rule of the list (each element's, `minCount`, `maxCount`,
  /// uniqueness), as `settings set` checks it; ``edit(_:_:)-(_,ListEdit<Element>)`` changes one
  /// element.
  ///
  /// - Throws: ``SettingsError/rejectedValue(key:value:problem:accepted:)`` when the item does not
  ///   accept it (out of range, …), and the errors of ``set(_:to:)-(String,SettingValue)``.
  @discardableResult
  public func set<Value>(_ key: SettingKey<Value>, to value: Value) throws(SettingsError) -> SettingChange? {
    var stored = value.settingValue
    // An array of choice values is a multiple choice's value; for a list, its elements.
    if case .strings(let values) = stored, try item(key.name).type == .list {
      stored = .list(values.map(SettingValue.string))
    }
    return try set(key.name, to: stored)
  }

  /// Checks once that `key` names an item whose values `Value` can hold: its default converts, and
  /// so does each of its choices (a single choice's value, a multiple choice item's value alone,
  /// or a list of choices holding that choice alone), and for a list of records a record of its
  /// fields' defaults (and one for each choice of a choice field), so that no value a user may
  /// pick later fails to read as `Value`.
  ///
  /// - Throws: ``SettingsError/typeMismatch(key:value:expected:)`` naming the first value that does
  ///   not convert, ``SettingsError/noValue(key:type:)`` for an item without a value, and the errors
  ///   of ``item(_:)``.
  public func check<Value>(_ key: SettingKey<Value>) throws(SettingsError) {
    let item = try item(key.name)
    guard let defaultValue = SettingsSnapshot.defaultValue(of: item) else {
      throw .noValue(key: key.name, type: item.type)
    }
    var values = [defaultValue]
    for choice in item.choices ?? [] {
      switch defaultValue {
      case .strings: values.append(.strings([choice.value]))
      case .string: values.append(.string(choice.value))
      default: break
      }
    }
    for choice in item.list?.element?.choices ?? [] { values.append(.list([.string(choice.value)])) }
    if let fields = item.list?.fields {
      // A record of the fields' defaults, and one for each choice of a choice field.
      var record: [String: SettingValue] = [:]
      for field in fields {
        guard let key = field.key, let value = field.defaultValue else { continue }
        record[key] = value
      }
      values.append(.list([.record(record)]))
      for field in fields {
        guard let key = field.key else { continue }
        for choice in field.choices ?? [] {
          var variant = record
          variant[key] = .string(choice.value)
          values.append(.list([.record(variant)]))
        }
      }
    }
    for value in values where Value(settingValue: value) == nil {
      throw .typeMismatch(key: key.name, value: value.description, expected: "\(Value.self)")
    }
  }

  /// The text of a text field or the value of a single choice item.
  ///
  /// - Throws: ``SettingsError/typeMismatch(key:value:expected:)`` for another kind of value.
  public func string(_ key: String) throws(SettingsError) -> String { try value(SettingKey<String>(key)) }

  /// A number's or slider's exact value.
  ///
  /// - Throws: ``SettingsError/typeMismatch(key:value:expected:)`` for another kind of value.
  public func number(_ key: String) throws(SettingsError) -> ExactDecimal {
    try value(SettingKey<ExactDecimal>(key))
  }

  /// A number's or slider's value as `Int`.
  ///
  /// - Throws: ``SettingsError/typeMismatch(key:value:expected:)`` for a fraction or a number
  ///   beyond `Int`'s range, or another kind of value.
  public func int(_ key: String) throws(SettingsError) -> Int { try value(SettingKey<Int>(key)) }

  /// A number's or slider's value as the nearest `Double`.
  ///
  /// - Throws: ``SettingsError/typeMismatch(key:value:expected:)`` for another kind of value.
  public func double(_ key: String) throws(SettingsError) -> Double { try value(SettingKey<Double>(key)) }

  /// A multiple choice item's chosen values, in the choices' order.
  ///
  /// - Throws: ``SettingsError/typeMismatch(key:value:expected:)`` for another kind of value.
  public func strings(_ key: String) throws(SettingsError) -> [String] {
    try value(SettingKey<[String]>(key))
  }
}

extension Settings {
  /// Changes one element of the typed list `key` (adds, removes or moves one, or sets a field of a
  /// record) as ``edit(_:_:)-(String,_)`` does: one atomic change checked against every rule of
  /// the list, one journal entry.
  ///
  /// ```swift
  /// try settings.edit(SettingKeys.dns, .add("9.9.9.9"))
  /// ```
  ///
  /// - Returns: the change of value made; nil when the list is as it was.
  /// - Throws: the errors of ``edit(_:_:)-(String,_)``:
  ///   ``SettingsError/rejectedValue(key:value:problem:accepted:)`` when the change breaks a rule
  ///   of the list (an element's pattern or range, `maxCount`, uniqueness) or names a position
  ///   the list does not have.
  @discardableResult
  public func edit<Element>(_ key: SettingKey<[Element]>, _ change: ListEdit<Element>) throws(SettingsError)
    -> SettingChange?
  {
    try edit(key.name, change.operation)
  }
}
