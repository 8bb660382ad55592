@testable import SettingsKit

extension SettingsSnapshot {
  /// Every valued key's current value, gathered with ``forEachValue(_:)``: what the tests compare
  /// whole.
  var allValues: [String: SettingValue] {
    var values: [String: SettingValue] = [:]
    forEachValue { key, value in values[key] = value }
    return values
  }
}
