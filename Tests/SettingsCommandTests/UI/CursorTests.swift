import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// In `settings ui`'s full screen the terminal's cursor stands where a screen reader
/// or a braille display should read: at the start of the selected row's title, in the editing line
/// at the `|`, on a list's highlighted choice, on the status line while searching. Checked through a
/// pseudo-terminal after every key of a long sequence, against what the screen drew.
@Suite(.serialized)
struct CursorTests {
  /// Where the cursor must be after a key, as the screen shows what it is doing.
  enum Expected: Equatable {
    /// Browsing: the selected row's title, the first column after `> `, the margin and an icon.
    case title
    /// The editing line's `|` (the status line says `Enter: save  Esc: cancel`).
    case editing
    /// The highlighted choice's title in a multiple choice list (`> [x] `).
    case choice
    /// The status line, at this column: after the query while searching.
    case status(Int)
    /// The help's first line (`  Keys`, under the title bar), where its text starts: column 2.
    case help

    /// What the screen shows it is doing, from its status line.
    init(rows: [String]) {
      let status = rows.last ?? ""
      if status.hasPrefix("Enter: save  Esc: cancel") {
        self = .editing
      } else if status.hasPrefix("Space: choose") {
        self = .choice
      } else if status.hasPrefix("Press any key") {
        self = .help
      } else if status.hasPrefix("/") {
        self = .status(DisplayWidth.of(status.trimmed))
      } else {
        self = .title
      }
    }
  }

  /// The column where the title starts in a selected row's line: from column 4 (after `> ` and
  /// the 2-column margin, or `> ▸ `), past spaces and an emoji icon.
  static func titleColumn(_ line: String) -> Int {
    var column = 0
    var skippedIcon = false
    for character in line {
      let width = DisplayWidth.of(character)
      if column >= 4, character != " " {
        let isIcon = width == 2 && character.unicodeScalars.first?.properties.isEmojiPresentation == true
        if !isIcon || skippedIcon { return column }
        skippedIcon = true
      }
      column += width
    }
    return column
  }

  /// The cursor the screen should show, from its lines.
  static func expected(_ kind: Expected, rows: [String]) -> (row: Int, column: Int)? {
    if case .status(let column) = kind { return (rows.count - 1, column) }
    if kind == .help { return rows.count > 1 && rows[1].hasPrefix("  Keys") ? (1, 2) : nil }
    guard let row = rows.firstIndex(where: { $0.hasPrefix("> ") }) else { return nil }
    switch kind {
    case .title: return (row, titleColumn(rows[row]))
    case .choice: return (row, 6)
    case .editing:
      guard let bar = rows[row].firstIndex(of: "|") else { return nil }
      return (row, DisplayWidth.of(rows[row][..<bar]))
    case .status, .help: return nil
    }
  }

  func start(_ arguments: [String], home: TemporaryDirectory, width: Int = 60, height: Int = 14) throws
    -> PseudoTerminal
  {
    try PseudoTerminal(
      arguments: ["-f", examplePath("phone-settings.json")] + arguments + ["ui"],
      environment: ["HOME": home.path, "TERM": "xterm", "LANG": "C"], width: width, height: height)
  }

  @Test func theCursorIsOnTheSelectedRowsTitleAfterEveryKey() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let terminal = try start([], home: home)
    #expect(terminal.waitFor(text: "Airplane Mode"))
    let down = "\u{1B}[B"
    let up = "\u{1B}[A"
    let top = "\u{1B}[H"
    let end = "\u{1B}[F"
    let left = "\u{1B}[D"
    let keys: [String] =
      Array(repeating: down, count: 16) + [
        up, up, up, "\u{1B}[5~", "\u{1B}[6~", top, end,
        // Privacy, a closed section: Enter opens it; its rows come below.
        "\r", down, down, up, top, down, " ", " ",
        // Wi-Fi's page, then its secure password in the editing line.
        down, "\r", down, down, "\r", "a", "b", "c", left, left, top, end, "\u{1B}", left,
        // A search, a text's editing line, a multiple choice list, the help.
        "/", "N", "a", "m", "e", "\r", "\r", "\u{7F}", left, "\u{1B}", "/", "L", "a", "n", "g", "\r", "\r",
        down, " ",
        up, "\u{1B}", "?", "x", "n",
      ]
    var seen: [Expected] = []
    for (index, key) in keys.enumerated() {
      terminal.send(key)
      // Until the screen is still: nothing drawn for 150 ms.
      terminal.pump(milliseconds: 150)
      let rows = terminal.rows
      let kind = Expected(rows: rows)
      seen.append(kind)
      guard let expected = Self.expected(kind, rows: rows) else {
        Issue.record("key \(index) (\(key.debugDescription)): no selected row on \(rows)")
        continue
      }
      #expect(
        terminal.cursorRow == expected.row && terminal.cursorColumn == expected.column,
        "key \(index) (\(key.debugDescription)): cursor at \(terminal.cursorRow),\(terminal.cursorColumn), expected \(expected) on \(rows)"
      )
      #expect(terminal.cursorVisible, "key \(index)")
    }
    // Every place the cursor can be was visited.
    #expect(seen.filter { $0 == .title }.count > 30)
    #expect(seen.filter { $0 == .editing }.count == 11)
    #expect(seen.filter { $0 == .choice }.count == 4)
    #expect(seen.contains(.help) && seen.contains(.status(5)) && seen.contains(.status(4)))
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
    // Airplane Mode was turned on and off again.
    #expect(
      try runBinary(
        ["-f", examplePath("phone-settings.json"), "get", "airplane"], environment: ["HOME": home.path]
      )
      .stdout == "off\n")
  }

  /// `--cursor hidden`: the cursor still moves to the selection but is not drawn; the terminal gets
  /// it back visible on quit.
  @Test func aHiddenCursorStillStandsOnTheSelection() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let terminal = try start(["--cursor", "hidden"], home: home)
    #expect(terminal.waitFor(text: "Airplane Mode"))
    terminal.send("j")
    terminal.pump(milliseconds: 150)
    let expected = try #require(Self.expected(.title, rows: terminal.rows))
    #expect(terminal.cursorRow == expected.row && terminal.cursorColumn == expected.column)
    #expect(terminal.rows[expected.row].hasPrefix(">   🛫 Airplane Mode"))
    #expect(expected.column == 7)
    #expect(!terminal.cursorVisible)
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
    #expect(terminal.cursorVisible)
    #expect(!String(decoding: terminal.transcript, as: UTF8.self).dropLast(20).contains("\u{1B}[?25h"))
  }

  /// Only the lines that changed are drawn: a move draws the old and the new selected rows and the
  /// status line, then the cursor goes back to the selection.
  @Test func aMoveRedrawsOnlyTheChangedLinesThenPlacesTheCursor() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let terminal = try start([], home: home)
    #expect(terminal.waitFor(text: "Airplane Mode"))
    terminal.pump(milliseconds: 150)
    let before = terminal.transcript.count
    terminal.send("j")
    terminal.pump(milliseconds: 150)
    let frame = String(decoding: terminal.transcript[before...], as: UTF8.self)
    let drawn = frame.components(separatedBy: "\u{1B}[2K").count - 1
    // Alex Morgan's two lines (title and subtitle) lose the marker, Airplane Mode gets it, and the
    // status line says the new selection.
    #expect(drawn == 4)
    #expect(frame.hasPrefix("\u{1B}[?25l"))
    #expect(frame.hasSuffix("\u{1B}[6;8H\u{1B}[?25h"))
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
  }

  /// On a collapsible section's title row, closed and open, the cursor stands on the title's first
  /// column (4: `> `, then `▸ ` or `▾ ` in the place of the margin), not on the glyph (2).
  @Test func theCursorIsOnACollapsibleSectionsTitleAfterItsGlyph() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let terminal = try start([], home: home)
    #expect(terminal.waitFor(text: "Airplane Mode"))
    for (key, glyph) in [("\u{1B}[F", "▸"), ("\r", "▾")] {
      terminal.send(key)
      terminal.pump(milliseconds: 150)
      let row = try #require(terminal.rows.firstIndex { $0.hasPrefix("> ") }, "\(terminal.rows)")
      #expect(terminal.rows[row].hasPrefix("> \(glyph) Privacy"), "\(terminal.rows)")
      #expect(terminal.cursorRow == row && terminal.cursorColumn == 4, "\(terminal.rows)")
    }
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
  }
}
