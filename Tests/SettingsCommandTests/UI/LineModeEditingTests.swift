import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// The line mode's edits as a tester found them: a reset of an override equal to the default, a
/// value set to what the row shows already, an edit that the input or Ctrl-C abandons, the last
/// line of every way out, and a secure value that says nothing of the secret it held.
@Suite(.serialized)
struct LineModeEditingTests {
  typealias Fixture = LineModeTests.Fixture

  /// The lines said after the opening and the top page.
  static func said(_ outcome: CommandOutcome, _ fixture: Fixture) -> [String] {
    let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let opening = [LineModeTests.opening] + LineModeTests.page(fixture.lockFile)
    return Array(lines.dropFirst(opening.count).dropLast())
  }

  /// `r` on a switch whose override equals its default removes the override and says so (it said
  /// "is at its default": the value did not change, so the reset was judged a no-op); a second
  /// `r` has nothing to remove.
  @Test func resettingAnOverrideEqualToTheDefaultSaysItWasReset() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let outcome = try fixture.run(["1", "=on", "r", "r", "q"].joined(separator: "\n") + "\n")
    #expect(
      Self.said(outcome, fixture) == [
        "1. Wi-Fi: on. Enter turns it off.",
        "Wi-Fi stays on, now stored.",
        "Wi-Fi reset to its default.",
        "1. Wi-Fi: on. Enter turns it off.",
        "Wi-Fi is at its default.",
        "Quit.",
      ], "\(outcome)")
    #expect(try fixture.directory.read("store.json")?.contains("wifi") == false)
  }

  /// A value the row shows already: stored as an override the first time, as `settings set`
  /// stores it (said so, not "Changed"), and nothing written the second time ("No change").
  @Test func aValueTheRowShowsAlreadySaysItStays() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let input = ["1", "+", "+", "6", "=light", "", "1", "2", "", "Kim", "q"]
    let outcome = try fixture.run(input.joined(separator: "\n") + "\n")
    #expect(
      Self.said(outcome, fixture) == [
        "1. Wi-Fi: on. Enter turns it off.",
        "Wi-Fi stays on, now stored.",
        "No change: 1. Wi-Fi: on. Changed. Enter turns it off.",
        "6. Theme: Light. Enter lists its choices.",
        "Theme stays Light, now stored.",
        "Choices of Theme, one of 2:",
        "1. Light. Chosen.",
        "2. Dark.",
        "Type a number to choose, b to go back.",
        "No change: 6. Theme: Light. Changed. Enter lists its choices.",
        "2. Name: Kim. Enter edits it.",
        "Editing Name, now Kim: type the new value; an empty line keeps it.",
        "Name stays Kim, now stored.",
        "Quit.",
      ], "\(outcome)")
    let store = try #require(try fixture.directory.read("store.json"))
    for stored in [#""wifi": true"#, #""theme": "light""#, #""name": "Kim""#] {
      #expect(store.contains(stored), "\(store)")
    }
  }

  /// The end of the input in the middle of an edit (a value, a list of choices) keeps the value:
  /// only a line ended by Enter is a value. A last command without a newline is still a command.
  @Test(arguments: [
    ("2\n\nxy", "Kept: 2. Name: Kim. Enter edits it."),
    ("2\n\n", "Kept: 2. Name: Kim. Enter edits it."),
    ("6\n\n2", "Kept: 6. Theme: Light. Enter lists its choices."),
  ])
  func theEndOfTheInputAbandonsAnEdit(input: String, kept: String) throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let outcome = try fixture.run(input)
    #expect(outcome.status == 0)
    #expect(Array(Self.said(outcome, fixture).suffix(2)) == [kept, "Quit."], "\(outcome)")
    #expect(try fixture.directory.read("store.json") == #"{"count": "x"}"#)
    let last = try fixture.run("2")
    #expect(Array(Self.said(last, fixture)) == ["2. Name: Kim. Enter edits it.", "Quit."], "\(last)")
  }

  /// A secure value says the same after every entry it took (it said "No change" for the stored
  /// secret and "Changed" for another, telling which one was typed).
  @Test func aSecureValueSaysNothingOfTheSecretItHeld() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let input = ["3", "", "hunter2", "", "hunter2", "", "other", "=other", "q"]
    let outcome = try fixture.run(input.joined(separator: "\n") + "\n")
    let editing =
      "Editing Password, now set, hidden: type the new value (not shown as you type it); an empty line keeps it."
    #expect(
      Self.said(outcome, fixture) == [
        "3. Password: empty (Required). Secure. Enter edits it.",
        "Editing Password, now empty (Required): type the new value (not shown as you type it); an empty line "
          + "keeps it.",
        "Password set.", editing, "Password set.", editing, "Password set.", "Password set.", "Quit.",
      ], "\(outcome)")
    #expect(try fixture.directory.read("store.json")?.contains(#""secret": "other""#) == true)
  }

  /// From a keyboard, Ctrl-C cancels a text edit and a list of choices at once (it ended the whole
  /// ui, with no word), the edit's line reading it as a character; at a command it quits, saying
  /// so, with 130 (128 + SIGINT) as before.
  @Test func ctrlCCancelsAnEditAndQuitsAtACommand() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    var environment = fixture.environment
    environment["TERM"] = "dumb"
    let terminal = try PseudoTerminal(
      arguments: ["-f", fixture.document, "ui"], environment: environment, width: 80, height: 24)
    #expect(terminal.waitFor(text: "16. More: 1 not shown yet. Enter loads them."))
    terminal.send("2\r")
    #expect(terminal.waitFor(text: "2. Name: Kim. Enter edits it.\r\n"))
    terminal.send("\r")
    #expect(terminal.waitFor(text: "Editing Name, now Kim: type the new value; an empty line keeps it.\r\n"))
    // Echo stays; signals are characters.
    #expect(terminal.currentModes().c_lflag & tcflag_t(ECHO | ISIG) == tcflag_t(ECHO))
    terminal.send("Lee\u{3}")
    #expect(terminal.waitFor(text: "Kept: 2. Name: Kim. Enter edits it.\r\n"))
    #expect(sameModes(terminal.currentModes(), terminal.originalModes))
    terminal.send("6\r")
    #expect(terminal.waitFor(text: "6. Theme: Light. Enter lists its choices.\r\n"))
    terminal.send("\r")
    #expect(terminal.waitFor(text: "Type a number to choose, b to go back.\r\n"))
    terminal.send("\u{3}")
    #expect(terminal.waitFor(text: "Kept: 6. Theme: Light. Enter lists its choices.\r\n"))
    #expect(sameModes(terminal.currentModes(), terminal.originalModes))
    // At a command the terminal sends SIGINT (the harness's child has no controlling terminal, so
    // the signal is sent as the terminal would send it).
    #expect(kill(terminal.pid, SIGINT) == 0)
    #expect(terminal.waitFor(text: "Quit.\r\n"))
    #expect(terminal.waitForExit() == 130)
    #expect(terminal.diedOfSignal == nil)
    #expect(try fixture.directory.read("store.json") == #"{"count": "x"}"#)
  }
}
