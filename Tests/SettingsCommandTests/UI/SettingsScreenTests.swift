import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// The screen lays out only the rows it shows; what it shows must always be a window of the whole
/// page as the renderer draws it for `settings show`.
struct SettingsScreenTests {
  @Test func theLinesShownAreAlwaysAWindowOfTheWholePage() async throws {
    let loaded = try DocumentLoader.open(path: examplePath("phone-settings.json"), locales: ["en"])
    let store = MemoryStore()
    var screen = try SettingsScreen(document: loaded, store: store, width: 44, height: 12)
    let keys: [KeyPress] = [
      .down, .character(" "), .down, .down, .enter, .character(" "), .down, .character(" "),
      .escape, .home, .down, .character(" "), .character("/"), .character("a"), .character("l"),
      .character("l"), .character("o"), .character("w"), .enter, .end, .character("r"), .up, .up, .up,
      // Past the three lists, then Preferred Languages, Name, Auto-Lock and Brightness to True Tone.
      .up, .up, .up, .up, .up, .character(" "), .pageUp, .pageDown, .pageDown, .end, .pageUp, .pageUp, .home,
    ]
    var windows: Set<Int> = []
    for key in keys {
      await screen.handle(key)
      guard screen.mode == .browse else { continue }
      let page = Self.wholePage(of: screen)
      let shown = Array(screen.lines().dropFirst().dropLast())
      let start = (0...max(0, page.count - shown.count)).first { start in
        (0..<shown.count).allSatisfy { (start + $0 < page.count ? page[start + $0] : "") == shown[$0] }
      }
      #expect(start != nil, "after \(key): \(shown) is not a window of \(page)")
      windows.insert(start ?? -1)
    }
    // The keys scrolled the page: several windows were shown.
    #expect(windows.count >= 3)
    #expect(try store.read().values == ["airplane": .bool(false), "true-tone": .bool(false)])
  }

  /// Every line of the current page, laid out by the renderer as `show` does (section by section,
  /// a blank line between), with the screen's margin and selection marker.
  static func wholePage(of screen: SettingsScreen) -> [String] {
    let table = screen.level.table
    let renderer = TextRenderer(width: screen.width - 2)
    var lines: [String] = []
    for section in 0..<table.numberOfSections {
      if section > 0 { lines.append("") }
      var previous: TableIndexPath?
      for line in renderer.lines(table, sections: [section]) {
        guard let indexPath = line.indexPath else {
          lines.append("  " + line.text)
          previous = nil
          continue
        }
        let marker = indexPath == screen.selection && indexPath != previous ? "> " : "  "
        lines.append(marker + line.text)
        previous = indexPath
      }
    }
    return lines
  }

  @Test func theStatusLineSaysWhyAStoredValueIsNotUsed() async throws {
    let loaded = try DocumentLoader.open(path: examplePath("phone-settings.json"), locales: ["en"])
    let store = MemoryStore(values: ["airplane": .string("yes")])
    var screen = try SettingsScreen(document: loaded, store: store, width: 90, height: 12)
    await screen.handle(.down)
    #expect(
      screen.statusLine()
        == "airplane = off — stored \"yes\" rejected: expected true or false              ? help  q quit")
  }
  /// A change through the screen replaces a rejected stored value: the row loses its `!` and the
  /// status line stops saying it was rejected.
  @Test(arguments: [
    (
      KeyPress.character(" "), "airplane = on (modified)                      ? help  q quit",
      "* 🛫 Airplane Mode                                      on"
    ),
    (
      KeyPress.character("r"), "airplane is at its default                    ? help  q quit",
      "  🛫 Airplane Mode                                     off"
    ),
  ])
  func aChangedOrResetRowDropsItsProblem(key: KeyPress, status: String, row: String) async throws {
    let loaded = try DocumentLoader.open(path: examplePath("phone-settings.json"), locales: ["en"])
    let store = MemoryStore(values: ["airplane": .string("x")])
    var screen = try SettingsScreen(document: loaded, store: store, width: 60, height: 12)
    await screen.handle(.down)
    #expect(screen.stack[0].table.snapshot.problems.map(\.key) == ["airplane"])
    await screen.handle(key)
    #expect(screen.stack[0].table.snapshot.problems == [])
    #expect(screen.statusLine() == status)
    #expect(screen.lines().first { $0.contains("Airplane") } == "> " + row)
  }

  /// A rejected stored value replaced elsewhere by the value in effect changes no value: the watch
  /// says it is accepted (``SettingsEvent/storedValueAccepted(key:)``) and the row loses its `!`.
  @Test func aRejectedValueAcceptedElsewhereDropsItsProblem() async throws {
    let loaded = try DocumentLoader.open(path: examplePath("phone-settings.json"), locales: ["en"])
    let store = MemoryStore(values: ["airplane": .string("x")])
    var screen = try SettingsScreen(document: loaded, store: store, width: 60, height: 12)
    await screen.handle(.down)
    #expect(
      screen.lines().first { $0.contains("Airplane") }
        == "> ! 🛫 Airplane Mode                                     off")
    try store.update { (contents: inout StoreContents) throws(SettingsError) in
      contents.values["airplane"] = JSONValue(.bool(false))
    }
    screen.takeOutsideEvents([.storedValueAccepted(key: "airplane")])
    #expect(screen.stack[0].table.snapshot.problems == [])
    #expect(
      screen.lines().first { $0.contains("Airplane") }
        == "> * 🛫 Airplane Mode                                     off")
    #expect(screen.statusLine() == "airplane's stored value is no longer rejected")
  }
}
