import SettingsKit

extension SettingsScreen {
  /// Takes in what a watch of the store reported (``Settings/monitor(_:handler:)``: changes made
  /// elsewhere, store errors): re-reads the values, draws again the sections whose rows changed on
  /// every page of the stack, and says on the status line which key changed elsewhere. A change
  /// the screen already shows (one it made itself through another ``Settings``, such as the one
  /// for items files) is drawn but not announced. An items file's key (``SettingsEvent/otherKeyChanged(key:)``)
  /// is announced when its row was loaded; its value is read again either way. The keys go to
  /// ``outside`` for the line mode. A ``SettingsEvent/documentReloaded(_:changedDefaults:)`` is left
  /// to the caller, which opens the new document's items files (``reloaded(with:)``). A system file
  /// that can no longer be used is a warning, which stays on the status line over what it took
  /// away.
  public mutating func takeOutsideEvents(_ events: [SettingsEvent]) {
    var changes: [SettingChange] = []
    var otherKeys: [String] = []
    // Rows whose marker changed without their value: a stored value rejected, a lock.
    var remarked = false
    var warning: String?
    defer { if let warning { status = warning } }
    for event in events {
      switch event {
      case .changed(let change):
        changes.append(change)
        outside.keys.append(change.key)
      case .storeFailed(let error):
        let message = "The store cannot be read, values as last read: " + error.message
        status = message
        outside.messages.append(message)
      case .storeRecovered:
        status = "The store reads again"
        outside.messages.append("The store reads again")
      case .documentFailed(let error):
        let message =
          "The document changed on disk but does not load; still showing the last good one: "
          + error.message
        status = message
        outside.messages.append(message)
      case .documentReloaded: break
      case .systemFileIgnored(let file):
        // Shown last: what the file takes away (locks, values) comes in the events after it.
        let message = "Warning: " + file.message
        warning = message
        outside.messages.append(message)
      case .storedValueRejected(let problem):
        remarked = true
        outside.keys.append(problem.key)
        status = "Warning: " + problem.message
        outside.keyStatus = status
      case .storedValueAccepted(let key):
        remarked = true
        outside.keys.append(key)
        status = "\(TerminalText.escaped(key))'s stored value is no longer rejected"
        outside.keyStatus = status
      case .lockChanged(let key, let lock):
        remarked = true
        outside.keys.append(key)
        status =
          lock.map {
            "\(TerminalText.escaped(key)) is now locked: \(TerminalText.escaped($0.reason)) (\(TerminalText.escaped($0.file)))"
          }
          ?? "\(TerminalText.escaped(key)) is no longer locked"
        outside.keyStatus = status
      case .otherKeyChanged(let key):
        otherKeys.append(key)
        outside.keys.append(key)
      }
    }
    guard !changes.isEmpty || remarked || !otherKeys.isEmpty else { return }
    let shown = stack[0].table.snapshot
    var news = changes.filter { shown.value(forKey: $0.key) != $0.newValue }.map {
      (key: $0.key, item: settings.document.item(forKey: $0.key), old: $0.oldValue, new: $0.newValue)
    }
    // An items file's rows loaded so far, with the values they show now.
    let loaded = otherKeys.compactMap { key in
      itemsFileItem(forKey: key).map { (key: key, item: $0, old: shown.value(of: $0).value) }
    }
    let snapshot: SettingsSnapshot
    do {
      snapshot = try settings.snapshot()
    } catch {
      statusMessage = .error(error)
      return
    }
    let shownLists = listElementsShown()
    for index in stack.indices { stack[index].table.apply(snapshot) }
    let withdrawn = followListElements(from: shownLists)
    defer { if let withdrawn { status = (status.map { $0 + "; " } ?? "") + withdrawn } }
    let now = stack[0].table.snapshot
    for entry in loaded {
      guard let old = entry.old, let new = now.value(of: entry.item).value, new != old else { continue }
      news.append((key: entry.key, item: entry.item, old: old, new: new))
    }
    protectEditInProgress(changedKeys: Set(news.map(\.key)))
    keepSelectionOnARow()
    keepSelectionVisible()
    guard let latest = news.last else { return }
    func shownValue(_ value: SettingValue) -> String {
      now.shown(value, of: latest.item)
    }
    status =
      "\(latest.key) changed elsewhere: \(shownValue(latest.old)) → \(shownValue(latest.new))"
      + (news.count > 1 ? " (and \(news.count - 1) more)" : "")
    outside.keyStatus = status
  }

  /// The item of `key` among the rows of the top page's items-file sections loaded so far (their
  /// items are not the document's own); nil when it was not loaded.
  func itemsFileItem(forKey key: String) -> SettingItem? {
    let table = stack[0].table
    for index in 0..<table.numberOfSections where table.section(index).itemsFile != nil {
      if let item = table.shownItems(inSection: index).first(where: { $0.key == key }) { return item }
    }
    return nil
  }

  /// The hook for an edit in progress: called with the keys that changed elsewhere before their
  /// rows are drawn again. An outside change to the key being edited does not overwrite what is
  /// being typed: the editing line keeps its text and says, above it, that the value changed
  /// underneath; Enter saves what was typed, Esc keeps the other value. (An open multiple choice
  /// list keeps its marks the same way, without a note.)
  mutating func protectEditInProgress(changedKeys: Set<String>) {
    switch mode {
    case .editText(var state):
      guard let key = state.item.key, changedKeys.contains(key) else { return }
      state.note = "\(key) changed elsewhere; Enter saves what you typed, Esc keeps the new value"
      mode = .editText(state)
    default:
      return
    }
  }

  /// The key of the item at `indexPath` in `table`; nil for another row or an item without one.
  private static func key(at indexPath: TableIndexPath, in table: SettingsTable) -> String? {
    guard case .item(let item, _, _) = table.row(at: indexPath) else { return nil }
    return item.key
  }

  /// The screen for a new version of the document (it changed on disk): the same layers, size,
  /// colours and view state file; the top page, with as many pages of each paginated section as
  /// were shown, the selection on the same key where it is still shown (or on the same section's
  /// "more" row, where it was on one), the child pages that were open, as deep as the new version
  /// has them (a list's page with its selection, a record's form on the same record), and a status
  /// line that says so.
  ///
  /// - Throws: ``SettingsError`` when the store cannot be read, ``DocumentError`` when an items
  ///   file's pages that were shown are not valid.
  public func reloaded(with document: LoadedDocument, changedDefaults: [String] = []) throws -> SettingsScreen
  {
    let viewState = viewStatePath.map { ViewState.read(from: $0).state } ?? ViewState()
    let old = stack[0].table
    var pages: [Int: SettingsTable.Pages] = [:]
    for index in 0..<old.numberOfSections where index < document.document.sections.count {
      guard let size = document.document.sections[index].effectivePageSize, size > 0 else { continue }
      let (offset, shown, _) = old.pagination(ofSection: index)
      if offset == 0, shown > size { pages[index] = .through((shown + size - 1) / size) }
    }
    // The same layers: the system files' values and locks stay (the user's store alone lost them).
    var screen = try SettingsScreen(
      document: document, layers: settings.layers, viewState: viewState, viewStatePath: viewStatePath,
      width: width, height: height, colors: colors, pages: pages)
    if let selection = stack[0].selection {
      let table = screen.level.table
      var found: TableIndexPath?
      switch old.row(at: selection) {
      case .item(let item, _, _): found = item.key.flatMap { table.indexPath(ofKey: $0) }
      case .more(let section, _, _) where section < table.numberOfSections:
        let last = TableIndexPath(row: table.numberOfRows(inSection: section) - 1, section: section)
        if last.row >= 0, case .more = table.row(at: last) { found = last }
      default: break
      }
      if let found {
        screen.level.selection = found
        screen.keepSelectionVisible()
      }
    }
    // The child pages open before open again, through the items of the same keys, each with the
    // selection on the same key; as deep as the new version still has them.
    for depth in stack.indices.dropFirst() {
      // A list's page opens again through the row of the same key; a record's form over it, on
      // the same record.
      if let list = stack[depth].list {
        let parent = stack[depth - 1]
        let opener =
          parent.list == nil ? parent.selection.flatMap { Self.key(at: $0, in: parent.table) } : nil
        guard screen.reopen(list, openedBy: opener, selection: stack[depth].selection) else { break }
        continue
      }
      guard let opener = stack[depth - 1].selection.flatMap({ Self.key(at: $0, in: stack[depth - 1].table) }),
        let at = screen.level.table.indexPath(ofKey: opener),
        case .item(let item, _, _) = screen.level.table.row(at: at), let page = item.page
      else { break }
      screen.level.selection = at
      screen.keepSelectionVisible()
      screen.open(page, of: item)
      if let selected = stack[depth].selection.flatMap({ Self.key(at: $0, in: stack[depth].table) }),
        let found = screen.level.table.indexPath(ofKey: selected)
      {
        screen.level.selection = found
      }
      screen.keepSelectionVisible()
    }
    screen.status =
      "The document changed on disk and was reloaded"
      + (changedDefaults.isEmpty ? "" : " (new defaults: \(changedDefaults.joined(separator: ", ")))")
    return screen
  }
}
