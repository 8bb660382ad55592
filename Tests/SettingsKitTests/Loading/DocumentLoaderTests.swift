import TestSupport
import Testing

@testable import SettingsKit

/// Loading documents: decoding, defaults, and every validation message, pinned exactly.
struct DocumentLoaderTests {
  func messages(_ text: String, name: String = "doc.json") -> [String] {
    do {
      _ = try DocumentLoader.decode(SourceText(name: name, bytes: Array(text.utf8)))
      return []
    } catch {
      // The hint, apart from the message, as the command line prints it: after "; ".
      return error.messages.enumerated().map { index, line in
        index == error.messages.count - 1 ? line + (error.hint.map { "; \($0)" } ?? "") : line
      }
    }
  }

  @Test func minimalDocumentGetsTheDocumentedDefaults() throws {
    let document = try DocumentLoader.decode(
      SourceText(name: "m.json", bytes: Array(#"{"id": "demo"}"#.utf8)))
    #expect(document == SettingsDocument(version: 1, id: "demo", title: "demo", sections: []))
  }

  @Test func shippedExampleEqualsTheEmbeddedDefault() throws {
    #expect(try DocumentLoader.load(path: examplePath("ios-settings.json")) == .embeddedDefault)
  }

  @Test func embeddedDefaultHasTheSeedsData() {
    let document = SettingsDocument.embeddedDefault
    #expect(document.sections.map(\.header) == ["설정", nil, nil])
    #expect(
      document.keys == [
        "account", "airplane", "wifi", "bluetooth", "cellular", "hotspot", "notifications", "sounds", "focus",
        "screen-time",
      ])
    #expect(
      document.sections.flatMap(\.items).map(\.imageName) == [
        "user", "airplane", "wifi", "bluetooth", "signal-tower", "smartphone", "ball", "headphone", "moon",
        "hourglass",
      ])
    #expect(
      document.item(forKey: "airplane")
        == SettingItem(key: "airplane", type: .switch, title: "에어플레인 모드", on: false, imageName: "airplane"))
    #expect(document.item(forKey: "account")?.subTitle == "Apple ID, iCloud, 미디어 및 구입")
    #expect(document.sections[1].items.map(\.rightDetail) == [nil, "끔", "켬", nil, "켬"])
  }

  @Test func englishExampleLoads() throws {
    let document = try DocumentLoader.load(path: examplePath("phone-settings.json"))
    #expect(document.id == "phone-settings")
    #expect(document.sections.count == 7)
  }

  @Test func byteOrderMarkIsAccepted() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"id": "bom"}"#.utf8)
    #expect(try DocumentLoader.decode(SourceText(name: "b.json", bytes: bytes)).id == "bom")
  }

  @Test(arguments: [
    ("", "doc.json:1:1: the file is empty; expected a JSON object"),
    ("  \n ", "doc.json:2:2: the file is empty; expected a JSON object"),
    (
      "{\n  \"id\": \"x\",\n  \"sections\": [1,],\n}",
      "doc.json:3:18: trailing comma before ']'; remove the comma after the last element"
    ),
    ("{\"id\": \"x\",}", "doc.json:1:12: trailing comma before '}'; remove the comma after the last member"),
    ("{\"id\": \"x\"", "doc.json:1:11: unexpected end of file; expected ',' or '}'"),
    ("{\"id\" \"x\"}", "doc.json:1:7: unexpected '\"'; expected ':' after the member name"),
    (
      "{\"id\": 'x'}",
      "doc.json:1:8: unexpected '''; expected a value; JSON has no single-quoted strings; use double quotes"
    ),
    (
      "{\"id\": \"x\"} {}",
      "doc.json:1:13: unexpected '{' after the end of the document; expected nothing more"
    ),
    ("{\"id\": NaN}", "doc.json:1:8: 'NaN' is not a JSON number; JSON has no NaN or Infinity"),
    ("{\"id\": -Infinity}", "doc.json:1:8: '-Infinity' is not a JSON number; JSON has no NaN or Infinity"),
    ("{\"id\": 01}", "doc.json:1:8: invalid number '01'; expected digits such as 1, -2, 3.5 or 1e3"),
    (
      "{\"id\": \"a\u{1B}b\"}",
      "doc.json:1:10: control character \\u{1B} in a string; write it as an escape such as \\n or \\u001B"
    ),
    (
      "{\"id\": \"\\q\"}",
      "doc.json:1:9: invalid escape '\\q' in a string; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
    ),
    (
      "{\"id\": \"\\uD800\"}",
      "doc.json:1:9: '\\uD800' is half of a UTF-16 surrogate pair; give both halves or the character itself"
    ),
    ("{\"id\": \"x\",\n \"id\": \"y\"}", "doc.json:2:2: duplicate member \"id\"; first defined at 1:2"),
    ("{\"id\": tru}", "doc.json:1:8: unexpected 'tru'; expected a value"),
  ])
  func syntaxErrorsSayFileLineAndColumn(text: String, expected: String) {
    #expect(messages(text) == [expected])
  }

  @Test func aLeadingByteThatIsNotUTF8IsNamed() {
    let bytes: [UInt8] = [0xFF]
    do {
      _ = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: bytes))
      Issue.record("no error")
    } catch {
      #expect(error.messages == ["doc.json:1:1: unexpected byte 0xFF (not UTF-8); expected a value"])
    }
    #expect(messages("{\"id\": Nope}") == ["doc.json:1:8: unexpected 'N'; expected a value"])
  }

  @Test func invalidUTF8IsReportedWhereItStarts() {
    let bytes: [UInt8] = Array(#"{"id": "ab"#.utf8) + [0xFF] + Array(#""}"#.utf8)
    #expect(
      throws: DocumentError.syntax(
        file: "u.json", location: SourceLocation(line: 1, column: 11),
        message: "the text is not valid UTF-8; save the file as UTF-8", hint: nil)
    ) {
      try DocumentLoader.decode(SourceText(name: "u.json", bytes: bytes))
    }
  }

  @Test func deepNestingIsRefusedWithoutCrashing() {
    let text =
      "{\"id\": " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "}"
    #expect(messages(text) == ["doc.json:1:263: arrays and objects nest deeper than 256 levels"])
  }

  @Test func everyValidationProblemIsReportedInSourceOrder() {
    let text = """
      {
        "id": "demo",
        "titel": "Demo",
        "sections": [
          { "header": "A", "items": [
            { "key": "wifi", "type": "rightDetail", "title": "Wi-Fi", "subtitle": "x" },
            { "type": "switch", "title": "Airplane" },
            { "key": "wifi", "type": "toggle", "title": "Dup" },
            { "key": "bt", "type": "swich" }
          ]}
        ]
      }
      """
    #expect(
      messages(text) == [
        #"doc.json:3:3: titel: unknown field "titel"; did you mean "title"?"#,
        #"doc.json:6:65: sections[0].items[0].subtitle: unknown field "subtitle"; did you mean "subTitle"?"#,
        #"doc.json:7:7: sections[0].items[1]: missing "key"; a switch needs a key to store its state, such as "key": "airplane""#,
        #"doc.json:8:16: sections[0].items[2].key: duplicate key "wifi"; first used at sections[0].items[0].key (6:16)"#,
        #"doc.json:8:32: sections[0].items[2].type: unknown type "toggle"; expected one of detailTitle, switch, rightDetail, textField, number, slider, list"#,
        #"doc.json:9:7: sections[0].items[3]: missing "title"; every item needs a title"#,
        #"doc.json:9:30: sections[0].items[3].type: unknown type "swich"; did you mean "switch"? expected one of detailTitle, switch, rightDetail, textField, number, slider, list"#,
      ])
  }

  @Test(arguments: [
    (#"[]"#, #"doc.json:1:1: expected a settings document (a JSON object); found an array"#),
    (
      #"{"sections": []}"#,
      #"doc.json:1:1: missing "id"; it names the document and its store, such as "id": "my-app""#
    ),
    (
      #"{"id": "../etc"}"#,
      #"doc.json:1:8: id: invalid id "../etc"; use ASCII letters, digits, '.', '-' and '_'"#
    ),
    (
      #"{"id": ".."}"#,
      #"doc.json:1:8: id: invalid id ".."; an id of only dots would name no file; use a letter, digit, '-' or '_' too"#
    ),
    (
      #"{"id": "x.view"}"#,
      #"doc.json:1:8: id: invalid id "x.view"; an id ending in '.view' would share its store file with the view-state file of document "x"; choose another ending"#
    ),
    (
      #"{"id": "x", "version": 2}"#,
      #"doc.json:1:24: version: unsupported version 2; this build of settings reads version 1"#
    ),
    (#"{"id": "x", "version": "1"}"#, #"doc.json:1:24: version: expected a whole number; found a string"#),
    (
      #"{"id": "x", "version": 1.0}"#,
      #"doc.json:1:24: version: expected a whole number of at least 1, written without a fraction or exponent; found 1.0"#
    ),
    (
      #"{"id": "x", "version": 99999999999999999999999}"#,
      #"doc.json:1:24: version: the number 99999999999999999999999 is too large; expected a whole number of at least 1"#
    ),
    (
      #"{"id": "x", "sections": {}}"#,
      #"doc.json:1:25: sections: expected an array of sections; found an object"#
    ),
    (
      #"{"id": "x", "sections": [[]]}"#,
      #"doc.json:1:26: sections[0]: expected a section (a JSON object); found an array"#
    ),
    (
      #"{"id": "x", "sections": [{"items": [{"type": "detailTitle", "title": 3}]}]}"#,
      #"doc.json:1:70: sections[0].items[0].title: expected a string; found a number"#
    ),
    (
      #"{"id": "x", "sections": [{"items": [{"key": "a/b", "type": "detailTitle", "title": "A"}]}]}"#,
      #"doc.json:1:45: sections[0].items[0].key: invalid key "a/b"; use at most 128 ASCII letters, digits, '-' and '_'"#
    ),
    (
      #"{"id": "x", "sections": [{"items": [{"key": "a", "type": "switch", "title": "A", "on": "yes"}]}]}"#,
      #"doc.json:1:88: sections[0].items[0].on: expected true or false; found a string"#
    ),
    (
      #"{"id": "x", "sections": [{"items": [{"type": "rightDetail", "title": "A", "on": true}]}]}"#,
      #"doc.json:1:81: sections[0].items[0].on: "on" applies only to switch items; this item is a rightDetail"#
    ),
    (
      #"{"id": "x", "sections": [{"items": [{"key": "a", "type": "switch", "title": "A", "rightDetail": "x"}]}]}"#,
      #"doc.json:1:97: sections[0].items[0].rightDetail: a switch shows its state on the right; use type rightDetail for a value, or subTitle for a note"#
    ),
    (
      #"{"id": "x", "sections": [{"id": "s", "items": []}, {"id": "s", "items": []}]}"#,
      #"doc.json:1:59: sections[1].id: duplicate section id "s"; first used at sections[0].id (1:33)"#
    ),
    (
      #"{"id": "x", "sections": [{"items": [{"title": "A"}]}]}"#,
      #"doc.json:1:37: sections[0].items[0]: missing "type"; expected one of detailTitle, switch, rightDetail, textField, number, slider, list"#
    ),
    (#"{"id": "x", "sections": [{"header": "\u001b[2J"}]}"#, ""),
  ])
  func validationErrorsSayPathAndWhatWouldBeRight(text: String, expected: String) {
    #expect(messages(text) == (expected.isEmpty ? [] : [expected]))
  }

  /// An items file on a child page was shown by `show PAGE` while `get`, `set`, `list`, the cache
  /// and the web page knew none of its keys: it is refused where it is written.
  @Test func anItemsFileOnAChildPageIsRefused() throws {
    let text =
      #"{"id": "x", "sections": [{"items": [{"key": "sub", "type": "detailTitle", "title": "Sub", "#
      + #""page": {"sections": [{"itemsFile": "items.jsonl"}]}}]}]}"#
    #expect(
      messages(text) == [
        #"doc.json:1:127: sections[0].items[0].page.sections[0].itemsFile: "itemsFile" is read only in the top page's sections; give this page's items in "items""#
      ])
    let page = SettingsPage(sections: [SettingSection(items: [], itemsFile: "items.jsonl")])
    let document = SettingsDocument(
      id: "x", title: "X",
      sections: [
        SettingSection(items: [SettingItem(key: "sub", type: .detailTitle, title: "Sub", page: page)])
      ])
    #expect(throws: DocumentValidationError.self) { try document.validate() }
    do {
      try document.validate()
    } catch {
      #expect(
        error.issues.map(\.message) == [
          #""itemsFile" is read only in the top page's sections; give this page's items in "items""#
        ])
      #expect(error.issues.map(\.path) == ["sections[0].items[0].page.sections[0].itemsFile"])
    }
  }

  @Test func unknownFieldFarFromAnyKnownListsTheKnownFields() {
    #expect(
      messages(#"{"id": "x", "sections": [{"colour": "red", "items": []}]}"#) == [
        #"doc.json:1:27: sections[0].colour: unknown field "colour"; known fields are id, header, footer, items, collapsible, expanded, pageSize, itemsFile"#
      ])
  }

  /// Messages are plain text: the document's own characters, which the edge that prints them escapes.
  @Test func textInMessagesIsPlain() {
    let found = messages(
      #"{"id": "x", "sections": [{"items": [{"type": "\u001b]0;pwned\u0007", "title": "A"}]}]}"#)
    #expect(
      found == [
        "doc.json:1:46: sections[0].items[0].type: unknown type \"\u{1B}]0;pwned\u{7}\"; "
          + "expected one of detailTitle, switch, rightDetail, textField, number, slider, list"
      ])
    #expect(
      found.map(TerminalText.escaped) == [
        #"doc.json:1:46: sections[0].items[0].type: unknown type "\u{1B}]0;pwned\u{7}"; expected one of detailTitle, switch, rightDetail, textField, number, slider, list"#
      ])
  }

  @Test func missingFileIsUnreadable() throws {
    #expect(
      throws: DocumentError.unreadable(
        file: "/nonexistent/doc.json", reason: .notFound(path: "/nonexistent/doc.json"))
    ) {
      try DocumentLoader.load(path: "/nonexistent/doc.json")
    }
  }
}
