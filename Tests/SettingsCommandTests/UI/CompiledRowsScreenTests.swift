import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsPOSIX

/// `settings ui`'s first screen and its line mode on a document opened through the cache: the rows
/// and the selected row's status come from the compiled records, no section read on demand is
/// decoded, and what is drawn and said is what the whole decode gives.
struct CompiledRowsScreenTests {
  /// The document of every row kind, opened through a cache and whole, in `locales`.
  struct Opened {
    let directory: TemporaryDirectory
    let cached: LoadedDocument
    let whole: LoadedDocument

    init(locales: [String] = ["en"]) throws {
      directory = try TemporaryDirectory()
      let path = try directory.write("rows.json", everyRowKindDocument)
      var options = DocumentOptions(locales: locales, cache: .directory(SystemPath(directory.file("cache"))))
      options.racyWindow = 0
      _ = try DocumentLoader.open(path, options: options)
      cached = try DocumentLoader.open(path, options: options)
      whole = try DocumentLoader.open(path, options: DocumentOptions(locales: locales, cache: .none))
    }

    /// The sections read on demand whose rows were decoded.
    var decoded: [Int] { cached.compiledItems.filter { $0.value.isDecoded }.map(\.key).sorted() }
  }

  @Test(arguments: [["en"], ["ko"]])
  func theFirstScreenAndItsPagesDecodeNoRow(locales: [String]) async throws {
    let opened = try Opened(locales: locales)
    defer { opened.directory.remove() }
    #expect(opened.cached.compiledItems.count == 8)
    var cached = try SettingsScreen(document: opened.cached, store: MemoryStore(), width: 60, height: 12)
    var whole = try SettingsScreen(document: opened.whole, store: MemoryStore(), width: 60, height: 12)
    // The first screen, then each page down to the end: every row drawn, and the status line of
    // the selected row (its key, value and description), as the whole decode draws them.
    #expect(cached.lines().last?.hasPrefix("airplane = off — ") == true)
    for _ in 0..<40 {
      #expect(cached.lines() == whole.lines())
      await cached.handle(.pageDown)
      await whole.handle(.pageDown)
    }
    #expect(cached.lines() == whole.lines())
    #expect(opened.decoded == [])
  }

  @Test func theLineModeSaysEveryRowWithoutDecodingIt() async throws {
    let opened = try Opened()
    defer { opened.directory.remove() }
    var cached = LineScreen(
      screen: try SettingsScreen(document: opened.cached, store: MemoryStore(), width: 80, height: 24))
    var whole = LineScreen(
      screen: try SettingsScreen(document: opened.whole, store: MemoryStore(), width: 80, height: 24))
    let page = await cached.handle(line: "l")
    #expect(page == (await whole.handle(line: "l")))
    #expect(page.contains("1. Airplane Mode: off. Enter turns it on."))
    #expect(page.contains("8. Auto-Lock: 30 min. Enter edits it."))
    for row in ["1", "3", "8", "15", "40", "101"] {
      #expect(await cached.handle(line: row) == (await whole.handle(line: row)))
    }
    #expect(opened.decoded == [])
    // A change decodes the section of its item alone, and says the rows as the whole decode does.
    #expect(await cached.handle(line: "1") == (await whole.handle(line: "1")))
    let toggled = await cached.handle(line: "")
    #expect(toggled == (await whole.handle(line: "")))
    #expect(opened.decoded == [0])
    #expect(await cached.handle(line: "l") == (await whole.handle(line: "l")))
    #expect(opened.decoded == [0])
  }
}
