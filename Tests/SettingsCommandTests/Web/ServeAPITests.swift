import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX
@testable import SettingsSockets
@testable import SettingsWeb

/// `settings serve`'s API (docs/WEB-API.md) end to end: pages and rows, conditional sets and
/// their 409, refusals with the CLI's messages, secure values, the event stream, signals.
@Suite(.serialized)
struct ServeAPITests {
  /// `settings` run against the same store and document as `server`.
  func cli(_ server: ServedSettings, _ arguments: [String]) throws -> CommandOutcome {
    try server.cli(arguments)
  }

  @Test func aRowCarriesValueDefaultSourceAndDisabledReason() throws {
    let server = try ServedSettings(store: #"{"airplane": true}"#)
    defer { _ = server.stop() }
    let page = try #require(try server.get("/api/page").json)
    guard case .array(let sections)? = page[member: "sections"]?.kind,
      case .array(let items)? = sections[1][member: "items"]?.kind
    else {
      Issue.record("no sections")
      return
    }
    #expect(
      JSONWriter().line(items[0])
        == #"{"default":false,"defaultShown":"Off","imageName":"airplane","key":"airplane","modified":true,"#
        + #""shown":"On","source":"user","title":"Airplane Mode","type":"switch","value":true}"# + "\n")
    #expect(items[1][member: "disabledReason"]?.kind == .string("off while Airplane Mode is on"))
    #expect(items[1][member: "enabled"]?.kind == .bool(false))
    #expect(items[1][member: "page"]?.kind == .bool(true))
    let wifi = try #require(try server.get("/api/page?key=wifi").json)
    #expect(wifi[member: "title"]?.kind == .string("Wi-Fi"))
    #expect(
      JSONWriter().line(wifi[member: "breadcrumb"]!)
        == #"[{"title":"Settings"},{"key":"wifi","title":"Wi-Fi"}]"# + "\n")
    #expect(try server.get("/api/page?key=airplane").status == 404)
  }

  @Test func aSetLandsAndAStaleOneGets409WithTheCurrentValue() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let first = try server.post("/api/set", #"{"key": "airplane", "value": true, "expect": false}"#)
    #expect(first.status == 200)
    #expect(first.json?[member: "row"]?[member: "value"]?.kind == .bool(true))
    #expect(try cli(server, ["get", "airplane"]).stdout == "on\n")
    // Another process turns it off; the tab that still shows On then sends its stale edit.
    #expect(try cli(server, ["set", "airplane", "off"]).status == 0)
    let stale = try server.post("/api/set", #"{"key": "airplane", "value": false, "expect": true}"#)
    #expect(stale.status == 409)
    #expect(stale.json?[member: "error"]?.kind == .string("changed elsewhere"))
    #expect(stale.json?[member: "current"]?.kind == .bool(false))
    #expect(stale.json?[member: "currentShown"]?.kind == .string("Off"))
    let storeBefore = server.storeText
    let otherStale = try server.post("/api/set", #"{"key": "airplane", "value": true, "expect": true}"#)
    #expect(otherStale.status == 409)
    #expect(server.storeText == storeBefore)
    // Two tabs changing different keys both land.
    #expect(
      try server.post("/api/set", #"{"key": "bluetooth", "value": false, "expect": true}"#).status == 200)
    #expect(
      try server.post("/api/set", #"{"key": "location", "value": false, "expect": true}"#).status == 200)
    #expect(try cli(server, ["get", "bluetooth"]).stdout == "off\n")
    #expect(try cli(server, ["get", "location"]).stdout == "off\n")
  }

  @Test func refusalsCarryTheCLIsMessageAndWriteNothing() throws {
    let server = try ServedSettings(store: #"{"airplane": true}"#)
    defer { _ = server.stop() }
    let before = server.storeText
    let disabled = try server.post("/api/set", #"{"key": "bluetooth", "value": false, "expect": true}"#)
    #expect(disabled.status == 422)
    let cliError = try cli(server, ["set", "bluetooth", "off"]).stderr
    #expect(cliError.hasPrefix("Error: "))
    let message = try #require(disabled.json?[member: "error"])
    guard case .string(let text) = message.kind else { return }
    #expect(cliError.contains(text))
    let range = try server.post("/api/set", #"{"key": "brightness", "value": 1000}"#)
    #expect(range.status == 422)
    let unknown = try server.post("/api/set", #"{"key": "no-such-key", "value": 1}"#)
    #expect(unknown.status == 404)
    let choice = try server.post("/api/set", #"{"key": "appearance", "value": "purple"}"#)
    #expect(choice.status == 422)
    #expect(try server.post("/api/set", #"{"value": 1}"#).status == 400)
    #expect(try server.post("/api/set", "not json").status == 400)
    #expect(server.storeText == before)
  }

  /// A stored value the item does not accept shows the default on the row, which says so in the
  /// words of the CLI's warning (`show` marks it `!`), is listed by the Modified filter, and Reset
  /// removes it.
  @Test func aRejectedStoredValueIsOnItsRowUntilReset() throws {
    let server = try ServedSettings(store: #"{"airplane": "maybe", "wifi.password": 42}"#)
    defer { _ = server.stop() }
    let warnings = try cli(server, ["get", "airplane"]).stderr
    let row = try #require(try server.get("/api/row?key=airplane").json?[member: "row"])
    guard case .string(let problem)? = row[member: "storedProblem"]?.kind else {
      Issue.record("no storedProblem in \(JSONWriter().line(row))")
      return
    }
    #expect(
      problem.hasSuffix(
        #":1:14: stored value of "airplane" is "maybe"; expected true or false; using the default false"#))
    #expect(warnings.contains("Warning: \(problem)"))
    #expect(row[member: "value"]?.kind == .bool(false))
    #expect(row[member: "modified"]?.kind == .bool(false))
    let secure = try #require(try server.get("/api/row?key=wifi.password").json?[member: "row"])
    guard case .string(let masked)? = secure[member: "storedProblem"]?.kind else {
      Issue.record("no storedProblem for the secure value")
      return
    }
    #expect(masked.contains("is ••••••••;"))
    #expect(!masked.contains("42"))
    let modified = try server.get("/api/modified").text
    #expect(modified.contains(#""key": "airplane""#))
    let reset = try server.post("/api/reset", #"{"key": "airplane"}"#)
    #expect(reset.status == 200)
    // The row without its problem, though no value changed.
    let rows = try #require(reset.json?[member: "rows"])
    guard case .array(let changed) = rows.kind, changed.count == 1 else {
      Issue.record("rows: \(JSONWriter().line(rows))")
      return
    }
    #expect(changed[0][member: "key"]?.kind == .string("airplane"))
    #expect(changed[0][member: "storedProblem"] == nil)
    let after = try #require(try server.get("/api/row?key=airplane").json?[member: "row"])
    #expect(after[member: "storedProblem"] == nil)
    #expect(!server.storeText.contains("maybe"))
  }

  @Test func aSecureValueIsInNoPageEventOrDumpUntilRevealed() throws {
    let server = try ServedSettings(store: #"{"wifi.password": "hunter2-secret"}"#)
    defer { _ = server.stop() }
    for path in ["/api/page?key=wifi", "/api/dump", "/api/search?q=password", "/api/events?after=99999"] {
      let reply: String
      if path.hasPrefix("/api/events") {
        reply = try streamText(server, path, until: "event: snapshot\ndata: {}\n\n")
      } else {
        reply = try server.get(path).text
      }
      #expect(!reply.contains("hunter2"), "\(path)")
    }
    let revealed = try server.post("/api/reveal", #"{"key": "wifi.password"}"#)
    #expect(revealed.json?[member: "value"]?.kind == .string("hunter2-secret"))
    #expect(try server.post("/api/reveal", #"{"key": "airplane"}"#).status == 422)
  }

  @Test func hostileTextReachesThePageAsJSONStringsOnly() throws {
    let title = "<img src=x onerror=alert(1)></script>\u{202E}" + String(repeating: "x", count: 10_000)
    let document = """
      {"version": 1, "id": "hostile", "title": "</script><b>t</b>", "sections": [{"header": "<i>h</i>",
        "items": [{"key": "a", "type": "switch", "title": \(JSONWriter().line(.string(title)).dropLast())}]}]}
      """
    let server = try ServedSettings(document: document)
    defer { _ = server.stop() }
    let page = try server.get("/api/page")
    #expect(page.head.headers["Content-Type"] == "application/json; charset=utf-8")
    let json = try #require(page.json)
    guard case .array(let sections)? = json[member: "sections"]?.kind,
      case .array(let items)? = sections[0][member: "items"]?.kind
    else { return }
    #expect(items[0][member: "title"]?.kind == .string(title))
    // The page's markup holds no document text at all: it is fetched as JSON.
    let html = try server.get("/").text
    #expect(!html.contains("<b>t</b>"))
    #expect(!html.contains("onerror"))
  }

  @Test func searchResetDumpAndTheFilesOfThePage() throws {
    let server = try ServedSettings(store: #"{"airplane": true, "brightness": 40}"#)
    defer { _ = server.stop() }
    let search = try #require(try server.get("/api/search?q=roam").json)
    guard case .array(let matches)? = search[member: "matches"]?.kind else { return }
    #expect(matches.map { $0[member: "key"]?.kind } == [.string("cellular.options.roaming")])
    #expect(matches[0][member: "page"]?.kind == .string("cellular.options"))
    #expect(search[member: "total"]?.kind == .number("1"))
    #expect(
      JSONWriter().line(matches[0][member: "breadcrumb"]!)
        == #"["Settings","Cellular","Cellular Data Options","Data Roaming"]"# + "\n")
    #expect(try server.get("/api/dump").text == (try cli(server, ["dump"])).stdout)
    let reset = try server.post("/api/reset", #"{"key": "airplane"}"#)
    #expect(reset.status == 200)
    #expect(try cli(server, ["get", "airplane"]).stdout == "off\n")
    #expect(try server.post("/api/reset", #"{"all": true}"#).status == 200)
    #expect(try cli(server, ["dump"]).stdout == "{}\n")
    let script = try server.get("/app.js")
    #expect(script.head.headers["Content-Type"] == "text/javascript; charset=utf-8")
    #expect(try server.get("/app.css").head.headers["Content-Type"] == "text/css; charset=utf-8")
    #expect(try server.get("/page/wifi").text.contains("<meta name=\"settings-csrf\" content=\""))
  }

  /// The text of the event stream at `path` until `marker` has come (10 s at most).
  func streamText(_ server: ServedSettings, _ path: String, headers: String = "", until marker: String) throws
    -> String
  {
    let connection = try SocketConnection.connect(
      host: "127.0.0.1", port: server.port, timeoutMilliseconds: 5000)
    defer { connection.close() }
    try connection.writeAll(
      Array("GET \(path) HTTP/1.1\r\n\(server.authorized)\(headers)\r\n".utf8), timeoutMilliseconds: 5000)
    var text = ""
    while !text.contains(marker) {
      let bytes = try connection.read(timeoutMilliseconds: 10_000)
      if bytes.isEmpty { break }
      text += String(decoding: bytes, as: UTF8.self)
    }
    return text
  }

  @Test func theEventStreamCarriesChangesFromElsewhereAndReplaysWhatWasMissed() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let connection = try SocketConnection.connect(
      host: "127.0.0.1", port: server.port, timeoutMilliseconds: 5000)
    defer { connection.close() }
    try connection.writeAll(
      Array("GET /api/events HTTP/1.1\r\n\(server.authorized)\r\n".utf8), timeoutMilliseconds: 5000)
    var text = String(decoding: try connection.read(timeoutMilliseconds: 5000), as: UTF8.self)
    #expect(text.hasPrefix("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream; charset=utf-8\r\n"))
    #expect(text.hasSuffix("\r\n\r\nretry: 1000\n\n"))
    #expect(try cli(server, ["set", "airplane", "on"]).status == 0)
    text = ""
    while !text.hasSuffix("\n\n") {
      text += String(decoding: try connection.read(timeoutMilliseconds: 10_000), as: UTF8.self)
    }
    #expect(
      text
        == "id: 1\nevent: change\ndata: {\"key\":\"airplane\",\"row\":{\"key\":\"airplane\",\"type\":\"switch\","
        + "\"title\":\"Airplane Mode\",\"imageName\":\"airplane\",\"value\":true,\"shown\":\"On\",\"modified\":true,"
        + "\"default\":false,\"defaultShown\":\"Off\",\"source\":\"user\"},\"previous\":false,"
        + "\"previousShown\":\"Off\",\"origin\":\"elsewhere\","
        + "\"dependents\":[\"wifi\",\"bluetooth\",\"cellular.data\"]}\n\n")
    #expect(
      try server.post("/api/set", #"{"key": "location", "value": false}"#).json?[member: "eventId"]?.kind
        == .number("2"))
    // A client that saw event 1 gets event 2; one from another run gets a snapshot.
    let replay = try streamText(server, "/api/events", headers: "Last-Event-ID: 1\r\n", until: "id: 2\n")
    #expect(replay.contains("retry: 1000\n\nid: 2\nevent: change\ndata: {\"key\":\"location\""))
    #expect(replay.contains("\"origin\":\"page\""))
    let fresh = try streamText(server, "/api/events", headers: "Last-Event-ID: 77\r\n", until: "data: {}\n\n")
    #expect(fresh.contains("retry: 1000\n\nid: 2\nevent: snapshot\ndata: {}\n\n"))
  }

  @Test func aBrokenStoreIsAnEventAndTheServerKeepsRunning() throws {
    let server = try ServedSettings(store: #"{"airplane": false}"#)
    defer { _ = server.stop() }
    let connection = try SocketConnection.connect(
      host: "127.0.0.1", port: server.port, timeoutMilliseconds: 5000)
    defer { connection.close() }
    try connection.writeAll(
      Array("GET /api/events HTTP/1.1\r\n\(server.authorized)\r\n".utf8), timeoutMilliseconds: 5000)
    _ = try connection.read(timeoutMilliseconds: 5000)
    try server.directory.write("store.json", "{\"airplane\": tru")
    var text = ""
    while !text.contains("event: store-error") {
      text += String(decoding: try connection.read(timeoutMilliseconds: 10_000), as: UTF8.self)
    }
    #expect(try server.get("/api/document").json?[member: "storeError"]?.kind != .null)
    #expect(try server.get("/api/page").status == 200)
    try server.directory.write("store.json", "{\"airplane\": true}")
    while !text.contains("event: change") {
      text += String(decoding: try connection.read(timeoutMilliseconds: 10_000), as: UTF8.self)
    }
    #expect(text.contains("event: store-recovered\ndata: {}\n\n"))
    #expect(try server.get("/api/document").json?[member: "storeError"]?.kind == .null)
  }

  @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
  func aSignalStopsItWithStatusZeroAndClosesStreams(signal: Int32) throws {
    let server = try ServedSettings()
    let connection = try SocketConnection.connect(
      host: "127.0.0.1", port: server.port, timeoutMilliseconds: 5000)
    defer { connection.close() }
    try connection.writeAll(
      Array("GET /api/events HTTP/1.1\r\n\(server.authorized)\r\n".utf8), timeoutMilliseconds: 5000)
    _ = try connection.read(timeoutMilliseconds: 5000)
    let stopped = server.stop(signal: signal)
    #expect(stopped.status == 0)
    #expect(stopped.stdout == "")
    #expect(stopped.stderr == "")
    #expect(try connection.read(timeoutMilliseconds: 5000) == [])
  }

  @Test func aPortInUseIsRefusedNamingIt() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let second = try runBinary(
      ["serve", "--port", String(server.port), "-f", server.documentPath], environment: server.environment)
    #expect(second.status == 69)
    #expect(second.stdout == "")
    #expect(
      second.stderr
        == "Error: cannot listen on 127.0.0.1:\(server.port): the port is in use (EADDRINUSE); give another "
        + "port, or 0 for a free one\n")
  }
}

/// What the page asks of the server besides pages: one row, every modified row, the locale.
@Suite(.serialized)
struct ServeRowsTests {
  @Test func aRowByKeyWithItsBreadcrumbAndPage() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let reply = try #require(try server.get("/api/row?key=cellular.options.roaming").json)
    #expect(reply[member: "page"]?.kind == .string("cellular.options"))
    #expect(reply[member: "row"]?[member: "title"]?.kind == .string("Data Roaming"))
    #expect(
      JSONWriter().line(reply[member: "breadcrumb"]!)
        == #"[{"title":"Settings"},{"key":"cellular","title":"Cellular"},"#
        + #"{"key":"cellular.options","title":"Cellular Data Options"},"#
        + #"{"key":"cellular.options.roaming","title":"Data Roaming"}]"# + "\n")
    #expect(try server.get("/api/row?key=previews").json?[member: "page"]?.kind == .null)
    #expect(try server.get("/api/row?key=nope").status == 404)
  }

  @Test func everyModifiedRowOnEveryPage() throws {
    let server = try ServedSettings(store: #"{"cellular.options.roaming": true, "airplane": false}"#)
    defer { _ = server.stop() }
    let reply = try #require(try server.get("/api/modified").json)
    guard case .array(let matches)? = reply[member: "matches"]?.kind else {
      Issue.record("no matches")
      return
    }
    #expect(
      matches.map { $0[member: "key"]?.kind } == [.string("airplane"), .string("cellular.options.roaming")])
    #expect(matches[1][member: "page"]?.kind == .string("cellular.options"))
  }

  @Test func theLocaleFollowsAcceptLanguageUnlessLocaleIsGiven() throws {
    let document = """
      {"version": 1, "id": "lang", "title": {"en": "Settings", "ko": "설정"},
       "sections": [{"items": [{"key": "a", "type": "switch", "title": {"en": "Sound", "ko": "소리"}}]}]}
      """
    let server = try ServedSettings(document: document)
    defer { _ = server.stop() }
    let korean = "Accept-Language: ko-KR, ko;q=0.9, en;q=0.5\r\n"
    let page = try server.send("GET /api/page HTTP/1.1\r\n\(server.authorized)\(korean)\r\n").json
    #expect(page?[member: "title"]?.kind == .string("설정"))
    let html = try server.send("GET / HTTP/1.1\r\n\(server.authorized)\(korean)\r\n").text
    #expect(html.contains("<html lang=\"ko-KR\" dir=\"ltr\">"))
    let arabic = try server.send("GET / HTTP/1.1\r\n\(server.authorized)Accept-Language: ar\r\n\r\n").text
    #expect(arabic.contains("<html lang=\"ar\" dir=\"rtl\">"))
    #expect(try server.get("/api/page").json?[member: "title"]?.kind == .string("Settings"))
    let fixed = try ServedSettings(document: document, arguments: ["--locale", "en"])
    defer { _ = fixed.stop() }
    let english = try fixed.send("GET /api/page HTTP/1.1\r\n\(fixed.authorized)\(korean)\r\n").json
    #expect(english?[member: "title"]?.kind == .string("Settings"))
  }
}

/// `settings serve --open`: the browser is handed a file, not the token.
@Suite(.serialized)
struct ServeOpenTests {
  @Test func openHandsXdgOpenAPrivateRedirectFile() throws {
    let tools = try TemporaryDirectory()
    defer { tools.remove() }
    // A stand-in xdg-open that records its arguments, the file's mode and its text.
    let script = """
      #!/bin/sh
      printf '%s\\n' "$@" > \(tools.file("arguments"))
      stat -c %a "$1" > \(tools.file("mode"))
      cat "$1" > \(tools.file("file"))
      """
    let path = try tools.write("xdg-open", script)
    chmod(path, 0o755)
    let server = try ServedSettings(arguments: ["--open"], path: tools.path + ":/usr/bin:/bin")
    var waited = 0
    while (try? tools.read("file")) ?? nil == nil, waited < 100 {
      usleep(50_000)
      waited += 1
    }
    let arguments = try #require(try tools.read("arguments"))
    _ = server.stop()
    #expect(!arguments.contains(server.token))
    #expect(arguments.hasSuffix(".html\n"))
    #expect(try tools.read("mode") == "600\n")
    let html = try #require(try tools.read("file"))
    #expect(html.contains("<meta http-equiv=\"refresh\" content=\"0;url=\(server.address)\">"))
    // The file is removed when the server stops.
    #expect(!FileManager.default.fileExists(atPath: String(arguments.dropLast())))
  }
}

/// Items files page by page, and a document that changes on disk.
@Suite(.serialized)
struct ServePagingTests {
  @Test func anItemsFileComesAPageAtATime() throws {
    let restarted = try ServedSettings(
      document: try String(contentsOfFile: examplePath("app-notifications.json"), encoding: .utf8),
      itemsFile: examplePath("apps.jsonl"))
    defer { _ = restarted.stop() }
    let page = try #require(try restarted.get("/api/page").json)
    guard case .array(let sections)? = page[member: "sections"]?.kind else { return }
    let apps = sections[2]
    #expect(apps[member: "pageSize"]?.kind == .number("20"))
    #expect(apps[member: "total"]?.kind == .number("250"))
    #expect(apps[member: "offset"]?.kind == .number("0"))
    #expect(apps[member: "remaining"]?.kind == .number("230"))
    guard case .array(let first)? = apps[member: "items"]?.kind else { return }
    #expect(first.count == 20)
    #expect(first[0][member: "key"]?.kind == .string("app-001"))
    let more = try #require(try restarted.get("/api/more?section=2&offset=240").json)
    guard case .array(let last)? = more[member: "items"]?.kind else { return }
    #expect(
      last.map { $0[member: "key"]?.kind }
        == (241...250).map { JSONValue.Kind.string(String(format: "app-%03d", $0)) })
    #expect(more[member: "remaining"]?.kind == .number("0"))
    #expect(try restarted.get("/api/more?section=2&offset=7").status == 400)
    #expect(try restarted.get("/api/more?section=0&offset=0").status == 400)
    // An items-file row is set like any other, and found by search.
    #expect(
      try restarted.post("/api/set", #"{"key": "app-250", "value": true, "expect": false}"#).status == 200)
    let search = try restarted.get("/api/search?q=app-250").text
    #expect(search.contains("\"key\": \"app-250\""))
  }

  @Test func aDocumentChangedOnDiskIsAReloadEvent() throws {
    let document =
      #"{"version": 1, "id": "reload", "sections": [{"items": [{"key": "a", "type": "switch", "title": "A"}]}]}"#
    let server = try ServedSettings(document: document)
    defer { _ = server.stop() }
    let connection = try SocketConnection.connect(
      host: "127.0.0.1", port: server.port, timeoutMilliseconds: 5000)
    defer { connection.close() }
    try connection.writeAll(
      Array("GET /api/events HTTP/1.1\r\n\(server.authorized)\r\n".utf8), timeoutMilliseconds: 5000)
    _ = try connection.read(timeoutMilliseconds: 5000)
    try server.directory.write("doc.json", document.replacingOccurrences(of: "\"A\"", with: "\"Renamed\""))
    var text = ""
    while !text.contains("event: reload") {
      let bytes = try connection.read(timeoutMilliseconds: 10_000)
      if bytes.isEmpty { break }
      text += String(decoding: bytes, as: UTF8.self)
    }
    #expect(text.contains("event: reload\ndata: {}\n\n"))
    #expect(try server.get("/api/page").text.contains("\"title\": \"Renamed\""))
  }
}

/// Locks and hidden rows, as the page gets them.
@Suite(.serialized)
struct ServeStatesTests {
  @Test func aLockedRowCarriesItsLockAndIsRefusedAndAHiddenRowIsAbsent() throws {
    let document = """
      {"version": 1, "id": "states", "sections": [{"items": [
        {"key": "a", "type": "switch", "title": "A"},
        {"key": "b", "type": "switch", "title": "B", "visibleWhen": {"a": true}},
        {"key": "c", "type": "switch", "title": "C"}]}]}
      """
    let server = try ServedSettings(
      document: document,
      systemFiles: [
        "states.json": #"{"values": {"c": true}, "locked": {"c": "Managed by your organisation"}}"#
      ])
    defer { _ = server.stop() }
    let page = try server.get("/api/page").json
    guard case .array(let sections)? = page?[member: "sections"]?.kind,
      case .array(let items)? = sections[0][member: "items"]?.kind
    else {
      Issue.record("no rows")
      return
    }
    #expect(items.map { $0[member: "key"]?.kind } == [.string("a"), .string("c")])
    let lock = items[1][member: "lock"]
    #expect(lock?[member: "reason"]?.kind == .string("Managed by your organisation"))
    #expect(lock?[member: "scope"]?.kind == .string("key c"))
    #expect(items[1][member: "value"]?.kind == .bool(true))
    guard case .string(let source)? = items[1][member: "source"]?.kind else { return }
    #expect(source.hasPrefix("locked:"))
    #expect(source.hasSuffix("/settings/states.json"))
    let refused = try server.post("/api/set", #"{"key": "c", "value": false, "expect": true}"#)
    #expect(refused.status == 422)
    #expect(refused.text.contains("Managed by your organisation"))
    #expect(try server.post("/api/set", #"{"key": "a", "value": true, "expect": false}"#).status == 200)
    let shown = try server.get("/api/page").text
    #expect(shown.contains("\"key\": \"b\""))
  }
}

/// The event stream's keep-alive comment.
@Suite(.serialized)
struct ServeKeepAliveTests {
  @Test func anIdleStreamGetsACommentLineEveryFifteenSeconds() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let connection = try SocketConnection.connect(
      host: "127.0.0.1", port: server.port, timeoutMilliseconds: 5000)
    defer { connection.close() }
    try connection.writeAll(
      Array("GET /api/events HTTP/1.1\r\n\(server.authorized)\r\n".utf8), timeoutMilliseconds: 5000)
    var text = ""
    while !text.hasSuffix("retry: 1000\n\n") {
      text += String(decoding: try connection.read(timeoutMilliseconds: 5000), as: UTF8.self)
    }
    // Nothing happens for 15 s; then one comment line, which EventSource ignores.
    let comment = String(decoding: try connection.read(timeoutMilliseconds: 25_000), as: UTF8.self)
    #expect(comment == ": keep-alive\n\n")
  }
}
