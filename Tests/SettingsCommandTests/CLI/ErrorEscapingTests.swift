import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// The engine's errors are plain text; the command line is the edge that escapes them: each
/// problem on its own `Error:` line, a key's ESC and newline shown as `\u{1B}` and `\n`. JSON
/// output carries the text as it is, JSON-escaped.
@Suite(.serialized)
struct ErrorEscapingTests {
  /// A key that would turn a terminal red and break the line.
  static let key = "a\u{1B}[31m\nb"

  @Test func anEngineErrorAboutAHostileKeyIsOneEscapedLine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let environment = ["SETTINGS_STORE": directory.file("store.json")]
    #expect(
      runCLI(["get", Self.key], environment: environment)
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: #"Error: unknown key 'a\u{1B}[31m\nb'; 'settings list' shows the keys"# + "\n"))
    #expect(
      runCLI(["set", Self.key + "=on", "c\u{7}=on"], environment: environment)
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: #"""
            Error: unknown key 'a\u{1B}[31m\nb'; 'settings list' shows the keys
            Error: unknown key 'c\u{7}'; 'settings list' shows the keys

            """#))
    #expect(try directory.contents() == [])
  }

  @Test func aDocumentProblemIsEscapedOnStandardErrorAndPlainInJSON() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("doc.json", #"{"id": "x", "\u001B[31m\nb": 1}"#)
    #expect(
      runCLI(["validate", path])
        == CommandOutcome(
          status: 65, stdout: "",
          stderr: "Error: \(path):1:13: "
            + #"\u{1B}[31m\nb: unknown field "\u{1B}[31m\nb"; known fields are version, id, title, sections"#
            + "\n"))
    let json = runCLI(["validate", path, "--json"])
    #expect(json.stderr == "")
    #expect(json.stdout.contains(#""message": "unknown field \"\u001B[31m\nb\"; known fields"#))
    #expect(json.stdout.contains(#""path": "\u001B[31m\nb""#))
  }
}
