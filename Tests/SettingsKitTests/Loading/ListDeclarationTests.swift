import Testing

@testable import SettingsKit

/// A list item's declaration: what the loader reads of it, the located errors of its rules, and
/// its values read from JSON (as the store holds them) and from the command line's words.
struct ListDeclarationTests {
  func messages(_ items: String) -> [String] {
    let text = #"{"id": "d", "sections": [{"items": [\#n"# + items + "\n]}]}"
    do {
      _ = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(text.utf8)))
      return []
    } catch {
      return error.messages
    }
  }

  static let records = """
    {"key": "vpn", "type": "list", "title": "VPN", "titleField": "name", "unique": "name", "fields": [
      {"key": "name", "type": "textField", "title": "Name"},
      {"key": "server", "type": "textField", "title": "Server", "renamedFrom": "host", "pattern": "[a-z.]+"},
      {"key": "port", "type": "number", "title": "Port", "value": 500, "min": 1, "max": 65535},
      {"key": "password", "type": "textField", "title": "Password", "secure": true}]}
    """

  @Test func aValueListAndARecordListLoadWithTheirRulesAndDefaults() throws {
    let text =
      #"{"id": "d", "sections": [{"items": [\#n"#
      + #"{"key": "dns", "type": "list", "title": "DNS", "element": {"type": "textField", "pattern": "[0-9.]+"}, "#
      + #""unique": true, "minCount": 1, "maxCount": 3, "value": ["1.1.1.1"]},"# + "\n" + Self.records
      + "\n]}]}"
    let document = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(text.utf8)))
    let dns = try #require(document.item(forKey: "dns")?.list)
    #expect(dns.element?.type == .textField)
    #expect(dns.element?.pattern == "[0-9.]+")
    #expect(dns.isUnique && dns.minCount == 1 && dns.maxCount == 3)
    #expect(dns.defaultValue == [.string("1.1.1.1")])
    #expect(document.item(forKey: "dns")?.defaultValue == .list([.string("1.1.1.1")]))
    let vpn = try #require(document.item(forKey: "vpn"))
    #expect(vpn.list?.fields?.compactMap(\.key) == ["name", "server", "port", "password"])
    #expect(vpn.list?.titleField == "name")
    #expect(vpn.list?.uniqueField == "name")
    #expect(vpn.isSecure)
    #expect(vpn.defaultValue == .list([]))
  }

  @Test(arguments: [
    (
      #"{"key": "a", "type": "list", "title": "A", "element": {"type": "textField"}, "minCount": 3, "maxCount": 2, "value": ["x", "y", "z"]}"#,
      [#"doc.json:2:105: sections[0].items[0].maxCount: "maxCount" 2 is below "minCount" 3"#]
    ),
    (
      #"{"key": "a", "type": "list", "title": "A"}"#,
      [
        #"doc.json:2:1: sections[0].items[0]: missing "element" or "fields"; a list declares what it holds, such as "element": {"type": "textField"}"#
      ]
    ),
    (
      #"{"key": "a", "type": "list", "title": "A", "element": {"type": "switch"}}"#,
      [
        #"doc.json:2:64: sections[0].items[0].element.type: a list's element is textField, number, slider, rightDetail with choices; found switch"#
      ]
    ),
    (
      #"{"key": "a", "type": "list", "title": "A", "element": {"type": "number", "max": 5}, "value": [1, 9]}"#,
      [#"doc.json:2:94: sections[0].items[0].value: default value: element 2: 9 is above the maximum 5"#]
    ),
    (
      #"{"key": "a", "type": "list", "title": "A", "element": {"type": "textField"}, "unique": true, "value": ["x", "x"]}"#,
      [
        #"doc.json:2:103: sections[0].items[0].value: default value: 'x' is in the list twice; its elements are unique"#
      ]
    ),
    (
      #"{"key": "a", "type": "list", "title": "A", "titleField": "nope", "fields": [{"key": "n", "type": "textField", "title": "N"}, {"key": "n", "type": "switch", "title": "M"}]}"#,
      [
        #"doc.json:2:58: sections[0].items[0].titleField: "nope" is not one of the fields: "n""#,
        #"doc.json:2:134: sections[0].items[0].fields[1].key: duplicate field key "n"; first used at 2:85"#,
      ]
    ),
    (
      #"{"key": "a", "type": "list", "title": "A", "titleField": "on", "fields": [{"key": "on", "type": "switch", "title": "On"}]}"#,
      [
        #"doc.json:2:58: sections[0].items[0].titleField: "titleField" names "on", a switch; a record's title is a text field that is not secure"#
      ]
    ),
    (
      #"{"key": "a", "type": "list", "title": "A", "element": {"type": "textField"}, "fields": [{"key": "n", "type": "textField", "title": "N"}]}"#,
      [
        #"doc.json:2:88: sections[0].items[0].fields: a list holds values ("element") or records ("fields"), not both"#
      ]
    ),
    (
      #"{"key": "l", "type": "list", "title": "L", "maxCount": 2, "element": {"type": "textField"}}, {"key": "a", "type": "switch", "title": "A", "enabledWhen": {"l": {"min": 5}}}, {"key": "b", "type": "switch", "title": "B", "enabledWhen": {"l": {"min": 1.5}}}, {"key": "c", "type": "switch", "title": "C", "enabledWhen": {"l": true}}"#,
      [
        #"doc.json:2:160: sections[0].items[1].enabledWhen.l: "l" never holds 5 elements: its maxCount is 2"#,
        #"doc.json:2:240: sections[0].items[2].enabledWhen.l: a count of "l"'s elements is a whole number from 0; found 1.5"#,
        #"doc.json:2:322: sections[0].items[3].enabledWhen.l: "l" is a list; a condition on it is {"notEmpty": true} or a range of its count, {"min": N, "max": N}"#,
      ]
    ),
    (
      #"{"key": "s", "type": "switch", "title": "S", "maxCount": 2}"#,
      [
        #"doc.json:2:58: sections[0].items[0].maxCount: "maxCount" applies only to list items; this item is a switch"#
      ]
    ),
  ])
  func eachRuleIsALocatedError(item: String, expected: [String]) {
    #expect(messages(item) == expected)
  }

  @Test func aStoredListIsReadByItsRulesAndARenamedFieldByItsEarlierKey() throws {
    let text = #"{"id": "d", "sections": [{"items": [\#n"# + Self.records + "\n]}]}"
    let document = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(text.utf8)))
    let list = try #require(document.item(forKey: "vpn")?.list)
    func read(_ json: String) -> Result<SettingValue, ValueProblem> {
      ValueRules.listValue(try! JSONParser().parse(Array(json.utf8)), by: list)
    }
    #expect(
      read(#"[{"name": "Work", "host": "vpn.example.com", "password": "pw"}]"#)
        == .success(
          .list([
            .record([
              "name": .string("Work"), "server": .string("vpn.example.com"),
              "port": .number(ExactDecimal(500)),
              "password": .string("pw"),
            ])
          ])))
    #expect(read(#"[{"name": "A"}, {"name": "A"}]"#) == .failure(.repeatedElement("A", field: "name")))
    #expect(
      read(#"[{"name": "A", "port": 0}]"#).failureMessage == "element 1: port: 0 is below the minimum 1")
    #expect(read(#"[{"name": "A", "color": "red"}]"#).failureMessage == "element 1: unknown field 'color'")
    #expect(read(#"["A"]"#).failureMessage == "element 1: expected an object of fields")
    #expect(
      read(#"{"name": "A"}"#).failureMessage
        == "expected a JSON array of records with fields name, server, port, password, each name once")
  }

  @Test func aValueListIsParsedFromWordsAndItsRowIsACount() throws {
    let list = SettingList(
      element: SettingItem(
        type: .rightDetail, title: "",
        choices: [SettingChoice(value: "en", title: "English"), SettingChoice(value: "ko", title: "한국어")]),
      minCount: 1, isUnique: true)
    #expect(
      ValueRules.listValue(words: ["한국어", "EN"], by: list) == .success(.list([.string("ko"), .string("en")])))
    #expect(ValueRules.listValue(words: [], by: list).failureMessage == "at least 1 element (got 0)")
    #expect(
      ValueRules.listValue(words: ["en", "en"], by: list).failureMessage
        == "'en' is in the list twice; its elements are unique")
    var item = SettingItem(key: "langs", type: .list, title: "Languages")
    item.list = list
    let value = SettingValue.list([.string("ko"), .string("en")])
    #expect(ValueRules.text(of: value, for: item, style: .row) == "2 items")
    #expect(ValueRules.text(of: value, for: item) == "ko, en")
    #expect(ValueRules.described(value, of: item, reveal: false) == "[ko, en]")
    #expect(ValueRules.text(of: .list([]), for: item, style: .row) == "0 items")
    #expect(SettingCondition.range(min: ExactDecimal(1), max: ExactDecimal(2)).holds(for: value))
    #expect(!SettingCondition.range(min: ExactDecimal(3), max: nil).holds(for: value))
    #expect(SettingCondition.notEmpty.holds(for: value) && !SettingCondition.notEmpty.holds(for: .list([])))
  }
}

extension Result where Success == SettingValue, Failure == ValueProblem {
  /// The problem's message, or nil on success.
  var failureMessage: String? {
    if case .failure(let problem) = self { return problem.message }
    return nil
  }
}
