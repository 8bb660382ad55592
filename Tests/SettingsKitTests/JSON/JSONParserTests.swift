import Testing

@testable import SettingsKit

/// The JSON layer on its own: every syntax error with its offset and message, the map's shape and
/// offsets, nesting, numbers, strings, surrogates and the byte-order mark.
struct JSONParserTests {
  /// The error's offset and message for `text`, or nil when it parses.
  func failure(_ bytes: [UInt8], maximumDepth: Int = 256) -> (offset: Int, message: String)? {
    do {
      _ = try JSONParser(maximumDepth: maximumDepth).scan(bytes)
      return nil
    } catch {
      return (error.offset, error.message(in: SourceText(name: "t.json", bytes: bytes)))
    }
  }

  func failure(_ text: String) -> (offset: Int, message: String)? { failure(Array(text.utf8)) }

  @Test(arguments: [
    ("", 0, "the file is empty; expected a JSON object"),
    (" \n\t\r", 4, "the file is empty; expected a JSON object"),
    ("[", 1, "unexpected end of file; expected a value"),
    ("{", 1, "unexpected end of file; expected a member name in quotes"),
    ("{\"a\"", 4, "unexpected end of file; expected ':' after the member name"),
    ("{\"a\":", 5, "unexpected end of file; expected a value"),
    ("{\"a\":1", 6, "unexpected end of file; expected ',' or '}'"),
    ("[1", 2, "unexpected end of file; expected ',' or ']'"),
    ("\"ab", 3, "unexpected end of file; expected '\"' to close the string"),
    ("\"a\\", 3, "unexpected end of file; expected an escape after '\\'"),
    ("{a:1}", 1, "unexpected 'a'; expected a member name in quotes"),
    ("{\"a\" 1}", 5, "unexpected '1'; expected ':' after the member name"),
    ("{\"a\":1 \"b\":2}", 7, "unexpected '\"'; expected ',' or '}'"),
    ("[1 2]", 3, "unexpected '2'; expected ',' or ']'"),
    ("[1,]", 3, "trailing comma before ']'; remove the comma after the last element"),
    ("{\"a\":1,}", 7, "trailing comma before '}'; remove the comma after the last member"),
    ("[,]", 1, "unexpected ','; expected a value"),
    ("tru", 0, "unexpected 'tru'; expected a value"),
    ("nul", 0, "unexpected 'nul'; expected a value"),
    ("fals", 0, "unexpected 'fals'; expected a value"),
    ("Nope", 0, "unexpected 'N'; expected a value"),
    ("NaN", 0, "'NaN' is not a JSON number; JSON has no NaN or Infinity"),
    ("Infinity", 0, "'Infinity' is not a JSON number; JSON has no NaN or Infinity"),
    ("-Infinity", 0, "'-Infinity' is not a JSON number; JSON has no NaN or Infinity"),
    ("01", 0, "invalid number '01'; expected digits such as 1, -2, 3.5 or 1e3"),
    ("-", 0, "invalid number '-'; expected digits such as 1, -2, 3.5 or 1e3"),
    ("1.", 0, "invalid number '1.'; expected digits such as 1, -2, 3.5 or 1e3"),
    ("1e", 0, "invalid number '1e'; expected digits such as 1, -2, 3.5 or 1e3"),
    ("1e+", 0, "invalid number '1e+'; expected digits such as 1, -2, 3.5 or 1e3"),
    ("[.5]", 1, "unexpected '.'; expected a value"),
    ("+1", 0, "unexpected '+'; expected a value"),
    ("\"a\u{1}\"", 2, "control character \\u{1} in a string; write it as an escape such as \\n or \\u001B"),
    (
      "\"\\x\"", 1, "invalid escape '\\x' in a string; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
    ),
    (
      "\"\\u12G4\"", 1,
      "invalid escape '\\u12G4' in a string; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
    ),
    (
      "\"\\uDC00\"", 1,
      "'\\uDC00' is half of a UTF-16 surrogate pair; give both halves or the character itself"
    ),
    (
      "\"\\uD83D\"", 1,
      "'\\uD83D' is half of a UTF-16 surrogate pair; give both halves or the character itself"
    ),
    (
      "\"\\uD83D\\u0041\"", 1,
      "'\\uD83D' is half of a UTF-16 surrogate pair; give both halves or the character itself"
    ),
    ("{\"a\":1,\"a\":2}", 7, "duplicate member \"a\"; first defined at 1:2"),
    ("{} x", 3, "unexpected 'x' after the end of the document; expected nothing more"),
    ("{} /* c */", 3, "unexpected '/' after the end of the document; expected nothing more"),
  ])
  func syntaxErrorsAreExact(text: String, offset: Int, message: String) {
    let result = failure(text)
    #expect(result?.offset == offset)
    #expect(result?.message == message)
  }

  @Test func hintsNameCommentsAndSingleQuotes() throws {
    let comment = try #require(catchError("{/* note */ \"a\": 1}"))
    #expect(comment.hint == "JSON has no comments; remove /* */ and // comments")
    let line = try #require(catchError("{\"a\": 1} // note"))
    #expect(line.hint == "JSON has no comments; remove /* */ and // comments")
    let quote = try #require(catchError("{'a': 1}"))
    #expect(quote.hint == "JSON has no single-quoted strings; use double quotes")
    #expect(
      quote.messageWithHint(in: SourceText(name: "t", bytes: []))
        == "unexpected '''; expected a member name in quotes; JSON has no single-quoted strings; use double quotes"
    )
    #expect(try #require(catchError("[1,]")).hint == nil)
  }

  func catchError(_ text: String) -> JSONSyntaxError? {
    do {
      _ = try JSONParser().scan(Array(text.utf8))
      return nil
    } catch {
      return error
    }
  }

  @Test func invalidUTF8IsReportedAtTheSequenceThatBreaks() {
    // An overlong form, a surrogate, a lone continuation byte, a truncated sequence, above U+10FFFF.
    for bad: [UInt8] in [
      [0xC0, 0x80], [0xED, 0xA0, 0x80], [0x80], [0xE3, 0x81], [0xF4, 0x90, 0x80, 0x80],
    ] {
      let bytes = Array("\"가".utf8) + bad + Array("\"".utf8)
      #expect(failure(bytes)?.offset == 4)
      #expect(failure(bytes)?.message == "the text is not valid UTF-8; save the file as UTF-8")
    }
    #expect(failure([0xFF])?.message == "unexpected byte 0xFF (not UTF-8); expected a value")
  }

  @Test func aControlCharacterBeforeAnEscapeWinsOverBadUTF8AndAfterAnEscapeLoses() {
    // As before the scanner: the first run of a string reports a control character at once; runs
    // after an escape are checked as UTF-8 first.
    #expect(failure([0x22, 0xFF, 0x01, 0x22])?.offset == 2)
    #expect(
      failure([0x22, 0x5C, 0x6E, 0xFF, 0x01, 0x22])?.message
        == "the text is not valid UTF-8; save the file as UTF-8")
  }

  @Test func nestingIsLimited() {
    #expect(failure(String(repeating: "[", count: 256) + String(repeating: "]", count: 256)) == nil)
    let deep = String(repeating: "[", count: 257) + String(repeating: "]", count: 257)
    #expect(failure(deep)?.offset == 256)
    #expect(failure(deep)?.message == "arrays and objects nest deeper than 256 levels")
    #expect(
      failure(Array("[[[1]]]".utf8), maximumDepth: 2)?.message
        == "arrays and objects nest deeper than 2 levels")
  }

  @Test func duplicatesAreFoundInLargeObjectsAndThroughEscapes() {
    let members = (0..<40).map { "\"k\($0)\": \($0)" }.joined(separator: ", ")
    let text = "{\(members), \"k3\": 0}"
    #expect(failure(text)?.message == "duplicate member \"k3\"; first defined at 1:29")
    #expect(failure(#"{"a": 1, "\u0061": 2}"#)?.message == "duplicate member \"a\"; first defined at 1:2")
    // Names compare as Swift strings do: a precomposed and a decomposed é are the same name.
    #expect(
      failure("{\"\u{E9}\": 1, \"e\u{301}\": 2}")?.message
        == "duplicate member \"\u{E9}\"; first defined at 1:2")
    #expect(failure(#"{"a": {"a": 1}, "b": {"a": 2}}"#) == nil)
  }

  @Test func theMapHasKindsOffsetsAndValues() throws {
    let text = #"{"n": -1.5e3, "s": "a\"b", "t": true, "f": false, "z": null, "a": [1, {}], "o": {"x": []}}"#
    let map = try JSONParser().scan(Array(text.utf8))
    let members = try #require(map.members(of: map.root))
    #expect(members.map(\.name) == ["n", "s", "t", "f", "z", "a", "o"])
    #expect(members.map(\.nameOffset) == [1, 14, 27, 38, 50, 61, 75])
    #expect(
      members.map { map.kind(of: $0.value) } == [.number, .string, .bool, .bool, .null, .array, .object])
    #expect(members.map(\.value.offset) == [6, 19, 32, 43, 55, 66, 80])
    #expect(map.number(members[0].value) == "-1.5e3")
    #expect(map.string(members[1].value) == "a\"b")
    #expect(map.bool(members[2].value) == true)
    #expect(map.bool(members[3].value) == false)
    #expect(map.string(members[0].value) == nil)
    let array = try #require(map.elements(of: members[5].value))
    #expect(array.map(\.offset) == [67, 70])
    #expect(map.count(of: members[5].value) == 2)
    #expect(map.members(of: array[1]) == [])
    #expect(map.typeDescription(of: members[6].value) == "an object")
    let inner = try #require(map.members(of: members[6].value))
    #expect(map.elements(of: inner[0].value) == [])
  }

  @Test func stringsResolveEscapesAndSurrogatePairs() throws {
    let text = #"["\u00e9\/\b\f\n\r\t\\", "\uD83D\uDE00 ok", "가나\u0041", "plain"]"#
    let map = try JSONParser().scan(Array(text.utf8))
    let strings = try #require(map.elements(of: map.root)).map { map.string($0) }
    #expect(strings == ["\u{E9}/\u{8}\u{C}\n\r\t\\", "\u{1F600} ok", "가나A", "plain"])
  }

  @Test func numbersKeepTheirSourceText() throws {
    let map = try JSONParser().scan(
      Array("[0, -0, 10, 1.25, 1E5, 2e-3, 123456789012345678901234567890]".utf8))
    let numbers = try #require(map.elements(of: map.root)).map { map.number($0) }
    #expect(numbers == ["0", "-0", "10", "1.25", "1E5", "2e-3", "123456789012345678901234567890"])
  }

  @Test func aByteOrderMarkIsSkippedAndOffsetsStayByteOffsets() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#" {"a": 1}"#.utf8)
    let map = try JSONParser().scan(bytes)
    #expect(map.root.offset == 4)
    #expect(map.members(of: map.root)?.first?.nameOffset == 5)
    let source = SourceText(name: "t", bytes: bytes)
    #expect(source.location(ofOffset: 5) == SourceLocation(line: 1, column: 3))
    #expect(failure([0xEF, 0xBB, 0xBF])?.message == "the file is empty; expected a JSON object")
    #expect(failure([0xEF, 0xBB])?.message == "unexpected byte 0xEF (not UTF-8); expected a value")
  }

  @Test func theTreeKeepsOffsets() throws {
    let value = try JSONParser().parse(Array(#"{"a": [true, null, "x"]}"#.utf8))
    let expected = JSONValue(
      .object([
        JSONValue.Member(
          name: "a", nameOffset: 1,
          value: JSONValue(
            .array([
              JSONValue(.bool(true), offset: 7), JSONValue(.null, offset: 13),
              JSONValue(.string("x"), offset: 19),
            ]), offset: 6))
      ]), offset: 0)
    #expect(value == expected)
  }

  @Test func locationsCountLinesAndScalars() {
    let source = SourceText(name: "t", bytes: Array("ab\n가c\n".utf8))
    #expect(source.location(ofOffset: 0) == SourceLocation(line: 1, column: 1))
    #expect(source.location(ofOffset: 3) == SourceLocation(line: 2, column: 1))
    #expect(source.location(ofOffset: 6) == SourceLocation(line: 2, column: 2))
    #expect(source.location(ofOffset: 99) == SourceLocation(line: 3, column: 1))
    let lines = SourceText(name: "t", bytes: Array("{\n}".utf8), firstLine: 7)
    #expect(lines.location(ofOffset: 2) == SourceLocation(line: 8, column: 1))
  }

  @Test func theLocatorAgreesWithTheWalkAcrossCheckpoints() {
    let text = String(repeating: "가나다 abc\n", count: 200)
    let source = SourceText(name: "t", bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
    let locator = SourceLocator(source)
    for offset in stride(from: 0, through: source.bytes.count + 2, by: 7) {
      #expect(locator.location(ofOffset: offset) == source.location(ofOffset: offset))
    }
  }
}
