import SettingsKit

/// Where the terminal's cursor stands on a drawn screen: a line and a column, both from 0.
public struct ScreenCursor: Sendable, Equatable {
  /// The screen line, from 0 (the title bar).
  public var row: Int
  /// The display column, from 0.
  public var column: Int

  /// Creates a position.
  public init(row: Int, column: Int) {
    self.row = row
    self.column = column
  }
}

extension SettingsScreen {
  /// Where the terminal's cursor stands after ``lines()`` is drawn, so that a screen reader or a
  /// braille display, which follow the cursor, read what has the focus:
  ///
  /// - browsing: the first column of the selected row's title (after the `> ` marker, the margin
  ///   and the icon column; after `▸ ` on a section's title row);
  /// - editing a text or number: the editing line's `|`, between the characters where typing goes;
  /// - a multiple choice list: the first column of the highlighted choice's title;
  /// - searching: after the query on the status line;
  /// - the help: the first column of its first line's text (`Keys`), so that a screen reader starts
  ///   reading the help there; back on the selected row's title once a key closes it (the same for
  ///   a row's history, `H`).
  ///
  /// The first column of the status line when the page has no row to select, and within the screen
  /// at every size.
  public var cursor: ScreenCursor {
    let status = ScreenCursor(row: max(0, height - 1), column: 0)
    let position: ScreenCursor
    switch mode {
    case .help, .history:
      // The help's (or a history's) lines start the body, each with the 2-column margin of the rows.
      guard height >= 3 else { return status }
      position = ScreenCursor(row: 1, column: 2)
    case .search(let query):
      position = ScreenCursor(row: status.row, column: 1 + DisplayWidth.of(TerminalText.escaped(query)))
    case .chooseMany(let list):
      // The list's lines start two lines into the body: its title and a blank line.
      position = ScreenCursor(row: 3 + list.highlighted, column: 6)
    case .editText(let state):
      guard height >= 3, let index = editingLayout(state).editingLine else { return status }
      let (layout, content) = editedRow(state)
      let fieldWidth = layout.editingFieldWidth(for: content)
      let field = state.editing.line(width: fieldWidth)
      let fieldStart = layout.width - min(fieldWidth, DisplayWidth.of(field))
      position = ScreenCursor(
        row: 1 + index, column: 2 + max(0, fieldStart) + state.editing.cursorColumn(width: fieldWidth))
    case .confirmDelete(let element):
      position = ScreenCursor(row: status.row, column: DisplayWidth.of(deleteQuestion(element)))
    case .browse:
      guard height >= 3, let selection = level.selection else { return status }
      let page = self.body
      let start = page.normalized(level.scroll) ?? .top
      let shown = page.lines(from: start, count: bodyHeight)
      guard let index = shown.firstIndex(where: { $0.0 == BodyPosition(selection) }) else { return status }
      position = ScreenCursor(row: 1 + index, column: 2 + titleColumn(of: selection))
    }
    return ScreenCursor(
      row: min(max(0, position.row), max(0, height - 1)),
      column: min(max(0, position.column), max(0, width - 1)))
  }

  /// The column where the title of the row at `indexPath` starts in its first line (without the
  /// selection marker): after the 2-column margin, and the icon column when the page has icons
  /// and the row keeps it (``RowLayout``); after `▸ ` on a section's title row.
  func titleColumn(of indexPath: TableIndexPath) -> Int {
    if level.list != nil { return 2 }
    if level.table.isSectionTitle(at: indexPath) { return 2 }
    let rowWidth = max(1, width - 2)
    // RowLayout keeps the icon column while the title has a column; the column then starts after it.
    return level.table.showsIcons && rowWidth >= 2 + 3 + 1 ? 5 : 2
  }
}
