import SettingsKit

extension SettingsScreen {
  /// Takes in what a watch of the store reported (``Settings/monitor(_:handler:)``: changes made
  /// elsewhere, store errors): re-reads the values, draws again the sections whose rows changed on
  /// every page of the stack, and says on the status line which key changed elsewhere. A change
  /// the screen already shows (one it made itself through another ``Settings``, such as the one
  /// for items files) is drawn but not announced. A ``SettingsEvent/documentReloaded(_:changedDefaults:)``
  /// is left to the caller, which opens the new document's items files (``reloaded(with:)``).
  public mutating func takeOutsideEvents(_ events: [SettingsEvent]) {
    var changes: [SettingChange] = []
    for event in events {
      switch event {
      case .changed(let change): changes.append(change)
      case .storeFailed(let error):
        status = "The store cannot be read, values as last read: " + error.message
      case .storeRecovered: status = "The store reads again"
      case .documentFailed(let error):
        status =
          "The document changed on disk but does not load; still showing the last good one: "
          + error.message
      case .documentReloaded: break
      }
    }
    guard !changes.isEmpty else { return }
    let shown = stack[0].table.snapshot
    let news = changes.filter { shown.values[$0.key] != $0.newValue }
    let snapshot: SettingsSnapshot
    do {
      snapshot = try settings.snapshot()
    } catch {
      status = "Error: " + error.message
      return
    }
    protectEditInProgress(changedKeys: Set(news.map(\.key)))
    for index in stack.indices {
      let update = stack[index].table.apply(snapshot)
      if !update.reloadedSections.isEmpty { redraw(update.reloadedSections, level: index) }
    }
    let rows = selectableRows(of: level.table)
    if let current = level.selection, !rows.contains(current) { level.selection = rows.last }
    keepSelectionVisible()
    guard let latest = news.last else { return }
    let item = settings.document.item(forKey: latest.key)
    func shownValue(_ value: SettingValue) -> String {
      item.map { snapshot.shown(value, of: $0) } ?? value.description
    }
    status =
      "\(latest.key) changed elsewhere: \(shownValue(latest.oldValue)) → \(shownValue(latest.newValue))"
      + (news.count > 1 ? " (and \(news.count - 1) more)" : "")
  }

  /// The hook for an edit in progress (text fields are being added to the screen): called with the
  /// keys that changed elsewhere before their rows are drawn again. When the screen edits a value,
  /// an outside change to that key must not overwrite what is being typed: the editor keeps its
  /// text, the status line says the value changed underneath, and Enter then asks again. Today no
  /// row is edited in place, so there is nothing to protect.
  mutating func protectEditInProgress(changedKeys: Set<String>) {}

  /// The screen for a new version of the document (it changed on disk): the same store, size,
  /// colours and view state file; the top page, with the selection on the same key where it is
  /// still shown, and a status line that says so.
  ///
  /// - Throws: ``SettingsError`` when the store cannot be read, ``DocumentError`` when an items
  ///   file's first page is not valid.
  public func reloaded(with document: LoadedDocument, changedDefaults: [String] = []) throws -> SettingsScreen
  {
    let viewState = viewStatePath.map { ViewState.read(from: $0).state } ?? ViewState()
    var screen = try SettingsScreen(
      document: document, store: settings.store, viewState: viewState, viewStatePath: viewStatePath,
      width: width, height: height, colors: colors)
    if let selection = stack[0].selection, case .item(let item, _, _) = stack[0].table.row(at: selection),
      let key = item.key, let indexPath = screen.level.table.indexPath(ofKey: key)
    {
      screen.level.selection = indexPath
      screen.keepSelectionVisible()
    }
    screen.status =
      "The document changed on disk and was reloaded"
      + (changedDefaults.isEmpty ? "" : " (new defaults: \(changedDefaults.joined(separator: ", ")))")
    return screen
  }
}
