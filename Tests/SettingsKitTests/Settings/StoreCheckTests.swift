import Foundation
import TestSupport
import Testing

@testable import SettingsKit

/// `StoreCheck` and `Settings.fix`: the store measured against the document, and repaired.
struct StoreCheckTests {
  static let store = """
    {
      "$schema": "./phone.store.schema.json",
      "dnd": true,
      "legacy": true,
      "old-counter": 3,
      "roaming": false,
      "theme": "sepia"
    }

    """

  func settings() throws -> (Settings, MemoryStore) {
    let contents = try StoreContents.parse(SourceText(name: "s.json", bytes: Array(Self.store.utf8)))
    return try Evolution.settings(contents.values)
  }

  @Test func everyKindOfFindingIsListed() throws {
    let contents = try StoreContents.parse(SourceText(name: "s.json", bytes: Array(Self.store.utf8)))
    let check = StoreCheck(
      document: try Evolution.document(Evolution.version2), contents: contents, storeName: "s.json")
    #expect(!check.isClean)
    #expect(
      check.lines == [
        #"s.json:5:18: unknown key "old-counter"; the document has no such item"#,
        #"s.json:7:12: stored value of "theme" is "sepia"; expected one of "light", "dark"; using the default "light""#,
        #"s.json: "dnd" is now "focus"; its value moves on the next write"#,
        #"s.json: "roaming" is now "cellular.roaming"; its value moves on the next write"#,
        #""legacy" is deprecated: Use Focus instead."#,
      ])
  }

  @Test func fixMovesRenamesDropsWhatNoLongerFitsAndKeepsUnknownKeysUnlessAsked() throws {
    let (settings, store) = try settings()
    #expect(try settings.fix() == [])
    #expect(
      try store.read().values.mapValues { JSONWriter().string($0) } == [
        "$schema": "\"./phone.store.schema.json\"\n", "focus": "true\n", "legacy": "true\n",
        "old-counter": "3\n", "cellular.roaming": "false\n",
      ])
    var check = try settings.check()
    #expect(check.unknownKeys.map(\.key) == ["old-counter"])
    #expect(check.deprecatedValues == [.init(key: "legacy", message: "Use Focus instead.")])
    try settings.fix(droppingUnknownKeys: true)
    check = try settings.check()
    #expect(check.unknownKeys.isEmpty && check.problems.isEmpty && check.renamedValues.isEmpty)
    #expect(try store.read().values.keys.sorted() == ["$schema", "cellular.roaming", "focus", "legacy"])
  }

  @Test func aValueUnderAnEarlierKeyThatNoLongerFitsIsDropped() throws {
    let (settings, store) = try Evolution.settings(["dnd": .string("yes"), "airplane": .bool(true)])
    #expect(try settings.check().problems.map(\.key) == ["focus"])
    try settings.fix()
    #expect(try store.read().values == ["airplane": .bool(true)])
    #expect(try settings.check().isClean)
  }

  @Test func theJSONFormNamesEachFinding() throws {
    let (settings, _) = try Evolution.settings(["dnd": .bool(true)])
    #expect(
      JSONWriter().string(try settings.check().json) == """
        {
          "clean": false,
          "deprecated": [],
          "invalidValues": [],
          "locked": [],
          "renamedKeys": [
            {
              "from": "dnd",
              "read": true,
              "to": "focus",
              "value": true
            }
          ],
          "store": "memory",
          "unknownKeys": []
        }

        """)
  }
}

/// `Settings.dump` and `Settings.load`: overrides out as JSON and back in, all or nothing.
struct StoreTransferTests {
  @Test func aDumpIsEveryOverrideSortedWithRenamedValuesUnderTheirNewKeys() throws {
    let (settings, _) = try Evolution.settings([
      "$schema": .string("x"), "theme": .string("dark"), "dnd": .bool(true), "zeta": .integer(1),
      "airplane": .bool(false),
    ])
    #expect(
      try settings.dump() == """
        {
          "airplane": false,
          "focus": true,
          "theme": "dark",
          "zeta": 1
        }

        """)
  }

  @Test func secureValuesAreLeftOutAndListedSoThatReplacingKeepsThem() throws {
    let (settings, store) = try Evolution.settings(["airplane": .bool(true), "theme": .string("dark")])
    let dump = try settings.dump(includingSecure: false, isSecure: { $0.key == "airplane" })
    #expect(
      dump == """
        {
          "$omitted": [
            "airplane"
          ],
          "theme": "dark"
        }

        """)
    #expect(
      try settings.dump(includingSecure: true, isSecure: { $0.key == "airplane" }).contains(
        "airplane\": true"))
    let file = try StoreContents.parse(SourceText(name: "d.json", bytes: Array(dump.utf8)))
    try settings.load(file, replacing: true)
    #expect(try store.read().values == ["airplane": .bool(true), "theme": .string("dark")])
  }

  func file(_ text: String) throws -> StoreContents {
    try StoreContents.parse(SourceText(name: "d.json", bytes: Array(text.utf8)))
  }

  @Test func loadMergesByDefaultAndReplacesWhenAsked() throws {
    let (settings, store) = try Evolution.settings(["airplane": .bool(true), "theme": .string("dark")])
    let plan = try settings.load(file(#"{"focus": "on", "theme": "Light"}"#))
    #expect(
      plan.lines == [
        "added focus: true", #"changed theme: "dark" -> "light""#,
      ])
    #expect(
      try store.read().values == ["airplane": .bool(true), "focus": .bool(true), "theme": .string("light")])
    let replacing = try settings.planLoad(file(#"{"focus": true}"#), replacing: true)
    #expect(replacing.lines == ["removed airplane", "removed theme"])
    try settings.load(file(#"{"focus": true}"#), replacing: true)
    #expect(try store.read().values == ["focus": .bool(true)])
  }

  @Test func aDumpOfThePreviousVersionLoadsThroughRenamedFrom() throws {
    let (settings, store) = try Evolution.settings([:])
    try settings.load(file(#"{"dnd": true, "roaming": false, "theme": "dark"}"#))
    #expect(
      try store.read().values == [
        "focus": .bool(true), "cellular.roaming": .bool(false), "theme": .string("dark"),
      ])
  }

  @Test func everyRefusalIsReportedWithItsLocationAndNothingIsWritten() throws {
    let values: [String: JSONValue] = ["theme": .string("dark")]
    let (settings, store) = try Evolution.settings(values)
    let text = """
      {"$omitted": 3, "airplane": 5, "cellular": true, "dnd": false, "focus": true, "fcus": true, "theme": "sepia"}
      """
    let expected = [
      #"d.json:1:14: "$omitted" lists the keys whose secure values were left out; expected an array of keys"#,
      #"d.json:1:29: invalid value 5 for 'airplane'; expected true or false"#,
      #"d.json:1:44: 'cellular' is a detailTitle item; it navigates and has no value"#,
      #"d.json:1:73: 'focus' is given twice: as 'dnd' and as 'focus'"#,
      #"d.json:1:87: unknown key 'fcus'; did you mean 'focus'?"#,
      #"d.json:1:102: invalid value "sepia" for 'theme'; expected one of "light", "dark""#,
    ]
    let plan = try settings.planLoad(file(text))
    #expect(plan.refusals.map(\.message) == expected)
    #expect(
      plan.lines.last == #"refused theme: invalid value "sepia" for 'theme'; expected one of "light", "dark""#
    )
    #expect(throws: SettingsError.loadRefused(plan.refusals)) { try settings.load(file(text)) }
    #expect(try store.read().values == values)
    #expect(SettingsError.loadRefused(plan.refusals).message == expected.joined(separator: "\n"))
  }

  @Test func aDumpWritesNumbersAsExactDecimalsAndChoicesInTheirOrder() throws {
    let store = MemoryStore(values: [
      "ratio": JSONValue(.number("1e-1")), "auto-lock": JSONValue(.number("1.50e1")),
      "languages": .array([.string("ja"), .string("en")]), "zeta": JSONValue(.number("2e3")),
    ])
    let settings = Settings(document: TypedKeyTests.document, store: store)
    #expect(try settings.strings("languages") == ["en", "ja"])
    #expect(
      try settings.dump() == """
        {
          "auto-lock": 15,
          "languages": [
            "en",
            "ja"
          ],
          "ratio": 0.1,
          "zeta": 2e3
        }

        """)
  }

  @Test func aLoadedMultipleChoiceIsStoredInTheChoicesOrder() throws {
    let store = MemoryStore()
    let settings = Settings(document: TypedKeyTests.document, store: store)
    let plan = try settings.load(file(#"{"languages": ["ja", "en"], "ratio": 0.30}"#))
    #expect(plan.lines == [#"added languages: ["en", "ja"]"#, "added ratio: 0.3"])
    #expect(
      try store.read().values["languages"].map { JSONWriter().string($0) } == "[\n  \"en\",\n  \"ja\"\n]\n")
    #expect(try settings.strings("languages") == ["en", "ja"])
  }

  @Test func unknownKeysAreKeptWhenAsked() throws {
    let (settings, store) = try Evolution.settings([:])
    try settings.load(file(#"{"fcus": [1, 2]}"#), keepingUnknownKeys: true)
    #expect(try store.read().values.keys.sorted() == ["fcus"])
  }
}

/// A document with every field encodes to JSON that loads back equal.
struct EveryFieldRoundTripTests {
  @Test func aDocumentWithEveryFieldRoundTrips() throws {
    let document = SettingsDocument(
      id: "all.fields", title: "All",
      sections: [
        SettingSection(
          id: "main", header: "Header", footer: "Footer",
          items: [
            SettingItem(
              key: "airplane", type: .switch, title: "Airplane", subTitle: "Radios", on: true,
              imageName: "airplane", renamedFrom: ["flight", "old.flight"], deprecated: "Use Focus."),
            SettingItem(
              key: "theme", type: .rightDetail, title: "Theme", imageName: "gear",
              choices: [
                SettingChoice(value: "light", title: "Light"), SettingChoice(value: "dark", title: "Dark"),
              ],
              value: "dark", enabledWhen: ["airplane": .equals(.bool(false))],
              visibleWhen: ["airplane": .equals(.bool(false))]),
            SettingItem(key: "wifi", type: .rightDetail, title: "Wi-Fi", rightDetail: "Home"),
            SettingItem(
              key: "cellular", type: .detailTitle, title: "Cellular",
              page: SettingsPage(sections: [
                SettingSection(items: [
                  SettingItem(
                    key: "cellular.roaming", type: .switch, title: "Roaming", renamedFrom: ["roaming"])
                ])
              ])),
          ], collapsible: true, expanded: true, pageSize: 2)
      ])
    try document.validate()
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(document)
    let loaded = try DocumentLoader.decode(SourceText(name: "again.json", bytes: Array(data)))
    #expect(loaded == document)
    #expect(try JSONDecoder().decode(SettingsDocument.self, from: data) == document)
  }
}
