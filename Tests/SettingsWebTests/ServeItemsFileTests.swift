import TestSupport
import Testing

@testable import SettingsHTTP
@testable import SettingsKit
@testable import SettingsPOSIX
@testable import SettingsWeb

/// `settings serve` reads an items file a page at a time, as `settings ui` does: the page decodes
/// the lines it sends, a key the page names decodes its own line, and the answers are those of
/// the document with every item decoded.
@Suite(.serialized)
struct ServeItemsFileTests {
  /// A document of one section of its own (`master`, `alarm`) and one whose `itemsFile` holds
  /// `lines` switches `app-00001` …, 20 to a page, but `app-00005`, a secure text field
  /// (`app-00007`'s key is written with an escape).
  struct Served {
    let directory: TemporaryDirectory
    let loaded: LoadedDocument
    let app: WebApp

    /// With `whole` true, the app is over the document with every items file's item decoded, as
    /// `serve` made it before it read items files a page at a time.
    init(lines: Int, stored: String = "{}", whole: Bool = false) throws {
      directory = try TemporaryDirectory()
      let document = """
        {"version": 1, "id": "apps", "title": "Apps", "sections": [
          {"id": "general", "items": [
            {"key": "master", "type": "switch", "title": "Master", "on": true},
            {"key": "alarm", "type": "switch", "title": "Alarm", "on": false}]},
          {"id": "apps", "header": "All apps", "pageSize": 20, "itemsFile": "apps.jsonl"}]}
        """
      var text = ""
      for number in 1...lines { text += Self.line(number) + "\n" }
      try directory.write("apps.jsonl", text)
      let path = SystemPath(try directory.write("doc.json", document))
      try directory.write("store.json", stored)
      loaded = try DocumentLoader.open(path: path, locales: ["en"])
      let settings = Settings(
        document: whole ? try loaded.documentWithAllItems() : loaded.document,
        store: FileStore(path: directory.file("store.json")))
      let configuration = WebApp.Configuration(
        port: 8080, assets: [], documentPath: path, itemsDirectory: SystemPath(directory.path),
        locales: ["en"])
      app = WebApp(settings: settings, itemsFiles: loaded.itemsFiles, configuration: configuration)
    }

    /// The item of line `number`.
    static func line(_ number: Int) -> String {
      let digits = String(number)
      let key = "app-" + String(repeating: "0", count: 5 - digits.count) + digits
      switch number {
      case 7:
        // Its key written with an escape: found as any other.
        return #"{"key": "app-0000\u0037", "type": "switch", "title": "App 7", "on": false}"#
      case 5:
        return #"{"key": "\#(key)", "type": "textField", "title": "App \#(number)", "secure": true}"#
      default:
        return #"{"key": "\#(key)", "type": "switch", "title": "App \#(number)", "on": \#(number % 2 == 0)}"#
      }
    }

    /// How many lines of the items file have been decoded.
    var decodedLines: Int { loaded.itemsFiles[1]?.decodedLineCount ?? -1 }

    /// The status and text of the answer to `method target` with `body`.
    func answer(_ target: String, post body: String? = nil) throws -> (status: Int, text: String) {
      let head = HTTPRequestHead(method: body == nil ? "GET" : "POST", target: target, headers: [:])
      let request = WebRequest(head: head, body: Array((body ?? "").utf8))
      guard case .response(let response) = app.route(try #require(request.path), request) else {
        Issue.record("\(target) did not answer with a response")
        return (0, "")
      }
      return (response.status, String(decoding: response.body, as: UTF8.self))
    }
  }

  @Test func theFirstPageDecodesItsOwnLinesAlone() throws {
    let served = try Served(lines: 20_000)
    defer { served.directory.remove() }
    #expect(served.decodedLines == 0)
    let page = try served.answer("/api/page")
    #expect(page.status == 200)
    #expect(page.text.contains(#""key": "app-00020""#))
    #expect(!page.text.contains(#""key": "app-00021""#))
    #expect(page.text.contains(#""total": 20000"#))
    #expect(served.decodedLines == 20)

    // A row named by key decodes its line (its bytes are found without decoding the rest), and the
    // line of app-00007, whose key has an escape: one that could hold any key.
    let row = try served.answer("/api/row?key=app-15000")
    #expect(row.status == 200)
    #expect(row.text.contains(#""title": "App 15000""#))
    #expect(served.decodedLines == 22)

    // So does a change: the page's view looks its line up (two lines), then the write finds it
    // again by the line the view found (one).
    let set = try served.answer("/api/set", post: #"{"key": "app-15001", "value": true, "expect": false}"#)
    #expect(set.status == 200)
    #expect(set.text.contains(#""key": "app-15001""#))
    #expect(set.text.contains(#""value": true"#))
    #expect(served.decodedLines == 25)
    #expect(
      try String(contentsOfFile: served.directory.file("store.json"), encoding: .utf8).contains("app-15001"))

    // A key looked up before is found by its line, without a scan.
    #expect(served.loaded.itemsFiles[1]?.memo.lines.withLock { $0["app-15000"] } == 14_999)
    #expect(try served.answer("/api/row?key=app-15000").status == 200)
    #expect(served.decodedLines == 26)

    // The next page of the section, as the page's "more" asks for it: its lines, and the line
    // whose key has an escape, to know its key (a key of an earlier line is refused on a later
    // page); the other earlier lines' keys are read from their bytes.
    let more = try served.answer("/api/more?section=1&offset=20")
    #expect(more.text.contains(#""key": "app-00021""#))
    #expect(served.decodedLines == 47)
  }

  /// Every answer is the one the app gave over the document with every item decoded, byte for byte.
  @Test func theAnswersAreThoseOfTheWholeDocument() throws {
    let stored = #"{"app-00007": true, "app-00050": "not a switch", "app-00005": "hidden", "gone": 1}"#
    let paged = try Served(lines: 60, stored: stored)
    let whole = try Served(lines: 60, stored: stored, whole: true)
    defer {
      paged.directory.remove()
      whole.directory.remove()
    }
    func text(_ served: Served, _ target: String, post body: String? = nil) throws -> String {
      let answer = try served.answer(target, post: body)
      return "\(answer.status) " + answer.text.replacingOccurrences(of: served.directory.path, with: "DIR")
    }
    var targets = [
      "/api/page", "/api/page?focus=app-00045", "/api/more?section=1&offset=40", "/api/modified",
    ]
    targets += ["/api/row?key=app-00003", "/api/row?key=app-00005", "/api/row?key=app-00050"]
    targets += ["/api/row?key=app-99999", "/api/row?key=master", "/api/dump", "/api/search?q=App%2033"]
    for target in targets {
      #expect(try text(paged, target) == text(whole, target), "\(target)")
    }
    let posts: [(String, String)] = [
      ("/api/set", #"{"key": "app-00009", "value": true, "expect": false}"#),
      ("/api/set", #"{"key": "app-00003", "value": true}"#),
      ("/api/set", #"{"key": "app-00005", "value": "secret"}"#),
      ("/api/set", #"{"key": "app-00004", "value": "on"}"#),
      ("/api/set", #"{"key": "app-00011", "value": false, "expect": false}"#),
      ("/api/reset", #"{"key": "app-00050"}"#),
      ("/api/reveal", #"{"key": "app-00005"}"#),
      ("/api/set", #"{"key": "master", "value": false}"#),
      ("/api/set", #"{"key": "app-00003", "value": false}"#),
      ("/api/reset", #"{"all": true}"#),
    ]
    for (target, body) in posts {
      let (left, right) = (try text(paged, target, post: body), try text(whole, target, post: body))
      // The event numbers and journal entries are the same; the journal's times are not compared.
      #expect(left == right, "\(target) \(body)")
    }
    #expect(try text(paged, "/api/modified") == text(whole, "/api/modified"))
  }

  /// Many stored keys are looked up in one pass over the file, by the keys its lines name.
  @Test func manyStoredKeysAreFoundAsAFewAre() throws {
    let keys = [3, 7, 8, 12, 19, 25, 31, 40, 44, 52, 58, 59].map { Served.line($0).split(separator: "\"")[3] }
    let stored = "{" + keys.map { #""\#($0)": true"# }.joined(separator: ", ") + #", "gone": true}"#
    let paged = try Served(lines: 60, stored: stored)
    let whole = try Served(lines: 60, stored: stored, whole: true)
    defer {
      paged.directory.remove()
      whole.directory.remove()
    }
    for target in ["/api/modified", "/api/dump"] {
      #expect(try paged.answer(target).text == whole.answer(target).text, "\(target)")
    }
    #expect(
      try paged.answer("/api/modified").text.components(separatedBy: #""field": "modified""#).count == 13)
  }

  /// A change made elsewhere to an items file's key is a change event as for any other key, with
  /// the value before and after; the app's own change of one is not sent again as made elsewhere.
  @Test func anItemsFilesKeyChangedElsewhereIsAChangeEvent() async throws {
    let served = try Served(lines: 60)
    defer { served.directory.remove() }
    served.app.startWatching()
    defer { served.app.stopWatching() }
    // The page changes one items file's key, then another process changes another.
    let set = try served.answer("/api/set", post: #"{"key": "app-00010", "value": false, "expect": true}"#)
    #expect(set.status == 200)
    let elsewhere = Settings(
      document: try served.loaded.documentWithAllItems(),
      store: FileStore(path: served.directory.file("store.json")))
    try elsewhere.set("app-00021", to: .bool(true))
    // The log writes a byte to a waiter's pipe at each event: wait on it, with a deadline.
    let wake = try FileDescriptor.pipe()
    served.app.log.addWaiter(wake.write)
    defer {
      served.app.log.removeWaiter(wake.write)
      wake.read.close()
      wake.write.close()
    }
    var events = served.app.log.events(after: 0) ?? []
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline, !events.contains(where: { $0.key == "app-00021" }) {
      if !waitUntilReadable([wake.read.rawValue], timeoutMilliseconds: 1_000).isEmpty {
        var bytes = [UInt8](repeating: 0, count: 64)
        _ = try bytes.withUnsafeMutableBytes { try wake.read.read(into: $0) }
      }
      events = served.app.log.events(after: 0) ?? []
    }
    let changes = events.map { event in
      "\(event.key ?? "-") \(event.origin ?? "-") \(event.previous.map { "\($0)" } ?? "-") → \(event.value.map { "\($0)" } ?? "-")"
    }
    #expect(changes == ["app-00010 page on → off", "app-00021 elsewhere off → on"])
    // Its row in the stream, as any key's.
    let request = WebRequest(head: HTTPRequestHead(method: "GET", target: "/api/events", headers: [:]))
    let text = served.app.text(of: try #require(events.last), for: request)
    #expect(text.contains(#""key":"app-00021","type":"switch","title":"App 21","value":true"#))
    #expect(text.contains(#""previous":false"#))
  }
}
