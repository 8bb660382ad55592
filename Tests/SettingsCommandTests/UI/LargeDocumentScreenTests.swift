import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsPOSIX

/// The screen on a large document lays out only the rows it shows; these pin that what it shows is
/// right at the top, after End, after PgDn, and that selecting and toggling work far down.
struct LargeDocumentScreenTests {
  /// The screen on a document of 5 000 items, opened whole or from the compiled form (whose 50
  /// sections are then all read on demand).
  func screen(_ directory: TemporaryDirectory, store: MemoryStore, compiled: Bool = false) throws
    -> SettingsScreen
  {
    let path = SystemPath(try directory.write("large.json", largeTestDocument(items: 5000)))
    var loaded = try DocumentLoader.open(path: path, locales: ["en"])
    if compiled {
      var cache = DocumentCache(directory: SystemPath(directory.file("cache")), buildTag: "test")
      cache.racyWindow = 0
      _ = try cache.loadDocument(at: path, locales: ["en"])
      loaded = try cache.openDocument(at: path, locales: ["en"])
      #expect(loaded.compiledItems.count == 50)
      #expect(loaded.compiledItems.values.allSatisfy { !$0.isDecoded })
    }
    return try SettingsScreen(document: loaded, store: store, width: 40, height: 10)
  }

  /// The sections (by index) of the screen's document whose rows have been decoded.
  func decodedSections(_ screen: SettingsScreen) -> [Int] {
    screen.loaded.compiledItems.filter { $0.value.isDecoded }.map(\.key).sorted()
  }

  @Test(arguments: [false, true])
  func theTopEndAndPageDownDrawExactly(compiled: Bool) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var screen = try screen(directory, store: MemoryStore(), compiled: compiled)
    #expect(
      screen.lines() == [
        "Large",
        "  Section 1",
        ">   Item 0                           off",
        "    Item 1                          v1 ›",
        "    Item 2                             ›",
        "    About 2",
        "    Item 3                           off",
        "    Item 4                          v4 ›",
        "    Item 5                             ›",
        "item-0 = off              ? help  q quit",
      ])
    await screen.handle(.pageDown)
    #expect(
      screen.lines() == [
        "Large",
        "    Item 0                           off",
        "    Item 1                          v1 ›",
        "    Item 2                             ›",
        "    About 2",
        "    Item 3                           off",
        "    Item 4                          v4 ›",
        ">   Item 5                             ›",
        "    About 5",
        "item-5                    ? help  q quit",
      ])
    await screen.handle(.end)
    // The last row at the bottom; the last section's footer stays below, as on a small page.
    #expect(
      screen.lines() == [
        "Large",
        "    Item 4994                          ›",
        "    About 4994",
        "    Item 4995                        off",
        "    Item 4996                    v4996 ›",
        "    Item 4997                          ›",
        "    About 4997",
        "    Item 4998                        off",
        ">   Item 4999                    v4999 ›",
        "item-4999 = v4999         ? help  q quit",
      ])
    await screen.handle(.pageUp)
    #expect(
      screen.lines() == [
        "Large",
        ">   Item 4994                          ›",
        "    About 4994",
        "    Item 4995                        off",
        "    Item 4996                    v4996 ›",
        "    Item 4997                          ›",
        "    About 4997",
        "    Item 4998                        off",
        "    Item 4999                    v4999 ›",
        "item-4994                 ? help  q quit",
      ])
    // What is shown is a window of the whole page as `settings show` lays it out.
    let page = SettingsScreenTests.wholePage(of: screen)
    let shown = Array(screen.lines().dropFirst().dropLast())
    #expect(
      (0...(page.count - shown.count)).contains { Array(page[$0..<($0 + shown.count)]) == shown })
    #expect(page.suffix(2) == ["    Item 4999                    v4999 ›", "    Footer 50"])
    await screen.handle(.home)
    #expect(screen.selection == TableIndexPath(row: 0, section: 0))
  }

  /// From the compiled form the screen draws the rows on screen and the selected row's status
  /// from their compiled records, decoding no section; a toggle decodes only the section of the
  /// item it changes.
  @Test func theScreenDecodesOnlyTheRowsItChanges() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = MemoryStore()
    var screen = try screen(directory, store: store, compiled: true)
    #expect(screen.lines()[2] == ">   Item 0                           off")
    #expect(decodedSections(screen) == [])
    await screen.handle(.pageDown)
    _ = screen.lines()
    #expect(decodedSections(screen) == [])
    await screen.handle(.end)
    await screen.handle(.up)
    #expect(screen.lines().last == "item-4998 = off           ? help  q quit")
    #expect(decodedSections(screen) == [])
    await screen.handle(.character(" "))
    #expect(try store.read().values == ["item-4998": .bool(true)])
    #expect(screen.lines()[7] == "> * Item 4998                         on")
    #expect(decodedSections(screen) == [49])
    // A second change keeps the first: the write reads the store whole.
    await screen.handle(.home)
    await screen.handle(.character(" "))
    #expect(try store.read().values == ["item-0": .bool(true), "item-4998": .bool(true)])
    // Neither change needed the whole document.
    #expect(screen.completeSettings == nil)
    #expect(decodedSections(screen) == [0, 49])
  }

  @Test(arguments: [false, true])
  func selectingAndTogglingFarDown(compiled: Bool) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = MemoryStore()
    var screen = try screen(directory, store: store, compiled: compiled)
    await screen.handle(.end)
    await screen.handle(.up)
    #expect(screen.selection == TableIndexPath(row: 98, section: 49))
    await screen.handle(.character(" "))
    #expect(try store.read().values == ["item-4998": .bool(true)])
    #expect(
      screen.lines() == [
        "Large",
        "    Item 4994                          ›",
        "    About 4994",
        "    Item 4995                        off",
        "    Item 4996                    v4996 ›",
        "    Item 4997                          ›",
        "    About 4997",
        "> * Item 4998                         on",
        "    Item 4999                    v4999 ›",
        "item-4998 = on (modified)",
      ])
    // Down past the section's last row goes into the next section; up comes back.
    await screen.handle(.home)
    for _ in 0..<100 { await screen.handle(.down) }
    #expect(screen.selection == TableIndexPath(row: 0, section: 1))
    await screen.handle(.up)
    #expect(screen.selection == TableIndexPath(row: 99, section: 0))
  }

  /// Through the binary on a pseudo-terminal: End, Up, Space toggles the next-to-last item, and
  /// `settings get` reads it.
  @Test func theBinaryTogglesAnItemAtTheEnd() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let path = try home.write("large.json", largeTestDocument(items: 5000))
    let terminal = try PseudoTerminal(
      arguments: ["-f", path, "ui"], environment: ["HOME": home.path, "TERM": "xterm", "LANG": "C"],
      width: 40, height: 10)
    #expect(terminal.waitFor(text: "Item 0"))
    terminal.send("\u{1B}[F")
    #expect(terminal.waitFor(text: ">   Item 4999"))
    terminal.send("\u{1B}[A ")
    #expect(
      terminal.waitFor { $0.contains { $0.hasPrefix("> * Item 4998") && $0.hasSuffix("on") } },
      "\(terminal.rows)")
    #expect(terminal.rows[9].hasPrefix("item-4998 = on (modified)"))
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
    #expect(
      try runBinary(["-f", path, "get", "item-4998"], environment: ["HOME": home.path]).stdout == "on\n")
  }
}
