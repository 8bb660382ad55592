import Testing

@testable import SettingsKit

/// The title line of a row being edited (the interactive screen's editing line): the margin, the
/// icon column (left out below 13 columns), the title cut to half of what they leave (left out
/// below 4 columns), and the field at the right edge.
struct RowLayoutEditingTests {
  @Test(arguments: [
    (30, true, 12, "* 🔔 Notificatio…         |Kim"),
    (30, false, 14, "* Notification…           |Kim"),
    (12, true, 5, "* Not…  |Kim"),
    (8, false, 6, "*   |Kim"),
    (2, false, 2, "|K"),
  ])
  func theFieldTakesWhatTheTitleLeaves(width: Int, icons: Bool, field: Int, line: String) {
    let layout = RowLayout(width: width, showsIcons: icons, colors: false)
    var row = RowContent(isModified: true, icon: "🔔", title: "Notification sound", accessory: .value("x"))
    row.icon = icons ? "🔔" : nil
    #expect(layout.editingFieldWidth(for: row) == field)
    // A field shorter than its room is right-aligned, as a value is.
    let shown = layout.editingLine(for: row, field: String("|Kim".prefix(field)))
    #expect(shown == line)
    #expect(DisplayWidth.of(shown) == width)
  }
}
