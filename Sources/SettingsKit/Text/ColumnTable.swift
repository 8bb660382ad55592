/// Plain text tables whose columns line up in display columns.
package enum ColumnTable {
  /// The rows as lines: each cell escaped and padded to its column's widest cell plus two spaces;
  /// the last column is not padded. Widths are display widths (``DisplayWidth``). A cell holding
  /// right-to-left text is isolated (``TerminalText/isolated(_:)``), so it stays in its column.
  package static func text(_ rows: [[String]]) -> String {
    let escaped = rows.map { $0.map(TerminalText.escaped) }
    var widths: [Int] = []
    for row in escaped {
      for (index, cell) in row.enumerated() {
        let width = DisplayWidth.of(cell)
        if index < widths.count { widths[index] = max(widths[index], width) } else { widths.append(width) }
      }
    }
    var output = ""
    for row in escaped {
      for (index, cell) in row.enumerated() {
        if index + 1 < row.count {
          output.append(TerminalText.isolated(cell))
          TerminalText.appendSpaces(widths[index] + 2 - DisplayWidth.of(cell), to: &output)
        } else {
          output.append(TerminalText.isolated(cell))
        }
      }
      output.append("\n")
    }
    return output
  }
}
