import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// A child page, at any depth, is compiled as the top page is: a key on it decodes its own row and
/// the items whose pages lead to it (their own fields, not their pages), cold or warm, and the
/// page's screen draws its rows without decoding them.
struct ChildPageDecodingTests {
  /// How many items the deepest page holds.
  static let pageItems = 300

  /// Three switches, then one section of the item `p`, whose page, at `depth` pages from the top,
  /// holds ``pageItems`` switches `x0`…; each page on the way holds a switch `s` before the
  /// item that leads on (`q`, then `r`).
  static func document(depth: Int) -> String {
    let switches = (0..<pageItems).map { #"{"key": "x\#($0)", "type": "switch", "title": "X \#($0)"}"# }
    var page = #"{"sections": [{"header": "Deep", "items": [\#(switches.joined(separator: ",\n"))]}]}"#
    let names = ["p", "q", "r"]
    for level in stride(from: depth - 1, to: 0, by: -1) {
      let opener =
        #"{"key": "\#(names[level])", "type": "detailTitle", "title": "\#(names[level].uppercased())", "page": \#(page)}"#
      page = #"{"sections": [{"items": [{"key": "s", "type": "switch", "title": "S"}, \#(opener)]}]}"#
    }
    let top = (0..<3).map { #"{"key": "a\#($0)", "type": "switch", "title": "A \#($0)"}"# }
    return #"""
      {"id": "pages", "title": "Pages", "sections": [
      {"items": [\#(top.joined(separator: ", "))]},
      {"items": [{"key": "p", "type": "detailTitle", "title": "P", "page": \#(page)}]}]}

      """#
  }

  /// The full key of `x<index>` on the deepest page.
  static func key(_ index: Int, depth: Int) -> String {
    (["p", "q", "r"].prefix(depth) + ["x\(index)"]).joined(separator: ".")
  }

  /// The document written to a fresh folder, and options that open it through a cache there,
  /// counting items.
  func fixture(depth: Int) throws -> (TemporaryDirectory, SystemPath, DocumentOptions) {
    let directory = try TemporaryDirectory()
    let path = SystemPath(try directory.write("pages.json", Self.document(depth: depth)))
    var options = DocumentOptions(
      cache: .directory(SystemPath(directory.file("cache"))), buildTag: "pages", keepsDocument: false)
    options.racyWindow = 0
    return (directory, path, options)
  }

  /// The count of a fresh open of `path` for `key`, and what it found of it.
  func get(_ key: String, at path: SystemPath, options: DocumentOptions) throws -> (
    ItemDecodeCount, SettingsDocument
  ) {
    var options = options
    let count = ItemDecodeCount()
    options.itemCount = count
    options.reading = .keys([key])
    return (count, try DocumentLoader.open(path, options: options).document)
  }

  @Test(arguments: [1, 3])
  func aColdAndAWarmGetOfAKeyOnAChildPageDecodeItsRowAndTheItemsThatLeadToIt(depth: Int) throws {
    let (directory, path, options) = try fixture(depth: depth)
    defer { directory.remove() }
    let key = Self.key(217, depth: depth)
    let items = Self.pageItems + 3 + 1 + 2 * (depth - 1)
    for (run, compiled) in [("cold", items), ("warm", 0)] {
      let (count, document) = try get(key, at: path, options: options)
      let located = try #require(document.locate(key), "\(run)")
      #expect(located.item.title == "X 217")
      #expect(located.section == 0 && located.row == 217)
      #expect(located.ancestors.map(\.key) == Array(["p", "p.q", "p.q.r"].prefix(depth)))
      // The deepest page is still in the compiled form: the ancestors hold their own fields.
      #expect(located.ancestors.last?.page?.sections.first?.compiledItems?.count == Self.pageItems)
      #expect(count.compiled == compiled, "\(run)")
      #expect(count.decoded == depth + 1, "\(run)")
      // Its value and its description read the same rows.
      let settings = Settings(document: document, store: MemoryStore())
      #expect(try settings.value(of: key) == .bool(false))
      let description = try settings.describe(key)
      #expect(description.breadcrumb == Array(["Pages", "P", "Q", "R"].prefix(depth + 1)))
      #expect(count.decoded == depth + 1, "\(run)")
    }
  }

  @Test(arguments: [1, 3])
  func aChildPagesScreenDrawsItsRowsWithoutDecodingThem(depth: Int) throws {
    let (directory, path, options) = try fixture(depth: depth)
    defer { directory.remove() }
    var keeping = options
    keeping.keepsDocument = true
    _ = try DocumentLoader.open(path, options: keeping)
    let count = ItemDecodeCount()
    keeping.itemCount = count
    let opened = try DocumentLoader.open(path, options: keeping)
    let opener = ["p", "p.q", "p.q.r"][depth - 1]
    let page = try #require(opened.document.locate(opener)?.item.page)
    // The items that lead to the page, each its own fields.
    #expect(count.decoded == depth)
    let settings = Settings(document: opened.document, store: MemoryStore())
    let table = SettingsTable(page: page, snapshot: try settings.snapshot())
    let text = TextRenderer(width: 60, colors: false).render(table)
    #expect(count.decoded == depth)
    let whole = try DocumentLoader.load(path: path)
    let wholePage = try #require(whole.locate(opener)?.item.page)
    let wholeSettings = Settings(document: whole, store: MemoryStore())
    let wholeText = TextRenderer(width: 60, colors: false).render(
      SettingsTable(page: wholePage, snapshot: try wholeSettings.snapshot()))
    #expect(text == wholeText)
    #expect(text.contains("X 299"))
    // Read whole, the page is the whole decode's.
    #expect(page == wholePage)
  }
}

/// The conditions of a child page's items are kept once in the compiled form, not once in each of
/// the page's keys' records: a page of N items with conditions once made a cache of N² bytes
/// (1 200 items: 71 MB).
struct ConditionedChildPageCacheTests {
  /// The size in bytes of the cache written for a document whose item `p` opens a page of `count`
  /// switches, each enabled when the top switch is on.
  func cacheSize(count: Int) throws -> Int {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let items = (0..<count).map {
      #"{"key": "k\#($0)", "type": "switch", "title": "S \#($0)", "enabledWhen": {"top": true}}"#
    }
    let path = SystemPath(
      try directory.write(
        "doc.json",
        #"{"id": "c", "sections": [{"items": [{"key": "top", "type": "switch", "title": "T", "on": true}, "#
          + #"{"key": "p", "type": "detailTitle", "title": "P", "page": {"sections": [{"items": ["#
          + items.joined(separator: ",\n") + "]}]}}]}]}\n"))
    let cache = SystemPath(directory.file("cache"))
    var options = DocumentOptions(cache: .directory(cache), buildTag: "c")
    // Written just now: cached all the same.
    options.racyWindow = 0
    let opened = try DocumentLoader.open(path, options: options)
    // The cache answers as the whole decode does.
    #expect(opened.document.locate("p.k\(count - 1)")?.item.enabledWhen?.keys.sorted() == ["top"])
    let files = try FileManager.default.contentsOfDirectory(atPath: cache.description)
    #expect(files.count == 1)
    let attributes = try FileManager.default.attributesOfItem(atPath: directory.file("cache/" + files[0]))
    return (attributes[.size] as? Int) ?? 0
  }

  @Test func aPageOfConditionedItemsMakesACacheThatGrowsWithItsItems() throws {
    let (small, large) = (try cacheSize(count: 200), try cacheSize(count: 800))
    // Four times the items: about four times the bytes (it was sixteen).
    #expect(large < small * 5, "\(small) bytes for 200 items, \(large) for 800")
    #expect(large > small * 3, "\(small) bytes for 200 items, \(large) for 800")
  }
}
