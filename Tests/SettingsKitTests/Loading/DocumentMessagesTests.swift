import TestSupport
import Testing

@testable import SettingsKit

/// Locale objects are checked, and messages say what is actually wrong.
struct DocumentMessagesTests {
  func messages(_ text: String) -> [String] {
    do {
      _ = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(text.utf8)))
      return []
    } catch {
      // The hint, apart from the message, as the command line prints it: after "; ".
      return error.messages.enumerated().map { index, line in
        index == error.messages.count - 1 ? line + (error.hint.map { "; \($0)" } ?? "") : line
      }
    }
  }

  @Test func duplicateLocaleTagsDifferingInCaseAreRefused() {
    #expect(
      messages(#"{"id": "x", "title": {"ko": "a", "KO": "b"}}"#) == [
        #"doc.json:1:34: title.KO: duplicate locale tag "KO"; first given at 1:23 (tags are compared ignoring case, with '_' read as '-')"#
      ])
  }

  @Test func duplicateLocaleTagsDifferingInUnderscoreAreRefused() {
    #expect(
      messages(#"{"id": "x", "title": {"ko_KR": "a", "ko-kr": "b"}}"#) == [
        #"doc.json:1:37: title.ko-kr: duplicate locale tag "ko-kr"; first given at 1:23 (tags are compared ignoring case, with '_' read as '-')"#
      ])
  }

  @Test func tagsThatAreNotWellFormedBCP47AreRefused() {
    let text =
      #"{"id": "x", "title": {"en-": "a", "123": "b", "ko_KR": "c", "zh-Hant-TW": "d", "x-pig": "e"}}"#
    #expect(
      messages(text) == [
        #"doc.json:1:23: title.en-: invalid locale tag "en-"; use a BCP 47 tag such as "ko" or "en-US""#,
        #"doc.json:1:35: title.123: invalid locale tag "123"; use a BCP 47 tag such as "ko" or "en-US""#,
      ])
  }

  @Test(arguments: [
    ("ko", true), ("en-US", true), ("EN-us", true), ("ko_KR", true), ("zh-Hant-TW", true), ("sr-Latn", true),
    ("es-419", true), ("de-CH-1996", true), ("en-US-u-ca-gregory", true), ("x-pig", true),
    ("i-klingon", true),
    ("zh-yue-HK", true), ("en-", false), ("123", false), ("", false), ("e", false), ("en--US", false),
    ("en-US-u", false), ("x", false), ("toolonglanguage", false), ("en-US-", false), ("ko KR", false),
  ])
  func wellFormedTags(tag: String, isWellFormed: Bool) {
    #expect(LocalizedText.isWellFormedTag(tag) == isWellFormed)
  }

  @Test func anIdOfOnlyDotsOrTooLongSaysSo() {
    #expect(
      messages(#"{"id": "..."}"#) == [
        #"doc.json:1:8: id: invalid id "..."; an id of only dots would name no file; use a letter, digit, '-' or '_' too"#
      ])
    let long = String(repeating: "i", count: 129)
    #expect(
      messages(#"{"id": "\#(long)"}"#) == [
        #"doc.json:1:8: id: invalid id "\#(long)"; it has 129 characters; the limit is 128"#
      ])
    #expect(messages(#"{"id": "\#(String(repeating: "i", count: 128))"}"#) == [])
  }

  @Test func aKeyOverTheLimitSaysSo() {
    let long = String(repeating: "k", count: 129)
    let text = #"{"id": "x", "sections": [{"items": [{"key": "\#(long)", "type": "switch", "title": "K"}]}]}"#
    #expect(
      messages(text) == [
        #"doc.json:1:45: sections[0].items[0].key: invalid key "\#(long)"; it has 129 characters; the limit is 128"#
      ])
    #expect(
      messages(
        #"{"id": "x", "sections": [{"items": [{"key": "caf\u00e9", "type": "switch", "title": "K"}]}]}"#)
        == [
          #"doc.json:1:45: sections[0].items[0].key: invalid key "café"; use at most 128 ASCII letters, digits, '-' and '_'"#
        ])
  }

  @Test func commentsAndSingleQuotesGetAHint() {
    #expect(
      messages("{\n  /* note */\n  \"id\": \"x\"\n}") == [
        "doc.json:2:3: unexpected '/'; expected a member name in quotes; JSON has no comments; remove /* */ and // comments"
      ])
    #expect(
      messages("{\"id\": \"x\"} // end") == [
        "doc.json:1:13: unexpected '/' after the end of the document; expected nothing more; JSON has no comments; remove /* */ and // comments"
      ])
    #expect(
      messages("{'id': 'x'}") == [
        "doc.json:1:2: unexpected '''; expected a member name in quotes; JSON has no single-quoted strings; use double quotes"
      ])
  }
}

/// The same rules in an items file, line by line.
struct ItemsFileMessagesTests {
  @Test func itemsFileLinesGetTheHintsAndTheLocaleChecks() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(
      "apps.jsonl",
      """
      {"key": "a", "type": "switch", "title": {"ko": "가", "KO": "나"}}
      {'key': "b", "type": "switch", "title": "B"}
      {"key": "c", "type": "switch", "title": "C"} // note
      {"key": "d", "type": "switch", "title": {"en-": "D"}}
      {"key": "e", "type": "switch", "title": {"en-US": "E", "x-pig": "F"}}

      """)
    let file = try ItemsFile(path: path)
    #expect(throws: DocumentError.self) { try file.decodedItems(in: 0..<5) }
    do throws(DocumentError) {
      _ = try file.decodedItems(in: 0..<5)
    } catch {
      let name = TerminalText.escaped(path)
      #expect(
        error.messages == [
          #"\#(name):1:53: title.KO: duplicate locale tag "KO"; first given at 1:42 (tags are compared ignoring case, with '_' read as '-')"#,
          "\(name):2:2: unexpected '''; expected a member name in quotes; "
            + "JSON has no single-quoted strings; use double quotes",
          "\(name):3:46: unexpected '/' after the end of the document; expected nothing more; "
            + "JSON has no comments; remove /* */ and // comments",
          #"\#(name):4:42: title.en-: invalid locale tag "en-"; use a BCP 47 tag such as "ko" or "en-US""#,
        ])
    }
    #expect(try file.decodedItems(in: 4..<5).map(\.title) == ["E"])
  }

  @Test func theHintIsApartFromTheMessage() {
    do {
      _ = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array("{'id': 'x'}".utf8)))
      Issue.record("a single-quoted document loaded")
    } catch {
      #expect(error.message == "doc.json:1:2: unexpected '\''; expected a member name in quotes")
      #expect(error.hint == "JSON has no single-quoted strings; use double quotes")
    }
  }
}
