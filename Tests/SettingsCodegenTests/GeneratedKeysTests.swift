import Synchronization
import TestSupport
import Testing

@testable import SettingsKit

/// The keys that SettingsKeysPlugin generated from this target's settings.json (Examples/all-items'
/// document), used against a store: every value type reads and writes as its Swift type.
@Suite struct GeneratedKeysTests {
  let store = MemoryStore()
  var settings: Settings { Settings(document: .generated, store: store) }

  @Test func readsEveryTypeAsItsDefault() throws {
    let settings = self.settings
    #expect(try settings[SettingKeys.airplane] == false)
    #expect(try settings[SettingKeys.theme] == .light)
    #expect(try settings[SettingKeys.languages] == [.en])
    #expect(try settings[SettingKeys.deviceName] == "Alex's phone")
    #expect(try settings[SettingKeys.autoLock] == 2)
    #expect(try settings[SettingKeys.brightness] == 70)
    #expect(try settings[SettingKeys.scale] == ExactDecimal("1.25"))
    #expect(try settings[SettingKeys.Wifi.password] == SecureText(""))
    #expect(try settings[SettingKeys.wifi] == .home)
    #expect(try settings[SettingKeys.Cellular.Options.voice] == ._5gAuto)
    #expect(try settings[SettingKeys.Cellular.Options.roaming] == false)
  }

  @Test func writesEveryTypeToTheStoreAndReadsItBack() throws {
    let settings = self.settings
    try settings.set(SettingKeys.airplane, true)
    try settings.set(SettingKeys.theme, .dark)
    try settings.set(SettingKeys.languages, [.zhHant, .en])
    try settings.set(SettingKeys.deviceName, "Kim")
    try settings.set(SettingKeys.autoLock, 5)
    try settings.set(SettingKeys.brightness, 35)
    try settings.set(SettingKeys.scale, ExactDecimal("2.5")!)
    try settings.set(SettingKeys.Wifi.password, "hunter2")
    try settings.set(SettingKeys.Cellular.Options.voice, .default)
    try settings.set(SettingKeys.Cellular.Options.roaming, true)
    #expect(
      try store.read().values == [
        "airplane": .bool(true), "theme": .string("dark"),
        "languages": .array([.string("en"), .string("zh-Hant")]),
        "device-name": .string("Kim"), "auto-lock": JSONValue(.number("5")),
        "brightness": JSONValue(.number("35")),
        "scale": JSONValue(.number("2.5")), "wifi.password": .string("hunter2"),
        "cellular.options.voice": .string("default"), "cellular.options.roaming": .bool(true),
      ])
    #expect(try settings[SettingKeys.airplane] == true)
    #expect(try settings[SettingKeys.theme] == .dark)
    #expect(try settings[SettingKeys.languages] == [.en, .zhHant])
    #expect(try settings[SettingKeys.deviceName] == "Kim")
    #expect(try settings[SettingKeys.autoLock] == 5)
    #expect(try settings[SettingKeys.brightness] == 35)
    #expect(try settings[SettingKeys.scale] == ExactDecimal("2.5"))
    #expect(try settings[SettingKeys.Wifi.password].text == "hunter2")
    #expect(try settings[SettingKeys.Cellular.Options.voice] == .default)
    #expect(try settings[SettingKeys.Cellular.Options.roaming] == true)
  }

  @Test func checksRangeStepAndLengthWithTheUsualErrors() throws {
    let settings = self.settings
    /// The message of the error that setting `value` throws; nil when it does not throw.
    func refusal<Value>(_ key: SettingKey<Value>, _ value: Value) -> String? {
      do {
        try settings.set(key, value)
        return nil
      } catch {
        return error.message
      }
    }
    #expect(refusal(SettingKeys.autoLock, 61) == "auto-lock: 61 is above the maximum 60")
    #expect(refusal(SettingKeys.autoLock, 0) == "auto-lock: 0 is below the minimum 1")
    #expect(
      refusal(SettingKeys.brightness, 33)
        == "brightness: 33 is not on a step: expected 0 plus a whole number of steps of 5, such as 30 or 35")
    #expect(
      refusal(SettingKeys.deviceName, "Alex's phone with a long name")
        == "device-name: at most 20 characters (got 29)")
    #expect(try store.read().values == [:])
  }

  @Test func everyKeyFitsItsItem() throws {
    let settings = self.settings
    try settings.check(SettingKeys.airplane)
    try settings.check(SettingKeys.theme)
    try settings.check(SettingKeys.languages)
    try settings.check(SettingKeys.deviceName)
    try settings.check(SettingKeys.autoLock)
    try settings.check(SettingKeys.brightness)
    try settings.check(SettingKeys.scale)
    try settings.check(SettingKeys.warnBeforeLock)
    try settings.check(SettingKeys.wifi)
    try settings.check(SettingKeys.Wifi.password)
    try settings.check(SettingKeys.Wifi.askToJoin)
    try settings.check(SettingKeys.Cellular.data)
    try settings.check(SettingKeys.Cellular.Options.roaming)
    try settings.check(SettingKeys.Cellular.Options.voice)
    try settings.check(SettingKeys.focus)
  }

  @Test func enumCasesAreTheDocumentsChoices() throws {
    let document = SettingsDocument.generated
    func choices(_ key: String) throws -> [String] {
      try #require(Settings(document: document, store: MemoryStore()).item(key).choices).map(\.value)
    }
    #expect(SettingKeys.Theme.allCases.map(\.rawValue) == (try choices("theme")))
    #expect(SettingKeys.Languages.allCases.map(\.rawValue) == (try choices("languages")))
    #expect(SettingKeys.Wifi.allCases.map(\.rawValue) == (try choices("wifi")))
    #expect(
      SettingKeys.Cellular.Options.Voice.allCases.map(\.rawValue) == (try choices("cellular.options.voice")))
    #expect(SettingKeys.Theme.allCases.map(\.rawValue) == ["light", "dark", "auto"])
    #expect(SettingKeys.Cellular.Options.Voice.allCases.map(\.rawValue) == ["5g-auto", "5g-on", "default"])
  }

  /// A choice enum prints as its value, alone or in an array.
  @Test func aChoicePrintsAsItsValue() throws {
    try settings.set(SettingKeys.languages, [.zhHant, .en])
    #expect("\(try settings[SettingKeys.languages])" == "[en, zh-Hant]")
    #expect("\(SettingKeys.Cellular.Options.Voice._5gAuto)" == "5g-auto")
  }

  @Test func theEmbeddedDocumentIsTheFile() throws {
    let path = examplePath("all-items/Sources/all-items/settings.json")
    #expect(SettingsDocument.generated == (try DocumentLoader.load(path: path)))
    #expect(
      SettingsDocument.generated(locales: ["ko"]) == (try DocumentLoader.load(path: path, locales: ["ko"])))
    #expect(SettingsDocument.generated(locales: ["ko"]).title == "모든 항목")
  }

  @Test func aSecureTextNeverPrints() throws {
    try settings.set(SettingKeys.Wifi.password, "hunter2")
    let password = try settings[SettingKeys.Wifi.password]
    var dumped = ""
    dump(password, to: &dumped)
    #expect("\(password)" == "••••••••")
    #expect(String(reflecting: password) == "••••••••")
    #expect(!dumped.contains("hunter2"))
    #expect(password.text == "hunter2")
  }

  @Test func anEmptySecureTextPrintsTheMaskToo() throws {
    let password = try settings[SettingKeys.Wifi.password]
    var dumped = ""
    dump(password, to: &dumped)
    #expect(password.text == "")
    #expect("\(password)" == "••••••••")
    #expect(String(reflecting: password) == "••••••••")
    #expect(dumped == "- ••••••••\n")
  }

  /// What an observer receives and what a typed `set` returns print a secure text field's values
  /// as the mask: description, debug description, `dump`, and inside an array or an event.
  @Test func aSecureChangeNeverPrints() throws {
    let settings = self.settings
    let received = Mutex<[SettingChange]>([])
    settings.addObserver { change in received.withLock { $0.append(change) } }
    try settings.set(SettingKeys.Wifi.password, "hunter2")
    let change = try #require(try settings.set(SettingKeys.Wifi.password, "swordfish"))
    #expect(change.isSecure)
    #expect(change.newValue == .string("swordfish"))
    #expect(received.withLock { $0.last } == change)
    var dumped = ""
    dump(change, to: &dumped)
    var printed = [
      "\(change)", String(reflecting: change), "\([change])", "\(SettingsEvent.changed(change))", dumped,
    ]
    printed += received.withLock { $0.map { "\($0)" } }
    #expect(
      printed == [
        "wifi.password: •••••••• -> ••••••••",
        "SettingChange(key: \"wifi.password\", oldValue: ••••••••, newValue: ••••••••, origin: thisProcess)",
        "[SettingChange(key: \"wifi.password\", oldValue: ••••••••, newValue: ••••••••, origin: thisProcess)]",
        "changed(SettingChange(key: \"wifi.password\", oldValue: ••••••••, newValue: ••••••••, origin: thisProcess))",
        """
        ▿ SettingChange(key: "wifi.password", oldValue: ••••••••, newValue: ••••••••, origin: thisProcess)
          - key: "wifi.password"
          - oldValue: "••••••••"
          - newValue: "••••••••"
          - origin: SettingsKit.ChangeOrigin.thisProcess
          - isSecure: true

        """,
        "wifi.password: •••••••• -> ••••••••",
        "wifi.password: •••••••• -> ••••••••",
      ])
    #expect(!printed.joined().contains("hunter2") && !printed.joined().contains("swordfish"))
  }

  @Test func anOtherChangePrintsItsValues() throws {
    let change = try #require(try settings.set(SettingKeys.deviceName, "Kim's phone"))
    #expect(!change.isSecure)
    #expect("\(change)" == "device-name: Alex's phone -> Kim's phone")
    #expect(
      String(reflecting: change)
        == "SettingChange(key: \"device-name\", oldValue: Alex's phone, newValue: Kim's phone, origin: thisProcess)"
    )
  }

  @Test func renamedKeysReadTheCurrentItem() throws {
    try store.update { contents throws(SettingsError) in contents.values["dnd"] = .bool(true) }
    let settings = self.settings
    #expect(try settings[SettingKeys.focus] == true)
    #expect(SettingKeys.Cellular.Options.roaming.name == "cellular.options.roaming")
  }

  @Test func multipleChoiceReadsAsASetToo() throws {
    let settings = self.settings
    let languages = SettingKey<Set<SettingKeys.Languages>>("languages")
    try settings.check(languages)
    try settings.set(languages, [.zhHant, .ko])
    #expect(try settings[languages] == [.ko, .zhHant])
    #expect(try store.read().values == ["languages": .array([.string("ko"), .string("zh-Hant")])])
  }

  @Test func aSwitchKeyToggles() throws {
    let settings = self.settings
    #expect(try settings.toggle(SettingKeys.airplane) == true)
    #expect(try settings.toggle(SettingKeys.Cellular.data) == false)
    #expect(try store.read().values == ["airplane": .bool(true), "cellular.data": .bool(false)])
  }

  @Test func updatesYieldTypedValues() async throws {
    let settings = self.settings
    var values = try settings.updates(SettingKeys.theme).makeAsyncIterator()
    #expect(await values.next() == .light)
    try settings.set(SettingKeys.theme, .auto)
    #expect(await values.next() == .auto)
  }
}
