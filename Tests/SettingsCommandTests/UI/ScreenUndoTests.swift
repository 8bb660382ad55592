import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// `u` and `H` in `settings ui`: the last change undone from anywhere, a second `u`
/// going further back instead of undoing the undo, a key changed elsewhere since refusing, and a
/// row's history; in the line mode (a pipe) and on the full screen (a pseudo-terminal).
@Suite(.serialized)
struct ScreenUndoTests {
  static let document = """
    {
      "version": 1, "id": "undo", "title": "Undo",
      "sections": [
        {
          "items": [
            { "key": "wifi", "type": "switch", "title": "Wi-Fi", "on": true },
            { "key": "name", "type": "textField", "title": "Name", "value": "Kim" },
            { "key": "theme", "type": "rightDetail", "title": "Theme", "value": "light",
              "choices": [ { "value": "light", "title": "Light" }, { "value": "dark", "title": "Dark" } ] }
          ]
        }
      ]
    }
    """

  struct Fixture {
    let directory: TemporaryDirectory
    let document: String
    var environment: [String: String] {
      ["HOME": directory.file("home"), "SETTINGS_STORE": directory.file("store.json"), "LANG": "C.UTF-8"]
    }

    init() throws {
      directory = try TemporaryDirectory()
      document = try directory.write("undo.json", ScreenUndoTests.document)
      try FileManager.default.createDirectory(
        atPath: directory.file("home"), withIntermediateDirectories: true)
    }

    func settings(_ arguments: [String]) throws -> CommandOutcome {
      try runBinary(["-f", document] + arguments, environment: environment)
    }
  }

  /// A history line's time, user, host, program and process id, which change from run to run.
  static func normalized(_ text: String) -> String {
    text.replacingOccurrences(
      of: #"change (\d+)  \S+ \S+  .+? \(\S+ \d+\)  "#, with: "change $1  TIME  WHO  ",
      options: .regularExpression)
  }

  @Test func lineModeUndoesBackwardsAndShowsARowsHistory() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let input = ["1", "-", "2", "=Lee", "u", "u", "u", "1", "H", "q"].joined(separator: "\n") + "\n"
    let outcome = try runBinary(
      ["-f", fixture.document, "ui"], environment: fixture.environment, stdin: input)
    #expect(outcome.status == 0, "\(outcome.stderr)")
    let lines = Self.normalized(outcome.stdout).split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex { $0.hasPrefix("Undid change 2") })
    #expect(
      lines[start...].joined(separator: "\n") == """
        Undid change 2: Name Lee → Kim
        Undid change 1: Wi-Fi off → on
        Nothing to undo: the journal has no change this screen has not undone
        1. Wi-Fi: on. Enter turns it off.
        History of Wi-Fi, newest first:
        change 4  TIME  WHO  undo
            from settings ui
          wifi (Wi-Fi): off → (default)
        change 1  TIME  WHO  ui
          wifi (Wi-Fi): (default) → off
        Quit.

        """)
    #expect(try fixture.settings(["get", "wifi"]).stdout == "on\n")
    #expect(try fixture.settings(["get", "name"]).stdout == "Kim\n")
    let history = Self.normalized(try fixture.settings(["history"]).stdout)
    #expect(
      history == """
        change 4  TIME  WHO  undo
            from settings ui
          wifi (Wi-Fi): off → (default)

        change 3  TIME  WHO  undo
            from settings ui
          name (Name): Lee → (default)

        change 2  TIME  WHO  ui
          name (Name): (default) → Lee

        change 1  TIME  WHO  ui
          wifi (Wi-Fi): (default) → off

        """)
  }

  @Test func aSecondUndoGoesPastTheScreensOwnUndo() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.settings(["set", "theme", "dark"]).status == 0)
    #expect(try fixture.settings(["set", "wifi", "off"]).status == 0)
    #expect(try fixture.settings(["set", "wifi", "on"]).status == 0)
    // The screen's first u takes back change 3 (wifi on); its second reaches change 2, whose key
    // changed since only by change 3 and the screen's undo of it (entry 4): allowed, not refused as
    // a later change. Its third reaches change 1 (theme), untouched since.
    let outcome = try runBinary(
      ["-f", fixture.document, "ui"], environment: fixture.environment, stdin: "u\nu\nu\nq\n")
    let lines = outcome.stdout.split(separator: "\n").filter {
      $0.hasPrefix("Undid") || $0.hasPrefix("Refused")
    }
    #expect(
      lines == [
        "Undid change 3: Wi-Fi on → off", "Undid change 2: Wi-Fi off → on",
        "Undid change 1: Theme Dark → Light",
      ])
    // A new screen starts over: its u takes back the last entry, the other screen's undo (a redo).
    let again = try runBinary(
      ["-f", fixture.document, "ui"], environment: fixture.environment, stdin: "u\nq\n")
    #expect(again.stdout.contains("Undid change 6: Theme Light → Dark\n"))
  }

  @Test func aLockRefusesTheUndoAndNamesIt() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.settings(["set", "wifi", "off"]).status == 0)
    try FileManager.default.createDirectory(
      atPath: fixture.directory.file("system/settings"), withIntermediateDirectories: true)
    _ = try fixture.directory.write("system/settings/undo.json", #"{"locked": {"wifi": "Managed by IT"}}"#)
    var environment = fixture.environment
    environment["XDG_CONFIG_DIRS"] = fixture.directory.file("system")
    let outcome = try runBinary(["-f", fixture.document, "ui"], environment: environment, stdin: "u\nq\n")
    let said = outcome.stdout.split(separator: "\n").filter {
      $0.hasPrefix("Undid") || $0.hasPrefix("Refused")
    }
    #expect(
      said == [
        "Refused: 'wifi' is locked by \(fixture.directory.file("system/settings/undo.json")): Managed by IT"
      ])
    #expect(try fixture.settings(["history"]).stdout.components(separatedBy: "change ").count == 2)
  }

  /// A stored text holding control characters reached the terminal raw through `history`, `undo`
  /// and `H` (a fresh user's `set device-name $'ev\e[2Jil'` cleared the screen from `history`).
  @Test func controlCharactersInValuesAreEscapedInHistoryAndUndo() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.settings(["set", "name", "ev\u{1B}[2Jil\u{1}"]).status == 0)
    let history = try fixture.settings(["history", "-n", "1"])
    // Quoted, as any text with a control character is, so that it is not read as a literal `\u{1B}`.
    #expect(history.stdout.hasSuffix("  name (Name): (default) → \"ev\\u{1B}[2Jil\\u{1}\"\n"))
    let screen = try runBinary(
      ["-f", fixture.document, "ui"], environment: fixture.environment, stdin: "2\nH\nq\n")
    #expect(screen.stdout.contains("  name (Name): (default) → \"ev\\u{1B}[2Jil\\u{1}\"\n"))
    let undo = try fixture.settings(["undo"])
    #expect(undo.stdout == "undid change 1\n  name (Name): \"ev\\u{1B}[2Jil\\u{1}\" → (default)\n")
    for output in [history.stdout, screen.stdout, undo.stdout] {
      #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }
  }

  @Test func fullScreenUndoSaysWhatItUndidAndHOpensTheHistory() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    var environment = fixture.environment
    environment["TERM"] = "xterm"
    let terminal = try PseudoTerminal(
      arguments: ["-f", fixture.document, "ui"], environment: environment, width: 60, height: 12)
    #expect(terminal.waitFor(text: "Wi-Fi"))
    terminal.send(" ")
    #expect(terminal.waitFor { $0.contains { $0.hasPrefix("wifi = off (modified)") } })
    terminal.send("j")
    terminal.send("u")
    #expect(terminal.waitFor { $0.contains { $0.hasPrefix("Undid change 1: Wi-Fi off → on") } })
    #expect(terminal.rows.contains { $0.contains("Wi-Fi") && $0.hasSuffix(" on") })
    terminal.send("k")
    terminal.send("H")
    #expect(terminal.waitFor { $0.contains("  History of Wi-Fi, newest first:") })
    #expect(terminal.rows.last?.hasPrefix("Changes 1–2 of 2  ") == true)
    terminal.send("x")
    #expect(terminal.waitFor { $0.contains { $0.hasPrefix("wifi = on") } })
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
    #expect(try fixture.settings(["get", "wifi"]).stdout == "on\n")
  }
}
