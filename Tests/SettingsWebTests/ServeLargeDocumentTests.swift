import TestSupport
import Testing

@testable import SettingsHTTP
@testable import SettingsKit
@testable import SettingsPOSIX
@testable import SettingsWeb

/// `settings serve` on a document opened from the compiled form sends the rows of the page, of a
/// section the page scrolls to and of the section of a row to focus from their compiled records,
/// decoding none of them; it decodes the sections holding stored keys (for the values and the
/// Modified list) and the item a row is asked for by key; a search reads the compiled form's index
/// instead of the document.
struct ServeLargeDocumentTests {
  /// A served document of 5 000 items in 50 sections of 100 (`largeTestDocument`),
  /// opened from a fresh compiled form (or loaded whole), over a store holding `stored`.
  struct Served {
    let directory: TemporaryDirectory
    let loaded: LoadedDocument
    let app: WebApp

    /// With `compiled` false, the document loaded whole and served as without a cache.
    init(stored: String = "{}", compiled: Bool = true, document: String = largeTestDocument(items: 5000))
      throws
    {
      directory = try TemporaryDirectory()
      let path = SystemPath(try directory.write("large.json", document))
      let store = FileStore(path: try directory.write("store.json", stored))
      var configuration = WebApp.Configuration(
        port: 8080, assets: [], documentPath: path, itemsDirectory: SystemPath(directory.path),
        locales: ["en"])
      if compiled {
        var cache = DocumentCache(directory: SystemPath(directory.file("cache")), buildTag: "test")
        cache.racyWindow = 0
        _ = try cache.loadDocument(at: path, locales: ["en"])
        loaded = try cache.openDocument(at: path, locales: ["en"])
        let opened = cache
        var options = DocumentOptions(cache: .directory(cache.directory), buildTag: cache.buildTag)
        options.racyWindow = 0
        configuration.documentOptions = options
        configuration.open = { path, locales throws(DocumentError) in
          try opened.openDocument(at: path, locales: locales)
        }
        configuration.searchDocument = { text, locales in
          opened.document(at: path, matching: text, locales: locales)
        }
      } else {
        loaded = try DocumentLoader.open(path: path, locales: ["en"])
      }
      app = WebApp(
        settings: Settings(document: try loaded.documentWithAllItems(), store: store), itemsFiles: [:],
        configuration: configuration)
    }

    /// The JSON answer to `GET target`.
    func get(_ target: String) throws -> JSONValue {
      let request = WebRequest(head: HTTPRequestHead(method: "GET", target: target, headers: [:]))
      guard case .response(let response) = app.route(try #require(request.path), request) else {
        Issue.record("\(target) did not answer with a response")
        return JSONValue(.null)
      }
      #expect(response.status == 200, "\(target)")
      return try JSONParser().parse(response.body)
    }

    /// The indexes of the sections whose rows have been decoded.
    var decodedSections: [Int] { loaded.compiledItems.filter { $0.value.isDecoded }.map(\.key).sorted() }
  }

  /// The `key`s of the rows of `section`.
  func keys(_ section: JSONValue?) -> [String] {
    guard case .array(let rows)? = section?[member: "items"]?.kind else { return [] }
    return rows.compactMap { row in
      if case .string(let key)? = row[member: "key"]?.kind { return key }
      return nil
    }
  }

  func sections(_ page: JSONValue) -> [JSONValue] {
    guard case .array(let sections)? = page[member: "sections"]?.kind else { return [] }
    return sections
  }

  @Test func thePageSendsItsFirst200RowsAndDefersTheRest() throws {
    let served = try Served()
    defer { served.directory.remove() }
    #expect(served.decodedSections == [])
    let page = sections(try served.get("/api/page"))
    #expect(page.count == 50)
    #expect(keys(page[0]).count == 100)
    #expect(keys(page[1]).last == "item-199")
    #expect(page[2][member: "items"] == nil)
    #expect(page[2][member: "deferred"]?.kind == .bool(true))
    #expect(page[2][member: "itemCount"]?.kind == .number("100"))
    #expect(page[2][member: "header"]?.kind == .string("Section 3"))
    #expect(page[3][member: "footer"]?.kind == .string("Footer 4"))
    // The rows sent come from the compiled records.
    #expect(served.decodedSections == [])

    let section = try served.get("/api/section?section=37")
    #expect(keys(section).first == "item-3700")
    #expect(keys(section).count == 100)
    #expect(section[member: "lastEventId"]?.kind == .number("0"))
    #expect(served.decodedSections == [])

    let focused = sections(try served.get("/api/page?focus=item-4321"))
    #expect(keys(focused[43]).contains("item-4321"))
    #expect(focused[42][member: "deferred"]?.kind == .bool(true))
    #expect(served.decodedSections == [])
  }

  /// The answers from the compiled form are the whole load's, byte for byte (the folder's path
  /// made the same), for every section of the page, deferred or not.
  @Test func theCompiledFormAnswersAsTheWholeLoad() throws {
    let stored = #"{"item-7": true, "item-2500": "no", "item-4998": "v", "gone": 1}"#
    let compiled = try Served(stored: stored)
    let whole = try Served(stored: stored, compiled: false)
    defer {
      compiled.directory.remove()
      whole.directory.remove()
    }
    func text(_ served: Served, _ target: String) throws -> String {
      let answer = JSONWriter().line(try served.get(target))
      return answer.replacingOccurrences(of: served.directory.path, with: "DIR")
    }
    var targets = ["/api/page", "/api/page?focus=item-3333", "/api/modified", "/api/row?key=item-4321"]
    targets += ["/api/search?q=Item%2049", "/api/search?q=About", "/api/search?q=zzz"]
    targets += (0..<50).map { "/api/section?section=\($0)" }
    for target in targets {
      #expect(try text(compiled, target) == text(whole, target), "\(target)")
    }
    // The sections of the stored keys, and that of the row asked for by key: no other.
    #expect(compiled.decodedSections == [0, 25, 43, 49])
  }

  /// Every kind of row (``everyRowKindDocument``) is sent from its compiled record as the whole
  /// load sends it, with and without stored values (overrides, a rejected one, an unknown key);
  /// only the sections holding stored keys are decoded.
  @Test(arguments: [
    ("{}", [Int]()),
    (#"{"airplane": true, "band": "2g", "lock": "loud", "g2-3": "x", "gone": 1}"#, [0, 1, 7]),
  ])
  func everyKindOfRowIsSentAsTheWholeLoadSendsIt(stored: String, decoded: [Int]) throws {
    let compiled = try Served(stored: stored, document: everyRowKindDocument)
    let whole = try Served(stored: stored, compiled: false, document: everyRowKindDocument)
    defer {
      compiled.directory.remove()
      whole.directory.remove()
    }
    func text(_ served: Served, _ target: String) throws -> String {
      JSONWriter().line(try served.get(target)).replacingOccurrences(of: served.directory.path, with: "DIR")
    }
    #expect(compiled.loaded.compiledItems.count == 8)
    let targets = ["/api/page"] + (0..<9).map { "/api/section?section=\($0)" }
    for target in targets {
      #expect(try text(compiled, target) == text(whole, target), "\(target)")
    }
    #expect(try text(compiled, "/api/section?section=6").contains(#""title":"Choice 6""#))
    #expect(compiled.decodedSections == decoded)
  }

  /// A new version of the document on disk is reloaded through the compiled form: the rows stay
  /// in it until sent, and the page is the whole load's.
  @Test func aReloadedDocumentStaysInTheCompiledForm() async throws {
    let compiled = try Served()
    defer { compiled.directory.remove() }
    compiled.app.startWatching()
    defer { compiled.app.stopWatching() }
    let path = compiled.directory.file("large.json")
    let text = largeTestDocument(items: 5000).replacingOccurrences(
      of: #""title": "Item 4999""#, with: #""title": "Item 4999, renamed""#)
    try replaceByRename(path, with: text)
    var reloaded = false
    for _ in 0..<500 where !reloaded {
      try await Task.sleep(for: .milliseconds(10))
      reloaded = compiled.app.settings.document != compiled.loaded.document
    }
    #expect(reloaded)
    let document = compiled.app.settings.document
    // The comparison with the document before decoded the last section alone, on both sides.
    #expect(compiled.decodedSections == [49])
    #expect(document.sections.indices.filter { document.sections[$0].compiledItems == nil } == [49])
    let whole = try Served(compiled: false)
    defer { whole.directory.remove() }
    try replaceByRename(whole.directory.file("large.json"), with: text)
    let wholeApp = WebApp(
      settings: Settings(
        document: try DocumentLoader.load(path: SystemPath(whole.directory.file("large.json"))),
        store: whole.app.settings.store),
      itemsFiles: [:], configuration: whole.app.configuration)
    for target in ["/api/page", "/api/section?section=49", "/api/search?q=renamed"] {
      let request = WebRequest(head: HTTPRequestHead(method: "GET", target: target, headers: [:]))
      guard case .response(let answer) = compiled.app.route(try #require(request.path), request),
        case .response(let expected) = wholeApp.route(try #require(request.path), request)
      else {
        Issue.record("\(target): no response")
        continue
      }
      // The same but for the reload's event, which the page has seen.
      #expect(
        String(decoding: answer.body, as: UTF8.self).replacingOccurrences(
          of: compiled.directory.path, with: "DIR")
          == String(decoding: expected.body, as: UTF8.self)
          .replacingOccurrences(of: whole.directory.path, with: "DIR")
          .replacingOccurrences(of: #""lastEventId": 0"#, with: #""lastEventId": 1"#),
        "\(target)")
    }
  }

  @Test func aSectionOutOfThePageIsRefused() throws {
    let served = try Served()
    defer { served.directory.remove() }
    let refusals = [
      "/api/section?section=50": "section must be the index of a section of the page, not '50'",
      "/api/section?section=-1": "section must be the index of a section of the page, not '-1'",
      "/api/section": "section is missing; it must be the index of a section of the page",
    ]
    for (target, message) in refusals {
      let request = WebRequest(head: HTTPRequestHead(method: "GET", target: target, headers: [:]))
      guard case .response(let response) = served.app.route(try #require(request.path), request) else {
        Issue.record("\(target): no response")
        continue
      }
      #expect(response.status == 400, "\(target)")
      #expect(
        try JSONParser().parse(response.body)[member: "error"]?.kind == .string(message), "\(target)")
    }
    #expect(served.decodedSections == [])
  }

  @Test func theModifiedListDecodesTheSectionsOfStoredKeysAndSearchNone() throws {
    let served = try Served(stored: #"{"item-2502": true, "item-4800": false, "gone": 1}"#)
    defer { served.directory.remove() }
    let modified = try served.get("/api/modified")
    guard case .array(let matches)? = modified[member: "matches"]?.kind else {
      Issue.record("no matches: \(modified)")
      return
    }
    // An override equal to the default is an override still (`item-4800` is a switch, off).
    #expect(matches.map { $0[member: "key"]?.kind } == [.string("item-2502"), .string("item-4800")])
    #expect(served.decodedSections == [25, 48])

    let search = try served.get("/api/search?q=About%204997")
    #expect(search[member: "total"]?.kind == .number("1"))
    guard case .array(let found)? = search[member: "matches"]?.kind else {
      Issue.record("no matches: \(search)")
      return
    }
    #expect(found.map { $0[member: "key"]?.kind } == [.string("item-4997")])
    #expect(served.decodedSections == [25, 48])
  }
}
