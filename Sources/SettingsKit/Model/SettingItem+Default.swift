extension SettingItem {
  /// The item's default value: a switch's `on`, a right-detail item's text, a text field's, number's
  /// or multiple choice item's `value` (in the choices' order, whatever order the document gives);
  /// nil for detailTitle. ``SettingsSnapshot/defaultValue(of:)`` is this.
  public var defaultValue: SettingValue? { shippedValue }
}
