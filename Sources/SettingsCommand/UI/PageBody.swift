import SettingsKit

/// The lines of a page's body, laid out only where they are asked for, as a table view asks its data
/// source only for the visible cells: a walk from a ``BodyPosition`` lays out the rows it passes
/// and no others, so scrolling, paging and drawing cost what the screen shows, whatever the size
/// of the document.
///
/// The lines are those of ``TextRenderer/lines(_:sections:heading:)`` for the whole table, byte for
/// byte, with the two-column margin of the selection marker in front of header and footer lines
/// (rows get theirs when drawn; the blank line between sections stays empty).
struct PageBody {
  let table: SettingsTable
  let renderer: TextRenderer

  /// The list page drawn instead of the table's page, when one is open; its elements are the
  /// table's snapshot's.
  let list: ListPage?
  /// The list's elements as the table's snapshot has them (none without a list page).
  let elements: [SettingValue]

  /// The body of `table` drawn `width` columns wide (the rows two narrower, for the marker); of
  /// `list` instead when given, its elements taken from the table's snapshot.
  init(table: SettingsTable, width: Int, colors: Bool, list: ListPage? = nil) {
    self.table = table
    renderer = TextRenderer(width: max(1, width - 2), colors: colors)
    self.list = list
    elements = list?.elements(in: table.snapshot) ?? []
  }

  /// The number of sections: the table's, or one on a list page.
  var sectionCount: Int { list == nil ? table.numberOfSections : 1 }

  /// The number of rows of a section: the table's, or the list page's.
  func rowCount(inSection section: Int) -> Int {
    guard let list else { return table.numberOfRows(inSection: section) }
    return list.rowCount(elements)
  }

  // MARK: - Parts

  /// The lines of one part of a section (none when the section has no such part).
  func lines(section: Int, part: BodyPosition.Part) -> [RenderedLine] {
    if let list { return listLines(list, section: section, part: part) }
    switch part {
    case .gap: return section > 0 ? [RenderedLine(text: "")] : []
    case .header:
      return renderer.headerLine(table, section: section).map { [RenderedLine(text: "  " + $0)] } ?? []
    case .row(let row):
      guard row < rowCount(inSection: section) else { return [] }
      return renderer.lines(table, row: TableIndexPath(row: row, section: section))
    case .footer:
      return renderer.footerLines(table, section: section).map { RenderedLine(text: "  " + $0) }
    }
  }

  /// The lines of one part of a list page: its rows laid out as item rows, its footer the keys
  /// that change it.
  func listLines(_ list: ListPage, section: Int, part: BodyPosition.Part) -> [RenderedLine] {
    switch part {
    case .gap, .header: return []
    case .row(let row):
      guard row < rowCount(inSection: section) else { return [] }
      let isLocked = table.snapshot.state(of: list.item).lock != nil
      let layout = RowLayout(width: renderer.width, showsIcons: false, colors: renderer.colors)
      let indexPath = TableIndexPath(row: row, section: section)
      return layout.lines(for: list.rowContent(row, elements: elements, isLocked: isLocked)).map {
        RenderedLine(text: $0, indexPath: indexPath)
      }
    case .footer:
      let layout = RowLayout(width: renderer.width, showsIcons: false, colors: renderer.colors)
      return layout.footerLines(list.footer).map { RenderedLine(text: "  " + $0) }
    }
  }

  /// The part after `part` in reading order, across sections; nil after the last section's footer.
  func part(after section: Int, _ part: BodyPosition.Part) -> (Int, BodyPosition.Part)? {
    let rows = rowCount(inSection: section)
    switch part {
    case .gap: return (section, .header)
    case .header: return (section, rows > 0 ? .row(0) : .footer)
    case .row(let row): return (section, row + 1 < rows ? .row(row + 1) : .footer)
    case .footer: return section + 1 < sectionCount ? (section + 1, .gap) : nil
    }
  }

  /// The part before `part` in reading order, across sections; nil before the first section's gap.
  func part(before section: Int, _ part: BodyPosition.Part) -> (Int, BodyPosition.Part)? {
    switch part {
    case .gap: return section > 0 ? (section - 1, .footer) : nil
    case .header: return (section, .gap)
    case .row(let row): return (section, row > 0 ? .row(row - 1) : .header)
    case .footer:
      let rows = rowCount(inSection: section)
      return (section, rows > 0 ? .row(rows - 1) : .header)
    }
  }

  // MARK: - Lines

  /// The first line of the body; nil when it has none.
  var first: BodyPosition? {
    guard sectionCount > 0 else { return nil }
    return firstLine(from: 0, .gap)
  }

  /// The last line of the body; nil when it has none.
  var last: BodyPosition? {
    guard sectionCount > 0 else { return nil }
    return lastLine(from: sectionCount - 1, .footer)
  }

  /// The first line of the first part with lines at or after the given part.
  func firstLine(from section: Int, _ part: BodyPosition.Part) -> BodyPosition? {
    var current: (Int, BodyPosition.Part)? = (section, part)
    while let (section, part) = current {
      if !lines(section: section, part: part).isEmpty { return BodyPosition(section: section, part: part) }
      current = self.part(after: section, part)
    }
    return nil
  }

  /// The last line of the last part with lines at or before the given part.
  func lastLine(from section: Int, _ part: BodyPosition.Part) -> BodyPosition? {
    var current: (Int, BodyPosition.Part)? = (section, part)
    while let (section, part) = current {
      let count = lines(section: section, part: part).count
      if count > 0 { return BodyPosition(section: section, part: part, line: count - 1) }
      current = self.part(before: section, part)
    }
    return nil
  }

  /// The line after `position`; nil at the end.
  func line(after position: BodyPosition) -> BodyPosition? {
    if position.line + 1 < lines(section: position.section, part: position.part).count {
      return BodyPosition(section: position.section, part: position.part, line: position.line + 1)
    }
    guard let (section, part) = part(after: position.section, position.part) else { return nil }
    return firstLine(from: section, part)
  }

  /// The line before `position`; nil at the top.
  func line(before position: BodyPosition) -> BodyPosition? {
    if position.line > 0 {
      return BodyPosition(section: position.section, part: position.part, line: position.line - 1)
    }
    guard let (section, part) = part(before: position.section, position.part) else { return nil }
    return lastLine(from: section, part)
  }

  /// The line `count` lines after `position` (before it when negative), stopping at either end.
  func moved(_ position: BodyPosition, by count: Int) -> BodyPosition {
    var position = position
    for _ in 0..<abs(count) {
      guard let next = count > 0 ? line(after: position) : line(before: position) else { break }
      position = next
    }
    return position
  }

  /// How many lines `to` is after `from`, when it is at most `limit` lines after; nil when it is
  /// before `from` or further.
  func distance(from: BodyPosition, to: BodyPosition, limit: Int) -> Int? {
    guard from <= to else { return nil }
    var position = from
    for steps in 0...max(0, limit) {
      if position == to { return steps }
      guard let next = line(after: position) else { return nil }
      position = next
    }
    return nil
  }

  /// `position` if the body has that line, else the nearest line the body has at or after its
  /// part (a row or section that went away, a part that grew shorter); the last line when none.
  func normalized(_ position: BodyPosition) -> BodyPosition? {
    guard position.section < sectionCount else { return last }
    let count = lines(section: position.section, part: position.part).count
    if position.line < count { return position }
    if count > 0 { return BodyPosition(section: position.section, part: position.part, line: count - 1) }
    return firstLine(from: position.section, position.part) ?? last
  }

  /// Up to `count` lines from `position` on, each with its place.
  func lines(from position: BodyPosition, count: Int) -> [(BodyPosition, RenderedLine)] {
    var result: [(BodyPosition, RenderedLine)] = []
    var current: (Int, BodyPosition.Part)? = (position.section, position.part)
    var skip = position.line
    while result.count < count, let (section, part) = current {
      let shown = lines(section: section, part: part)
      for (line, text) in shown.enumerated().dropFirst(skip).prefix(count - result.count) {
        result.append((BodyPosition(section: section, part: part, line: line), text))
      }
      skip = 0
      current = self.part(after: section, part)
    }
    return result
  }

  // MARK: - Rows

  /// The first row of the page; nil when it has none.
  var firstRow: TableIndexPath? {
    (0..<sectionCount).lazy.first { rowCount(inSection: $0) > 0 }
      .map { TableIndexPath(row: 0, section: $0) }
  }

  /// The last row of the page; nil when it has none.
  var lastRow: TableIndexPath? {
    (0..<sectionCount).reversed().lazy.first { rowCount(inSection: $0) > 0 }
      .map { TableIndexPath(row: rowCount(inSection: $0) - 1, section: $0) }
  }

  /// Whether the page has a row at `indexPath`.
  func contains(_ indexPath: TableIndexPath) -> Bool {
    indexPath.section >= 0 && indexPath.section < sectionCount && indexPath.row >= 0
      && indexPath.row < rowCount(inSection: indexPath.section)
  }

  /// The row `step` rows after `indexPath` (before it when negative), stopping at the first or
  /// last row.
  func row(_ indexPath: TableIndexPath, movedBy step: Int) -> TableIndexPath {
    var current = indexPath
    for _ in 0..<abs(step) {
      guard let next = step > 0 ? row(after: current) : row(before: current) else { break }
      current = next
    }
    return current
  }

  func row(after indexPath: TableIndexPath) -> TableIndexPath? {
    if indexPath.row + 1 < rowCount(inSection: indexPath.section) {
      return TableIndexPath(row: indexPath.row + 1, section: indexPath.section)
    }
    return (indexPath.section + 1..<sectionCount).lazy.first {
      rowCount(inSection: $0) > 0
    }
    .map { TableIndexPath(row: 0, section: $0) }
  }

  func row(before indexPath: TableIndexPath) -> TableIndexPath? {
    if indexPath.row > 0 { return TableIndexPath(row: indexPath.row - 1, section: indexPath.section) }
    return (0..<indexPath.section).reversed().lazy.first { rowCount(inSection: $0) > 0 }
      .map { TableIndexPath(row: rowCount(inSection: $0) - 1, section: $0) }
  }

  /// The first row at or after `position` (`forward`), or at or before it, in reading order.
  func row(from position: BodyPosition, forward: Bool) -> TableIndexPath? {
    var current: (Int, BodyPosition.Part)? = (position.section, position.part)
    while let (section, part) = current {
      if case .row(let row) = part, row < rowCount(inSection: section) {
        return TableIndexPath(row: row, section: section)
      }
      current = forward ? self.part(after: section, part) : self.part(before: section, part)
    }
    return nil
  }
}
