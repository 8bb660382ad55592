import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// Engine errors are data: a key's own characters, ESC and newline included, stay in the message
/// and the hint; the edge that prints them escapes each problem (``ExplainedError/messages``).
extension ExplainedErrorTests {
  /// A key that would turn a terminal red and break the line.
  static let key = "a\u{1B}[31m\nb"

  @Test func aMessageHoldsTheKeysOwnCharacters() {
    let error = SettingsError.unknownKey(Self.key, suggestion: "a\u{7}b")
    #expect(error.message == "unknown key 'a\u{1B}[31m\nb'")
    #expect(error.messages == ["unknown key 'a\u{1B}[31m\nb'"])
    #expect(error.hint == "did you mean 'a\u{7}b'?")
    // Escaped as a terminal edge escapes it: one line, the controls visible.
    #expect(error.messages.map(TerminalText.escaped) == [#"unknown key 'a\u{1B}[31m\nb'"#])
    #expect(error.hint.map(TerminalText.escaped) == #"did you mean 'a\u{7}b'?"#)
  }

  @Test func severalProblemsAreOneTextEach() {
    let error = SettingsError.several([
      .unknownKey(Self.key, suggestion: nil), .duplicateAssignment("c\u{7}"),
    ])
    #expect(error.messages == ["unknown key 'a\u{1B}[31m\nb'", "'c\u{7}' is set twice; give each key once"])
    #expect(error.message == "unknown key 'a\u{1B}[31m\nb'\n'c\u{7}' is set twice; give each key once")
    #expect(SettingsError.store(.noLocation(reason: "no \u{9B}2J")).messages == ["no \u{9B}2J"])
  }

  @Test func aDocumentErrorIsOneTextAProblemWithTheFieldsOwnName() throws {
    let text = #"{"id": "x", "\u001B[31m\nb": 1}"#
    let error = try #require(
      throws: DocumentError.self,
      performing: { try DocumentLoader.decode(SourceText(name: "d\u{9B}.json", bytes: Array(text.utf8))) })
    #expect(
      error.messages == [
        "d\u{9B}.json:1:13: \u{1B}[31m\nb: unknown field \"\u{1B}[31m\nb\"; "
          + "known fields are version, id, title, sections"
      ])
    #expect(error.message == error.messages[0])
  }

  @Test func aFileSystemErrorHoldsThePathAsItIs() {
    let error = FileSystemError.notFound(path: "/tmp/\u{1B}[2J\u{7}.json")
    #expect(error.message == "'/tmp/\u{1B}[2J\u{7}.json' does not exist; check the path")
    #expect(
      TerminalText.escaped(error.message) == #"'/tmp/\u{1B}[2J\u{7}.json' does not exist; check the path"#)
  }
}
