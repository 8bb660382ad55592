import Synchronization
import TestSupport
import Testing

@testable import SettingsKit

/// The table data source: row counts, index-path mapping, selection, pages and providers.
struct SettingsTableTests {
  static func items(_ count: Int, prefix: String = "k") -> [SettingItem] {
    (0..<count).map { SettingItem(key: "\(prefix)\($0)", type: .switch, title: "Item \($0)") }
  }

  static let mixed = SettingsDocument(
    id: "mixed", title: "Mixed",
    sections: [
      SettingSection(
        id: "open", header: "Open", items: items(3, prefix: "a"), collapsible: true, expanded: true),
      SettingSection(id: "closed", header: "Closed", items: items(4, prefix: "b"), collapsible: true),
      SettingSection(header: "Plain", items: items(2, prefix: "c")),
      SettingSection(header: "Empty", items: []),
      SettingSection(id: "paged", header: "Paged", items: items(7, prefix: "d"), pageSize: 3),
    ])

  func table(
    _ document: SettingsDocument = mixed, pages: [Int: SettingsTable.Pages] = [:]
  ) throws -> SettingsTable {
    try SettingsTable(document: document, snapshot: SettingsSnapshot(document: document), pages: pages)
  }

  func keys(_ table: SettingsTable, _ section: Int) -> [String] {
    table.rows(inSection: section).map { row in
      switch row {
      case .sectionTitle(_, let title, let isExpanded, _): "\(isExpanded ? "▾" : "▸")\(title)"
      case .item(let item, _, _): item.key ?? "?"
      case .more(_, let remaining, _): "more(\(remaining))"
      }
    }
  }

  @Test func rowCountsForMixedOpenAndClosedSections() throws {
    let table = try table()
    #expect(table.numberOfSections == 5)
    #expect((0..<5).map(table.numberOfRows(inSection:)) == [4, 1, 2, 0, 4])
    #expect(keys(table, 0) == ["▾Open", "a0", "a1", "a2"])
    #expect(keys(table, 1) == ["▸Closed"])
    #expect(keys(table, 2) == ["c0", "c1"])
    #expect(keys(table, 3) == [])
    #expect(keys(table, 4) == ["d0", "d1", "d2", "more(4)"])
    #expect(
      table.row(at: TableIndexPath(row: 0, section: 1))
        == .sectionTitle(section: 1, title: "Closed", isExpanded: false, summary: "4 items"))
    #expect(
      table.row(at: TableIndexPath(row: 2, section: 0))
        == .item(Self.mixed.sections[0].items[1], value: .bool(false), isModified: false))
  }

  @Test func selectingATitleRowOpensAndClosesOnlyThatSection() async throws {
    var table = try table()
    #expect(
      try await TableActions().didSelectRow(at: TableIndexPath(row: 0, section: 1), in: &table)
        == TableUpdate(reloadedSections: [1]))
    #expect(keys(table, 1) == ["▾Closed", "b0", "b1", "b2", "b3"])
    #expect(
      table.row(at: TableIndexPath(row: 4, section: 1))
        == .item(Self.mixed.sections[1].items[3], value: .bool(false), isModified: false))
    #expect(
      try await TableActions().didSelectRow(at: TableIndexPath(row: 0, section: 0), in: &table)
        == TableUpdate(reloadedSections: [0]))
    #expect(keys(table, 0) == ["▸Open"])
    #expect(table.viewState == ViewState(expanded: ["closed": true, "open": false]))
    // The other sections' mapping is untouched.
    #expect(keys(table, 4) == ["d0", "d1", "d2", "more(4)"])
  }

  @Test func selectingASwitchTogglesItThroughTheStore() async throws {
    let store = MemoryStore()
    let settings = Settings(document: Self.mixed, store: store)
    var table = try table()
    let update = try await TableActions(settings: settings).didSelectRow(
      at: TableIndexPath(row: 1, section: 2), in: &table)
    #expect(
      update
        == TableUpdate(
          reloadedSections: [2],
          change: SettingChange(key: "c1", oldValue: .bool(false), newValue: .bool(true))))
    #expect(try store.read().values == ["c1": .bool(true)])
    #expect(
      table.row(at: TableIndexPath(row: 1, section: 2))
        == .item(Self.mixed.sections[2].items[1], value: .bool(true), isModified: true))
    #expect(table.summary(ofSection: 2) == "2 items, 1 changed")
  }

  @Test func selectingTheMoreRowLoadsTheNextPageUntilItDisappears() async throws {
    var table = try table()
    #expect(
      try await TableActions().didSelectRow(at: TableIndexPath(row: 3, section: 4), in: &table)
        == TableUpdate(reloadedSections: [4]))
    #expect(keys(table, 4) == ["d0", "d1", "d2", "d3", "d4", "d5", "more(1)"])
    _ = try await TableActions().didSelectRow(at: TableIndexPath(row: 6, section: 4), in: &table)
    #expect(keys(table, 4) == ["d0", "d1", "d2", "d3", "d4", "d5", "d6"])
  }

  /// Pages cover every item once, for counts around the page size N = 3.
  @Test(arguments: [0, 1, 2, 3, 4, 7])
  func pagesNeitherRepeatNorLoseItems(count: Int) async throws {
    let document = SettingsDocument(
      id: "p", title: "P", sections: [SettingSection(items: Self.items(count), pageSize: 3)])
    var table = try table(document)
    var seen: [String] = []
    for page in 1...4 {
      let only = try self.table(document, pages: [0: .only(page)])
      seen += keys(only, 0).filter { !$0.hasPrefix("more") }
    }
    #expect(seen == (0..<count).map { "k\($0)" })
    var selections = 0
    while table.numberOfRows(inSection: 0) > 0,
      case .more = table.row(at: TableIndexPath(row: table.numberOfRows(inSection: 0) - 1, section: 0))
    {
      _ = try await TableActions().didSelectRow(
        at: TableIndexPath(row: table.numberOfRows(inSection: 0) - 1, section: 0), in: &table)
      selections += 1
    }
    #expect(keys(table, 0) == (0..<count).map { "k\($0)" })
    #expect(selections == max(0, (count + 2) / 3 - 1))
    #expect(try self.table(document, pages: [0: .all]).numberOfRows(inSection: 0) == count)
  }

  @Test func collapsibleAndPaginatedTogether() async throws {
    let document = SettingsDocument(
      id: "p", title: "P",
      sections: [SettingSection(header: "Both", items: Self.items(5), collapsible: true, pageSize: 2)])
    var table = try table(document)
    #expect(keys(table, 0) == ["▸Both"])
    _ = try await TableActions().didSelectRow(at: TableIndexPath(row: 0, section: 0), in: &table)
    #expect(keys(table, 0) == ["▾Both", "k0", "k1", "more(3)"])
    _ = try await TableActions().didSelectRow(at: TableIndexPath(row: 3, section: 0), in: &table)
    #expect(keys(table, 0) == ["▾Both", "k0", "k1", "k2", "k3", "more(1)"])
  }

  @Test func itemsFilePagesDecodeOnlyWhatIsShown() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var lines = (0..<5).map { #"{"key": "app\#($0)", "type": "switch", "title": "App \#($0)"}"# }
    lines.append(#"{"key": "bad", "type": "switch"}"#)
    let path = try directory.write("apps.jsonl", lines.joined(separator: "\n") + "\n\n")
    let file = try ItemsFile(path: path)
    #expect(file.itemCount == 6)
    let document = SettingsDocument(
      id: "p", title: "P", sections: [SettingSection(items: [], pageSize: 2, itemsFile: "apps.jsonl")])
    let table = try SettingsTable(
      document: document, snapshot: SettingsSnapshot(document: document), itemsFiles: [0: file])
    #expect(keys(table, 0) == ["app0", "app1", "more(4)"])
    #expect(
      throws: DocumentError.invalid(
        file: path,
        issues: [
          ValidationIssue(
            path: "", location: SourceLocation(line: 6, column: 1),
            message: "missing \"title\"; every item needs a title")
        ])
    ) {
      try SettingsTable(
        document: document, snapshot: SettingsSnapshot(document: document), itemsFiles: [0: file],
        pages: [0: .all])
    }
  }

  @Test func aBadJSONLinesLineIsAnErrorWithFileAndLine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(
      "apps.jsonl", "{\"key\": \"a\", \"type\": \"switch\", \"title\": \"A\"}\n\n{\"key\": \"b\",}\n")
    #expect(
      throws: DocumentError.invalid(
        file: path,
        issues: [
          ValidationIssue(
            path: "", location: SourceLocation(line: 3, column: 13),
            message: "trailing comma before '}'; remove the comma after the last member")
        ])
    ) {
      try ItemsFile(path: path).decodedItems(in: 0..<2)
    }
  }

  final class FlakyProvider: ItemsProvider {
    let failures: Mutex<Int>
    init(failures: Int) { self.failures = Mutex(failures) }
    func count() async throws -> Int { 5 }
    func items(in range: Range<Int>) async throws -> [SettingItem] {
      if failures.withLock({ count in
        defer { count -= 1 }
        return count > 0
      }) {
        throw SettingsError.malformedAssignment("offline")
      }
      return SettingsTableTests.items(5).filter { item in range.contains(Int(item.key!.dropFirst())!) }
    }
  }

  @Test func aFailedFetchShowsTheErrorAndRetriesOnSelection() async throws {
    let document = SettingsDocument(
      id: "p", title: "P", sections: [SettingSection(header: "Remote", items: [], pageSize: 2)])
    var table = try table(document)
    _ = await TableActions().setProvider(FlakyProvider(failures: 1), forSection: 0, of: &table)
    #expect(
      table.rows(inSection: 0) == [
        .more(section: 0, remaining: 5, state: .failed("expected KEY=VALUE; found 'offline'"))
      ])
    _ = try await TableActions().didSelectRow(at: TableIndexPath(row: 0, section: 0), in: &table)
    #expect(keys(table, 0) == ["k0", "k1", "more(3)"])
    if case .more(_, _, let state) = table.row(at: TableIndexPath(row: 2, section: 0)) {
      #expect(state == .moreAvailable(remaining: 3))
    }
  }

  @Test(arguments: [
    (
      #""pageSize": 0"#,
      "doc.json:1:39: sections[0].pageSize: expected a whole number from 1 to 1000000; found 0"
    ),
    (
      #""pageSize": -2"#,
      "doc.json:1:39: sections[0].pageSize: expected a whole number from 1 to 1000000; found -2"
    ),
    (
      #""pageSize": 2.5"#,
      "doc.json:1:39: sections[0].pageSize: expected a whole number from 1 to 1000000, written without a fraction or exponent; found 2.5"
    ),
    (
      #""expanded": true"#,
      #"doc.json:1:39: sections[0].expanded: "expanded" applies only with "collapsible": true"#
    ),
    (
      #""collapsible": "yes""#,
      "doc.json:1:42: sections[0].collapsible: expected true or false; found a string"
    ),
  ])
  func sectionFieldsAreValidated(field: String, expected: String) {
    let text = #"{"id": "x", "sections": [{\#(field), "items": []}]}"#
    do {
      _ = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(text.utf8)))
      Issue.record("no error for \(field)")
    } catch {
      #expect(error.messages == [expected])
    }
  }
}
