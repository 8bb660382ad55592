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

  /// Sets `key` to a typed value; see ``set(_:to:)-(String,SettingValue)``.
  ///
  /// - Throws: ``SettingsError/rejectedValue(key:value:problem:accepted:)`` when the item does not
  ///   accept it (out of range, …), and the errors of ``set(_:to:)-(String,SettingValue)``.
  @discardableResult
  public func set<Value>(_ key: SettingKey<Value>, to value: Value) throws(SettingsError) -> SettingChange? {
    try set(key.name, to: value.settingValue)
  }

  /// Checks once that `key` names an item whose values `Value` can hold: its default converts, and
  /// so does each of its choices (a single choice's value, or a multiple choice item's value alone),
  /// so that no value a user may pick later fails to read as `Value`.
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
