import SettingsHTTP
import SettingsKit
import SettingsPOSIX

/// The interactive settings screen's state and behaviour, apart from any terminal: keys in, lines
/// out. `settings ui` drives it from a real terminal; tests drive it directly or through a
/// pseudo-terminal.
///
/// The screen is a stack of pages (the top page, then each child page opened), each a
/// ``SettingsTable`` with a selected row and a scroll offset, changed through ``TableActions``.
/// Rows are drawn by the same ``TextRenderer`` as `settings show`, two columns narrower: the left
/// two columns hold the selection marker `> `, so the selection is visible without colour. Only the
/// rows on screen are laid out (``PageBody``), each time the screen is drawn: moving, paging and
/// drawing cost what the screen shows, whatever the size of the document.
public struct SettingsScreen: Sendable {
  /// One page on the stack.
  struct Level: Sendable {
    var table: SettingsTable
    /// The breadcrumb shown in the title bar.
    var breadcrumb: String
    var selection: TableIndexPath?
    /// The body's first line on screen.
    var scroll = BodyPosition.top
    /// Whether this is the top page, whose open/closed sections are recorded in the view state.
    var isTop: Bool
    /// The list page shown instead of the table's page, whose snapshot holds its elements.
    var list: ListPage?

    init(table: SettingsTable, breadcrumb: String, isTop: Bool) {
      self.table = table
      self.breadcrumb = breadcrumb
      self.isTop = isTop
    }
  }

  /// What the screen is doing with keys.
  enum Mode: Sendable, Equatable {
    case browse
    case search(String)
    case help
    /// The history of the selected row (`H`), paged by the keys that move; any other key closes it.
    case history(HistoryView)
    /// A text field's or number's editing line is open.
    case editText(EditState)
    /// A multiple choice item's list is open.
    case chooseMany(ChoiceList)
    /// The deletion of a list's element at a position (from 1) is asked on the status line.
    case confirmDelete(Int)
  }

  /// The screen size in display columns and lines.
  public private(set) var width: Int
  /// The screen height in lines.
  public private(set) var height: Int
  /// The message on the status line until the next key, as the full screen says it
  /// (``ScreenStatus/onScreen``); set as a note.
  public internal(set) var status: String? {
    get { statusMessage?.onScreen }
    set { statusMessage = newValue.map(ScreenStatus.note) }
  }
  /// The message on the status line until the next key, apart from its wording.
  var statusMessage: ScreenStatus?
  /// Set once `q` (or Ctrl-C) was pressed.
  public internal(set) var isFinished = false
  var stack: [Level]
  var mode = Mode.browse
  var lastSearch: (query: String, index: Int)?
  /// What `u` took back and made (``undoLast()``).
  var undoHistory = ScreenUndoHistory()
  /// What the changes made elsewhere were about since the line mode last said them.
  var outside = OutsideNews()
  /// The document as loaded, its items files open for paging.
  let loaded: LoadedDocument
  /// The values of ``loaded``'s document.
  let settings: Settings
  /// The same store with every items file's items decoded, made the first time an items-file row
  /// is changed or a search runs; nil until then.
  var completeSettings: Settings?
  let viewStatePath: SystemPath?
  let colors: Bool

  /// Opens the screen on a document's top page.
  ///
  /// - Parameters:
  ///   - document: the document with its items files opened (``DocumentLoader/open(path:locales:)``).
  ///   - layers: where values are read (the system files and the user's store) and written (the
  ///     user's store).
  ///   - viewStatePath: where opening and closing sections of the top page is recorded; nil keeps it
  ///     for this session only.
  /// - Throws: ``SettingsError`` when the store cannot be read, ``DocumentError`` when an items file's
  ///   first page is not valid.
  public init(
    document: LoadedDocument, layers: LayeredStore, viewState: ViewState = ViewState(),
    viewStatePath: SystemPath? = nil, width: Int, height: Int, colors: Bool = false
  ) throws {
    try self.init(
      document: document, layers: layers, viewState: viewState, viewStatePath: viewStatePath, width: width,
      height: height, colors: colors, pages: [:])
  }

  /// The screen with `pages` of the top page's paginated sections shown (by section index): a
  /// reloaded screen shows the pages the user had loaded.
  init(
    document: LoadedDocument, layers: LayeredStore, viewState: ViewState, viewStatePath: SystemPath?,
    width: Int,
    height: Int, colors: Bool, pages: [Int: SettingsTable.Pages]
  ) throws {
    loaded = document
    settings = Settings(document: document.document, layers: layers)
    settings.writeContext = WriteContext(how: "ui")
    self.viewStatePath = viewStatePath
    self.width = max(1, width)
    self.height = max(1, height)
    self.colors = colors
    let table = try SettingsTable(
      document: document.document, snapshot: try settings.snapshot(), viewState: viewState,
      itemsFiles: document.itemsFiles, pages: pages)
    stack = [Level(table: table, breadcrumb: document.document.title, isTop: true)]
    stack[0].selection = PageBody(table: table, width: self.width, colors: colors).firstRow
    keepSelectionVisible()
  }

  /// Opens the screen on a document's top page, with no system layers under `store`; see
  /// ``init(document:layers:viewState:viewStatePath:width:height:colors:)``.
  public init(
    document: LoadedDocument, store: any SettingsStore, viewState: ViewState = ViewState(),
    viewStatePath: SystemPath? = nil, width: Int, height: Int, colors: Bool = false
  ) throws {
    try self.init(
      document: document, layers: LayeredStore(user: store), viewState: viewState,
      viewStatePath: viewStatePath,
      width: width, height: height, colors: colors)
  }

  /// The current page. Changed in place (`_modify`): a getter and setter would copy the page's
  /// table for each change through it, and its snapshot's values with it (66 667 at 100 000 items),
  /// because the copy shares them with the stack while it is changed.
  var level: Level {
    get { stack[stack.count - 1] }
    _modify { yield &stack[stack.count - 1] }
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
    keepEditCursorVisible()
  }

  // MARK: - Rows and lines

  /// The body of the current page at the screen's width.
  var body: PageBody { body(of: level) }

  func body(of level: Level) -> PageBody {
    PageBody(table: level.table, width: width, colors: colors, list: level.list)
  }

  /// Takes in what an action changed on the current page: shows the new values on the other pages
  /// of the stack (a change can show on a parent's row), and keeps the selection on a row that
  /// exists. The update's sections are not needed: rows are laid out each time they are drawn, so
  /// nothing drawn before is kept to be thrown away.
  mutating func apply(_ update: TableUpdate) {
    let snapshot = level.table.snapshot
    for index in stack.indices.dropLast() { stack[index].table.apply(snapshot) }
    keepSelectionOnARow()
  }

  /// Moves the selection to the last row when its row went away.
  mutating func keepSelectionOnARow() {
    let body = self.body
    if let current = level.selection, !body.contains(current) { level.selection = body.lastRow }
  }

  var bodyHeight: Int { max(1, height - 2) }

  /// Scrolls so that the selected row shows: its first line at least, the header above it too when
  /// it is the first row, and the screen full down to the body's last line where there is one.
  mutating func keepSelectionVisible() {
    let body = self.body
    guard let top = body.first, let end = body.last else {
      level.scroll = .top
      return
    }
    var scroll = body.normalized(level.scroll) ?? top
    if let selection = level.selection, body.contains(selection) {
      let first = BodyPosition(selection)
      let count = body.lines(section: first.section, part: first.part).count
      let last = BodyPosition(selection, line: max(0, count - 1))
      if first < scroll { scroll = first }
      if body.distance(from: scroll, to: last, limit: bodyHeight - 1) == nil {
        scroll = body.moved(last, by: -(bodyHeight - 1))
      }
      // The first selectable row also shows the header above it.
      if body.distance(from: top, to: first, limit: 2) != nil,
        body.distance(from: top, to: last, limit: bodyHeight - 1) != nil
      {
        scroll = top
      }
      // A row taller than the body shows its first line, which carries the marker.
      if count > bodyHeight { scroll = first }
    }
    // No blank space below the last line while there are lines above the screen.
    if body.distance(from: scroll, to: end, limit: bodyHeight - 1) != nil {
      scroll = body.moved(end, by: -(bodyHeight - 1))
    }
    level.scroll = scroll
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
      } else if case .history(let view) = mode {
        body = view.shown(height: bodyHeight).map {
          "  " + TerminalText.truncated($0, toWidth: max(0, width - 2))
        }
      } else if case .chooseMany(let list) = mode {
        body =
          ["  " + TerminalText.escaped(list.item.title), ""]
          + list.lines().map {
            TerminalText.truncated($0, toWidth: width)
          }
      } else if case .editText(let state) = mode {
        body = editingBody(state)
      } else {
        let page = self.body
        let start = page.normalized(level.scroll) ?? .top
        body = page.lines(from: start, count: bodyHeight).map(bodyLine)
      }
      for index in 0..<(height >= 3 ? bodyHeight : 0) { screen.append(index < body.count ? body[index] : "") }
    }
    if height >= 2 { screen.append(statusLine()) }
    return Array(screen.prefix(height))
  }

  /// The text of one body line: a row's lines behind the marker column (`> ` on the selected row's
  /// first line), in reverse video when selected and colours are on.
  func bodyLine(_ position: BodyPosition, _ line: RenderedLine) -> String {
    guard let indexPath = line.indexPath else { return line.text }
    let isSelected = indexPath == level.selection
    let text = (isSelected && position.line == 0 ? "> " : "  ") + line.text
    // Reverse video for the selection, restored after each style the row itself resets.
    return isSelected && colors
      ? "\u{1B}[7m" + text.replacingResets(with: "\u{1B}[0m\u{1B}[7m") + "\u{1B}[0m" : text
  }

  /// The page body while a text is edited: the edited row's title line is the editing line
  /// (``editingLine(_:)``), and a validation error (or a note) is wrapped under the row over at most
  /// three lines (the third ending in "…" when the message is longer), the body scrolled so that the
  /// row and the error show.
  func editingBody(_ state: EditState) -> [String] { editingLayout(state).lines }

  /// ``editingBody(_:)``'s lines and the index among them of the editing line (nil when it is not
  /// on screen), where the terminal's cursor stands while a text is edited.
  func editingLayout(_ state: EditState) -> (lines: [String], editingLine: Int?) {
    let page = self.body
    var scroll = page.normalized(level.scroll) ?? .top
    guard let selection = level.selection, page.contains(selection) else {
      return (page.lines(from: scroll, count: bodyHeight).map(bodyLine), nil)
    }
    let first = BodyPosition(selection)
    let rowLines = page.lines(section: first.section, part: first.part).count
    let last = BodyPosition(selection, line: max(0, rowLines - 1))
    var messageLines: [String] = []
    if let message = state.error.map({ "Error: " + $0 }) ?? state.note {
      let indent = width > 8 ? 4 : 0
      var wrapped = TerminalText.wrapped(TerminalText.escaped(message), toWidth: width - indent)
      if wrapped.count > 3 {
        // A message cut at the third line ends in "…" there, rather than lose its end unseen.
        let rest = wrapped[2...].joined(separator: " ")
        wrapped[2] = TerminalText.truncated(rest, toWidth: width - indent)
        wrapped.removeSubrange(3...)
      }
      messageLines = wrapped.map {
        String(repeating: " ", count: indent) + TerminalText.truncated($0, toWidth: width - indent)
      }
      // The row's last line and the message under it show, the row's first line before them.
      let room = max(0, bodyHeight - 1 - messageLines.count)
      if page.distance(from: scroll, to: last, limit: room) == nil { scroll = page.moved(last, by: -room) }
      if first < scroll { scroll = first }
    }
    var lines: [String] = []
    var editingIndex: Int?
    for (position, line) in page.lines(from: scroll, count: bodyHeight) {
      if position == first {
        editingIndex = lines.count
        let text = "> " + editingLine(state)
        lines.append(
          colors ? "\u{1B}[7m" + text.replacingResets(with: "\u{1B}[0m\u{1B}[7m") + "\u{1B}[0m" : text)
      } else {
        lines.append(bodyLine(position, line))
      }
      if position == last { lines.append(contentsOf: messageLines) }
    }
    return (Array(lines.prefix(bodyHeight)), editingIndex.flatMap { $0 < bodyHeight ? $0 : nil })
  }

  static let helpLines = [
    "  Keys",
    "",
    "  ↑ ↓ k j       move",
    "  PgUp PgDn     move a page",
    "  Home End      first, last row",
    "  Space Enter   toggle, next choice, open page/section, load more",
    "                edit text/number in its row (Enter saves, Esc cancels,",
    "                Ctrl-U clears), choose several",
    "  ← →           number or slider: one step down, up",
    "  →             next choice, open page/section, load more",
    "  Esc ← Bksp    back to the parent page",
    "  / n           search titles, keys and choices; n: next match",
    "  r             reset the selected item to its default",
    "  u             undo the last change (again: the one before)",
    "  H             the selected item's history (arrows, PgUp PgDn,",
    "                Home End page it)",
    "  On a list     Enter: edit the element, open a record's fields",
    "                a: add  d Delete: delete (y confirms)",
    "                K J: move the element up, down",
    "  ?             this help (any key closes it)",
    "  q Ctrl-C      quit",
  ]

  func statusLine() -> String {
    let text: String
    switch mode {
    case .search(let query): text = "/" + TerminalText.escaped(query)
    case .help: text = "Press any key"
    case .history(let view): text = view.status(height: bodyHeight)
    case .browse: text = status ?? describeSelection()
    case .editText: text = "Enter: save  Esc: cancel"
    case .chooseMany: text = "Space: choose  Enter: save  Esc: cancel"
    case .confirmDelete(let position): text = deleteQuestion(position)
    }
    let hint = "? help  q quit"
    let shown = TerminalText.truncated(TerminalText.escaped(text), toWidth: width)
    let gap = width - DisplayWidth.of(shown) - DisplayWidth.of(hint)
    let line = gap >= 2 && mode == .browse ? shown + String(repeating: " ", count: gap) + hint : shown
    return colors ? "\u{1B}[7m" + TerminalText.padded(line, toWidth: width) + "\u{1B}[0m" : line
  }

  func describeSelection() -> String {
    if let page = level.list { return describeListRow(page) }
    guard let selection = level.selection else { return "" }
    // A row of a section read on demand is described from its compiled record, undecoded.
    if let compiled = level.table.compiledRow(at: selection) {
      return describe(
        compiled.row, value: compiled.value, isModified: compiled.isModified,
        state: level.table.state(ofCompiled: compiled.row), problem: nil, hasPage: compiled.row.hasPage,
        description: compiled.row.description)
    }
    switch level.table.row(at: selection) {
    case .sectionTitle(_, let title, let isExpanded, _):
      return "\(title): Enter \(isExpanded ? "closes" : "opens")"
    case .more(_, let remaining, let state):
      switch state {
      case .failed: return "Loading failed (the row says why); fix it, then Enter tries again"
      case .loading: return "Loading…"
      default: return "Enter loads more (\(remaining) remaining)"
      }
    case .item(let item, let value, let isModified):
      return describe(
        item, value: value, isModified: isModified, state: level.table.snapshot.state(of: item),
        problem: level.table.snapshot.problem(of: item), hasPage: item.page != nil,
        description: item.description)
    }
  }

  /// The status line of a selected item's row: its key, value, a rejected stored value, its lock
  /// and why it is dimmed, whether it opens a page, and its description.
  func describe<Row: RowFields>(
    _ item: Row, value: SettingValue?, isModified: Bool, state: ItemState, problem: StoredValueProblem?,
    hasPage: Bool, description: String?
  ) -> String {
    var text = item.key ?? item.title
    if let value {
      text +=
        " = " + ValueRules.text(of: value, forRow: item, style: .row) + (isModified ? " (modified)" : "")
    }
    if let problem {
      let stored = StoredValueProblem.shown(problem.storedValue, secure: problem.isSecure)
      text +=
        problem.notJSON.map { " — stored value not JSON (\(TerminalText.escaped($0)))" }
        ?? " — stored \(stored) rejected: expected \(problem.expected)"
    }
    if let lock = state.lock { text += " — locked: \(lock.reason) (\(lock.file))" }
    if let reason = state.disabledReason { text += " — " + reason }
    if hasPage { text += " — Enter opens" }
    if let description { text += " — " + description }
    return text
  }
}

extension String {
  /// The text with every SGR reset (`ESC [ 0 m`) replaced by `replacement`.
  func replacingResets(with replacement: String) -> String {
    split(separator: "\u{1B}[0m", omittingEmptySubsequences: false).joined(separator: replacement)
  }
}
