import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// The line mode says every change made elsewhere as one line that starts with the item's title:
/// a value (`Wi-Fi: off, changed elsewhere.`), a lock that comes or goes, a stored value that the
/// document rejects. Locks and rejected values were once said in the full screen's status words
/// (`wifi is now locked: …`, `Warning: FILE:1:2: stored value of "theme" …`), by key, and the row
/// again after them.
@Suite(.serialized)
struct LineModeOutsideTests {
  @Test func locksAndRejectedValuesAreOneLineTitleFirst() throws {
    let fixture = try LineModeTests.Fixture()
    defer { fixture.directory.remove() }
    var environment = fixture.environment
    environment["TERM"] = "dumb"
    let terminal = try PseudoTerminal(
      arguments: ["-f", fixture.document, "ui"], environment: environment, width: 80, height: 24)
    #expect(terminal.waitFor(text: "16. More: 1 not shown yet. Enter loads them."))
    try replaceByRename(
      fixture.lockFile, with: #"{"locked": {"managed": "Managed by IT", "wifi": "Set by IT"}}"#)
    #expect(terminal.waitFor(text: "Wi-Fi: on, locked by", seconds: 20))
    try replaceByRename(fixture.lockFile, with: #"{"locked": {"managed": "Managed by IT"}}"#)
    #expect(terminal.waitFor(text: "Wi-Fi: on, unlocked.", seconds: 20))
    try replaceByRename(fixture.directory.file("store.json"), with: #"{"count": "x", "theme": "zzz"}"#)
    #expect(terminal.waitFor(text: "Theme: stored value", seconds: 20))
    let set = try runBinary(["-f", fixture.document, "set", "wifi", "off"], environment: fixture.environment)
    #expect(set.status == 0)
    #expect(terminal.waitFor(text: "Wi-Fi: off, changed elsewhere.", seconds: 20))
    terminal.pump(milliseconds: 200)
    terminal.send("q\r")
    #expect(terminal.waitForExit() == 0)
    let transcript = String(decoding: terminal.transcript, as: UTF8.self)
      .replacingOccurrences(of: "\r\n", with: "\n")
    let opened = try #require(transcript.range(of: "16. More: 1 not shown yet. Enter loads them.\n"))
    #expect(
      transcript[opened.upperBound...] == """
        Wi-Fi: on, locked by \(fixture.lockFile): Set by IT.
        Wi-Fi: on, unlocked.
        Theme: stored value "zzz" rejected: expected one of "light", "dark"; showing the default Light.
        Wi-Fi: off, changed elsewhere.
        9. Hotspot: off. Dimmed: off while Wi-Fi is off. Enter does nothing: it cannot be changed now.
        q
        Quit.

        """)
  }
}
