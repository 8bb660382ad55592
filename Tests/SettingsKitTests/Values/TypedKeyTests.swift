import Testing

@testable import SettingsKit

enum Theme: String, SettingChoiceValue {
  case light, dark
}

enum Language: String, SettingChoiceValue {
  case en, ko, ja
}

extension SettingKeys {
  static let theme = SettingKey<Theme>("theme")
  static let autoLock = SettingKey<Int>("auto-lock")
  static let ratio = SettingKey<ExactDecimal>("ratio")
  static let languages = SettingKey<[Language]>("languages")
  static let deviceName = SettingKey<String>("name")
  static let sounds = SettingKey<Bool>("sounds")
}

/// Typed reads and typed keys; errors that carry the item, the value and what is
/// accepted as data.
struct TypedKeyTests {
  static let document: SettingsDocument = {
    var autoLock = SettingItem(key: "auto-lock", type: .number, title: "Auto-Lock")
    autoLock.numberValue = ExactDecimal(5)
    autoLock.min = ExactDecimal(1)
    autoLock.max = ExactDecimal(60)
    autoLock.unit = "min"
    var ratio = SettingItem(key: "ratio", type: .slider, title: "Ratio")
    ratio.numberValue = ExactDecimal("0.5")
    ratio.min = ExactDecimal(0)
    ratio.max = ExactDecimal(1)
    ratio.step = ExactDecimal("0.1")
    var languages = SettingItem(
      key: "languages", type: .rightDetail, title: "Languages",
      choices: ["en", "ko", "ja"].map { SettingChoice(value: $0, title: $0.uppercased()) })
    languages.multiple = true
    languages.multipleValue = ["en"]
    var name = SettingItem(key: "name", type: .textField, title: "Name", value: "Kim")
    name.maxLength = 5
    return SettingsDocument(
      id: "typed", title: "Typed",
      sections: [
        SettingSection(items: [
          SettingItem(
            key: "theme", type: .rightDetail, title: "Theme",
            choices: [
              SettingChoice(value: "light", title: "Light"), SettingChoice(value: "dark", title: "Dark"),
            ],
            value: "light"),
          autoLock, ratio, languages, name,
          SettingItem(key: "sounds", type: .switch, title: "Sounds", on: true),
        ])
      ])
  }()

  func settings() -> Settings { Settings(document: Self.document, store: MemoryStore()) }

  @Test func typedKeysReadAndWriteSwiftTypes() throws {
    let settings = settings()
    try settings.check(.theme)
    #expect(try settings.value(.theme) == .light)
    #expect(try settings.value(.autoLock) == 5)
    #expect(try settings.value(.languages) == [.en])
    #expect(try settings.value(.sounds))
    try settings.set(.theme, to: .dark)
    try settings.set(.autoLock, to: 15)
    try settings.set(.languages, to: [.ja, .en])
    try settings.set(.ratio, to: ExactDecimal("0.3")!)
    #expect(try settings.value(.theme) == .dark)
    #expect(try settings.value(.autoLock) == 15)
    #expect(try settings.value(.languages) == [.en, .ja])
    #expect(try settings.value(.ratio).description == "0.3")
    #expect(try settings.double("ratio") == 0.3)
    #expect(try settings.strings("languages") == ["en", "ja"])
    #expect(try settings.string("name") == "Kim")
    #expect(try settings.int("auto-lock") == 15)
  }

  @Test func aValueOutsideTheRulesIsRefusedWithItsPartsAsData() throws {
    let settings = settings()
    #expect(
      throws: SettingsError.rejectedValue(
        key: "auto-lock", value: "90",
        problem: .aboveMaximum(value: ExactDecimal(90), maximum: ExactDecimal(60)),
        accepted: "a number from 1 to 60 in steps of 1")
    ) { try settings.set(.autoLock, to: 90) }
    #expect(
      throws: SettingsError.rejectedValue(
        key: "name", value: "Kimberly", problem: .tooLong(maximum: 5, length: 8),
        accepted: "text of at most 5 characters")
    ) { try settings.set(.deviceName, to: "Kimberly") }
    #expect(
      throws: SettingsError.rejectedValue(
        key: "ratio", value: "0.35",
        problem: .offStep(value: ExactDecimal("0.35")!, base: ExactDecimal(0), step: ExactDecimal("0.1")!),
        accepted: "a number from 0 to 1 in steps of 0.1")
    ) { try settings.set(.ratio, to: ExactDecimal("0.35")!) }
    #expect(
      throws: SettingsError.typeMismatch(key: "ratio", value: "0.5", expected: "Int")
    ) { try settings.value(SettingKey<Int>("ratio")) }
    #expect(throws: SettingsError.typeMismatch(key: "theme", value: "light", expected: "Int")) {
      try settings.check(SettingKey<Int>("theme"))
    }
    #expect(
      SettingsError.rejectedValue(
        key: "volume", value: "150",
        problem: .aboveMaximum(value: ExactDecimal(150), maximum: ExactDecimal(100)),
        accepted: ""
      ).message == "volume: 150 is above the maximum 100")
  }

  /// A choice the Swift enum has no case for fails the check at once, not when a user picks it.
  @Test func aChoiceTheEnumLacksFailsTheCheck() throws {
    var document = Self.document
    document.sections[0].items[0].choices?.append(SettingChoice(value: "auto", title: "Automatic"))
    let settings = Settings(document: document, store: MemoryStore())
    #expect(throws: SettingsError.typeMismatch(key: "theme", value: "auto", expected: "Theme")) {
      try settings.check(.theme)
    }
    document = Self.document
    document.sections[0].items[3].choices?.append(SettingChoice(value: "fr", title: "FR"))
    #expect(throws: SettingsError.typeMismatch(key: "languages", value: "fr", expected: "Array<Language>")) {
      try Settings(document: document, store: MemoryStore()).check(.languages)
    }
    try self.settings().check(.languages)
  }

  @Test func aGraphemeClusterCountsAsOneCharacter() throws {
    let settings = settings()
    // 5 user-perceived characters: a Hangul syllable written as jamo, an emoji ZWJ family, flags.
    try settings.set("name", to: .string("\u{1112}\u{1161}\u{11AB}👨‍👩‍👧🇰🇷🇯🇵a"))
    #expect(try settings.string("name").count == 5)
  }
}
