import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// The model on its own: the one traversal, `locate`, the page-size rule, encoding back to a
/// valid document, and `validate()` for documents built in code.
struct SettingsDocumentTests {
  /// Two levels of pages: `net` opens a page with `net.wifi`, whose page has `net.wifi.ask`.
  static let nested = SettingsDocument(
    id: "nested", title: "Nested",
    sections: [
      SettingSection(items: [
        SettingItem(key: "air", type: .switch, title: "Air"),
        SettingItem(
          key: "net", type: .detailTitle, title: "Net",
          page: SettingsPage(sections: [
            SettingSection(items: [SettingItem(key: "net.air", type: .switch, title: "Inner Air")]),
            SettingSection(items: [
              SettingItem(
                key: "net.wifi", type: .detailTitle, title: "Wi-Fi",
                page: SettingsPage(sections: [
                  SettingSection(items: [SettingItem(key: "net.wifi.ask", type: .switch, title: "Ask")])
                ]))
            ]),
          ])),
      ]),
      SettingSection(items: [SettingItem(type: .detailTitle, title: "About")]),
    ])

  @Test func forEachItemWalksDepthFirstInScreenOrder() {
    var seen: [String] = []
    Self.nested.forEachItem { item, position in
      let path = position.ancestors.map(\.title).joined(separator: "/")
      seen.append("\(item.title) [\(path)] \(position.section):\(position.row)")
    }
    #expect(
      seen == [
        "Air [] 0:0", "Net [] 0:1", "Inner Air [Net] 0:0", "Wi-Fi [Net] 1:0", "Ask [Net/Wi-Fi] 0:0",
        "About [] 1:0",
      ])
    #expect(Self.nested.keys == ["air", "net", "net.air", "net.wifi", "net.wifi.ask"])
    #expect(Self.nested.allItems.map(\.item.title) == ["Air", "Net", "Inner Air", "Wi-Fi", "Ask", "About"])
  }

  @Test func locateFollowsTheKeysPath() throws {
    let ask = try #require(Self.nested.locate("net.wifi.ask"))
    #expect(ask.item.title == "Ask")
    #expect(ask.ancestors.map(\.title) == ["Net", "Wi-Fi"])
    #expect((ask.section, ask.row) == (0, 0))
    #expect(ask.breadcrumb(in: Self.nested) == ["Nested", "Net", "Wi-Fi"])
    let inner = try #require(Self.nested.locate("net.air"))
    #expect(inner.item.title == "Inner Air")
    #expect(Self.nested.locate("air")?.item.title == "Air")
    #expect(Self.nested.locate("wifi") == nil)
    #expect(Self.nested.locate("net.nothing") == nil)
    #expect(Self.nested.locate("air.x") == nil)
    #expect(Self.nested.item(forKey: "net.wifi")?.title == "Wi-Fi")
  }

  @Test func updateEachItemChangesEveryPage() {
    var document = Self.nested
    document.updateEachItem { item, position in
      item.title = "\(position.ancestors.count)-\(item.title)"
    }
    #expect(
      document.allItems.map(\.item.title) == ["0-Air", "0-Net", "1-Inner Air", "1-Wi-Fi", "2-Ask", "0-About"])
  }

  @Test func theEffectivePageSizeRule() {
    #expect(SettingSection(items: []).effectivePageSize == nil)
    #expect(SettingSection(items: [], pageSize: 3).effectivePageSize == 3)
    #expect(SettingSection(items: [], itemsFile: "a.jsonl").effectivePageSize == 50)
    #expect(SettingSection(items: [], pageSize: 7, itemsFile: "a.jsonl").effectivePageSize == 7)
  }

  @Test(arguments: ["ios-settings.json", "phone-settings.json", "accordion.json", "app-notifications.json"])
  func everyExampleLoadsEncodesAndLoadsBackEqual(name: String) throws {
    let path = examplePath(name)
    let document = try DocumentLoader.load(path: path)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(document)
    let again = try DocumentLoader.decode(
      SourceText(name: "again.json", bytes: Array(data)), itemsFilesIn: SystemPath(path).directory)
    #expect(again == document)
    try document.validate()
    // Codable decoding gives the full keys back too.
    let decoded = try JSONDecoder().decode(SettingsDocument.self, from: data)
    if !document.sections.contains(where: { $0.itemsFile != nil }) { #expect(decoded == document) }
  }

  @Test func childKeysAreEncodedAsTheirOwnKeys() throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let item = SettingItem(key: "net.wifi.ask", type: .switch, title: "Ask")
    #expect(
      String(decoding: try encoder.encode(item), as: UTF8.self)
        == #"{"key":"ask","title":"Ask","type":"switch"}"#)
    let section = SettingSection(items: [item], itemsFile: "apps.jsonl")
    #expect(String(decoding: try encoder.encode(section), as: UTF8.self) == #"{"itemsFile":"apps.jsonl"}"#)
  }

  @Test func aValidDocumentBuiltInCodePasses() throws {
    try Self.nested.validate()
    try SettingsDocument.embeddedDefault.validate()
  }

  /// A list built in code is checked as the loader checks one: its fields, the fields it names,
  /// its counts and its default.
  @Test func validateChecksTheRulesOfAListBuiltInCode() {
    var hosts = SettingItem(key: "hosts", type: .list, title: "Hosts")
    hosts.list = SettingList(
      fields: [
        SettingItem(key: "name", type: .textField, title: "Name"),
        SettingItem(key: "name", type: .textField, title: "Again"),
      ],
      titleField: "host", minCount: 3, maxCount: 2, uniqueField: "port")
    var dns = SettingItem(key: "dns", type: .list, title: "DNS")
    dns.list = SettingList(
      element: SettingItem(type: .textField, title: ""), maxCount: 1,
      defaultValue: [.string("1.1.1.1"), .string("8.8.8.8")])
    let bare = SettingItem(key: "bare", type: .list, title: "Bare")
    let document = SettingsDocument(
      id: "lists", title: "Lists", sections: [SettingSection(items: [hosts, dns, bare])])
    var issues: [String] = []
    do throws(DocumentValidationError) { try document.validate() } catch {
      issues = error.issues.map { "\($0.path): \($0.message)" }
    }
    #expect(
      issues == [
        "sections[0].items[0].fields[1].key: duplicate field key \"name\"",
        "sections[0].items[0].titleField: \"host\" is not one of the fields: \"name\"",
        "sections[0].items[0].unique: \"port\" is not one of the fields: \"name\"",
        "sections[0].items[0].maxCount: \"maxCount\" 2 is below \"minCount\" 3",
        "sections[0].items[0].value: default value: at least 3 elements (got 0)",
        "sections[0].items[1].value: default value: at most 1 element (got 2)",
        "sections[0].items[2]: missing \"element\" or \"fields\"; a list declares what it holds",
      ])
  }

  @Test func validateNamesEveryProblemByPath() {
    let document = SettingsDocument(
      version: 2, id: "..", title: "T",
      sections: [
        SettingSection(
          id: "a b",
          items: [
            SettingItem(key: "x", type: .switch, title: "X", rightDetail: "on"),
            SettingItem(key: "x", type: .detailTitle, title: "Dup", on: true),
            SettingItem(type: .switch, title: "No key"),
            SettingItem(
              key: "c", type: .rightDetail, title: "C",
              choices: [SettingChoice(value: "a", title: "A"), SettingChoice(value: "a", title: "a")],
              value: "z"),
            SettingItem(key: "s", type: .switch, title: "S", page: SettingsPage(sections: [])),
          ], expanded: true, pageSize: 0),
        SettingSection(items: [
          SettingItem(key: "p", type: .switch, title: "P", enabledWhen: ["q": .equals(.bool(true))]),
          SettingItem(key: "q", type: .switch, title: "Q", enabledWhen: ["p": .equals(.bool(true))]),
          SettingItem(
            key: "r", type: .switch, title: "R",
            visibleWhen: ["c": .equals(.bool(true)), "nope": .equals(.bool(true))]),
        ]),
      ])
    #expect(throws: DocumentValidationError.self) { try document.validate() }
    do throws(DocumentValidationError) {
      try document.validate()
    } catch {
      #expect(
        error.description == """
          version: unsupported version 2; this build of settings reads version 1
          id: invalid id ".."; an id of only dots would name no file; use a letter, digit, '-' or '_' too
          sections[0].id: invalid section id "a b"; use ASCII letters, digits, '-' and '_'
          sections[0].expanded: "expanded" applies only with "collapsible": true
          sections[0].pageSize: expected a whole number from 1 to 1000000; found 0
          sections[0].items[0].rightDetail: a switch shows its state on the right; use type rightDetail for a value, or subTitle for a note
          sections[0].items[1].key: duplicate key "x"; first used at sections[0].items[0].key
          sections[0].items[1].on: "on" applies only to switch items; this item is a detailTitle
          sections[0].items[2]: missing "key"; a switch needs a key to store its state, such as "key": "airplane"
          sections[0].items[3].choices[1].value: duplicate choice value "a"; first used at sections[0].items[3].choices[0]
          sections[0].items[3].choices[1].title: duplicate choice title "a"; first used at sections[0].items[3].choices[0]; `set` takes a title, so titles must differ
          sections[0].items[3].value: default "z" is not one of the choices: "a", "a"
          sections[0].items[4].page: a switch cannot open a page; use type detailTitle or rightDetail
          sections[1].items[2].visibleWhen.c: "c" has no value to depend on; use a switch, an item with choices, a number, a slider, a text field or a list
          sections[1].items[2].visibleWhen.nope: unknown key "nope"; conditions name items by their full keys
          sections[1].items[1].enabledWhen.p: dependency cycle: "p" → "q" → "p"
          """)
    }
  }

  @Test func validateTakesFullOrOwnKeysInPages() throws {
    let own = SettingsDocument(
      id: "own", title: "Own",
      sections: [
        SettingSection(items: [
          SettingItem(
            key: "net", type: .detailTitle, title: "Net",
            page: SettingsPage(sections: [
              SettingSection(items: [SettingItem(key: "wifi", type: .switch, title: "Wi-Fi")])
            ]))
        ])
      ])
    try own.validate()
    var long = own
    long.sections[0].items[0].key = String(repeating: "k", count: 129)
    #expect(throws: DocumentValidationError.self) { try long.validate() }
    do throws(DocumentValidationError) {
      try long.validate()
    } catch {
      #expect(
        error.issues.map(\.message) == [
          "invalid key \"\(String(repeating: "k", count: 129))\"; it has 129 characters; the limit is 128"
        ])
      #expect(error.issues.map(\.path) == ["sections[0].items[0].key"])
    }
  }
  @Test func validateRefusesAnIdEndingInView() {
    #expect(throws: DocumentValidationError.self) {
      try SettingsDocument(id: "a.VIEW", title: "A", sections: []).validate()
    }
    do throws(DocumentValidationError) {
      try SettingsDocument(id: "a.VIEW", title: "A", sections: []).validate()
    } catch {
      #expect(
        error.description
          == "id: invalid id \"a.VIEW\"; an id ending in '.view' would share its store file with the view-state "
          + "file of document \"a\"; choose another ending")
    }
  }
}
