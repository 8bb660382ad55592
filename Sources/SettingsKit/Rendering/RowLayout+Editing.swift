extension RowLayout {
  /// The columns an editing field gets in `row`'s title line: what the margin and the icon column
  /// leave, less the title's part (the title keeps at most half of it) and the space after the
  /// title. At least 1.
  package func editingFieldWidth(for row: RowContent) -> Int {
    editingParts(for: row).field
  }

  /// The title line of a row being edited, exactly `width` columns wide: the margin, the icon
  /// column, the title (cut with `…` to at most half of what the margin and icon leave, left out
  /// when that is less than 4 columns), and at the right edge `field`, text already laid out (and
  /// escaped) to at most ``editingFieldWidth(for:)`` columns, right-aligned in that room.
  ///
  /// Below a width of 3 the field alone takes the line.
  package func editingLine(for row: RowContent, field: String) -> String {
    let parts = editingParts(for: row)
    let fieldText = TerminalText.truncated(field, toWidth: parts.field)
    let padding = String(repeating: " ", count: parts.field - DisplayWidth.of(fieldText))
    guard width >= 3 else { return padding + fieldText }
    var output = ""
    appendMargin(row.marker, to: &output)
    if parts.keepsIcon { output.append(row.icon.map { $0 + " " } ?? "   ") }
    if parts.title > 0 {
      let title = TerminalText.escaped(row.title)
      let shown = TerminalText.truncated(title, toWidth: parts.title)
      output.append(TerminalText.isolated(shown))
      output.append(String(repeating: " ", count: parts.title - DisplayWidth.of(shown) + 1))
    }
    return output + padding + TerminalText.isolated(fieldText)
  }

  /// The widths of the editing line's parts: whether the icon column stays, the title's room (0
  /// when left out) and the field's.
  private func editingParts(for row: RowContent) -> (keepsIcon: Bool, title: Int, field: Int) {
    guard width >= 3 else { return (false, 0, width) }
    let iconWidth = showsIcons ? 3 : 0
    let keepsIcon = iconWidth > 0 && width - 2 - iconWidth >= 8
    let room = width - 2 - (keepsIcon ? iconWidth : 0)
    let half = (room - 1) / 2
    let title = half >= 4 ? min(DisplayWidth.of(TerminalText.escaped(row.title)), half) : 0
    return (keepsIcon, title, room - title - (title > 0 ? 1 : 0))
  }
}
