import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// The screen keeps each section's lines and redraws only what an action reports; what it keeps
/// must always be what the renderer draws now.
struct SettingsScreenTests {
  @Test func theKeptLinesAreAlwaysWhatTheRendererDrawsNow() async throws {
    let loaded = try DocumentLoader.open(path: examplePath("phone-settings.json"), locales: ["en"])
    let store = MemoryStore()
    var screen = try SettingsScreen(document: loaded, store: store, width: 44, height: 12)
    let keys: [KeyPress] = [
      .down, .character(" "), .down, .down, .enter, .character(" "), .down, .character(" "),
      .escape, .home, .down, .character(" "), .character("/"), .character("a"), .character("l"),
      .character("l"), .character("o"), .character("w"), .enter, .end, .character("r"), .up, .up, .up, .up,
      .up, .character(" "), .pageUp,
    ]
    for key in keys {
      await screen.handle(key)
      var fresh = screen
      for index in fresh.stack.indices { fresh.stack[index].drawnWidth = 0 }
      for index in fresh.stack.indices { fresh.redraw(level: index) }
      for index in screen.stack.indices {
        #expect(screen.stack[index].body == fresh.stack[index].body, "after \(key), page \(index)")
      }
    }
    #expect(try store.read().values == ["airplane": .bool(false), "true-tone": .bool(false)])
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
    #expect(screen.stack[0].body.first { $0.text.contains("Airplane") }?.text == row)
  }
}
