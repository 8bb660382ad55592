import Foundation
import Testing

@testable import SettingsKit

/// An embedder imports Foundation beside SettingsKit: names must not clash.
struct NameClashTests {
  @Test func foundationsIndexPathAndTheTablesIndexPathLiveSideBySide() {
    let foundation = IndexPath(indexes: [1, 2])
    let table = TableIndexPath(row: 2, section: 1)
    #expect(foundation[0] == table.section)
    #expect(foundation[1] == table.row)
  }
}
