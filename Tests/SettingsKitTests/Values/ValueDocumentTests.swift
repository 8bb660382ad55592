import Testing

@testable import SettingsKit

/// The value types' document rules: each message pinned, at load and from validate().
struct ValueDocumentTests {
  func messages(_ items: String) -> [String] {
    let text = #"{"id": "x", "sections": [{"items": ["# + items + "]}]}"
    do {
      _ = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(text.utf8)))
      return []
    } catch {
      return error.message.split(separator: "\n").map(String.init)
    }
  }

  @Test(arguments: [
    (
      #"{"key": "v", "type": "number", "title": "V", "value": 150, "max": 100}"#,
      "doc.json:1:91: sections[0].items[0].value: default value: 150 is above the maximum 100"
    ),
    (
      #"{"key": "v", "type": "number", "title": "V", "value": 5, "min": 10, "max": 20}"#,
      "doc.json:1:91: sections[0].items[0].value: default value: 5 is below the minimum 10"
    ),
    (
      #"{"key": "v", "type": "number", "title": "V", "value": 0.35, "step": 0.1}"#,
      "doc.json:1:91: sections[0].items[0].value: default value: 0.35 is not on a step: expected 0 plus a whole number of steps of 0.1, such as 0.3 or 0.4"
    ),
    (
      #"{"key": "v", "type": "number", "title": "V", "value": 1, "min": 5, "max": 1}"#,
      "doc.json:1:111: sections[0].items[0].max: \"max\" 1 is below \"min\" 5"
    ),
    (
      #"{"key": "v", "type": "number", "title": "V", "value": 1, "step": 0}"#,
      "doc.json:1:102: sections[0].items[0].step: \"step\" must be greater than 0; found 0"
    ),
    (
      #"{"key": "v", "type": "number", "title": "V"}"#,
      "doc.json:1:37: sections[0].items[0]: missing \"value\"; a number needs its default, such as \"value\": 5"
    ),
    (
      #"{"key": "v", "type": "slider", "title": "V", "value": 1, "max": 5}"#,
      "doc.json:1:37: sections[0].items[0]: missing \"min\"; a slider needs \"min\" and \"max\" to draw its bar"
    ),
    (
      #"{"key": "v", "type": "number", "title": "V", "value": "5"}"#,
      "doc.json:1:91: sections[0].items[0].value: expected a number; found a string"
    ),
    (
      #"{"key": "t", "type": "textField", "title": "T", "pattern": "[a-z"}"#,
      "doc.json:1:96: sections[0].items[0].pattern: \"pattern\" is not a valid regular expression: "
    ),
    (
      #"{"key": "t", "type": "textField", "title": "T", "value": "ABC", "pattern": "[a-z]+", "patternMessage": "lowercase letters only"}"#,
      "doc.json:1:94: sections[0].items[0].value: default value: lowercase letters only"
    ),
    (
      #"{"key": "t", "type": "textField", "title": "T", "value": "abcd", "maxLength": 3}"#,
      "doc.json:1:94: sections[0].items[0].value: default value: at most 3 characters (got 4)"
    ),
    (
      #"{"key": "t", "type": "textField", "title": "T", "patternMessage": "no"}"#,
      "doc.json:1:103: sections[0].items[0].patternMessage: \"patternMessage\" applies only with \"pattern\""
    ),
    (
      #"{"key": "s", "type": "switch", "title": "S", "secure": true}"#,
      "doc.json:1:92: sections[0].items[0].secure: \"secure\" applies only to textField items; this item is a switch"
    ),
    (
      #"{"key": "t", "type": "textField", "title": "T", "min": 1}"#,
      "doc.json:1:92: sections[0].items[0].min: \"min\" applies only to number and slider items; this item is a textField"
    ),
    (
      #"{"type": "number", "title": "N", "value": 1}"#,
      "doc.json:1:37: sections[0].items[0]: missing \"key\"; a number item needs a key to store its value"
    ),
    (
      #"{"key": "m", "type": "rightDetail", "title": "M", "multiple": true, "value": ["b", "c"], "choices": [{"value": "a", "title": "A"}, {"value": "b", "title": "B"}]}"#,
      "doc.json:1:114: sections[0].items[0].value: default value: 'c' is not one of the choices: a, b"
    ),
    (
      #"{"key": "m", "type": "rightDetail", "title": "M", "multiple": true, "choices": [{"value": "a", "title": "A"}]}"#,
      "doc.json:1:37: sections[0].items[0]: missing \"value\"; a multiple choice item needs its default, an array of choice values such as []"
    ),
    (
      #"{"key": "m", "type": "rightDetail", "title": "M", "multiple": true}"#,
      "doc.json:1:99: sections[0].items[0].multiple: \"multiple\" applies only with \"choices\""
    ),
    (
      #"{"key": "m", "type": "rightDetail", "title": "M", "multiple": true, "value": [], "choices": [{"value": "a,b", "title": "A"}]}"#,
      "doc.json:1:129: sections[0].items[0].choices: choice value \"a,b\" of a multiple choice item contains a comma; set takes the chosen values separated by commas"
    ),
    (
      #"{"key": "m", "type": "rightDetail", "title": "M", "multiple": true, "value": [], "choices": [{"value": "", "title": "A"}]}"#,
      "doc.json:1:129: sections[0].items[0].choices: choice value \"\" of a multiple choice item is empty; set takes \"\" for no choice"
    ),
    (
      #"{"key": "m", "type": "rightDetail", "title": "M", "multiple": true, "value": [], "choices": [{"value": " a", "title": "A"}]}"#,
      "doc.json:1:129: sections[0].items[0].choices: choice value \" a\" of a multiple choice item starts or ends with a space, which set trims"
    ),
    (
      #"{"key": "t", "type": "textField", "title": "T", "pattern": ""}"#,
      "doc.json:1:96: sections[0].items[0].pattern: \"pattern\" is empty; leave it out to accept any text"
    ),
    (
      #"{"key": "t", "type": "textField", "title": "T", "pattern": "[a-z]+", "patternMessage": ""}"#,
      "doc.json:1:124: sections[0].items[0].patternMessage: \"patternMessage\" is empty; say what the text must look like (\"must look like host:port\"), or leave it out"
    ),
  ])
  func eachRuleIsReportedWithItsLocation(items: String, expected: String) {
    let found = messages(items)
    #expect(found.count == 1, "\(found)")
    if expected.hasSuffix(": ") {
      #expect(found.first?.hasPrefix(expected) == true, "\(found)")
    } else {
      #expect(found.first == expected)
    }
  }

  @Test func validateInCodeReportsTheSameRules() {
    var item = SettingItem(key: "volume", type: .number, title: "Volume")
    item.numberValue = ExactDecimal(150)
    item.max = ExactDecimal(100)
    var text = SettingItem(key: "name", type: .switch, title: "Name")
    text.maxLength = 3
    let document = SettingsDocument(id: "x", title: "X", sections: [SettingSection(items: [item, text])])
    #expect(
      throws: DocumentValidationError(issues: [
        .init(path: "sections[0].items[0].value", message: "default value: 150 is above the maximum 100"),
        .init(
          path: "sections[0].items[1].maxLength",
          message: "\"maxLength\" applies only to textField items; this item is a switch"),
      ])
    ) { try document.validate() }
  }

  @Test func aDocumentWithEveryTypeLoadsAndEncodesBack() throws {
    let text = #"""
      {"id": "x", "sections": [{"items": [
        {"key": "name", "type": "textField", "title": "Name", "value": "Kim", "maxLength": 20, "description": {"en": "Shown to others", "ko": "다른 사람에게 보임"}},
        {"key": "lock", "type": "number", "title": "Auto-Lock", "value": 0.1, "min": 0, "max": 1, "step": 0.1, "unit": {"en": "min", "ko": "분"}},
        {"key": "langs", "type": "rightDetail", "title": "Languages", "multiple": true, "value": ["ko"], "choices": [{"value": "en", "title": "English"}, {"value": "ko", "title": "한국어"}]}
      ]}]}
      """#
    let document = try DocumentLoader.decode(
      SourceText(name: "doc.json", bytes: Array(text.utf8)), locales: ["ko"])
    let items = document.sections[0].items
    #expect(items[0].description == "다른 사람에게 보임")
    #expect(items[1].numberValue?.description == "0.1")
    #expect(items[1].unit == "분")
    #expect(items[2].multipleValue == ["ko"])
    try document.validate()
  }

  @Test func aMultipleChoiceDefaultReadsInTheChoicesOrder() throws {
    let text = #"""
      {"id": "x", "sections": [{"items": [
        {"key": "langs", "type": "rightDetail", "title": "Languages", "multiple": true, "value": ["ja", "en"],
         "choices": [{"value": "en", "title": "English"}, {"value": "ko", "title": "한국어"}, {"value": "ja", "title": "日本語"}]}
      ]}]}
      """#
    let document = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(text.utf8)))
    let settings = Settings(document: document, store: MemoryStore())
    #expect(try settings.strings("langs") == ["en", "ja"])
    #expect(SettingsSnapshot.defaultValue(of: document.sections[0].items[0]) == .strings(["en", "ja"]))
  }
}
