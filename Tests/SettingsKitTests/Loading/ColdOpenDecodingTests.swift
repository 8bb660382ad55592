import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// A cold open (the first after the document changed, which compiles it) reads the bytes once and
/// decodes into `SettingItem`s only the rows something asks for: the compiler keeps no item, and
/// the opened document holds the rows of the sections that others depend on, no more.
struct ColdOpenDecodingTests {
  /// 40 switches (read on demand), 29 choice items and a page of 3 switches (on demand), and 5
  /// switches of which one has a condition on another (decoded with the document): 78 items.
  static let document: String = {
    let switches = (0..<40).map { #"{"key": "a\#($0)", "type": "switch", "title": "A \#($0)"}"# }
    var choices = (0..<29).map {
      #"{"key": "b\#($0)", "type": "rightDetail", "title": "B \#($0)", "value": "x", "choices": [{"value": "x", "title": "X"}, {"value": "y", "title": "Y"}]}"#
    }
    choices.append(
      #"{"key": "p", "type": "detailTitle", "title": "P", "page": {"sections": [{"items": [{"key": "x0", "type": "switch", "title": "X0"}, {"key": "x1", "type": "switch", "title": "X1"}, {"key": "x2", "type": "switch", "title": "X2"}]}]}}"#
    )
    var dependent = (0..<5).map { #"{"key": "c\#($0)", "type": "switch", "title": "C \#($0)"}"# }
    dependent[1] = #"{"key": "c1", "type": "switch", "title": "C 1", "enabledWhen": {"c0": true}}"#
    let sections = [switches, choices, dependent].map { #"{"items": [\#($0.joined(separator: ",\n"))]}"# }
    return #"{"id": "cold", "sections": [\#(sections.joined(separator: ",\n"))]}"# + "\n"
  }()

  /// The document written to a fresh folder, and options that open it through a cache there,
  /// counting items.
  func fixture(racyWindow: Int64 = 0, keepsDocument: Bool = true) throws -> (
    TemporaryDirectory, SystemPath, DocumentOptions, ItemDecodeCount
  ) {
    let directory = try TemporaryDirectory()
    let path = SystemPath(try directory.write("cold.json", Self.document))
    var options = DocumentOptions(
      cache: .directory(SystemPath(directory.file("cache"))), buildTag: "cold", keepsDocument: keepsDocument)
    options.racyWindow = racyWindow
    let count = ItemDecodeCount()
    options.itemCount = count
    return (directory, path, options, count)
  }

  func cacheFiles(_ directory: TemporaryDirectory) -> [String] {
    (try? FileManager.default.contentsOfDirectory(atPath: directory.file("cache"))) ?? []
  }

  @Test func aColdOpenCompilesEveryItemOnceAndDecodesOnlyTheDependentSection() throws {
    let (directory, path, options, count) = try fixture()
    defer { directory.remove() }
    let opened = try DocumentLoader.open(path, options: options)
    #expect(count.compiled == 78)
    // The compiler read the 78 items, the condition's and the page's, without building one.
    #expect(count.compilerBuilt == 0)
    #expect(count.decoded == 5)
    #expect(opened.compiledItems.keys.sorted() == [0, 1])
    #expect(cacheFiles(directory).count == 1)
    // The keys and defaults come from the compiled form (every key but the page's has a value):
    // still nothing decoded.
    #expect(opened.document.keys.count == 78)
    #expect(SettingsSnapshot(document: opened.document).allValues.count == 77)
    #expect(count.decoded == 5)
    // Reading the first section's rows decodes those 40, once.
    #expect(opened.document.sections[0].items.count == 40)
    #expect(opened.document.sections[0].items.count == 40)
    #expect(count.decoded == 45)
    // A warm open compiles nothing and decodes the dependent section again.
    _ = try DocumentLoader.open(path, options: options)
    #expect(count.compiled == 78)
    #expect(count.decoded == 50)
  }

  /// The read-back check after a compilation decodes a sample of rows (the first, the last and
  /// evenly spread ones, the first with a condition, three of each section read on demand that it
  /// samples, and the rows decoded with the document), whatever the document's size: it once
  /// decoded every row of up to eight sections read on demand, which at 1 000 items cost more
  /// than decoding the document whole.
  @Test(arguments: [1, 10]) func aColdOpenChecksASampleOfRowsWhateverTheSize(scale: Int) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let switches = (0..<(40 * scale)).map { #"{"key": "a\#($0)", "type": "switch", "title": "A \#($0)"}"# }
    let choices = (0..<(30 * scale)).map {
      #"{"key": "b\#($0)", "type": "rightDetail", "title": "B", "value": "x", "choices": [{"value": "x", "title": "X"}]}"#
    }
    var dependent = (0..<5).map { #"{"key": "c\#($0)", "type": "switch", "title": "C \#($0)"}"# }
    dependent[1] = #"{"key": "c1", "type": "switch", "title": "C 1", "enabledWhen": {"c0": true}}"#
    let sections = [switches, choices, dependent].map { #"{"items": [\#($0.joined(separator: ",\n"))]}"# }
    let path = SystemPath(
      try directory.write("doc.json", #"{"id": "cold", "sections": [\#(sections.joined(separator: ",\n"))]}"#)
    )
    var options = DocumentOptions(
      cache: .directory(SystemPath(directory.file("cache"))), buildTag: "cold", keepsDocument: true)
    let count = ItemDecodeCount()
    options.itemCount = count
    _ = try DocumentLoader.open(path, options: options)
    #expect(count.compiled == 70 * scale + 5)
    #expect(count.compilerBuilt == 0)
    // 8 spread rows and the first with a condition, 3 rows of each of the two sections read on
    // demand, and the 5 rows decoded with the document.
    #expect(count.checked == 8 + 1 + 3 + 3 + 5)
  }

  @Test func aColdGetDecodesTheRowOfItsKeyAlone() throws {
    var (directory, path, options, count) = try fixture(keepsDocument: false)
    defer { directory.remove() }
    options.reading = .keys(["a7"])
    let document = try DocumentLoader.open(path, options: options).document
    #expect(document.locate("a7")?.item.title == "A 7")
    #expect(count.compiled == 78)
    #expect(count.compilerBuilt == 0)
    #expect(count.decoded == 1)
  }

  /// A reload as ``SettingsWatch`` makes it after one item's default changed: the document just
  /// written is compiled again (in memory, as it is too recent to cache), and the compiler builds
  /// no `SettingItem`; only the section that conditions need is decoded with the document.
  @Test func aReloadAfterADefaultChangedBuildsNoItemForTheRowsNobodyAsked() throws {
    let (directory, path, options, count) = try fixture(racyWindow: Int64.max)
    defer { directory.remove() }
    _ = try DocumentLoader.open(path, options: options)
    #expect(count.compiled == 78)
    #expect(count.compilerBuilt == 0)
    #expect(count.decoded == 5)
    let changed = Self.document.replacingOccurrences(
      of: #"{"key": "a3", "type": "switch", "title": "A 3"}"#,
      with: #"{"key": "a3", "type": "switch", "title": "A 3", "on": true}"#)
    #expect(changed != Self.document)
    _ = try directory.write("cold.json", changed)
    var reload = options
    reload.reading = .opened
    let reloaded = try DocumentLoader.open(path, options: reload)
    #expect(count.compiled == 156)
    #expect(count.compilerBuilt == 0)
    #expect(count.decoded == 10)
    // The new default is read from the compiled form: still nothing more decoded.
    #expect(SettingsSnapshot(document: reloaded.document).value(forKey: "a3") == .bool(true))
    #expect(count.decoded == 10)
  }

  @Test func aColdGetWhoseCacheCannotBeWrittenReadsTheCompiledFormFromMemory() throws {
    var (directory, path, options, count) = try fixture(keepsDocument: false)
    defer { directory.remove() }
    // A folder under a regular file cannot be made, by any user.
    _ = try directory.write("file", "")
    options.cache = .directory(SystemPath(directory.file("file/cache")))
    options.reading = .keys(["a7"])
    let document = try DocumentLoader.open(path, options: options).document
    #expect(document.locate("a7")?.item.title == "A 7")
    #expect(count.compiled == 78)
    #expect(count.decoded == 1)
    #expect(!FileManager.default.fileExists(atPath: directory.file("file/cache")))
  }

  @Test func aDocumentTooRecentToCacheIsCompiledInMemoryForAProgramThatKeepsIt() throws {
    let (directory, path, options, count) = try fixture(racyWindow: Int64.max)
    defer { directory.remove() }
    let opened = try DocumentLoader.open(path, options: options)
    #expect(count.compiled == 78)
    #expect(count.decoded == 5)
    #expect(opened.compiledItems.keys.sorted() == [0, 1])
    #expect(cacheFiles(directory).isEmpty)
  }

  @Test func aDocumentTooRecentToCacheIsDecodedWholeForAProgramThatReadsItOnce() throws {
    let (directory, path, options, count) = try fixture(racyWindow: Int64.max, keepsDocument: false)
    defer { directory.remove() }
    let opened = try DocumentLoader.open(path, options: options)
    #expect(count.compiled == 0)
    #expect(count.decoded == 78)
    #expect(opened.compiledItems.isEmpty)
  }
}
