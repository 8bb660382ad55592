import Foundation
import Testing

@testable import SettingsKit

/// `enabledWhen` and `visibleWhen` on numbers, sliders, text fields and multiple choice: checked at
/// load with exact messages, and followed by the item's state.
struct ValueConditionTests {
  static let controllers = #"""
    {"key": "v", "type": "number", "title": "Volume", "value": 40, "min": 0, "max": 100, "step": 5, "unit": "%"},
    {"key": "b", "type": "slider", "title": "Brightness", "value": 0.5, "min": 0, "max": 1, "step": 0.1},
    {"key": "n", "type": "textField", "title": "Name", "value": "", "maxLength": 5},
    {"key": "p", "type": "textField", "title": "Password", "secure": true},
    {"key": "l", "type": "rightDetail", "title": "Languages", "multiple": true, "value": ["en"],
     "choices": [{"value": "en", "title": "English"}, {"value": "ko", "title": "한국어"}]}
    """#

  func messages(_ conditions: String) -> [String] {
    let text =
      #"{"id": "x", "sections": [{"items": ["# + Self.controllers
      + #", {"key": "x", "type": "switch", "title": "X", "enabledWhen": "# + conditions + "}]}]}"
    do {
      _ = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(text.utf8)))
      return []
    } catch {
      return error.message.split(separator: "\n").map(String.init)
    }
  }

  @Test(arguments: [
    (
      #"{"v": "40"}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.v: "v" is a number; expected a number (from 0 to 100)"#
    ),
    (
      #"{"v": 150}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.v: "v" never holds 150: 150 is above the maximum 100"#
    ),
    (
      #"{"v": 42}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.v: "v" never holds 42: 42 is not on a step: expected 0 plus a whole number of steps of 5, such as 40 or 45"#
    ),
    (
      #"{"b": true}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.b: "b" is a slider; expected a number (from 0 to 1)"#
    ),
    (
      #"{"b": 0.55}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.b: "b" never holds 0.55: 0.55 is not on a step: expected 0 plus a whole number of steps of 0.1, such as 0.5 or 0.6"#
    ),
    (
      #"{"v": 1e400}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.v: 1e400 has more digits than the 38 kept exactly"#
    ),
    (
      #"{"n": 5}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.n: "n" is a text field; expected a text ("" for empty)"#
    ),
    (
      #"{"n": "Kimberly"}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.n: "n" never holds "Kimberly": at most 5 characters (got 8)"#
    ),
    (
      #"{"p": "x"}"#,
      #"doc.json:6:147: sections[0].items[5].enabledWhen.p: "p" is a secure text field; a condition cannot depend on its value"#
    ),
    (
      #"{"l": "fr"}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.l: "fr" is not a choice of "l"; expected one of "en", "ko""#
    ),
    (
      #"{"l": ["en"]}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.l: expected true or false (a switch), a choice value, a text, a number or an object such as {"min": 5, "max": 30}; found an array"#
    ),
    (
      #"{"l": true}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.l: "l" is a multiple choice item; expected one of its choice values ("en", "ko"), which the condition needs chosen"#
    ),
  ])
  func aConditionOnAValueIsCheckedAtLoad(conditions: String, expected: String) {
    #expect(messages(conditions) == [expected])
  }

  @Test(arguments: [
    (
      #"{"v": {"min": 50, "max": 10}}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.v: "min" 50 is above "max" 10"#
    ),
    (
      #"{"v": {"min": 150}}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.v: "v" never reaches 150: its maximum is 100"#
    ),
    (
      #"{"v": {"max": -5}}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.v: "v" never goes down to -5: its minimum is 0"#
    ),
    (
      #"{"n": {"min": 1}}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.n: "n" is a textField; {"min", "max"} applies to a number or slider"#
    ),
    (
      #"{"v": {"notEmpty": true}}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.v: "v" is a number; {"notEmpty": true} applies to a text field"#
    ),
    (
      #"{"n": {"notEmpty": false}}"#,
      #"doc.json:6:165: sections[0].items[5].enabledWhen.n.notEmpty: expected true; for an empty text write "", for an empty list {"max": 0} (found a boolean)"#
    ),
    (
      #"{"n": {"notEmpty": true, "min": 1}}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.n: a condition is a range ("min", "max") or "notEmpty", not both"#
    ),
    (
      #"{"v": {}}"#,
      #"doc.json:6:152: sections[0].items[5].enabledWhen.v: expected {"min": N, "max": N} (a bound may be left out) or {"notEmpty": true}"#
    ),
    (
      #"{"v": {"minimum": 5}}"#,
      #"doc.json:6:153: sections[0].items[5].enabledWhen.v.minimum: unknown field "minimum"; known fields are min, max, notEmpty"#
    ),
    (
      #"{"v": {"min": "5"}}"#,
      #"doc.json:6:160: sections[0].items[5].enabledWhen.v.min: expected a number; found a string"#
    ),
    (
      #"{"p": {"notEmpty": true}}"#,
      #"doc.json:6:147: sections[0].items[5].enabledWhen.p: "p" is a secure text field; a condition cannot depend on its value"#
    ),
  ])
  func aRangeOrNotEmptyConditionIsCheckedAtLoad(conditions: String, expected: String) {
    #expect(messages(conditions) == [expected])
  }

  @Test func aRangeHoldsWithinItsBoundsAndNotEmptyForAnyText() throws {
    let settings = try settings(#"{"v": {"min": 45, "max": 60}}"#)
    #expect(try state(settings).disabledReason == "off while Volume is 40 %")
    try settings.set("v", to: .number(ExactDecimal(45)))
    #expect(try state(settings).isEnabled)
    try settings.set("v", to: .number(ExactDecimal(60)))
    #expect(try state(settings).isEnabled)
    try settings.set("v", to: .number(ExactDecimal(65)))
    #expect(try state(settings).isEnabled == false)
    #expect(try settings.describe("x").text.contains("enabled when:  v between 45 and 60\n"))
    let hidden = try self.settings(#"{"n": {"notEmpty": true}, "b": {"max": 0.5}}"#, field: "visibleWhen")
    let item = try #require(hidden.document.item(forKey: "x"))
    #expect(
      SettingsSearch.hiddenReason(of: item, in: try hidden.snapshot()) == "shown only while Name is not empty"
    )
    try hidden.set("n", to: .string("Kim"))
    #expect(try state(hidden).isVisible)
    try hidden.set("b", to: .number(ExactDecimal(1)))
    #expect(
      SettingsSearch.hiddenReason(of: item, in: try hidden.snapshot())
        == "shown only while Brightness is at most 0.5")
    let volume = try self.settings(#"{"v": {"min": 50}}"#, field: "visibleWhen")
    #expect(
      SettingsSearch.hiddenReason(
        of: try #require(volume.document.item(forKey: "x")), in: try volume.snapshot())
        == "shown only while Volume is at least 50 %")
  }

  /// A document with every kind of condition encodes back to the same conditions (Codable).
  @Test func everyKindOfConditionEncodesAndDecodesBack() throws {
    let text =
      #"{"id": "x", "sections": [{"items": ["# + Self.controllers
      + #", {"key": "x", "type": "switch", "title": "X", "enabledWhen": {"v": {"min": 5}, "b": {"min": 0.1, "max": 0.9}, "n": {"notEmpty": true}, "l": "ko"}, "visibleWhen": {"v": 40}}]}]}"#
    let document = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(text.utf8)))
    let item = try #require(document.item(forKey: "x"))
    #expect(
      item.enabledWhen == [
        "v": .range(min: ExactDecimal(5), max: nil),
        "b": .range(min: try ExactDecimal.parse("0.1").get(), max: try ExactDecimal.parse("0.9").get()),
        "n": .notEmpty, "l": .equals(.string("ko")),
      ])
    let encoded = try JSONEncoder().encode(document)
    #expect(try JSONDecoder().decode(SettingsDocument.self, from: encoded) == document)
  }

  @Test func conditionsOnValuesThatFitLoad() {
    #expect(messages(#"{"v": 40, "b": 0.50, "n": "", "l": "ko"}"#) == [])
  }

  /// The same rules for a document built in code, by path.
  @Test func validateInCodeReportsTheSameRules() throws {
    let text = #"{"id": "x", "sections": [{"items": ["# + Self.controllers + "]}]}"
    var document = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(text.utf8)))
    var item = SettingItem(key: "x", type: .switch, title: "X")
    item.enabledWhen = ["v": .equals(.number(ExactDecimal(150))), "n": .equals(.bool(true))]
    document.sections[0].items.append(item)
    #expect(
      throws: DocumentValidationError(issues: [
        .init(
          path: "sections[0].items[5].enabledWhen.n",
          message: #""n" is a text field; expected a text ("" for empty)"#),
        .init(
          path: "sections[0].items[5].enabledWhen.v",
          message: #""v" never holds 150: 150 is above the maximum 100"#),
      ])
    ) { try document.validate() }
  }

  func settings(_ conditions: String, field: String = "enabledWhen") throws -> Settings {
    let text =
      #"{"id": "x", "sections": [{"items": ["# + Self.controllers
      + #", {"key": "x", "type": "switch", "title": "X", "\#(field)": "# + conditions + "}]}]}"
    let document = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(text.utf8)))
    return Settings(document: document, store: MemoryStore())
  }

  func state(_ settings: Settings) throws -> ItemState {
    try settings.snapshot().state(of: try #require(settings.document.item(forKey: "x")))
  }

  @Test func aNumberConditionHoldsForTheSameDecimal() throws {
    let settings = try settings(#"{"b": 0.3}"#)
    #expect(try state(settings).disabledReason == "off while Brightness is 0.5")
    try settings.set("b", to: .number(try ExactDecimal.parse("0.30").get()))
    #expect(try state(settings).isEnabled)
    // 0.1 + 0.1 + 0.1 stepped up from 0 is exactly 0.3.
    try settings.set("b", to: .number(ExactDecimal(0)))
    #expect(try state(settings).isEnabled == false)
    #expect(throws: SettingsError.self) { try settings.set("x", to: .bool(true)) }
  }

  @Test func aTextConditionHoldsForTheSameText() throws {
    let settings = try settings(#"{"n": "Kim"}"#)
    #expect(try state(settings).disabledReason == "off while Name is empty")
    try settings.set("n", to: .string("Kim"))
    #expect(try state(settings).isEnabled)
    try settings.set("x", to: .bool(true))
  }

  @Test func aMultipleChoiceConditionHoldsWhileTheValueIsChosen() throws {
    let settings = try settings(#"{"l": "ko"}"#)
    #expect(try state(settings).disabledReason == "off while Languages does not include 한국어")
    try settings.set("l", to: .strings(["en", "ko"]))
    #expect(try state(settings).isEnabled)
    let hidden = try self.settings(#"{"l": "ko"}"#, field: "visibleWhen")
    #expect(try state(hidden).isVisible == false)
    let item = try #require(hidden.document.item(forKey: "x"))
    #expect(
      SettingsSearch.hiddenReason(of: item, in: try hidden.snapshot())
        == "shown only while Languages includes 한국어")
    try hidden.set("l", to: .strings(["ko"]))
    #expect(try state(hidden).isVisible)
    #expect(SettingsSearch.hiddenReason(of: item, in: try hidden.snapshot()) == nil)
  }

  @Test func describeReadsAMultipleChoiceConditionAsIncludes() throws {
    let settings = try settings(#"{"l": "ko", "v": 45}"#)
    #expect(
      try settings.describe("x").text == """
        key:           x
        title:         X
        type:          switch
        where:         x › section 1, row 6
        default:       off
        value:         off
        modified:      no
        source:        default
        enabled when:  l includes ko, v = 45
        enabled:       no (off while Languages does not include 한국어)
        visible:       yes

        """)
  }

  @Test func describeSaysWhyAnItemIsHidden() throws {
    let settings = try settings(#"{"b": 0.3, "n": {"notEmpty": true}}"#, field: "visibleWhen")
    let description = try settings.describe("x")
    #expect(description.hiddenReason == "shown only while Brightness is 0.3")
    #expect(description.text.hasSuffix("visible:       no (shown only while Brightness is 0.3)\n"))
    #expect(
      JSONWriter().string(description.json).contains(#""hiddenReason": "shown only while Brightness is 0.3""#)
    )
    try settings.set("b", to: .number(ExactDecimal("0.3")!))
    try settings.set("n", to: .string("Kim"))
    #expect(try settings.describe("x").hiddenReason == nil)
    #expect(try settings.describe("x").text.hasSuffix("visible:       yes\n"))
  }
}
