import Synchronization
import TestSupport
import Testing

@testable import SettingsKit

/// The library facade over a memory store: reads, changes, validation and observers.
struct SettingsTests {
  func makeSettings(_ values: [String: JSONValue] = [:]) -> Settings {
    Settings(document: .embeddedDefault, store: MemoryStore(values: values))
  }

  @Test func switchesReadAsTheirDefaultsWithoutOverrides() throws {
    let settings = makeSettings()
    #expect(try settings.isOn("airplane") == false)
    #expect(try settings.value(of: "wifi") == .string("끔"))
    #expect(try settings.snapshot().modified.isEmpty)
  }

  @Test func setTogglesAndResetsGoThroughTheStore() throws {
    let store = MemoryStore()
    let settings = Settings(document: .embeddedDefault, store: store)
    try settings.set("airplane", to: .bool(true))
    #expect(try store.read().values == ["airplane": .bool(true)])
    #expect(try settings.isOn("airplane"))
    #expect(try settings.toggle("airplane") == false)
    #expect(try settings.snapshot().modified == ["airplane"])
    try settings.reset(["airplane"])
    #expect(try store.read().values == [:])
  }

  @Test(arguments: ["on", "ON", "True", "yes", "1", "Yes"])
  func switchWordsForOn(word: String) throws {
    #expect(try makeSettings().parseValue(word, for: "airplane") == .bool(true))
  }

  @Test(arguments: ["off", "OFF", "false", "no", "0", "No"])
  func switchWordsForOff(word: String) throws {
    #expect(try makeSettings().parseValue(word, for: "airplane") == .bool(false))
  }

  @Test func assignmentsAreAllOrNothing() throws {
    let store = MemoryStore()
    let settings = Settings(document: .embeddedDefault, store: store)
    #expect(
      throws: SettingsError.invalidValue(
        key: "airplane", value: "maybe", accepted: ["on", "off", "true", "false", "yes", "no", "1", "0"])
    ) {
      try settings.set([("airplane", "maybe")])
    }
    #expect(throws: SettingsError.duplicateAssignment("airplane")) {
      try settings.set([("airplane", "on"), ("airplane", "off")])
    }
    #expect(throws: SettingsError.invalidValue(key: "airplane", value: "끔", accepted: ["on", "off"])) {
      try settings.set("airplane", to: .string("끔"))
    }
    #expect(throws: SettingsError.unknownKey("wifl", suggestion: "wifi")) {
      try settings.set([("airplane", "on"), ("wifl", "on")])
    }
    #expect(throws: SettingsError.notSettable(key: "wifi", type: .rightDetail)) {
      try settings.set([("airplane", "on"), ("wifi", "on")])
    }
    #expect(
      throws: SettingsError.several([
        .unknownKey("wifl", suggestion: "wifi"), .notSettable(key: "wifi", type: .rightDetail),
      ])
    ) {
      try settings.set([("airplane", "on"), ("wifl", "on"), ("wifi", "on")])
    }
    #expect(try store.read().values == [:])
  }

  @Test func settingTheCurrentOverrideAgainWritesNothing() throws {
    let store = MemoryStore(values: ["airplane": .bool(true)])
    let settings = Settings(document: .embeddedDefault, store: store)
    #expect(try settings.set([("airplane", "on")]) == [])
    #expect(try store.read() == StoreContents(values: ["airplane": .bool(true)]))
  }

  @Test func errorMessagesNameTheKeyAndWhatWouldBeRight() {
    #expect(SettingsError.unknownKey("wifl", suggestion: "wifi").message == "unknown key 'wifl'")
    #expect(SettingsError.unknownKey("wifl", suggestion: "wifi").hint == "did you mean 'wifi'?")
    #expect(SettingsError.unknownKey("zzz", suggestion: nil).message == "unknown key 'zzz'")
    #expect(SettingsError.unknownKey("zzz", suggestion: nil).hint == nil)
    #expect(
      SettingsError.notSettable(key: "wifi", type: .rightDetail).message
        == "'wifi' is a rightDetail item without choices; only switches, items with choices, text fields, numbers and sliders can be set"
    )
    #expect(
      SettingsError.invalidValue(key: "airplane", value: "maybe", accepted: ["on", "off"]).message
        == "invalid value 'maybe' for 'airplane'; expected one of on, off")
    #expect(
      SettingsError.noValue(key: "cellular", type: .detailTitle).message
        == "'cellular' is a detailTitle item; it navigates and has no value")
  }

  @Test func observersReceiveKeyOldAndNewValue() throws {
    let settings = makeSettings()
    let received = Mutex<[SettingChange]>([])
    let token = settings.addObserver { change in received.withLock { $0.append(change) } }
    try settings.set("airplane", to: .bool(true))
    try settings.set("airplane", to: .bool(true))
    try settings.toggle("airplane")
    try settings.set("airplane", to: .bool(true))
    try settings.resetAll()
    settings.removeObserver(token)
    try settings.toggle("airplane")
    #expect(
      received.withLock { $0 } == [
        SettingChange(key: "airplane", oldValue: .bool(false), newValue: .bool(true)),
        SettingChange(key: "airplane", oldValue: .bool(true), newValue: .bool(false)),
        SettingChange(key: "airplane", oldValue: .bool(false), newValue: .bool(true)),
        SettingChange(key: "airplane", oldValue: .bool(true), newValue: .bool(false)),
      ])
  }

  @Test func storedValueOfTheWrongTypeIsAProblemNotAnError() throws {
    let source = SourceText(name: "s.json", bytes: Array("{\n  \"airplane\": \"yes\"\n}\n".utf8))
    let contents = try StoreContents.parse(source)
    let snapshot = SettingsSnapshot(document: .embeddedDefault, contents: contents, storeName: "s.json")
    #expect(
      snapshot.problems == [
        StoredValueProblem(
          key: "airplane", file: "s.json", location: SourceLocation(line: 2, column: 15),
          storedValue: JSONValue(.string("yes"), offset: 16), expected: "true or false",
          defaultValue: .bool(false))
      ])
    #expect(snapshot.value(forKey: "airplane") == .bool(false))
    #expect(snapshot.modified == [])
  }

  @Test func resetKeepsUnknownKeysUnlessNamed() throws {
    let store = MemoryStore(values: ["old-key": .integer(3), "airplane": .bool(true)])
    let settings = Settings(document: .embeddedDefault, store: store)
    try settings.reset(["airplane"])
    #expect(try store.read().values == ["old-key": .integer(3)])
    try settings.reset(["old-key"])
    #expect(try store.read().values == [:])
    #expect(throws: SettingsError.unknownKey("airplain", suggestion: "airplane")) {
      try settings.reset(["airplain"])
    }
  }
}
