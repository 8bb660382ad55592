import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsPOSIX

/// Inputs that Fuzz/DocumentLoaderFuzzer and Fuzz/StoreReaderFuzzer found (Scripts/fuzz.sh), each
/// pinned with the exact outcome that fixed it.
struct FuzzRegressionTests {
  /// DocumentLoaderFuzzer, empty input: the file name reached the terminal raw, ESC included. The
  /// message keeps it as data; each problem is escaped where it is printed.
  @Test func documentErrorKeepsTheFileNameForTheEdgeToEscape() {
    #expect(throws: DocumentError.self) {
      try DocumentLoader.decode(SourceText(name: "fuzz\u{1B}[31m.json", bytes: []))
    }
    do {
      _ = try DocumentLoader.decode(SourceText(name: "fuzz\u{1B}[31m.json", bytes: []))
    } catch {
      #expect(error.messages == ["fuzz\u{1B}[31m.json:1:1: the file is empty; expected a JSON object"])
      #expect(
        error.messages.map(TerminalText.escaped) == [
          #"fuzz\u{1B}[31m.json:1:1: the file is empty; expected a JSON object"#
        ])
    }
  }

  /// The JSON path of an unknown field holds the field's name, which reached the terminal raw.
  @Test func documentErrorKeepsTheJSONPathForTheEdgeToEscape() {
    let text = #"{"id": "x", "\u001B]0;pwned\u0007": 1}"#
    do {
      _ = try DocumentLoader.decode(SourceText(name: "d\u{9B}.json", bytes: Array(text.utf8)))
      Issue.record("decoded")
    } catch {
      #expect(
        error.messages == [
          "d\u{9B}.json:1:13: \u{1B}]0;pwned\u{7}: unknown field \"\u{1B}]0;pwned\u{7}\"; "
            + "known fields are version, id, title, sections"
        ])
      #expect(
        error.messages.map(TerminalText.escaped) == [
          #"d\u{9B}.json:1:13: \u{1B}]0;pwned\u{7}: unknown field "\u{1B}]0;pwned\u{7}"; "#
            + "known fields are version, id, title, sections"
        ])
    }
  }

  /// StoreReaderFuzzer, a store that does not parse: the file name reached the terminal raw (C1
  /// CSI). The unexpected character is named by its escape, which is the message's own notation.
  @Test func storeErrorKeepsTheFileNameForTheEdgeToEscape() {
    let bytes: [UInt8] =
      [0xEF, 0xBB, 0xBF] + Array(#"{"a": true, "#.utf8) + [0x1B] + Array(#"[31m": 1}"#.utf8)
    do {
      _ = try StoreContents.parse(SourceText(name: "store\u{9B}.json", bytes: bytes))
      Issue.record("parsed")
    } catch {
      #expect(
        error.message
          == "store\u{9B}.json:1:13: unexpected '\\u{1B}'; expected a member name in quotes; "
          + "the store was left unchanged: fix or remove it")
      #expect(
        TerminalText.escaped(error.message)
          == #"store\u{9B}.json:1:13: unexpected '\u{1B}'; expected a member name in quotes; "#
          + "the store was left unchanged: fix or remove it")
    }
  }

  @Test func fileSystemErrorsKeepThePathForTheEdgeToEscape() {
    let notFound = FileSystemError.notFound(path: "/tmp/\u{1B}[2J\u{7}.json").description
    #expect(notFound == "'/tmp/\u{1B}[2J\u{7}.json' does not exist; check the path")
    #expect(TerminalText.escaped(notFound) == #"'/tmp/\u{1B}[2J\u{7}.json' does not exist; check the path"#)
    let busy = StoreError.fileSystem(.busy(path: "a\u{202E}b.lock", waitedMilliseconds: 5000)).message
    #expect(
      TerminalText.escaped(busy)
        == #"'a\u{202E}b.lock' is busy: another settings process held its lock for 5000 ms; try again"#)
    #expect(StoreError.noLocation(reason: "no \u{9B}2J").message == "no \u{9B}2J")
    let line = CommandError(StoreError.noLocation(reason: "no \u{9B}2J")).messages.first
    #expect(line?.hasPrefix(#"no \u{9B}2J; give "#) == true)
  }

  /// StoreReaderFuzzer: a value holding U+202E (RIGHT-TO-LEFT OVERRIDE) was written back raw.
  @Test func storeTextEscapesBidiControls() throws {
    let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": true, "\num": "\u202E"}"#.utf8)
    let contents = try StoreContents.parse(SourceText(name: "s.json", bytes: bytes))
    #expect(contents.text == "{\n  \"\\num\": \"\\u202E\",\n  \"a\": true\n}\n")
  }

  /// DocumentLoaderFuzzer: a title holding U+202E and U+009B reached `show --json` with the U+202E raw.
  @Test func showJSONEscapesBidiControls() throws {
    let text =
      #"{"id": "x", "sections": [{"items": [{"key": "s", "type": "switch", "title": "a\u202Eb\u009Bc"}]}]}"#
    let document = try DocumentLoader.decode(SourceText(name: "d.json", bytes: Array(text.utf8)))
    let table = try SettingsTable(document: document, snapshot: SettingsSnapshot(document: document))
    #expect(
      JSONWriter().string(DocumentJSON.value(of: table, in: document)) == """
        {
          "id": "x",
          "sections": [
            {
              "items": [
                {
                  "key": "s",
                  "modified": false,
                  "on": false,
                  "source": "default",
                  "title": "a\\u202Eb\\u009Bc",
                  "type": "switch"
                }
              ]
            }
          ],
          "title": "x",
          "version": 1
        }

        """)
  }

  /// Every scalar the terminal escaping replaces is also escaped by the JSON writer, and reads back.
  @Test func jsonWriterEscapesWhatTheTerminalEscapes() throws {
    let scalars = (0...0xFEFF).compactMap(Unicode.Scalar.init).filter(ControlCharacters.isEscaped)
    // C0, DEL, C1, U+061C, U+200E–F, U+202A–E, U+2066–9, U+2028–9, then the invisible format
    // characters U+200B, U+2060–4, U+206A–F and U+FEFF.
    #expect(scalars.count == 32 + 1 + 32 + 1 + 2 + 5 + 4 + 2 + 1 + 5 + 6 + 1)
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    let written = JSONWriter().string(.string(text))
    #expect(!written.dropLast().unicodeScalars.contains(where: ControlCharacters.isEscaped))
    #expect(try JSONParser().parse(Array(written.utf8)).kind == .string(text))
  }
}
