import Synchronization
import TestSupport
import Testing

@testable import SettingsKit

/// A stored value its item does not accept is reported, not thrown (issue 12, items 4 and 5); an
/// explicit value is kept even when it equals the default (item 6).
struct StoredValueProblemTests {
  static let document = SettingsDocument(
    id: "app", title: "App",
    sections: [
      SettingSection(items: [
        SettingItem(
          key: "theme", type: .rightDetail, title: "Theme",
          choices: [
            SettingChoice(value: "light", title: "Light"), SettingChoice(value: "dark", title: "Dark"),
          ],
          value: "light"),
        SettingItem(key: "sounds", type: .switch, title: "Sounds", on: true),
        SettingItem(key: "name", type: .rightDetail, title: "Name", rightDetail: "Alex"),
        SettingItem(key: "account", type: .detailTitle, title: "Account"),
      ])
    ])

  static let storeText = """
    {
      "account": true,
      "name": ["a"],
      "sounds": null,
      "theme": "sepia",
      "zzz": 5
    }

    """

  func contents(_ text: String = storeText) throws -> StoreContents {
    try StoreContents.parse(SourceText(name: "s.json", bytes: Array(text.utf8)))
  }

  @Test func everyRejectedValueIsAProblemAndReadsAsTheDefault() throws {
    let snapshot = SettingsSnapshot(document: Self.document, contents: try contents(), storeName: "s.json")
    #expect(
      snapshot.problems.map(\.message) == [
        #"s.json:2:14: stored value of "account" is true; expected nothing: a detailTitle item has no value; ignoring it"#,
        #"s.json:3:11: stored value of "name" is ["a"]; expected a string; using the default "Alex""#,
        #"s.json:4:13: stored value of "sounds" is null; expected true or false; using the default true"#,
        #"s.json:5:12: stored value of "theme" is "sepia"; expected one of "light", "dark"; using the default "light""#,
      ])
    #expect(
      snapshot.allValues == ["theme": .string("light"), "sounds": .bool(true), "name": .string("Alex")])
    #expect(snapshot.modified == [])
    #expect(snapshot.otherOverrides == ["zzz": JSONValue(.number("5"), offset: 85)])
  }

  /// The key and file are plain text; a quoted value is cut, and written with its controls escaped
  /// (the notation every place that quotes a stored value uses).
  @Test func aProblemQuotesALongOrHostileValueCutAndEscaped() {
    let long = StoredValueProblem(
      key: "na\u{1B}me", file: "s\u{7}.json", location: SourceLocation(line: 1, column: 9),
      storedValue: JSONValue(.string(String(repeating: "ab", count: 10_000_000))), expected: "a string",
      defaultValue: .string("x\u{202E}"))
    #expect(
      long.message
        == "s\u{7}.json:1:9: stored value of \"na\u{1B}me\" is "
        + #""abababababababababababababababababababa…"; expected a string; using the default "x\u{202E}""#
    )
    #expect(
      TerminalText.escaped(long.message)
        == #"s\u{7}.json:1:9: stored value of "na\u{1B}me" is "abababababababababababababababababababa…"; expected a string; using the default "x\u{202E}""#
    )
    #expect("\(long)" == long.message)
  }

  @Test func anItemDecodedLaterIsCheckedByTheSameRule() throws {
    // Items of an items file are not in the document the snapshot was taken from.
    let snapshot = SettingsSnapshot(
      document: Self.document, contents: try contents(#"{"app-1": "yes", "app-2": true}"#),
      storeName: "s.json")
    let bad = SettingItem(key: "app-1", type: .switch, title: "One", on: true)
    let good = SettingItem(key: "app-2", type: .switch, title: "Two")
    #expect(snapshot.problems == [])
    #expect(snapshot.value(of: bad) == (.bool(true), false))
    #expect(
      snapshot.problem(of: bad)?.message
        == #"s.json:1:11: stored value of "app-1" is "yes"; expected true or false; using the default true"#)
    #expect(snapshot.value(of: good) == (.bool(true), true))
    #expect(snapshot.problem(of: good) == nil)
  }

  @Test func readGivesTheDefaultAndTheProblemAndOtherKeysWork() throws {
    let store = MemoryStore(values: ["theme": .string("sepia"), "sounds": .bool(false)])
    let settings = Settings(document: Self.document, store: store)
    let (value, problem) = try settings.read("theme")
    #expect(value == .string("light"))
    #expect(problem?.expected == #"one of "light", "dark""#)
    #expect(try settings.value(of: "theme") == .string("light"))
    #expect(try settings.read("sounds") == (.bool(false), nil))
    #expect(try settings.isOn("sounds") == false)
    #expect(try settings.describe("theme").problem == problem)
  }

  @Test func setToggleAndResetReplaceARejectedValue() throws {
    let store = MemoryStore(values: ["theme": .string("sepia"), "sounds": .string("on"), "name": .integer(1)])
    let settings = Settings(document: Self.document, store: store)
    let received = Mutex<[SettingChange]>([])
    settings.addObserver { change in received.withLock { $0.append(change) } }
    // To the default: stored, but the value reads the same, so no change is reported.
    #expect(try settings.set("theme", to: .string("light")) == nil)
    #expect(try settings.toggle("sounds") == false)
    #expect(try settings.reset(["name"]) == [])
    #expect(try store.read().values == ["theme": .string("light"), "sounds": .bool(false)])
    #expect(try settings.snapshot().problems == [])
    #expect(
      received.withLock { $0 } == [
        SettingChange(key: "sounds", oldValue: .bool(true), newValue: .bool(false))
      ])
  }

  @Test func anExplicitValueEqualToTheDefaultIsStored() throws {
    let store = MemoryStore()
    let settings = Settings(document: Self.document, store: store)
    #expect(try settings.set([("sounds", "on"), ("theme", "Light")]) == [])
    #expect(try store.read().values == ["sounds": .bool(true), "theme": .string("light")])
    #expect(try settings.snapshot().modified == ["sounds", "theme"])
    // The same override again writes nothing; a different one is a change.
    #expect(try settings.set("sounds", to: .bool(true)) == nil)
    #expect(
      try settings.set("theme", to: .string("dark"))
        == SettingChange(key: "theme", oldValue: .string("light"), newValue: .string("dark")))
  }

  @Test func aTypedValueIsCheckedAgainstTheItemNotParsedAsText() throws {
    let settings = Settings(document: Self.document, store: MemoryStore())
    // "Dark" is a title, which `set` accepts as text, but not a value.
    #expect(throws: SettingsError.invalidValue(key: "theme", value: "Dark", accepted: ["light", "dark"])) {
      try settings.set("theme", to: .string("Dark"))
    }
    #expect(throws: SettingsError.invalidValue(key: "sounds", value: "on", accepted: ["on", "off"])) {
      try settings.set("sounds", to: .string("on"))
    }
    #expect(try settings.set([("theme", "Dark")]).first?.newValue == .string("dark"))
  }

  @Test func aRowWithARejectedValueIsMarkedWithAnExclamationMark() throws {
    let snapshot = SettingsSnapshot(
      document: Self.document, contents: try contents(#"{"theme": "sepia", "sounds": false}"#),
      storeName: "s.json")
    #expect(
      TextRenderer(width: 24).render(Self.document, snapshot: snapshot) == """
        ! Theme          Light ›
        * Sounds             off
          Name            Alex ›
          Account              ›

        """)
  }
}
