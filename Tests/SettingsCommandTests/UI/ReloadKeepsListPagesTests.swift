import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

#if canImport(Glibc)
  import Glibc
#endif

/// A document reloaded from disk keeps an open list page, with its selection, as it keeps a child
/// page (docs/SCREENS.md); the form of a record stays open on the same record. A list the new
/// version lacks leaves its parent open, as a page it lacks does. The reload once closed every
/// list page.
@Suite(.serialized)
struct ReloadKeepsListPagesTests {
  /// A switch, a list of addresses and a list of records, `dns` titled `title`; without the lists
  /// when `keepsLists` is false.
  static func text(title: String = "DNS", keepsLists: Bool = true) -> String {
    let lists =
      keepsLists
      ? #"""
      ,
        {"key": "dns", "type": "list", "title": "\#(title)", "element": {"type": "textField"},
         "value": ["1.1.1.1", "8.8.8.8", "9.9.9.9"]},
        {"key": "hosts", "type": "list", "title": "Hosts", "titleField": "name",
         "fields": [{"key": "name", "type": "textField", "title": "Name"},
                    {"key": "port", "type": "number", "title": "Port", "value": 80}],
         "value": [{"name": "a", "port": 80}, {"name": "b", "port": 81}]}
      """#
      : ""
    return #"""
      {"version": 1, "id": "live-lists", "title": "Live", "sections": [{"items": [
        {"key": "alpha", "type": "switch", "title": "Alpha", "on": false}\#(lists)
      ]}]}

      """#
  }

  static func document(title: String = "DNS", keepsLists: Bool = true) throws -> LoadedDocument {
    let text = text(title: title, keepsLists: keepsLists)
    return LoadedDocument(
      document: try DocumentLoader.decode(SourceText(name: "lists.json", bytes: Array(text.utf8))))
  }

  /// The screen with the list `key` open, its row `row` (from 0) selected.
  static func screen(openingList key: String, row: Int) async throws -> SettingsScreen {
    var screen = try SettingsScreen(document: try document(), store: MemoryStore(), width: 60, height: 10)
    await screen.jump(to: key)
    await screen.handle(.enter)
    screen.level.selection = TableIndexPath(row: row, section: 0)
    return screen
  }

  @Test func anOpenListPageStaysOpenWithItsSelection() async throws {
    let screen = try await Self.screen(openingList: "dns", row: 1)
    let reloaded = try screen.reloaded(with: try Self.document(title: "DNS Servers"))
    #expect(reloaded.stack.map(\.breadcrumb) == ["Live", "Live › DNS Servers"])
    #expect(reloaded.level.list?.key == "dns")
    #expect(reloaded.level.selection == TableIndexPath(row: 1, section: 0))
    #expect(reloaded.status == "The document changed on disk and was reloaded")
  }

  @Test func aRecordsFormStaysOpenOnTheSameRecord() async throws {
    var screen = try await Self.screen(openingList: "hosts", row: 1)
    await screen.handle(.enter)
    screen.level.selection = TableIndexPath(row: 1, section: 0)
    #expect(screen.level.list?.content == .record(2))
    let reloaded = try screen.reloaded(with: try Self.document())
    #expect(reloaded.stack.map(\.breadcrumb) == ["Live", "Live › Hosts", "Live › Hosts › b"])
    #expect(reloaded.level.list?.content == .record(2))
    #expect(reloaded.level.selection == TableIndexPath(row: 1, section: 0))
  }

  @Test func aListTheNewVersionLacksLeavesItsParentOpen() async throws {
    let screen = try await Self.screen(openingList: "dns", row: 2)
    let reloaded = try screen.reloaded(with: try Self.document(keepsLists: false))
    #expect(reloaded.stack.map(\.breadcrumb) == ["Live"])
    #expect(reloaded.level.list == nil)
  }

  /// Through the real binary: the document rewritten on disk redraws the open list page, the
  /// selection on the same element.
  @Test func throughATerminalTheListPageIsRedrawnOpen() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("doc.json", Self.text())
    let environment = [
      "SETTINGS_FILE": path, "SETTINGS_STORE": directory.file("store.json"), "TERM": "xterm",
      "LANG": "C.UTF-8",
      "XDG_CONFIG_DIRS": directory.file("system"), "HOME": directory.path,
    ]
    let terminal = try PseudoTerminal(arguments: ["ui"], environment: environment, width: 40, height: 8)
    #expect(terminal.waitFor(text: "Hosts"))
    terminal.send("j\r")
    #expect(terminal.waitFor { $0[1].hasPrefix(">   1.1.1.1") })
    terminal.send("j")
    #expect(terminal.waitFor { $0[2].hasPrefix(">   8.8.8.8") })
    let temporary = directory.file("doc.json.new")
    try Data(Self.text(title: "DNS Servers").utf8).write(to: URL(fileURLWithPath: temporary))
    #expect(rename(temporary, path) == 0)
    #expect(terminal.waitFor(seconds: 20) { $0[7].hasPrefix("The document changed on disk") })
    #expect(
      terminal.rows[0...3].map { $0.trimmingCharacters(in: .whitespaces) } == [
        "Live › DNS Servers", "1.1.1.1", ">   8.8.8.8", "9.9.9.9",
      ])
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
  }
}
