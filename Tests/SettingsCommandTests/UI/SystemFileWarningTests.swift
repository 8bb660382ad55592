import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// A system file that does not parse is ignored, and `settings ui` says so as `settings show`
/// does: on the full screen's status line and as a line of the line mode at the start, and when a
/// file breaks while the screen is open (that said nothing: its lock went without a word why).
@Suite(.serialized)
struct SystemFileWarningTests {
  static let document = """
    {"version": 1, "id": "sys", "title": "Sys", "sections": [{"items": [
      {"key": "alpha", "type": "switch", "title": "Alpha"}
    ]}]}

    """

  struct Setup {
    let directory: TemporaryDirectory
    let documentPath: String
    var systemFile: String { directory.file("system/settings/sys.json") }
    var environment: [String: String] {
      [
        "SETTINGS_FILE": documentPath, "SETTINGS_STORE": directory.file("store.json"), "TERM": "xterm",
        "LANG": "C", "XDG_CONFIG_DIRS": directory.file("system"),
      ]
    }
    /// What `settings show` warns about the broken file.
    var warning: String {
      "Warning: \(systemFile):1:13: unexpected end of file; expected a member name in quotes; "
        + "the system file is ignored"
    }

    init(systemFile text: String) throws {
      directory = try TemporaryDirectory()
      documentPath = try directory.write("doc.json", SystemFileWarningTests.document)
      try FileManager.default.createDirectory(
        atPath: directory.file("system/settings"), withIntermediateDirectories: true)
      _ = try directory.write("system/settings/sys.json", text)
    }
  }

  static let broken = #"{"locked": {"#

  @Test func showWarnsAboutTheBrokenFile() throws {
    let setup = try Setup(systemFile: Self.broken)
    defer { setup.directory.remove() }
    let show = try runBinary(["show"], environment: setup.environment)
    #expect(show.stderr == setup.warning + "\n")
  }

  @Test func theFullScreenSaysItOnTheStatusLineAtTheStart() throws {
    let setup = try Setup(systemFile: Self.broken)
    defer { setup.directory.remove() }
    let width = setup.warning.count + 20
    let terminal = try PseudoTerminal(
      arguments: ["ui"], environment: setup.environment, width: width, height: 6)
    #expect(terminal.waitFor(text: "Alpha"))
    #expect(terminal.rows[5] == setup.warning + String(repeating: " ", count: 6) + "? help  q quit")
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func theLineModeSaysItAtTheStart() throws {
    let setup = try Setup(systemFile: Self.broken)
    defer { setup.directory.remove() }
    let outcome = try runBinary(["ui"], environment: setup.environment, stdin: "q\n")
    #expect(
      outcome
        == CommandOutcome(
          status: 0,
          stdout: """
            Settings, line mode. Type a row's number to select it, an empty line for Enter, ? for help, q to quit.
            \(setup.warning)
            Page Sys, 1 row:
            1. Alpha: off. Enter turns it on.
            Quit.

            """,
          stderr: setup.warning + "\n"))
  }

  @Test func aFileThatBreaksWhileOpenIsSaidInBothModes() throws {
    for mode in ["xterm", "dumb"] {
      let setup = try Setup(systemFile: #"{"locked": {"alpha": "Set by IT"}}"#)
      defer { setup.directory.remove() }
      var environment = setup.environment
      environment["TERM"] = mode
      let width = setup.warning.count + 20
      let terminal = try PseudoTerminal(arguments: ["ui"], environment: environment, width: width, height: 6)
      #expect(terminal.waitFor(text: "Alpha"))
      try replaceByRename(setup.systemFile, with: Self.broken)
      if mode == "xterm" {
        // The warning stays over what the file took away (the lock).
        #expect(terminal.waitFor(seconds: 20) { $0[5].hasPrefix("Warning: ") })
        #expect(terminal.rows[5] == setup.warning + String(repeating: " ", count: 6) + "? help  q quit")
        terminal.send("q")
      } else {
        #expect(terminal.waitFor(text: "Alpha: off, unlocked.", seconds: 20))
        terminal.send("q\r")
      }
      #expect(terminal.waitForExit() == 0)
      if mode == "dumb" {
        let transcript = String(decoding: terminal.transcript, as: UTF8.self)
          .replacingOccurrences(of: "\r\n", with: "\n")
        let opened = try #require(
          transcript.range(of: "1. Alpha: off. Locked by \(setup.systemFile): Set by IT. "))
        #expect(
          transcript[opened.upperBound...] == """
            Enter does nothing: it cannot be changed now.
            \(setup.warning).
            Alpha: off, unlocked.
            q
            Quit.

            """)
      }
    }
  }
}
