extension Set: SettingKeyValue where Element: SettingChoiceValue {
  /// A multiple choice item's chosen values as a set; nil when one is not a value of `Element`.
  public init?(settingValue value: SettingValue) {
    guard let values = [Element](settingValue: value) else { return nil }
    self = Set(values)
  }

  /// The chosen values (stored in the choices' order, whatever the set's order).
  public var settingValue: SettingValue { .strings(map(\.choiceValue)) }
}
