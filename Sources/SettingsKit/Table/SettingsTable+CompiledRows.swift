extension SettingsTable {
  /// What the item row at `indexPath` shows, with its value and whether that is an override, read
  /// from the compiled form without decoding its section (``CompiledRow``): for a row of a section
  /// read on demand whose items were not decoded. Nil for any other row, and for one whose value
  /// needs its item: under system files, or with a stored value of its key that the snapshot did
  /// not take (``SettingsSnapshot/problem(of:)``); ``row(at:)`` then gives it.
  ///
  /// Such a row has no conditions, no earlier keys and no secret (``CompiledItems`` says why), so
  /// its state is ``ItemState/normal``: what ``row(at:)``'s item would give, byte for byte drawn.
  ///
  /// `rows` are the section's rows when the caller read them (``compiledRows(inSection:)``);
  /// without them the row is read alone, or from the rows the section keeps.
  package func compiledRow(at indexPath: TableIndexPath, from rows: [CompiledRow]? = nil) -> (
    row: CompiledRow, value: SettingValue?, isModified: Bool
  )? {
    let section = sections[indexPath.section]
    guard let compiled = section.compiled, !compiled.isDecoded, snapshot.system.isEmpty else { return nil }
    var index = indexPath.row
    if section.spec.isCollapsible {
      guard index > 0 else { return nil }
      index -= 1
    }
    guard index < section.visibleCount,
      let row = rows.map({ $0.indices.contains(index) ? $0[index] : nil }) ?? compiled.row(index)
    else { return nil }
    guard let key = row.key else { return (row, row.shippedValue, false) }
    // As ``SettingsSnapshot/value(of:)`` reads a key with no system layers under the store; the
    // dictionaries that are empty, as they mostly are, are not looked in.
    guard snapshot.problemIndex.isEmpty || snapshot.problemIndex[key] == nil,
      snapshot.otherOverrides.isEmpty || snapshot.otherOverrides[key] == nil
    else { return nil }
    // A row in the compiled form shows its default unless the snapshot holds another value.
    if let value = snapshot.overriddenValues[key] {
      return (row, value, !snapshot.modified.isEmpty && snapshot.modified.contains(key))
    }
    return (row, row.shippedValue, false)
  }

  /// The state of a row that ``compiledRow(at:from:)`` gave: ``SettingsSnapshot/state(of:)`` of its item,
  /// which has no conditions and no lock there: enabled and shown, its value from the store or
  /// the default.
  package func state(ofCompiled row: CompiledRow) -> ItemState {
    var state = ItemState.normal
    if let key = row.key, !snapshot.sources.isEmpty { state.source = snapshot.sources[key] ?? .default }
    return state
  }

  /// Whether the row at `indexPath` is a collapsible section's title row, known without reading
  /// the section's items.
  package func isSectionTitle(at indexPath: TableIndexPath) -> Bool {
    sections[indexPath.section].spec.isCollapsible && indexPath.row == 0
  }

  /// Reads the rows of section `index` from the compiled form at once and keeps them, when its
  /// items were not decoded, so that saying all of them again and again (the line mode) scans its
  /// items' bytes once rather than row by row.
  package func readRows(inSection index: Int) {
    guard let compiled = sections[index].compiled, !compiled.isDecoded else { return }
    _ = compiled.rows
  }

  /// The rows of section `index` read from the compiled form now, not kept
  /// (``CompiledItems/readRows()``), for ``compiledRow(at:from:)``; nil when its items were
  /// decoded or the rows do not read.
  package func compiledRows(inSection index: Int) -> [CompiledRow]? {
    guard let compiled = sections[index].compiled, !compiled.isDecoded else { return nil }
    return compiled.readRows()
  }

  /// How many of a section's items read on demand hold an override, from their keys alone; nil
  /// when its items were decoded or a key's value needs its item (see ``compiledRow(at:from:)``).
  func compiledChangedCount(inSection index: Int) -> Int? {
    guard let compiled = sections[index].compiled, !compiled.isDecoded, snapshot.system.isEmpty else {
      return nil
    }
    var changed = 0
    for key in compiled.keys {
      guard let key else { continue }
      guard snapshot.problemIndex[key] == nil, snapshot.otherOverrides[key] == nil else { return nil }
      if snapshot.overriddenValues[key] != nil, snapshot.modified.contains(key) { changed += 1 }
    }
    return changed
  }
}
