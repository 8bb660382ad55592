/// Renders a settings screen as text rows, like a grouped table view in a terminal.
///
/// For each section: its header line (a collapsible section's title row instead: `▸` closed with a
/// summary, `▾` open), its rows (see ``RowLayout``), a paginated section's "more" row, and its footer
/// lines; a blank line between sections. A closed section shows only its title row. The result ends
/// with a newline and is written once by the caller.
public struct TextRenderer: Sendable {
  /// The line width in display columns.
  public var width: Int
  /// Whether to add ANSI styling.
  public var colors: Bool

  /// Creates a renderer.
  public init(width: Int = 80, colors: Bool = false) {
    self.width = width
    self.colors = colors
  }

  /// Whether any item of the document has an icon, so rows reserve the icon column.
  package static func hasIcons(_ sections: [SettingSection]) -> Bool {
    sections.contains { $0.items.contains { Icon.text(for: $0.imageName) != nil } }
  }

  /// The screen's text for a document with the given current values (every section as shipped,
  /// paginated ones at their first page).
  public func render(_ document: SettingsDocument, snapshot: SettingsSnapshot) -> String {
    // Without items files nothing is decoded, so building the table cannot fail.
    guard let table = try? SettingsTable(document: document, snapshot: snapshot) else { return "" }
    return render(table)
  }

  /// The table's text: every section, or only those in `sections`; a child page's breadcrumb
  /// (`설정 › 셀룰러`) as `heading`, followed by a blank line.
  ///
  /// Everything is appended to one string, with room reserved up front for a line per row.
  public func render(_ table: SettingsTable, sections: [Int]? = nil, heading: String? = nil) -> String {
    let layout = RowLayout(
      width: width, showsIcons: Self.hasIcons(table.document.sections), colors: colors)
    let shown = sections ?? Array(0..<table.numberOfSections)
    var output = ""
    let rowCount = shown.reduce(0) { $0 + table.numberOfRows(inSection: $1) }
    output.reserveCapacity(rowCount * (width + 16))
    if let heading {
      output.append(layout.headerLine(heading))
      output.append("\n\n")
    }
    for (position, index) in shown.enumerated() {
      if position > 0 { output.append("\n") }
      let section = table.section(index)
      if let header = section.header, !section.isCollapsible {
        output.append(layout.headerLine(header))
        output.append("\n")
      }
      for row in 0..<table.numberOfRows(inSection: index) {
        append(
          table.row(at: TableIndexPath(row: row, section: index)), in: table, layout: layout, to: &output)
      }
      if let footer = section.footer, table.isExpanded(index) {
        for line in layout.footerLines(footer) {
          output.append(line)
          output.append("\n")
        }
      }
    }
    return output
  }

  /// The lines of one table row; the interactive screen draws rows with the same function.
  public func lines(for row: TableRow, in table: SettingsTable, layout: RowLayout) -> [String] {
    var text = ""
    append(row, in: table, layout: layout, to: &text)
    return text.split(separator: "\n").map(String.init)
  }

  /// Appends the lines of one table row to `output`, each followed by a newline.
  func append(_ row: TableRow, in table: SettingsTable, layout: RowLayout, to output: inout String) {
    switch row {
    case .sectionTitle(_, let title, let isExpanded, let summary):
      output.append(layout.titleLine(title, isExpanded: isExpanded, summary: isExpanded ? nil : summary))
      output.append("\n")
    case .item(let item, let value, let isModified):
      var content = RowContent(item: item, value: value, isModified: isModified)
      content.disabledReason = table.snapshot.state(of: item).disabledReason
      content.hasRejectedStoredValue = table.snapshot.problem(of: item) != nil
      layout.append(content, to: &output)
    case .more(_, let remaining, let state):
      let title: String =
        switch state {
        case .loading: "Loading…"
        case .failed(let message): "Loading failed: \(message); select to retry"
        default: "Load more (\(remaining) remaining)"
        }
      layout.append(RowContent(title: title, accessory: .chevron), to: &output)
    }
  }
}
