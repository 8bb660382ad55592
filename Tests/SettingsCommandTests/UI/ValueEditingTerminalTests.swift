import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// Editing values in `settings ui` through a pseudo-terminal: Korean typed as an input method sends
/// it, Backspace by syllable, arrows stepping a number, saved to the store (issue 13, item 7).
@Suite(.serialized)
struct ValueEditingTerminalTests {
  static let document = #"""
    {"id": "edit", "title": "Edit", "sections": [{"items": [
      {"key": "name", "type": "textField", "title": "Name", "value": "Kim", "maxLength": 10},
      {"key": "volume", "type": "number", "title": "Volume", "value": 40, "min": 0, "max": 50, "step": 5, "unit": "%"}
    ]}]}
    """#

  /// The screen's last row without the padding the terminal keeps.
  func statusLine(_ rows: [String]) -> String? {
    rows.last.map { $0.trimmingCharacters(in: .whitespaces) }
  }

  @Test func koreanTypedIntoATextFieldAndANumberSteppedAreSaved() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let path = try home.write("edit.json", Self.document)
    let terminal = try PseudoTerminal(
      arguments: ["-f", path, "ui"], environment: ["HOME": home.path, "TERM": "xterm", "LANG": "C.UTF-8"],
      width: 40, height: 8)
    #expect(terminal.waitFor(text: "Kim"))
    terminal.send("\r")
    #expect(terminal.waitFor { statusLine($0) == "Name: Kim|" })
    terminal.send("\u{15}")
    #expect(terminal.waitFor { statusLine($0) == "Name: |" })
    // An input method commits each syllable as its UTF-8 bytes.
    for syllable in ["한", "국", "어"] { terminal.send(syllable) }
    #expect(terminal.waitFor { statusLine($0) == "Name: 한국어|" })
    terminal.send("\u{7F}")
    terminal.send("\u{1B}[D")
    terminal.send("!")
    #expect(terminal.waitFor { statusLine($0) == "Name: 한!|국" })
    terminal.send("\r")
    #expect(terminal.waitFor { $0.contains { $0.hasSuffix("한!국") } })
    terminal.send("\u{1B}[B")
    terminal.send("\u{1B}[C")
    #expect(terminal.waitFor { $0.contains { $0.hasSuffix("45 %") } })
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
    #expect(sameModes(terminal.currentModes(), terminal.originalModes))
    let store = try runBinary(["-f", path, "list", "--modified"], environment: ["HOME": home.path])
    #expect(
      store.stdout == """
        KEY     TYPE                                   VALUE  DEFAULT  MODIFIED  SOURCE
        name    textField (at most 10 characters)      한!국  Kim      yes       user
        volume  number (from 0 to 50, step 5, unit %)  45     40       yes       user

        """)
  }
}
