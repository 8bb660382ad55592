/// Where the sections and rows of a document reduced to some of its top-level items stand in the
/// whole document (``SettingsDocument/wholePlacement``): section `i` of the reduced document is
/// section `sections[i]` of the whole one, and its row `r` is row `rows[i][r]` there.
package struct WholePlacement: Sendable {
  /// The whole document's index of each section, in the reduced document's order.
  package var sections: [Int]
  /// The whole document's index of each row, by section, in the reduced document's order.
  package var rows: [[Int]]

  /// A placement of `sections` holding `rows`.
  package init(sections: [Int], rows: [[Int]]) {
    self.sections = sections
    self.rows = rows
  }

  /// The whole document's section and row of a reduced document's `section` and `row`; themselves
  /// where the placement does not say.
  package func whole(section: Int, row: Int) -> (section: Int, row: Int) {
    guard sections.indices.contains(section), rows.indices.contains(section),
      rows[section].indices.contains(row)
    else { return (section, row) }
    return (sections[section], rows[section][row])
  }
}
