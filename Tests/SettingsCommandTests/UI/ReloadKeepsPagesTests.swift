import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// A document reloaded from disk keeps the child pages the user had open, with the selection on
/// the same key on each (docs/SCREENS.md: "keeping the selection on the same key"). The reload
/// once went back to the top page, with the selection on the item that had opened the first page.
struct ReloadKeepsPagesTests {
  static func document(title: String, keepsDeep: Bool = true) throws -> LoadedDocument {
    let deep =
      keepsDeep
      ? #", {"key": "deep", "type": "detailTitle", "title": "Deep", "page": {"sections": [{"items": [{"key": "x", "type": "switch", "title": "X"}, {"key": "leaf", "type": "switch", "title": "Leaf"}]}]}}"#
      : ""
    let text = #"""
      {"id": "pages", "sections": [{"items": [
        {"key": "top", "type": "switch", "title": "\#(title)"},
        {"key": "net", "type": "detailTitle", "title": "Network", "page": {"sections": [{"items": [
          {"key": "wifi", "type": "switch", "title": "Wi-Fi"},
          {"key": "mtu", "type": "number", "title": "MTU", "value": 1500}\#(deep)]}]}}
      ]}]}
      """#
    let document = try DocumentLoader.decode(SourceText(name: "pages.json", bytes: Array(text.utf8)))
    return LoadedDocument(document: document)
  }

  /// Selects the item `key` on the current page and opens its page, if it has one.
  static func select(_ key: String, opening: Bool, in screen: inout SettingsScreen) throws {
    let at = try #require(screen.level.table.indexPath(ofKey: key))
    screen.level.selection = at
    guard opening else { return }
    guard case .item(let item, _, _) = screen.level.table.row(at: at), let page = item.page else {
      Issue.record("\(key) has no page")
      return
    }
    screen.open(page, of: item)
  }

  static func selectedKey(_ screen: SettingsScreen) -> String? {
    guard let selection = screen.level.selection,
      case .item(let item, _, _) = screen.level.table.row(at: selection)
    else { return nil }
    return item.key
  }

  @Test func theOpenPagesAndTheirSelectionsStayOpen() throws {
    var screen = try SettingsScreen(
      document: try Self.document(title: "Top"), store: MemoryStore(), width: 60, height: 12)
    try Self.select("net", opening: true, in: &screen)
    try Self.select("net.deep", opening: true, in: &screen)
    try Self.select("net.deep.leaf", opening: false, in: &screen)
    let reloaded = try screen.reloaded(with: try Self.document(title: "Top 2"))
    #expect(reloaded.stack.map(\.breadcrumb) == screen.stack.map(\.breadcrumb))
    #expect(Self.selectedKey(reloaded) == "net.deep.leaf")
    #expect(reloaded.status == "The document changed on disk and was reloaded")
  }

  @Test func aPageTheNewVersionLacksLeavesItsParentOpenOnTheSameKey() throws {
    var screen = try SettingsScreen(
      document: try Self.document(title: "Top"), store: MemoryStore(), width: 60, height: 12)
    try Self.select("net", opening: true, in: &screen)
    try Self.select("net.deep", opening: true, in: &screen)
    let reloaded = try screen.reloaded(with: try Self.document(title: "Top", keepsDeep: false))
    #expect(reloaded.stack.count == 2)
    #expect(reloaded.stack.map(\.breadcrumb) == Array(screen.stack.map(\.breadcrumb).prefix(2)))
    #expect(Self.selectedKey(reloaded) == "net.wifi")
  }
}
