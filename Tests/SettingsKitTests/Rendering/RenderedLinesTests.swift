import Testing

@testable import SettingsKit

/// The renderer's line model: each line with the row it shows, the same text as `render`.
struct RenderedLinesTests {
  static let document = SettingsDocument(
    id: "l", title: "L",
    sections: [
      SettingSection(
        header: "Head", footer: "Foot",
        items: [
          SettingItem(key: "a", type: .switch, title: "Alpha", subTitle: "first"),
          SettingItem(key: "b", type: .switch, title: "Beta"),
        ], pageSize: 1),
      SettingSection(
        id: "c", header: "Closed", items: [SettingItem(key: "c", type: .switch, title: "Gamma")],
        collapsible: true),
    ])

  @Test func everyLineCarriesTheIndexPathOfItsRow() throws {
    let table = try SettingsTable(
      document: Self.document, snapshot: SettingsSnapshot(document: Self.document))
    let renderer = TextRenderer(width: 24)
    let lines = renderer.lines(table, heading: "L › Page")
    #expect(
      lines == [
        RenderedLine(text: "L › Page"),
        RenderedLine(text: ""),
        RenderedLine(text: "Head"),
        RenderedLine(text: "  Alpha              off", indexPath: TableIndexPath(row: 0, section: 0)),
        RenderedLine(text: "  first", indexPath: TableIndexPath(row: 0, section: 0)),
        RenderedLine(text: "  Load more (1 remain… ›", indexPath: TableIndexPath(row: 1, section: 0)),
        RenderedLine(text: "  Foot"),
        RenderedLine(text: ""),
        RenderedLine(text: "▸ Closed          1 item", indexPath: TableIndexPath(row: 0, section: 1)),
      ])
    #expect(lines.map { $0.text + "\n" }.joined() == renderer.render(table, heading: "L › Page"))
  }
}
