import SettingsKit

/// A line of a page's body, named by the part of a section it belongs to and its line within that
/// part, so that it can be found without laying out the lines before it.
///
/// A section's parts, in order: the blank line before it (every section but the first), its header
/// line, its rows, its footer lines.
struct BodyPosition: Sendable, Hashable, Comparable {
  /// A part of a section.
  enum Part: Sendable, Hashable {
    case gap
    case header
    case row(Int)
    case footer

    /// The part's place within its section.
    var rank: (Int, Int) {
      switch self {
      case .gap: (0, 0)
      case .header: (1, 0)
      case .row(let row): (2, row)
      case .footer: (3, 0)
      }
    }
  }

  var section: Int
  var part: Part
  var line: Int

  /// The first line of a row.
  init(_ indexPath: TableIndexPath, line: Int = 0) {
    self.init(section: indexPath.section, part: .row(indexPath.row), line: line)
  }

  init(section: Int, part: Part, line: Int = 0) {
    self.section = section
    self.part = part
    self.line = line
  }

  /// The row the line shows, if it is a row's.
  var indexPath: TableIndexPath? {
    guard case .row(let row) = part else { return nil }
    return TableIndexPath(row: row, section: section)
  }

  /// Orders by section, part and line: the order of the lines on the page.
  static func < (lhs: BodyPosition, rhs: BodyPosition) -> Bool {
    let (left, right) = (lhs.part.rank, rhs.part.rank)
    return (lhs.section, left.0, left.1, lhs.line) < (rhs.section, right.0, right.1, rhs.line)
  }

  /// The top of a page.
  static let top = BodyPosition(section: 0, part: .gap)
}
