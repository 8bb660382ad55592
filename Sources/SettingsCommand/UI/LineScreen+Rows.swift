import SettingsKit

extension LineScreen {
  /// The rows of the current page in reading order: every section's rows, a collapsible section's
  /// title row and a paginated section's "more" row included. Row `n` of the line mode is `rows[n - 1]`.
  var rows: [TableIndexPath] {
    let table = screen.level.table
    return (0..<table.numberOfSections).flatMap { section in
      (0..<table.numberOfRows(inSection: section)).map { TableIndexPath(row: $0, section: section) }
    }
  }

  /// Every row of the page in ``rows``' order, with what its line is made of (``RowSignature``):
  /// comparing these finds the rows whose line changed without writing every line.
  func described() -> [RowSignature] {
    let table = screen.level.table
    let snapshot = table.snapshot
    // Sections read on demand read their rows once and keep them: every change says them again.
    for section in 0..<table.numberOfSections where table.isExpanded(section) {
      table.readRows(inSection: section)
    }
    return rows.map { indexPath in
      // A row of a section read on demand is said from its compiled record, undecoded.
      if let compiled = table.compiledRow(at: indexPath) {
        return RowSignature(
          identity: .item(compiled.row.key ?? compiled.row.title), value: compiled.value,
          isModified: compiled.isModified, state: table.state(ofCompiled: compiled.row), rejection: nil)
      }
      switch table.row(at: indexPath) {
      case .sectionTitle(let section, _, let isExpanded, let summary):
        return RowSignature(identity: .section(section), detail: "\(isExpanded) \(summary)")
      case .more(let section, let remaining, let state):
        return RowSignature(identity: .more(section), detail: "\(remaining) \(state)")
      case .item(let item, let value, let isModified):
        return RowSignature(
          identity: .item(item.key ?? item.title), value: value, isModified: isModified,
          state: snapshot.state(of: item), rejection: Self.rejection(snapshot.problem(of: item)))
      }
    }
  }

  /// The page: its breadcrumb and number of rows, then section by section its header, its rows
  /// (numbered) and its footer.
  func pageLines() -> [String] {
    if let page = screen.level.list { return listPageLines(page) }
    let table = screen.level.table
    let numbered = rows
    var lines = [
      "Page \(Self.breadcrumb(screen.level.breadcrumb)), \(numbered.count) \(numbered.count == 1 ? "row" : "rows"):"
    ]
    var number = 0
    for section in 0..<table.numberOfSections {
      if table.isExpanded(section) { table.readRows(inSection: section) }
      let spec = table.section(section)
      if let header = spec.header, !spec.isCollapsible { lines.append("Section \(Self.text(header)):") }
      for _ in 0..<table.numberOfRows(inSection: section) {
        lines.append(rowLine(number + 1, numbered[number]))
        number += 1
      }
      if let footer = spec.footer, table.isExpanded(section) { lines.append("Note: \(Self.text(footer))") }
    }
    if numbered.isEmpty { lines.append("This page has no rows. b goes back.") }
    return lines
  }

  /// A row's line: its number, then ``describe(_:)``.
  func rowLine(_ number: Int, _ indexPath: TableIndexPath) -> String {
    "\(number). " + describe(indexPath)
  }

  /// What a row says: its title, its value, its state in words (changed, dimmed and why, locked
  /// and by whom, a stored value rejected, secure, deprecated), its subtitle, and what Enter does.
  /// Icons are left out: the title names the row, and an emoji's name read before every title
  /// says nothing more.
  func describe(_ indexPath: TableIndexPath) -> String {
    let table = screen.level.table
    if let compiled = table.compiledRow(at: indexPath) {
      return describe(
        compiled.row, value: compiled.value, isModified: compiled.isModified,
        state: table.state(ofCompiled: compiled.row), problem: nil, hasPage: compiled.row.hasPage)
    }
    switch table.row(at: indexPath) {
    case .sectionTitle(_, let title, let isExpanded, let summary):
      let summaryText = isExpanded || summary.isEmpty ? "" : ", " + Self.text(summary)
      return "\(Self.text(title)): section, \(isExpanded ? "open" : "closed")\(summaryText). Enter "
        + (isExpanded ? "closes" : "opens") + " it."
    case .more(_, let remaining, let state):
      switch state {
      case .loading: return "Loading more."
      case .failed(let message): return "Loading failed: \(Self.text(message)). Enter tries again."
      default: return "More: \(remaining) not shown yet. Enter loads them."
      }
    case .item(let item, let value, let isModified):
      return describe(
        item, value: value, isModified: isModified, state: table.snapshot.state(of: item),
        problem: table.snapshot.problem(of: item), hasPage: item.page != nil)
    }
  }

  /// What an item's row says (``describe(_:)``), given its value, state and rejected stored value.
  func describe<Row: RowFields>(
    _ item: Row, value: SettingValue?, isModified: Bool, state: ItemState, problem: StoredValueProblem?,
    hasPage: Bool
  ) -> String {
    var parts: [String] = []
    let title = Self.text(item.title)
    parts.append(valueWords(item, value).map { "\(title): \($0)" } ?? title)
    parts.append(contentsOf: stateWords(item, isModified: isModified, state: state, problem: problem))
    if let subTitle = item.subTitle { parts.append(Self.text(subTitle)) }
    parts.append(enterWords(item, value, state: state, hasPage: hasPage))
    return parts.map { $0.hasSuffix(".") ? $0 : $0 + "." }.joined(separator: " ")
  }

  /// The value of an item's row in words: `on` or `off`, the text, the number with its unit, the
  /// choice's title, the chosen titles; nil for a row that only opens a page. A secure text is
  /// never said: `set, hidden` or `empty`.
  func valueWords<Row: RowFields>(_ item: Row, _ value: SettingValue?) -> String? {
    let content = RowContent(row: item, value: value, isModified: false)
    switch content.accessory {
    case .none, .chevron: return nil
    case .switchState(let isOn): return ValueRules.text(of: .bool(isOn))
    case .value(let text) where item.securesValue: return text.isEmpty ? "empty" : "set, hidden"
    case .value(let text), .detail(let text), .text(let text):
      return text.isEmpty ? "empty" : Self.text(text)
    case .placeholder(let placeholder):
      return placeholder.isEmpty ? "empty" : "empty (\(Self.text(placeholder)))"
    case .slider(_, let label):
      let range = item.min.flatMap { min in item.max.map { " from \(min) to \($0)" } } ?? ""
      return "\(Self.text(label)), slider\(range)"
    case .choices(let titles):
      return titles.isEmpty ? "none chosen" : titles.map(Self.text).joined(separator: ", ")
    }
  }

  /// An item's state in words, each a sentence of its own.
  func stateWords<Row: RowFields>(
    _ item: Row, isModified: Bool, state: ItemState, problem: StoredValueProblem?
  ) -> [String] {
    var words: [String] = []
    if let problem {
      let stored = StoredValueProblem.shown(problem.storedValue, secure: problem.isSecure)
      words.append(
        problem.notJSON.map { "Stored value rejected: not JSON (\(Self.text($0))); the default is used" }
          ?? "Stored value \(Self.text(stored)) rejected: expected \(Self.text(problem.expected)); the default is used"
      )
    } else if isModified {
      words.append("Changed")
    }
    if let lock = state.lock { words.append("Locked by \(Self.text(lock.file)): \(Self.text(lock.reason))") }
    if let reason = state.disabledReason { words.append("Dimmed: \(Self.text(reason))") }
    if item.securesValue { words.append("Secure") }
    if let deprecated = item.deprecated { words.append("Deprecated: \(Self.text(deprecated))") }
    return words
  }

  /// What Enter does on an item's row.
  func enterWords<Row: RowFields>(_ item: Row, _ value: SettingValue?, state: ItemState, hasPage: Bool)
    -> String
  {
    if hasPage { return "Enter opens its page" }
    if item.type == .list { return "Enter opens its elements" }
    if !state.isEditable { return "Enter does nothing: it cannot be changed now" }
    switch item.type {
    case .switch: return value == .bool(true) ? "Enter turns it off" : "Enter turns it on"
    case .textField, .number, .slider: return "Enter edits it"
    default: return item.choices != nil ? "Enter lists its choices" : "Enter does nothing"
    }
  }

  /// A field of text from the document or the store (a title, a value, a reason) as one line:
  /// control characters escaped (``TerminalText/escaped(_:)``), so that no escape sequence and no
  /// line break reach the output, and right-to-left text isolated (``TerminalText/isolated(_:)``),
  /// as the full screen and `show` isolate it, so that a Hebrew or Arabic title does not reorder
  /// the words around it.
  static func text(_ text: String) -> String { TerminalText.isolated(TerminalText.escaped(text)) }

  /// A breadcrumb (`Settings › Wi-Fi`) as the line mode says it: `Settings > Wi-Fi`, the `›` of
  /// the full screen being a glyph that a screen reader names on every line.
  static func breadcrumb(_ text: String) -> String {
    path(text.split(separator: " › ", omittingEmptySubsequences: false).map(String.init))
  }

  /// Titles from a page down (a breadcrumb's parts) as the line mode says them: each one a field
  /// (``text(_:)``), joined by `>`.
  static func path(_ titles: [String]) -> String { titles.map(Self.text).joined(separator: " > ") }
}

/// What a row's line in the line mode is made of, apart from what the document fixes (titles,
/// types): which row it is, an item's value, whether it is an override, its state (enabled,
/// locked) and a stored value it rejects (in words: where it stands in the store is not said, and
/// moves with any edit of the file); a section's open state and summary; a "more" row's
/// count and load state. Two rows with the same signature are said the same, while the document
/// stays the same (a new version of it is said whole).
struct RowSignature: Equatable {
  /// Which row: an item by its key (its title when it has none), a section's title row or a
  /// section's "more" row by the section's index.
  enum Identity: Hashable {
    case item(String)
    case section(Int)
    case more(Int)
  }

  var identity: Identity
  var value: SettingValue?
  var isModified = false
  var state: ItemState?
  var rejection: String?
  /// A section's or "more" row's changing parts, as text.
  var detail = ""
}
