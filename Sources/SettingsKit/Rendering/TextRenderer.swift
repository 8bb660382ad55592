/// Renders a settings screen as text rows, like a grouped table view in a terminal.
///
/// For each section: its header line (a collapsible section's title row instead: `▸` closed with a
/// summary, `▾` open), its rows (see `RowLayout`), a paginated section's "more" row, and its footer
/// lines; a blank line between sections. A closed section shows only its title row. The result ends
/// with a newline and is written once by the caller.
public struct TextRenderer: Sendable {
  /// The line width in display columns.
  public var width: Int
  /// Whether to add ANSI styling.
  public var colors: Bool
  /// Whether secure text fields show their text instead of the mask (`show --reveal`).
  public var revealsSecureValues = false

  /// Creates a renderer.
  public init(width: Int = 80, colors: Bool = false) {
    self.width = width
    self.colors = colors
  }

  /// The screen's text for a document with the given current values (every section as shipped,
  /// paginated ones at their first page).
  public func render(_ document: SettingsDocument, snapshot: SettingsSnapshot) -> String {
    // Without items files nothing is decoded, so building the table cannot fail.
    guard let table = try? SettingsTable(document: document, snapshot: snapshot) else { return "" }
    return render(table)
  }

  /// The table's text: every section, or only those in `sections`; a child page's breadcrumb
  /// (`설정 › 셀룰러`) as `heading`, followed by a blank line. The text of ``lines(_:sections:heading:)``,
  /// each line followed by a newline.
  ///
  /// Everything is appended to one string, with room reserved up front for a line per row.
  public func render(_ table: SettingsTable, sections: [Int]? = nil, heading: String? = nil) -> String {
    var sink = TextSink()
    let shown = sections ?? Array(0..<table.numberOfSections)
    let rowCount = shown.reduce(0) { $0 + table.numberOfRows(inSection: $1) }
    sink.text.reserveCapacity(rowCount * (width + 16))
    walk(table, sections: shown, heading: heading, into: &sink)
    return sink.text
  }

  /// The table's lines, each with the index path of the row it shows (nil for a heading, a section
  /// header or footer, and the blank line between sections), without newlines.
  ///
  /// This is the line model that `show`, the interactive screen and an embedder's own view draw
  /// from: joined with newlines it is ``render(_:sections:heading:)``'s text, byte for byte.
  public func lines(_ table: SettingsTable, sections: [Int]? = nil, heading: String? = nil) -> [RenderedLine]
  {
    var sink = LineSink()
    walk(table, sections: sections ?? Array(0..<table.numberOfSections), heading: heading, into: &sink)
    return sink.lines
  }

  /// The section loop, written once: for each section its header, rows and footer, a blank line
  /// between sections.
  func walk<Sink: RenderSink>(
    _ table: SettingsTable, sections shown: [Int], heading: String?, into sink: inout Sink
  ) {
    let layout = RowLayout(width: width, showsIcons: table.showsIcons, colors: colors)
    if let heading {
      sink.line(layout.headerLine(heading))
      sink.line("")
    }
    for (position, index) in shown.enumerated() {
      if position > 0 { sink.line("") }
      if let header = header(ofSection: index, in: table, layout: layout) { sink.line(header) }
      // A section still in the compiled form is read at once, and its rows let go once drawn.
      let rows = table.isExpanded(index) ? table.compiledRows(inSection: index) : nil
      for row in 0..<table.numberOfRows(inSection: index) {
        let indexPath = TableIndexPath(row: row, section: index)
        sink.row(indexPath) { output in append(indexPath, in: table, rows: rows, layout: layout, to: &output)
        }
      }
      for line in footer(ofSection: index, in: table, layout: layout) { sink.line(line) }
    }
  }

  // MARK: - One part at a time

  /// The lines of one row, as ``lines(_:sections:heading:)`` draws them, for a view that lays out
  /// only the rows on screen (as a table view asks its data source only for the visible cells).
  public func lines(_ table: SettingsTable, row indexPath: TableIndexPath) -> [RenderedLine] {
    var sink = LineSink()
    let layout = RowLayout(width: width, showsIcons: table.showsIcons, colors: colors)
    sink.row(indexPath) { output in append(indexPath, in: table, layout: layout, to: &output) }
    return sink.lines
  }

  /// The header line of a section as ``lines(_:sections:heading:)`` draws it above the rows; nil
  /// when it has none (no header, or a collapsible section, whose title row stands instead).
  public func headerLine(_ table: SettingsTable, section index: Int) -> String? {
    header(
      ofSection: index, in: table,
      layout: RowLayout(width: width, showsIcons: table.showsIcons, colors: colors))
  }

  /// The footer lines of a section as ``lines(_:sections:heading:)`` draws them below the rows (none
  /// for a closed section).
  public func footerLines(_ table: SettingsTable, section index: Int) -> [String] {
    footer(
      ofSection: index, in: table,
      layout: RowLayout(width: width, showsIcons: table.showsIcons, colors: colors))
  }

  func header(ofSection index: Int, in table: SettingsTable, layout: RowLayout) -> String? {
    let section = table.section(index)
    guard let header = section.header, !section.isCollapsible else { return nil }
    return layout.headerLine(header)
  }

  func footer(ofSection index: Int, in table: SettingsTable, layout: RowLayout) -> [String] {
    guard let footer = table.section(index).footer, table.isExpanded(index) else { return [] }
    return layout.footerLines(footer)
  }

  /// Appends the lines of the row at `indexPath` to `output`, each followed by a newline: from
  /// its compiled record when it has one (``SettingsTable/compiledRow(at:from:)``; `rows` are the
  /// section's when the caller read them), so that drawing a row of a section read on demand
  /// decodes no item.
  func append(
    _ indexPath: TableIndexPath, in table: SettingsTable, rows: [CompiledRow]? = nil, layout: RowLayout,
    to output: inout String
  ) {
    if let compiled = table.compiledRow(at: indexPath, from: rows) {
      append(
        compiled.row, value: compiled.value, isModified: compiled.isModified, state: .normal,
        isRejected: false, layout: layout, to: &output)
    } else {
      append(table.row(at: indexPath), in: table, layout: layout, to: &output)
    }
  }

  /// Appends the lines of an item's row: its content, its state's reason and lock, the mark of a
  /// rejected stored value, and a deprecated item's note.
  func append<Row: RowFields>(
    _ item: Row, value: SettingValue?, isModified: Bool, state: ItemState, isRejected: Bool,
    layout: RowLayout, to output: inout String
  ) {
    var content = RowContent(row: item, value: value, isModified: isModified, reveal: revealsSecureValues)
    content.disabledReason = state.disabledReason
    content.isLocked = state.isLocked
    content.hasRejectedStoredValue = isRejected
    if item.deprecated != nil { content.title += " (deprecated)" }
    layout.append(content, to: &output)
  }

  /// Appends the lines of one table row to `output`, each followed by a newline.
  func append(_ row: TableRow, in table: SettingsTable, layout: RowLayout, to output: inout String) {
    switch row {
    case .sectionTitle(_, let title, let isExpanded, let summary):
      output.append(layout.titleLine(title, isExpanded: isExpanded, summary: isExpanded ? nil : summary))
      output.append("\n")
    case .item(let item, let value, let isModified):
      append(
        item, value: value, isModified: isModified, state: table.snapshot.state(of: item),
        isRejected: table.snapshot.problem(of: item) != nil, layout: layout, to: &output)
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

/// One line of a rendered table: its text (no newline) and the row it shows.
public struct RenderedLine: Sendable, Equatable {
  /// The line's text, styled when the renderer's colours are on.
  public var text: String
  /// The row the line belongs to; nil for headings, section headers and footers, and blank lines.
  public var indexPath: TableIndexPath?

  /// Creates a line.
  public init(text: String, indexPath: TableIndexPath? = nil) {
    self.text = text
    self.indexPath = indexPath
  }
}

/// Where ``TextRenderer/walk(_:sections:heading:into:)`` puts lines.
protocol RenderSink {
  /// A line that shows no row.
  mutating func line(_ text: String)
  /// The lines of one row, appended by `body` to a string, each followed by a newline.
  mutating func row(_ indexPath: TableIndexPath, _ body: (inout String) -> Void)
}

/// Appends everything to one string, rows written in place.
struct TextSink: RenderSink {
  var text = ""

  mutating func line(_ line: String) {
    text.append(line)
    text.append("\n")
  }

  mutating func row(_ indexPath: TableIndexPath, _ body: (inout String) -> Void) {
    body(&text)
  }
}

/// Collects the lines with the index paths of their rows.
struct LineSink: RenderSink {
  var lines: [RenderedLine] = []

  mutating func line(_ text: String) {
    lines.append(RenderedLine(text: text))
  }

  mutating func row(_ indexPath: TableIndexPath, _ body: (inout String) -> Void) {
    var text = ""
    body(&text)
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      lines.append(RenderedLine(text: String(line), indexPath: indexPath))
    }
  }
}
