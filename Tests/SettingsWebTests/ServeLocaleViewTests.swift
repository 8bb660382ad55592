import TestSupport
import Testing

@testable import SettingsHTTP
@testable import SettingsKit
@testable import SettingsPOSIX
@testable import SettingsWeb

/// A document without translations for a browser's locale is served from the one copy in memory,
/// found out without loading it a second time; the views of one document share their values and
/// search index.
struct ServeLocaleViewTests {
  static let document = #"""
    {"version": 1, "id": "views", "title": "Views", "sections": [
      {"items": [{"key": "a", "type": "switch", "title": "A"}]},
      {"id": "apps", "pageSize": 2, "itemsFile": "items.jsonl"}
    ]}
    """#

  /// The document and its items file in `directory`, the items file's second line as `second`.
  static func write(_ directory: TemporaryDirectory, second: String) throws -> SystemPath {
    _ = try directory.write(
      "items.jsonl",
      #"{"key": "one", "type": "switch", "title": "One"}"# + "\n" + second + "\n"
        + #"{"key": "three", "type": "switch", "title": "Three"}"# + "\n")
    _ = try directory.write("doc.json", document)
    return SystemPath(directory.file("doc.json"))
  }

  /// Whether the document at `path` opened in `locales` reads as `document` with its items files
  /// opened in English; false when it cannot be opened.
  static func reads(_ document: SettingsDocument, at path: SystemPath, in locales: [String]) throws -> Bool {
    guard
      let opened = try? DocumentLoader.open(path, options: DocumentOptions(locales: locales, cache: .none))
    else { return false }
    let files = try DocumentLoader.itemsFiles(
      of: document.sections, directory: path.directory, locales: ["en"])
    return WebApp.reads(document, itemsFiles: files, as: opened)
  }

  @Test func aDocumentReadsTheSameInALocaleItDoesNotTranslate() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try Self.write(directory, second: #"{"key": "two", "type": "switch", "title": "Two"}"#)
    let loaded = try DocumentLoader.load(path: path, loadingItemsFiles: false, locales: ["en"])
    #expect(try Self.reads(loaded, at: path, in: ["ko"]))
    var other = loaded
    other.sections[0].items[0].title = "Drei"
    #expect(try !Self.reads(other, at: path, in: ["ko"]))
    #expect(try !Self.reads(loaded, at: SystemPath(directory.file("missing.json")), in: ["ko"]))
  }

  @Test func aTranslatedItemReadsDifferently() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try Self.write(
      directory, second: #"{"key": "two", "type": "switch", "title": {"en": "Two", "ko": "둘"}}"#)
    let loaded = try DocumentLoader.load(path: path, loadingItemsFiles: false, locales: ["en"])
    #expect(try Self.reads(loaded, at: path, in: ["en-US"]))
    #expect(try !Self.reads(loaded, at: path, in: ["ko"]))
  }

  @Test func theViewsOfOneDocumentShareTheirValuesAndIndex() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try Self.write(
      directory, second: #"{"key": "two", "type": "switch", "title": {"en": "Two", "ko": "둘"}}"#)
    let document = try DocumentLoader.load(path: path, loadingItemsFiles: true, locales: ["en"])
    let settings = Settings(document: document, store: FileStore(path: directory.file("store.json")))
    let configuration = WebApp.Configuration(
      port: 8080, assets: [], documentPath: path, itemsDirectory: SystemPath(directory.path), locales: ["en"])
    let app = WebApp(
      settings: settings,
      itemsFiles: try DocumentLoader.itemsFiles(of: document.sections, directory: SystemPath(directory.path)),
      configuration: configuration)
    func view(_ language: String) -> WebView {
      app.view(
        for: WebRequest(
          head: HTTPRequestHead(method: "GET", target: "/api/page", headers: ["Accept-Language": language])))
    }
    let english = view("en")
    let american = view("en-US")
    let korean = view("ko")
    #expect(english !== american)
    #expect(american.language == "en-US")
    #expect(american.settings === settings)
    #expect(american.caches === english.caches)
    #expect(korean.settings !== settings)
    #expect(korean.caches !== english.caches)
    // Its items file is read in its locale, a page at a time.
    #expect(try korean.itemsFiles[1]?.decodedItems(in: 1..<2).first?.title == "둘")
    #expect(view("en-US") === american)
  }
}
