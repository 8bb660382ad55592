import TestSupport
import Testing

@testable import SettingsKit

/// The data source and its actions apart: actions change the table and report what changed.
struct TableActionsTests {
  static let document = SettingsDocument(
    id: "t", title: "T",
    sections: [
      SettingSection(
        header: "Radio",
        items: [
          SettingItem(key: "airplane", type: .switch, title: "Airplane"),
          SettingItem(
            key: "wifi", type: .switch, title: "Wi-Fi", on: true,
            enabledWhen: ["airplane": .equals(.bool(false))]),
        ]),
      SettingSection(
        header: "Other",
        items: [
          SettingItem(
            key: "mode", type: .rightDetail, title: "Mode",
            choices: [SettingChoice(value: "a", title: "A"), SettingChoice(value: "b", title: "B")],
            value: "a"),
          SettingItem(
            key: "more", type: .detailTitle, title: "More",
            page: SettingsPage(sections: [
              SettingSection(items: [SettingItem(key: "more.deep", type: .switch, title: "Deep")])
            ])),
        ]),
    ])

  @Test func actionsReportTheSectionsTheyChangedFromTheChangeItself() async throws {
    let store = MemoryStore()
    let settings = Settings(document: Self.document, store: store)
    var table = try SettingsTable(document: Self.document, snapshot: try settings.snapshot())
    let actions = TableActions(settings: settings)
    // Airplane on: its own row, and Wi-Fi's row (now disabled) in the same section.
    let update = try await actions.didSelectRow(at: TableIndexPath(row: 0, section: 0), in: &table)
    #expect(
      update
        == TableUpdate(
          reloadedSections: [0],
          change: SettingChange(key: "airplane", oldValue: .bool(false), newValue: .bool(true))))
    #expect(
      try actions.selectNextChoice(of: Self.document.sections[1].items[0], in: &table)
        == TableUpdate(
          reloadedSections: [1],
          change: SettingChange(key: "mode", oldValue: .string("a"), newValue: .string("b"))))
    #expect(try store.read().values == ["airplane": .bool(true), "mode": .string("b")])
    #expect(table.snapshot.modified == ["airplane", "mode"])
    #expect(
      try actions.reset(Self.document.sections[1].items[0], in: &table)
        == TableUpdate(
          reloadedSections: [1],
          change: SettingChange(key: "mode", oldValue: .string("b"), newValue: .string("a"))))
    #expect(
      table.row(at: TableIndexPath(row: 0, section: 1))
        == .item(Self.document.sections[1].items[0], value: .string("a"), isModified: false))
    // A read-only table's value rows do nothing.
    #expect(
      try await TableActions().didSelectRow(at: TableIndexPath(row: 0, section: 0), in: &table) == .none)
  }

  @Test func aChildPageIsATableOfItsOwn() throws {
    let snapshot = SettingsSnapshot(document: Self.document)
    guard let page = Self.document.sections[1].items[1].page else { return }
    let table = SettingsTable(page: page, snapshot: snapshot)
    #expect(table.numberOfSections == 1)
    #expect(
      table.rows(inSection: 0) == [.item(page.sections[0].items[0], value: .bool(false), isModified: false)])
    #expect(table.indexPath(ofKey: "more.deep") == TableIndexPath(row: 0, section: 0))
    #expect(TextRenderer(width: 20).render(table) == "  Deep           off\n")
  }

  @Test func theEngineOpensItemsFilesForTheEmbedder() throws {
    let loaded = try DocumentLoader.open(path: examplePath("app-notifications.json"))
    #expect(loaded.itemsFiles.keys.sorted() == [2])
    #expect(loaded.itemsFiles[2]?.itemCount == 250)
    #expect(loaded.document.sections[2].items.isEmpty)
    let complete = try loaded.documentWithAllItems()
    #expect(complete.sections[2].items.count == 250)
    #expect(complete.item(forKey: "app-004")?.title == "번역 4")
    let table = try SettingsTable(
      document: loaded.document, snapshot: SettingsSnapshot(document: loaded.document),
      itemsFiles: loaded.itemsFiles)
    let pagination = table.pagination(ofSection: 2)
    #expect([pagination.offset, pagination.shown, pagination.total] == [0, 20, 250])
  }
}
