/// A row's position in the table: its section and its row within that section, both 0-based.
///
/// The same pair as UIKit's `IndexPath` for table views, which a settings screen's cells are addressed by.
public struct TableIndexPath: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The section, counting from 0.
  public var section: Int
  /// The row within the section, counting from 0.
  public var row: Int

  /// Creates an index path.
  public init(row: Int, section: Int) {
    self.section = section
    self.row = row
  }

  /// Orders by section, then row.
  public static func < (lhs: TableIndexPath, rhs: TableIndexPath) -> Bool {
    (lhs.section, lhs.row) < (rhs.section, rhs.row)
  }

  /// `[section, row]`, as UIKit prints it.
  public var description: String { "[\(section), \(row)]" }
}
