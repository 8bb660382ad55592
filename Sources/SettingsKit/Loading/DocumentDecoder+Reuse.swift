extension DocumentDecoder {
  /// The sizes of what the items of one section may add for other sections to read: problems,
  /// section ids (of their pages), earlier keys and conditions. A section that leaves them as they
  /// were touched nothing shared but its keys (``independentSections``).
  var sharedCounts: [Int] {
    [issues.count, firstSectionID.count, firstRenameUse.count, pendingConditions.count]
  }

  /// Takes the items of top-page section `index`, given as `elements`, from ``reusing``, as the
  /// compile of an earlier version with the same bytes read them: their keys are registered where
  /// they stand now (so that a later duplicate names them as a full compile does), and their rows
  /// and searched texts go to ``compiling``. False, with nothing changed, when there is nothing to
  /// take for the section, its items do not stand where its bytes did, or one of its keys is
  /// already used or claimed as an earlier key: the items are then read, for the full compile's
  /// messages.
  mutating func takeSection(_ index: Int, elements: [JSONMap.Value]) -> Bool {
    guard let reused = reusing[index], elements.count == reused.taken.rows.count,
      elements.first?.offset == reused.start, compiling?.rowCount(of: index) == 0
    else { return false }
    let rows = reused.taken.rows
    for row in rows {
      guard let key = row.owned[0].key else { continue }
      if firstKeyUse[key] != nil || firstRenameUse[key] != nil { return false }
    }
    for (number, row) in rows.enumerated() {
      guard let key = row.owned[0].key else { continue }
      // The path a full compile gives the key of row `number` of top-page section `index`.
      firstKeyUse[key] = FirstUse(
        path: { "sections[\(index)].items[\(number)].key" }, source: source,
        offset: reused.taken.keyOffsets[number] + reused.shift)
    }
    compiling?.keepRows(
      section: index, rows: reused.taken.rows, values: elements, search: reused.taken.search)
    independentSections.insert(index)
    takenSections.insert(index)
    return true
  }
}
