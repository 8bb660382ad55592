import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// Editing values in `settings ui` through a pseudo-terminal: the text is edited within its row,
/// Korean typed as an input method sends it, Backspace by syllable, a long text scrolling within
/// the row, arrows stepping a number, saved to the store.
@Suite(.serialized)
struct ValueEditingTerminalTests {
  static let document = #"""
    {"id": "edit", "title": "Edit", "sections": [{"items": [
      {"key": "name", "type": "textField", "title": "Name", "value": "Kim", "maxLength": 10},
      {"key": "volume", "type": "number", "title": "Volume", "value": 40, "min": 0, "max": 50, "step": 5, "unit": "%"},
      {"key": "address", "type": "textField", "title": "Address"}
    ]}]}
    """#

  /// The screen's rows without the padding the terminal keeps at their ends.
  static func trimmed(_ rows: [String]) -> [String] {
    rows.map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  /// What the screen shows at one step, for one width: the edited rows and the status line.
  struct Screens: Sendable, CustomTestStringConvertible {
    var testDescription: String { "width \(width)" }
    var width: Int
    var opened: [String]
    var korean: [String]
    var moved: String
    var saved: String
    var stepped: String
    var longAtEnd: String
    var longAtHome: String
  }

  static let screens = [
    Screens(
      width: 40,
      opened: [
        "Edit",
        ">   Name                            Kim|",
        "    Volume                          40 %",
        "    Address",
        "", "", "",
        "Enter: save  Esc: cancel",
      ],
      korean: [
        "Edit",
        ">   Name                         한국어|",
        "    Volume                          40 %",
      ],
      moved: ">   Name                          한!|국",
      saved: "> * Name                           한!국",
      stepped: "> * Volume                          45 %",
      longAtEnd: ">   Address ‹구 테헤란로 427 위워크타워|",
      longAtHome: ">   Address |서울특별시 강남구 테헤란로›"),
    Screens(
      width: 24,
      opened: [
        "Edit",
        ">   Name            Kim|",
        "    Volume          40 %",
        "    Address",
        "", "", "",
        "Enter: save  Esc: cancel",
      ],
      korean: [
        "Edit",
        ">   Name         한국어|",
        "    Volume          40 %",
      ],
      moved: ">   Name          한!|국",
      saved: "> * Name           한!국",
      stepped: "> * Volume          45 %",
      longAtEnd: ">   Address ‹위워크타워|",
      longAtHome: ">   Address |서울특별시›"),
  ]

  @Test(arguments: screens)
  func koreanTypedIntoItsRowALongTextScrolledAndANumberSteppedAreSaved(_ expected: Screens) throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let path = try home.write("edit.json", Self.document)
    let terminal = try PseudoTerminal(
      arguments: ["-f", path, "ui"], environment: ["HOME": home.path, "TERM": "xterm", "LANG": "C.UTF-8"],
      width: expected.width, height: 8)
    func shows(_ lines: [String], from first: Int = 0) -> Bool {
      let shown = terminal.waitFor { Array(Self.trimmed($0).dropFirst(first).prefix(lines.count)) == lines }
      if !shown { Issue.record("the screen is \(Self.trimmed(terminal.rows))") }
      return shown
    }
    #expect(terminal.waitFor(text: "Kim"))
    terminal.send("\r")
    #expect(shows(expected.opened))
    terminal.send("\u{15}")
    // An input method commits each syllable as its UTF-8 bytes.
    for syllable in ["한", "국", "어"] { terminal.send(syllable) }
    #expect(shows(expected.korean))
    terminal.send("\u{7F}")
    terminal.send("\u{1B}[D")
    terminal.send("!")
    #expect(shows([expected.moved], from: 1))
    terminal.send("\r")
    #expect(shows([expected.saved], from: 1))
    terminal.send("\u{1B}[B")
    terminal.send("\u{1B}[C")
    #expect(shows([expected.stepped], from: 2))
    terminal.send("\u{1B}[B")
    terminal.send("\r")
    terminal.send("서울특별시 강남구 테헤란로 427 위워크타워")
    #expect(shows([expected.longAtEnd], from: 3))
    terminal.send("\u{1B}[H")
    #expect(shows([expected.longAtHome], from: 3))
    terminal.send("\u{1B}")
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
