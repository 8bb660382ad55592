import SettingsKit

/// The interactive settings screen's state and behaviour, apart from any terminal: keys in, lines
/// out. `settings ui` drives it from a real terminal; tests drive it directly or through a
/// pseudo-terminal.
///
/// The screen is a stack of pages (the top page, then each child page opened), each a
/// ``SettingsTable`` with a selected row and a scroll offset. Rows are drawn by the same
/// ``TextRenderer`` as `settings show`, two columns narrower: the left two columns hold the
/// selection marker `> `, so the selection is visible without colour.
public struct SettingsScreen: Sendable {
  /// One page on the stack.
  struct Level: Sendable {
    var table: SettingsTable
    /// The breadcrumb shown in the title bar.
    var breadcrumb: String
    var selection: TableIndexPath?
    var scroll = 0
    /// Whether this is the top page, whose open/closed sections are recorded in the view state.
    var isTop: Bool
  }

  /// What the screen is doing with keys.
  enum Mode: Sendable, Equatable {
    case browse
    case search(String)
    case help
  }

  /// The screen size in display columns and lines.
  public private(set) var width: Int
  /// The screen height in lines.
  public private(set) var height: Int
  /// The message on the status line until the next key.
  public internal(set) var status: String?
  /// Set once `q` (or Ctrl-C) was pressed.
  public internal(set) var isFinished = false
  var stack: [Level]
  var mode = Mode.browse
  var lastSearch: (query: String, index: Int)?
  let settings: Settings
  let viewStatePath: SystemPath?
  let colors: Bool

  /// Opens the screen on a document's top page.
  ///
  /// - Parameters:
  ///   - viewStatePath: where opening and closing sections of the top page is recorded; nil keeps it
  ///     for this session only.
  /// - Throws: ``SettingsError`` when the store cannot be read, ``DocumentError`` when an items file's
  ///   first page is not valid.
  public init(
    settings: Settings, itemsFiles: [Int: ItemsFile] = [:], viewState: ViewState = ViewState(),
    viewStatePath: SystemPath? = nil, width: Int, height: Int, colors: Bool = false
  ) throws {
    self.settings = settings
    self.viewStatePath = viewStatePath
    self.width = max(1, width)
    self.height = max(1, height)
    self.colors = colors
    let table = try SettingsTable(
      document: settings.document, snapshot: try settings.snapshot(), viewState: viewState,
      settings: settings,
      itemsFiles: itemsFiles)
    stack = [Level(table: table, breadcrumb: settings.document.title, selection: nil, isTop: true)]
    stack[0].selection = selectableRows(of: table).first
    keepSelectionVisible()
  }

  var level: Level {
    get { stack[stack.count - 1] }
    set { stack[stack.count - 1] = newValue }
  }

  /// The selected row, if the page has any selectable row.
  public var selection: TableIndexPath? { level.selection }

  /// The breadcrumb of the page shown.
  public var breadcrumb: String { level.breadcrumb }

  /// Changes the screen size (after SIGWINCH).
  public mutating func resize(width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
    keepSelectionVisible()
  }

  // MARK: - Rows and lines

  /// One line of the page body, and the row it belongs to.
  struct BodyLine {
    var text: String
    var indexPath: TableIndexPath?
  }

  func selectableRows(of table: SettingsTable) -> [TableIndexPath] {
    (0..<table.numberOfSections).flatMap { section in
      (0..<table.numberOfRows(inSection: section)).map { TableIndexPath(row: $0, section: section) }
    }
  }

  /// The page's lines at the current width: section headers, rows (each row's lines carry its index
  /// path), footers, blank lines between sections; rows drawn by ``TextRenderer``.
  func bodyLines(selected: TableIndexPath?) -> [BodyLine] {
    let table = level.table
    let renderer = TextRenderer(width: max(1, width - 2), colors: colors)
    let layout = RowLayout(
      width: max(1, width - 2), showsIcons: TextRenderer.hasIcons(table.document.sections), colors: colors)
    var lines: [BodyLine] = []
    for section in 0..<table.numberOfSections {
      if section > 0 { lines.append(BodyLine(text: "")) }
      let spec = table.section(section)
      if let header = spec.header, !spec.isCollapsible {
        lines.append(BodyLine(text: "  " + layout.headerLine(header)))
      }
      for row in 0..<table.numberOfRows(inSection: section) {
        let indexPath = TableIndexPath(row: row, section: section)
        let isSelected = indexPath == selected
        for (number, line) in renderer.lines(for: table.row(at: indexPath), in: table, layout: layout)
          .enumerated()
        {
          let marker = isSelected && number == 0 ? "> " : "  "
          let text = marker + line
          // Reverse video for the selection, restored after each style the row itself resets.
          let shown =
            isSelected && colors
            ? "\u{1B}[7m" + text.replacingResets(with: "\u{1B}[0m\u{1B}[7m") + "\u{1B}[0m" : text
          lines.append(BodyLine(text: shown, indexPath: indexPath))
        }
      }
      if let footer = spec.footer, table.isExpanded(section) {
        for line in layout.footerLines(footer) { lines.append(BodyLine(text: "  " + line)) }
      }
    }
    return lines
  }

  var bodyHeight: Int { max(1, height - 2) }

  mutating func keepSelectionVisible() {
    guard let selection = level.selection else { return }
    let lines = bodyLines(selected: nil)
    guard let first = lines.firstIndex(where: { $0.indexPath == selection }) else { return }
    let last = lines.lastIndex(where: { $0.indexPath == selection }) ?? first
    var scroll = level.scroll
    if first < scroll { scroll = first }
    if last >= scroll + bodyHeight { scroll = last - bodyHeight + 1 }
    // The first selectable row also shows the header above it.
    if first <= 2, last < bodyHeight { scroll = 0 }
    // A row taller than the body shows its first line, which carries the marker.
    if last - first + 1 > bodyHeight { scroll = first }
    level.scroll = max(0, min(scroll, max(0, lines.count - bodyHeight)))
  }

  /// The whole screen: a title bar, the page body scrolled to keep the selection visible, a
  /// status line. Exactly ``height`` lines, none wider than ``width`` columns.
  public func lines() -> [String] {
    var screen: [String] = []
    let title = TerminalText.truncated(TerminalText.escaped(level.breadcrumb), toWidth: width)
    screen.append(colors ? "\u{1B}[1m" + title + "\u{1B}[0m" : title)
    if height >= 3 || height == 2 {
      let body: [String]
      if mode == .help {
        body = Self.helpLines.map { TerminalText.truncated($0, toWidth: width) }
      } else {
        let lines = bodyLines(selected: level.selection)
        body = Array(lines.dropFirst(level.scroll).prefix(bodyHeight)).map(\.text)
      }
      for index in 0..<(height >= 3 ? bodyHeight : 0) { screen.append(index < body.count ? body[index] : "") }
    }
    if height >= 2 { screen.append(statusLine()) }
    return Array(screen.prefix(height))
  }

  static let helpLines = [
    "  Keys",
    "",
    "  ↑ ↓ k j       move",
    "  PgUp PgDn     move a page",
    "  Home End      first, last row",
    "  Space Enter   toggle a switch, next choice, open a page or section, load more",
    "  Esc ← Bksp    back to the parent page",
    "  / n           search titles, keys and choices on every page; n: next match",
    "  r             reset the selected item to its default",
    "  ?             this help (any key closes it)",
    "  q Ctrl-C      quit",
  ]

  func statusLine() -> String {
    let text: String
    switch mode {
    case .search(let query): text = "/" + TerminalText.escaped(query)
    case .help: text = "Press any key"
    case .browse: text = status ?? describeSelection()
    }
    let hint = "? help  q quit"
    let shown = TerminalText.truncated(TerminalText.escaped(text), toWidth: width)
    let gap = width - DisplayWidth.of(shown) - DisplayWidth.of(hint)
    let line = gap >= 2 && mode == .browse ? shown + String(repeating: " ", count: gap) + hint : shown
    return colors ? "\u{1B}[7m" + TerminalText.padded(line, toWidth: width) + "\u{1B}[0m" : line
  }

  func describeSelection() -> String {
    guard let selection = level.selection else { return "" }
    switch level.table.row(at: selection) {
    case .sectionTitle(_, let title, let isExpanded, _):
      return "\(title): Enter \(isExpanded ? "closes" : "opens")"
    case .more(_, let remaining, _):
      return "Enter loads more (\(remaining) remaining)"
    case .item(let item, let value, let isModified):
      let state = level.table.snapshot.state(of: item)
      var text = item.key ?? item.title
      if let value {
        text += " = " + level.table.snapshot.shown(value, of: item) + (isModified ? " (modified)" : "")
      }
      if let reason = state.disabledReason { text += " — " + reason }
      if item.page != nil { text += " — Enter opens" }
      return text
    }
  }
}

extension String {
  /// The text with every SGR reset (`ESC [ 0 m`) replaced by `replacement`.
  func replacingResets(with replacement: String) -> String {
    split(separator: "\u{1B}[0m", omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
