import SettingsKit

extension SettingsScreen {
  /// Acts on one key press; see ``helpLines`` for the keys.
  public mutating func handle(_ key: KeyPress) async {
    if key == .interrupt {
      isFinished = true
      return
    }
    if mode == .help {
      mode = .browse
      return
    }
    if case .search(let query) = mode {
      handleSearchKey(key, query: query)
      keepSelectionVisible()
      return
    }
    status = nil
    switch key {
    case .up, .character("k"): move(by: -1)
    case .down, .character("j"): move(by: 1)
    case .pageUp: movePage(by: -1)
    case .pageDown: movePage(by: 1)
    case .home: moveToEnd(first: true)
    case .end: moveToEnd(first: false)
    case .enter, .character(" "), .right: await activate(key: key)
    case .escape, .backspace, .left: goBack()
    case .character("/"): mode = .search("")
    case .character("n"):
      if let query = lastSearch?.query {
        jump(to: query)
      } else {
        status = "Nothing searched yet: / searches"
      }
    case .character("r"): resetSelection()
    case .character("?"): mode = .help
    case .character("q"): isFinished = true
    default: break
    }
    keepSelectionVisible()
  }

  mutating func move(by step: Int) {
    let rows = selectableRows(of: level.table)
    guard !rows.isEmpty else { return }
    guard let current = level.selection, let index = rows.firstIndex(of: current) else {
      level.selection = rows.first
      return
    }
    level.selection = rows[max(0, min(rows.count - 1, index + step))]
  }

  mutating func movePage(by direction: Int) {
    let lines = bodyLines(selected: nil)
    guard let current = level.selection, let here = lines.firstIndex(where: { $0.indexPath == current })
    else {
      return move(by: direction)
    }
    let target = max(0, min(lines.count - 1, here + direction * max(1, bodyHeight - 1)))
    // The row at or nearest past the target line, in the direction of travel.
    let candidates =
      direction > 0
      ? Array(lines[target...]) + lines[..<target].reversed()
      : lines[...target].reversed() + Array(lines[(target + 1)...])
    if let row = candidates.first(where: { $0.indexPath != nil })?.indexPath { level.selection = row }
  }

  mutating func moveToEnd(first: Bool) {
    let rows = selectableRows(of: level.table)
    level.selection = first ? rows.first : rows.last
  }

  /// Enter, Space or →: toggle a switch, step a choice, open a page, open or close a section, load more.
  mutating func activate(key: KeyPress) async {
    guard let selection = level.selection else { return }
    let row = level.table.row(at: selection)
    if case .item(let item, _, _) = row {
      // Enter opens a page; Space changes the row's own value when it has one.
      if let page = item.page, key != .character(" ") || (item.type != .switch && item.choices == nil) {
        open(page, of: item)
        return
      }
      if let choices = item.choices, let key = item.key {
        stepChoice(choices, key: key)
        return
      }
      guard item.type == .switch else {
        status = "\(item.title) has nothing to change here"
        return
      }
    }
    if key == .right, case .item = row { return }
    do {
      let update = try await level.table.didSelectRow(at: selection)
      if case .sectionTitle(let section, _, _, _) = row, level.isTop, let viewStatePath {
        let spec = level.table.section(section)
        try? ViewState.record(
          level.table.isExpanded(section), forSection: ViewState.name(of: spec, at: section),
          at: viewStatePath)
      }
      if update.change != nil { reloadAllValues() }
    } catch {
      status = "Error: " + error.message
    }
    let rows = selectableRows(of: level.table)
    if let current = level.selection, !rows.contains(current) { level.selection = rows.last }
  }

  mutating func stepChoice(_ choices: [SettingChoice], key: String) {
    let current = level.table.snapshot.values[key]
    let index = choices.firstIndex { .string($0.value) == current } ?? -1
    let next = choices[(index + 1) % choices.count]
    do {
      try settings.set(key, to: .string(next.value))
      reloadAllValues()
    } catch {
      status = "Error: " + error.message
    }
  }

  mutating func open(_ page: SettingsPage, of item: SettingItem) {
    let document = SettingsDocument(id: settings.document.id, title: item.title, sections: page.sections)
    do {
      let table = try SettingsTable(
        document: document, snapshot: try settings.snapshot(), settings: settings)
      var next = Level(table: table, breadcrumb: level.breadcrumb + " › " + item.title, isTop: false)
      next.selection = selectableRows(of: table).first
      stack.append(next)
    } catch let error as SettingsError {
      status = "Error: " + error.message
    } catch {
      status = "Error: \(error)"
    }
  }

  mutating func goBack() {
    guard stack.count > 1 else { return }
    stack.removeLast()
    reloadAllValues()
  }

  mutating func resetSelection() {
    guard let selection = level.selection, case .item(let item, _, _) = level.table.row(at: selection),
      let key = item.key
    else { return }
    do {
      let changes = try settings.reset([key])
      reloadAllValues()
      status = changes.isEmpty ? "\(key) is at its default" : "\(key) reset to its default"
    } catch {
      status = "Error: " + error.message
    }
  }

  /// Re-reads the values on every page of the stack (a change can show on a parent's row).
  mutating func reloadAllValues() {
    for index in stack.indices {
      do {
        try stack[index].table.reloadValues()
      } catch {
        status = "Error: " + error.message
      }
    }
    let rows = selectableRows(of: level.table)
    if let current = level.selection, !rows.contains(current) { level.selection = rows.last }
  }

  // MARK: - Search

  mutating func handleSearchKey(_ key: KeyPress, query: String) {
    switch key {
    case .escape: mode = .browse
    case .backspace: mode = query.isEmpty ? .browse : .search(String(query.dropLast()))
    case .character(let character): mode = .search(query + String(character))
    case .enter:
      mode = .browse
      jump(to: query)
    default: break
    }
  }

  /// Shows the next item matching `query` (after the last match when the query is repeated):
  /// opens the pages on its way and the section it is in, and selects it.
  mutating func jump(to query: String) {
    let matches = SettingsSearch.find(query, in: settings.document)
    guard !matches.isEmpty else {
      status = "No match for \(query)"
      return
    }
    let index = lastSearch?.query == query ? ((lastSearch?.index ?? -1) + 1) % matches.count : 0
    lastSearch = (query, index)
    guard let key = matches[index].item.key, let located = try? settings.locate(key) else {
      status = "\(matches[index].item.title) has no key to jump to"
      return
    }
    stack.removeSubrange(1...)
    for ancestor in located.ancestors {
      guard let page = ancestor.page else { break }
      open(page, of: ancestor)
    }
    let position = "\(index + 1) of \(matches.count): "
    guard select(key: key) else {
      status = position + "\(matches[index].item.title) is hidden now (it shows only with other values)"
      return
    }
    status = position + matches[index].breadcrumb.joined(separator: " › ") + "  (n: next)"
  }

  /// Selects the row of the item `key` on the current page, opening its section if closed; false
  /// when the item is not on the page (hidden by `visibleWhen`).
  @discardableResult
  mutating func select(key: String) -> Bool {
    for section in 0..<level.table.numberOfSections
    where level.table.section(section).items.contains(where: { $0.key == key }) {
      if !level.table.isExpanded(section) { level.table.setExpanded(true, section: section) }
      for row in 0..<level.table.numberOfRows(inSection: section) {
        if case .item(let item, _, _) = level.table.row(at: TableIndexPath(row: row, section: section)),
          item.key == key
        {
          level.selection = TableIndexPath(row: row, section: section)
          keepSelectionVisible()
          return true
        }
      }
    }
    return false
  }
}

extension Error {
  /// The message to show for an error from the library, worded as the command line words it
  /// (``CommandError``).
  var message: String {
    guard let error = self as? any ExplainedError else { return "\(self)" }
    return CommandError(error).messages.joined(separator: "; ")
  }
}
