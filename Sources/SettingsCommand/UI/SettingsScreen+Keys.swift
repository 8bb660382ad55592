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
    if case .history(var view) = mode {
      mode = view.scroll(key, height: bodyHeight) ? .history(view) : .browse
      return
    }
    if case .search(let query) = mode {
      await handleSearchKey(key, query: query)
      keepSelectionVisible()
      return
    }
    if case .editText(let state) = mode {
      handleEditKey(key, state)
      keepSelectionVisible()
      return
    }
    if case .chooseMany(let list) = mode {
      handleChoiceKey(key, list)
      keepSelectionVisible()
      return
    }
    if case .confirmDelete(let position) = mode {
      handleDeleteAnswer(key, position: position)
      keepSelectionOnARow()
      keepSelectionVisible()
      return
    }
    if let page = level.list {
      await handleListKey(key, page)
      keepSelectionOnARow()
      keepSelectionVisible()
      return
    }
    status = nil
    if moveSelection(for: key) {
      keepSelectionVisible()
      return
    }
    switch key {
    case .right where stepSelection(by: 1): break
    case .left where stepSelection(by: -1): break
    case .character(let digit) where (digit.isASCII && digit.isNumber) || digit == "-":
      if let selection = level.selection, case .item(let item, _, _) = level.table.row(at: selection),
        item.type == .number || item.type == .slider
      {
        _ = startEditing(item, typed: digit)
      }
    case .enter, .character(" "), .right: await activate(key: key)
    case .escape, .backspace, .left: goBack()
    case .character("/"): mode = .search("")
    case .character("n"):
      if let query = lastSearch?.query {
        await jump(to: query)
      } else {
        status = "Nothing searched yet: / searches"
      }
    case .character("r"): resetSelection()
    case .character("u"): undoLast()
    case .character("H"): if let view = historyOfSelection() { mode = .history(view) }
    case .character("?"): mode = .help
    case .character("q"): isFinished = true
    default: break
    }
    keepSelectionVisible()
  }

  /// The keys that move the selection on every page (a list's too): ↑ ↓ `k` `j`, PgUp PgDn, Home
  /// End; false for any other key.
  mutating func moveSelection(for key: KeyPress) -> Bool {
    switch key {
    case .up, .character("k"): move(by: -1)
    case .down, .character("j"): move(by: 1)
    case .pageUp: movePage(by: -1)
    case .pageDown: movePage(by: 1)
    case .home: moveToEnd(first: true)
    case .end: moveToEnd(first: false)
    default: return false
    }
    return true
  }

  mutating func move(by step: Int) {
    let body = self.body
    guard let current = level.selection, body.contains(current) else {
      level.selection = body.firstRow
      return
    }
    level.selection = body.row(current, movedBy: step)
  }

  /// PgUp, PgDn: the row a screen (less one line) away, or the nearest past it in the direction of
  /// travel, else the nearest before it.
  mutating func movePage(by direction: Int) {
    let body = self.body
    guard let current = level.selection, body.contains(current) else { return move(by: direction) }
    let target = body.moved(BodyPosition(current), by: direction * max(1, bodyHeight - 1))
    let forward = direction > 0
    let other = forward ? body.line(before: target) : body.line(after: target)
    if let row = body.row(from: target, forward: forward)
      ?? other.flatMap({ body.row(from: $0, forward: !forward) })
    {
      level.selection = row
    }
  }

  mutating func moveToEnd(first: Bool) {
    level.selection = first ? body.firstRow : body.lastRow
  }

  /// Enter, Space or →: toggle a switch, step a choice, open a page, open or close a section, load more.
  mutating func activate(key: KeyPress) async {
    guard let selection = level.selection else { return }
    switch level.table.row(at: selection) {
    case .item(let item, _, _) where item.type == .list && key != .character(" "):
      openList(item)
    case .item(let item, _, _):
      // Enter opens a page; Space changes the row's own value when it has one.
      if let page = item.page, key != .character(" ") || (item.type != .switch && item.choices == nil) {
        open(page, of: item)
      } else if key != .right, startEditing(item) {
        // The editing line or the list is open.
      } else if item.choices != nil, item.multiple != true {
        changeValue(of: item) { actions, table throws(SettingsError) in
          try actions.selectNextChoice(of: item, in: &table)
        }
      } else if item.type != .switch {
        status = "\(item.title) has nothing to change here"
      } else if key != .right {
        changeValue(of: item) { actions, table throws(SettingsError) in try actions.toggle(item, in: &table) }
      }
    case .sectionTitle(let section, _, let isExpanded, _):
      apply(level.table.setExpanded(!isExpanded, section: section))
      if level.isTop, let viewStatePath {
        let spec = level.table.section(section)
        do {
          try ViewState.record(
            !isExpanded, forSection: ViewState.name(of: spec, at: section), at: viewStatePath)
        } catch {
          status = "Open and closed sections are not saved: " + error.message
        }
      }
    case .more(let section, _, _):
      apply(await TableActions().loadNextPage(inSection: section, of: &level.table))
    }
  }

  /// Changes an item's value through the settings that know it (every items file's items decoded
  /// for an item from an items file, as `settings toggle` reads them), then shows the change.
  mutating func changeValue(
    of item: SettingItem,
    _ action: (TableActions, inout SettingsTable) throws(SettingsError) -> TableUpdate
  ) {
    do {
      let settings = try self.settings(knowing: item)
      apply(try action(TableActions(settings: settings), &level.table))
    } catch {
      statusMessage = .error(error)
    }
  }

  /// The settings whose document has `item`: the document as loaded, or, for an item from an items
  /// file, the document with every items file decoded (made once).
  mutating func settings(knowing item: SettingItem) throws -> Settings {
    if let completeSettings { return completeSettings }
    if let key = item.key, settings.item(forFullKey: key) != nil { return settings }
    return try allItemsSettings()
  }

  /// The settings with every items file's items decoded, made the first time they are needed.
  mutating func allItemsSettings() throws -> Settings {
    if let completeSettings { return completeSettings }
    guard !loaded.itemsFiles.isEmpty else { return settings }
    let complete = Settings(document: try loaded.documentWithAllItems(), layers: settings.layers)
    complete.writeContext = settings.writeContext
    completeSettings = complete
    return complete
  }

  mutating func open(_ page: SettingsPage, of item: SettingItem) {
    let table = SettingsTable(page: page, snapshot: level.table.snapshot)
    stack.append(Level(table: table, breadcrumb: level.breadcrumb + " › " + item.title, isTop: false))
    level.selection = body.firstRow
  }

  mutating func goBack() {
    guard stack.count > 1 else { return }
    stack.removeLast()
  }

  /// Resets the selected item, and says so on the status line by its key. Returns what came of it
  /// after the item's name (`reset to its default`, `is at the value of FILE`), for the line mode,
  /// which says it by the title; nil when nothing was reset (an error is the status).
  @discardableResult
  mutating func resetSelection() -> String? {
    guard let selection = level.selection, case .item(let item, _, _) = level.table.row(at: selection),
      let key = item.key
    else { return nil }
    // An override equal to the value under it changes no value, but it is removed all the same.
    let wasStored = level.table.snapshot.value(of: item).isModified
    var update = TableUpdate.none
    changeValue(of: item) { actions, table throws(SettingsError) in
      update = try actions.reset(item, in: &table)
      return update
    }
    guard status == nil else { return nil }
    // After a reset the value is the default, or a system file's value.
    var what = "its default"
    if case .system(let file) = level.table.snapshot.source(of: item) { what = "the value of \(file)" }
    let outcome = update.change == nil && !wasStored ? "is at \(what)" : "reset to \(what)"
    status = "\(key) \(outcome)"
    return outcome
  }

  // MARK: - Search

  mutating func handleSearchKey(_ key: KeyPress, query: String) async {
    switch key {
    case .escape: mode = .browse
    case .backspace: mode = query.isEmpty ? .browse : .search(String(query.dropLast()))
    case .character(let character): mode = .search(query + String(character))
    case .enter:
      mode = .browse
      await jump(to: query)
    default: break
    }
  }

  /// Shows the next item matching `query` (after the last match when the query is repeated),
  /// items files included: opens the pages on its way and the section it is in, loads the pages of
  /// its section up to it, and selects it. A match that a `visibleWhen` hides is not selected; the
  /// status line says which item hides it.
  mutating func jump(to query: String) async {
    let settings: Settings
    let snapshot: SettingsSnapshot
    do {
      settings = try allItemsSettings()
      snapshot = try settings.snapshot()
    } catch {
      statusMessage = .error(error)
      return
    }
    let matches = SettingsSearch.find(query, in: settings.document, snapshot: snapshot)
    guard !matches.isEmpty else {
      status = "No match for \(query)"
      return
    }
    let index = lastSearch?.query == query ? ((lastSearch?.index ?? -1) + 1) % matches.count : 0
    lastSearch = (query, index)
    let match = matches[index]
    guard let key = match.item.key, let located = try? settings.locate(key) else {
      status = "\(match.item.title) has no key to jump to"
      return
    }
    stack.removeSubrange(1...)
    for ancestor in located.ancestors {
      guard let page = ancestor.page else { break }
      open(page, of: ancestor)
    }
    let position = "\(index + 1) of \(matches.count): "
    if let reason = match.hiddenReason {
      status = position + "\(match.item.title) is hidden now: \(reason)"
      return
    }
    guard await select(key: key, inSection: located.section) else {
      status = position + "\(match.item.title) could not be shown: its page did not load"
      return
    }
    status = position + match.breadcrumb.joined(separator: " › ") + "  (n: next)"
  }

  /// Selects the row of the item `key` in `section` of the current page, opening the section if
  /// closed and loading its pages up to the item; false when the item is not shown after all.
  mutating func select(key: String, inSection section: Int) async -> Bool {
    guard section < level.table.numberOfSections else { return false }
    if !level.table.isExpanded(section) { apply(level.table.setExpanded(true, section: section)) }
    while true {
      if let indexPath = level.table.indexPath(ofKey: key) {
        level.selection = indexPath
        keepSelectionVisible()
        return true
      }
      guard let state = moreState(inSection: section), state != .exhausted else { return false }
      apply(await TableActions().loadNextPage(inSection: section, of: &level.table))
      if case .failed = moreState(inSection: section) { return false }
    }
  }

  /// The state of the section's "more" row, if it has one.
  func moreState(inSection section: Int) -> LoadState? {
    let rows = level.table.numberOfRows(inSection: section)
    guard rows > 0,
      case .more(_, _, let state) = level.table.row(at: TableIndexPath(row: rows - 1, section: section))
    else { return nil }
    return state
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
