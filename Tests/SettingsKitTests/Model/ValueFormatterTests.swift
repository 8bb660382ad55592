import Testing

@testable import SettingsKit

/// `ValueRules.text(of:for:style:)`, the one formatter of values: each style as the place that
/// uses it words a value. The expected texts are those the command line, the screens and the page
/// showed before they shared it.
struct ValueFormatterTests {
  static let band: SettingItem = {
    var item = SettingItem(
      key: "band", type: .rightDetail, title: "Band",
      choices: [SettingChoice(value: "5g", title: "5 GHz"), SettingChoice(value: "auto", title: "auto")])
    item.value = "auto"
    return item
  }()
  static let channels: SettingItem = {
    var item = SettingItem(
      key: "channels", type: .rightDetail, title: "Channels",
      choices: [SettingChoice(value: "a", title: "Alpha"), SettingChoice(value: "b", title: "Beta")])
    item.multiple = true
    return item
  }()
  static let lock: SettingItem = {
    var item = SettingItem(key: "lock", type: .number, title: "Auto-Lock")
    item.unit = "min"
    return item
  }()
  static let password: SettingItem = {
    var item = SettingItem(key: "password", type: .textField, title: "Password")
    item.secure = true
    return item
  }()
  static let spaced = SettingItem(
    key: "spaced", type: .rightDetail, title: "Spaced", choices: [SettingChoice(value: " x", title: "Spaced")]
  )
  static let name = SettingItem(key: "name", type: .textField, title: "Name")

  @Test func theDefaultIsWhatGetPrints() {
    #expect(ValueRules.text(of: .bool(true)) == "on")
    #expect(ValueRules.text(of: .bool(false)) == "off")
    #expect(ValueRules.text(of: .number(ExactDecimal("1.50")!)) == "1.5")
    #expect(ValueRules.text(of: .strings(["a", "b"])) == "a,b")
    #expect(ValueRules.text(of: .string("")) == "")
    #expect(SettingValue.strings(["a", "b"]).description == "a,b")
    #expect(ValueRules.text(of: .string("hunter2"), for: Self.password) == ValueRules.mask)
    #expect(ValueRules.text(of: .string("hunter2"), style: ValueStyle(isSecure: true)) == ValueRules.mask)
    #expect(ValueRules.text(of: .string(""), for: Self.password) == "")
  }

  @Test func aRowShowsTitlesAndThePageAddsOnOffAndTheUnit() {
    #expect(ValueRules.text(of: .string("5g"), for: Self.band, style: .row) == "5 GHz")
    #expect(ValueRules.text(of: .strings(["a", "b"]), for: Self.channels, style: .row) == "Alpha, Beta")
    #expect(ValueRules.text(of: .strings(["a", "b"]), style: .row) == "a,b")
    #expect(ValueRules.text(of: .number(ExactDecimal("5")!), for: Self.lock, style: .row) == "5")
    #expect(ValueRules.text(of: .number(ExactDecimal("5")!), for: Self.lock, style: .page) == "5 min")
    #expect(ValueRules.text(of: .bool(true), style: .page) == "On")
    #expect(ValueRules.text(of: .bool(false), style: .page) == "Off")
    #expect(ValueRules.text(of: .string("hunter2"), for: Self.password, style: .page) == ValueRules.mask)
  }

  @Test func describedIsNeverBlankNorAmbiguous() {
    let described = ValueStyle.described(reveal: false)
    #expect(ValueRules.text(of: .string(""), for: Self.name, style: described) == "\"\" (empty)")
    #expect(ValueRules.text(of: .string("(default)"), for: Self.name, style: described) == "\"(default)\"")
    #expect(ValueRules.text(of: .strings([]), for: Self.channels, style: described) == "none")
    #expect(ValueRules.text(of: .strings(["a,b", " c"]), style: described) == "\"a,b\",\" c\"")
    #expect(ValueRules.text(of: .string("hunter2"), for: Self.password, style: described) == ValueRules.mask)
    #expect(
      ValueRules.text(of: .string("hunter2"), for: Self.password, style: .described(reveal: true))
        == "hunter2")
  }

  @Test func choicesWithTheirValues() {
    var style = ValueStyle.described(reveal: false)
    style.choice = .valueAndTitle
    style.chosen = .valueAndTitle
    #expect(ValueRules.text(of: .string("auto"), for: Self.band, style: style) == "auto (auto)")
    #expect(ValueRules.text(of: .strings(["a", "z"]), for: Self.channels, style: style) == "a (Alpha), z")
    style.choice = .valueAndOtherTitle
    #expect(ValueRules.text(of: .string("5g"), for: Self.band, style: style) == "5g (5 GHz)")
    #expect(ValueRules.text(of: .string("auto"), for: Self.band, style: style) == "auto")
    style.choice = .unambiguousValueAndOtherTitle
    #expect(ValueRules.text(of: .string(" x"), for: Self.spaced, style: style) == "\" x\" (Spaced)")
    #expect(ValueRules.text(of: .string("5g"), for: Self.band, style: style) == "5g (5 GHz)")
  }

  @Test func anEmptyWordComesBeforeTheChoices() {
    let style = ValueStyle(withUnit: true, choice: .title, chosen: .title, emptyText: "empty")
    #expect(ValueRules.text(of: .string(""), for: Self.name, style: style) == "empty")
    #expect(ValueRules.text(of: .number(ExactDecimal("0")!), for: Self.lock, style: style) == "0 min")
  }
}
