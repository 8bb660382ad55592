import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// `u` and `H` in `settings ui` as a new user found them (issue "Defects found trying history,
/// undo, the screens and codegen", item 8): an undo says the rows a condition brought back, a long
/// history pages on the full screen, and a journal that cannot be read is said once, in one message.
@Suite(.serialized)
struct ScreenHistoryTests {
  static let document = """
    {
      "version": 1, "id": "planes", "title": "Planes",
      "sections": [
        {
          "items": [
            { "key": "airplane", "type": "switch", "title": "Airplane Mode", "on": false },
            { "key": "wifi", "type": "switch", "title": "Wi-Fi", "on": true, "enabledWhen": { "airplane": false } },
            { "key": "name", "type": "textField", "title": "Name", "value": "Kim" }
          ]
        }
      ]
    }
    """

  struct Fixture {
    let directory: TemporaryDirectory
    let document: String
    var journal: String { directory.file("store.json.journal") }
    var environment: [String: String] {
      ["HOME": directory.file("home"), "SETTINGS_STORE": directory.file("store.json"), "LANG": "C.UTF-8"]
    }

    init() throws {
      directory = try TemporaryDirectory()
      document = try directory.write("planes.json", ScreenHistoryTests.document)
      try FileManager.default.createDirectory(
        atPath: directory.file("home"), withIntermediateDirectories: true)
    }

    func settings(_ arguments: [String], stdin: String? = nil) throws -> CommandOutcome {
      try runBinary(["-f", document] + arguments, environment: environment, stdin: stdin)
    }

    /// Replaces the journal by a directory, which cannot be read as a file (also as root).
    func breakJournal() throws {
      try? FileManager.default.removeItem(atPath: journal)
      try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: false)
    }
  }

  /// The line mode's transcript from the line after `marker` on.
  static func said(_ output: String, after marker: String) throws -> String {
    let range = try #require(output.range(of: marker + "\n"))
    return String(output[range.upperBound...])
  }

  /// An undo in the line mode says, after what it undid, the rows that a condition dimmed or
  /// brought back with it, as the change it takes back said them; so does a reset.
  @Test func lineModeUndoAndResetSayTheRowsAConditionBroughtBack() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let outcome = try fixture.settings(["ui"], stdin: "1\n\nu\n1\n\nr\nq\n")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    // After the page, the row selected.
    let said = try Self.said(outcome.stdout, after: "it.\n1. Airplane Mode: off. Enter turns it on.")
    #expect(
      said == """
        1. Airplane Mode: on. Changed. Enter turns it off.
        2. Wi-Fi: on. Dimmed: off while Airplane Mode is on. Enter does nothing: it cannot be changed now.
        Undid change 1: Airplane Mode on → off
        2. Wi-Fi: on. Enter turns it off.
        1. Airplane Mode: off. Enter turns it on.
        1. Airplane Mode: on. Changed. Enter turns it off.
        2. Wi-Fi: on. Dimmed: off while Airplane Mode is on. Enter does nothing: it cannot be changed now.
        Airplane Mode reset to its default.
        1. Airplane Mode: off. Enter turns it on.
        2. Wi-Fi: on. Enter turns it off.
        Quit.

        """)
  }

  /// `H` in the line mode with a journal that cannot be read says why once, as a refusal, with
  /// neither "Error:" after "Refused:" nor "nothing was written" (it only reads); an undo, which
  /// would write, says that nothing was.
  @Test func lineModeSaysAnUnreadableJournalOnce() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.settings(["set", "name", "Lee"]).status == 0)
    try fixture.breakJournal()
    let outcome = try fixture.settings(["ui"], stdin: "H\nu\nq\n")
    #expect(outcome.status == 0, "\(outcome.stderr)")
    #expect(
      try Self.said(outcome.stdout, after: "3. Name: Lee. Changed. Enter edits it.") == """
        Refused: cannot read the store's journal '\(fixture.journal)': it is a directory; make it a file \
        settings can read, or move it away to start a new journal (without the history).
        Refused: cannot read the store's journal '\(fixture.journal)': it is a directory; nothing was \
        written, as a journal that cannot be read is never replaced; make it a file settings can read, \
        or move it away to start a new journal (without the history)
        Quit.

        """)
  }

  /// The full screen's `H` with a journal that cannot be read says it on the status line once, as
  /// an error, without "nothing was written".
  @Test func fullScreenSaysAnUnreadableJournalOnce() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.settings(["set", "name", "Lee"]).status == 0)
    try fixture.breakJournal()
    var environment = fixture.environment
    environment["TERM"] = "xterm"
    let terminal = try PseudoTerminal(
      arguments: ["-f", fixture.document, "ui"], environment: environment, width: 300, height: 8)
    #expect(terminal.waitFor(text: "Airplane Mode"))
    terminal.send("H")
    let message =
      "Error: cannot read the store's journal '\(fixture.journal)': it is a directory; make it a file "
      + "settings can read, or move it away to start a new journal (without the history)"
    #expect(terminal.waitFor { $0.last?.hasPrefix("Error: ") == true })
    #expect(terminal.rows.last?.hasPrefix(message + "  ") == true, "\(terminal.rows)")
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
  }

  /// The changes a history on the full screen shows (their numbers, top to bottom), and whether
  /// each is whole: its line and its value's line under it.
  static func shownChanges(_ rows: [String]) -> (numbers: [Int], whole: Bool) {
    var numbers: [Int] = []
    var whole = true
    let body = Array(rows.dropFirst(2).dropLast())
    for (index, row) in body.enumerated() where row.hasPrefix("  change ") {
      numbers.append(Int(row.dropFirst(9).prefix { $0.isNumber }) ?? -1)
      whole = whole && index + 1 < body.count && body[index + 1].hasPrefix("    name (Name): ")
    }
    return (numbers, whole)
  }

  /// `H` on the full screen with more changes than fit pages through them, a whole change at a
  /// time (never one cut in the middle) with the keys that move on the page, saying which it
  /// shows on the status line; another key closes it.
  @Test func fullScreenHistoryPagesThroughALongHistory() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    for number in 1...15 { #expect(try fixture.settings(["set", "name", "N\(number)"]).status == 0) }
    var environment = fixture.environment
    environment["TERM"] = "xterm"
    // 10 body lines: the heading and 4 changes of 2 lines; the 5th would be cut.
    let terminal = try PseudoTerminal(
      arguments: ["-f", fixture.document, "ui"], environment: environment, width: 80, height: 12)
    #expect(terminal.waitFor(text: "Airplane Mode"))
    terminal.send("jj")
    #expect(terminal.waitFor { $0.last?.hasPrefix("name = N15") == true })
    let pages: [(keys: String, numbers: [Int], status: String)] = [
      ("H", [15, 14, 13, 12], "Changes 1–4 of 15"),
      ("\u{1B}[6~", [11, 10, 9, 8], "Changes 5–8 of 15"),
      ("\u{1B}[F", [4, 3, 2, 1], "Changes 12–15 of 15"),
      ("\u{1B}[6~", [4, 3, 2, 1], "Changes 12–15 of 15"),
      ("\u{1B}[5~", [8, 7, 6, 5], "Changes 8–11 of 15"),
      ("\u{1B}[H", [15, 14, 13, 12], "Changes 1–4 of 15"),
      ("\u{1B}[B", [14, 13, 12, 11], "Changes 2–5 of 15"),
      ("k", [15, 14, 13, 12], "Changes 1–4 of 15"),
      ("j", [14, 13, 12, 11], "Changes 2–5 of 15"),
    ]
    for page in pages {
      terminal.send(page.keys)
      #expect(
        terminal.waitFor { $0.last?.hasPrefix(page.status + "  ") == true },
        "\(page.status): \(terminal.rows)")
      #expect(terminal.rows[1] == "  History of Name, newest first:")
      #expect(Self.shownChanges(terminal.rows).numbers == page.numbers, "\(terminal.rows)")
      #expect(Self.shownChanges(terminal.rows).whole, "\(terminal.rows)")
    }
    #expect(
      terminal.rows.last?.trimmingCharacters(in: .whitespaces)
        == "Changes 2–5 of 15  ↑↓ PgUp PgDn Home End: scroll  other keys: close")
    terminal.send("x")
    #expect(terminal.waitFor { $0.last?.hasPrefix("name = N15") == true })
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
  }
}
