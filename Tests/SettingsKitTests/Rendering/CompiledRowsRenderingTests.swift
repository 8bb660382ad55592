import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// Rows drawn from the compiled form (``CompiledRow``): `show --all`'s text of a document opened
/// through the cache decodes no row of a section read on demand, and is the text of the whole
/// decode, byte for byte.
struct CompiledRowsRenderingTests {
  /// The document written to a temporary folder, opened through a cache there and whole.
  struct Opened {
    let directory: TemporaryDirectory
    let cached: LoadedDocument
    let whole: LoadedDocument

    init(locales: [String]) throws {
      directory = try TemporaryDirectory()
      let path = try directory.write("rows.json", everyRowKindDocument)
      var options = DocumentOptions(locales: locales, cache: .directory(SystemPath(directory.file("cache"))))
      options.racyWindow = 0
      _ = try DocumentLoader.open(path, options: options)
      cached = try DocumentLoader.open(path, options: options)
      whole = try DocumentLoader.open(path, options: DocumentOptions(locales: locales, cache: .none))
    }
  }

  /// The indexes of the sections read on demand whose rows were decoded.
  func decoded(_ opened: LoadedDocument) -> [Int] {
    opened.compiledItems.filter { $0.value.isDecoded }.map(\.key).sorted()
  }

  /// `show --all`'s text: every page of every section, the view state as shipped.
  func showAll(_ document: SettingsDocument, store: MemoryStore, width: Int, colors: Bool) throws -> String {
    let snapshot = try Settings(document: document, store: store).snapshot()
    var pages: [Int: SettingsTable.Pages] = [:]
    for index in document.sections.indices { pages[index] = .all }
    let table = try SettingsTable(sections: document.sections, snapshot: snapshot, pages: pages)
    return TextRenderer(width: width, colors: colors).render(table)
  }

  @Test(arguments: [["en"], ["ko"]], [(80, false), (40, true), (120, false)])
  func showAllDecodesNoRowAndDrawsWhatTheWholeDecodeDraws(locales: [String], layout: (Int, Bool)) throws {
    let opened = try Opened(locales: locales)
    defer { opened.directory.remove() }
    // Every section but the one a secure field keeps with the document is read on demand.
    #expect(opened.cached.compiledItems.keys.sorted() == [0, 1, 2, 3, 5, 6, 7, 8])
    let text = try showAll(opened.cached.document, store: MemoryStore(), width: layout.0, colors: layout.1)
    #expect(decoded(opened.cached) == [])
    let whole = try showAll(opened.whole.document, store: MemoryStore(), width: layout.0, colors: layout.1)
    #expect(text == whole)
    // The rows drawn are the document's: a spot check that the text is not empty of them.
    #expect(text.contains(locales == ["ko"] ? "에어플레인 모드" : "Airplane Mode"))
    #expect(text.contains("Switch 28"))
  }

  /// With stored values (overrides marked `*`, a closed section's count of changes, a value an
  /// item rejects marked `!`), the text is still the whole decode's.
  @Test func storedValuesDrawAsTheWholeDecodeDrawsThem() throws {
    let opened = try Opened(locales: ["en"])
    defer { opened.directory.remove() }
    let values: [String: JSONValue] = [
      "airplane": .bool(true), "band": .string("2g"), "days": .array([.string("tue")]),
      "c2": .bool(false), "lock": .string("loud"), "g1-4": .integer(9), "unknown": .bool(true),
    ]
    let text = try showAll(
      opened.cached.document, store: MemoryStore(values: values), width: 80, colors: false)
    let whole = try showAll(
      opened.whole.document, store: MemoryStore(values: values), width: 80, colors: false)
    #expect(text == whole)
    #expect(
      text.contains("\n▸ Closed                                                      2 items, 1 changed\n"))
    #expect(
      text.contains("\n!    Auto-Lock                                                            30 min\n"))
  }

  /// A row read from the compiled form is the decoded item's fields, one by one.
  @Test func aRowHoldsTheDecodedItemsFields() throws {
    let opened = try Opened(locales: ["ko"])
    defer { opened.directory.remove() }
    for (index, compiled) in opened.cached.compiledItems {
      // Read and let go, then read and kept: the same rows.
      let read = try #require(compiled.readRows())
      #expect(compiled.row(read.count - 1) == read.last)
      let rows = try #require(compiled.rows)
      #expect(read == rows)
      let items = opened.whole.document.sections[index].items
      #expect(rows.count == items.count)
      for (row, item) in zip(rows, items) {
        #expect(CompiledRow(fieldsOf: item) == row, "\(item.key ?? item.title)")
        #expect(row.shippedValue == item.defaultValue)
      }
      #expect(compiled.row(0) == rows.first)
    }
    #expect(decoded(opened.cached) == [])
  }
}
