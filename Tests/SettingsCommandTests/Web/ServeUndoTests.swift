import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsWeb

/// Undo and History in `settings serve` (docs/WEB-API.md, `/api/undo`, `/api/history`), end to end
/// on the real binary: the journal entry of a change in its answer, the page's changes journaled as
/// `serve`, an undo journaled as `undo` "from settings serve", its refusals in the CLI's words, the
/// CSRF rules on it, and the history as `settings history` lists it.
@Suite(.serialized)
struct ServeUndoTests {
  /// `member` of `json` written on one line, keys sorted ("absent" when it is not there).
  func line(_ json: JSONValue?, _ member: String) -> String {
    guard let value = json?[member: member] else { return "absent" }
    return String(JSONWriter().line(value).dropLast())
  }

  /// Each entry of `settings history --json` as `seq how message`, newest first.
  func journal(_ server: ServedSettings) throws -> [String] {
    let text = try server.cli(["history", "--json"]).stdout
    guard case .array(let entries) = try JSONParser().parse(Array(text.utf8)).kind else {
      return ["not an array: \(text)"]
    }
    return entries.map { entry in
      [line(entry, "seq"), line(entry, "how"), line(entry, "message")].joined(separator: " ")
    }
  }

  @Test func aChangeAnswersItsJournalEntryJournaledAsServe() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let set = try server.post("/api/set", #"{"key": "airplane", "value": true, "expect": false}"#)
    #expect(set.status == 200)
    #expect(line(set.json, "entry") == "1")
    let unconditional = try server.post("/api/set", #"{"key": "auto-lock", "value": 5}"#)
    #expect(line(unconditional.json, "entry") == "2")
    // A value that is already the one given changes nothing: no entry to undo.
    let same = try server.post("/api/set", #"{"key": "airplane", "value": true, "expect": true}"#)
    #expect(same.status == 200)
    #expect(line(same.json, "entry") == "absent")
    let reset = try server.post("/api/reset", #"{"key": "airplane"}"#)
    #expect(line(reset.json, "entry") == "3")
    let stale = try server.post("/api/set", #"{"key": "airplane", "value": false, "expect": true}"#)
    #expect(stale.status == 409)
    #expect(line(stale.json, "entry") == "absent")
    #expect(try journal(server) == [#"3 "serve" absent"#, #"2 "serve" absent"#, #"1 "serve" absent"#])
  }

  @Test func undoTakesBackThatEntryJournaledAsUndoFromSettingsServe() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    #expect(
      try server.post("/api/set", #"{"key": "airplane", "value": true, "expect": false}"#).status == 200)
    #expect(try server.post("/api/set", #"{"key": "auto-lock", "value": 5, "expect": 2}"#).status == 200)
    // Entry 1, not the last one: only Airplane Mode goes back.
    let undo = try server.post("/api/undo", #"{"entry": 1}"#)
    #expect(undo.status == 200)
    #expect(line(undo.json, "undone") == "[1]")
    #expect(line(undo.json, "entry") == "3")
    #expect(
      line(undo.json, "changes") == #"[{"key":"airplane","new":"Off","old":"On","title":"Airplane Mode"}]"#)
    #expect(line(undo.json, "rows").contains(#""key":"airplane""#))
    #expect(try server.cli(["get", "airplane"]).stdout == "off\n")
    #expect(try server.cli(["get", "auto-lock"]).stdout == "5\n")
    #expect(
      try journal(server) == [
        #"3 "undo" "from settings serve""#, #"2 "serve" absent"#, #"1 "serve" absent"#,
      ])
    // Undoing the undo puts the value back, as `settings undo` does.
    let redo = try server.post("/api/undo", #"{"entry": 3}"#)
    #expect(
      line(redo.json, "changes") == #"[{"key":"airplane","new":"On","old":"Off","title":"Airplane Mode"}]"#)
    #expect(try server.cli(["get", "airplane"]).stdout == "on\n")
  }

  @Test func undoRefusesInTheCLIsWordsAndWritesNothing() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    #expect(
      try server.post("/api/set", #"{"key": "airplane", "value": true, "expect": false}"#).status == 200)
    #expect(try server.cli(["toggle", "airplane"]).status == 0)
    let before = server.storeText
    let later = try server.post("/api/undo", #"{"entry": 1}"#)
    #expect(later.status == 409)
    let cliRefusal = try server.cli(["undo", "1"]).stderr
    #expect(
      cliRefusal.hasPrefix(
        "Error: 'airplane' changed again after change 1, in change 2 (toggle); nothing was changed"))
    #expect(
      line(later.json, "error")
        == #""'airplane' changed again after change 1, in change 2 (toggle); nothing was changed""#)
    #expect(line(later.json, "hint") == #""the History page shows both changes""#)
    let missing = try server.post("/api/undo", #"{"entry": 9}"#)
    #expect(missing.status == 404)
    #expect(line(missing.json, "error") == #""no change 9 in the journal; it keeps changes 1 to 2""#)
    for body in [#"{"entry": "1"}"#, #"{"entry": 0}"#, #"{"entry": 1.5}"#, "{}"] {
      let bad = try server.post("/api/undo", body)
      #expect(bad.status == 400, "\(body)")
      #expect(
        line(bad.json, "error")
          == #""\"entry\" must be a change number from the history, a whole number from 1""#)
    }
    #expect(server.storeText == before)
    #expect(try journal(server).count == 2)
  }

  @Test func undoTakesThePagesCSRFRulesAndOnlyPOST() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    #expect(
      try server.post("/api/set", #"{"key": "airplane", "value": true, "expect": false}"#).status == 200)
    let body = #"{"entry": 1}"#
    let length = "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
    let origin = "Origin: http://127.0.0.1:\(server.port)\r\n"
    let csrf = "X-Settings-CSRF: \(try server.csrfToken())\r\n"
    let json = "Content-Type: application/json\r\n"
    let refused: [(String, String)] = [
      ("no CSRF header", "POST /api/undo HTTP/1.1\r\n\(server.authorized)\(json)\(origin)\(length)"),
      (
        "a wrong CSRF header",
        "POST /api/undo HTTP/1.1\r\n\(server.authorized)\(json)\(origin)X-Settings-CSRF: 00\r\n\(length)"
      ),
      (
        "another origin",
        "POST /api/undo HTTP/1.1\r\n\(server.authorized)\(json)Origin: http://127.0.0.1:1\r\n\(csrf)\(length)"
      ),
      (
        "not JSON",
        "POST /api/undo HTTP/1.1\r\n\(server.authorized)Content-Type: text/plain\r\n\(origin)\(csrf)\(length)"
      ),
      (
        "no cookie",
        "POST /api/undo HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\(json)\(origin)\(csrf)\(length)"
      ),
    ]
    for (what, request) in refused {
      #expect(try server.send(request).status == 403, "\(what)")
    }
    let get = try server.get("/api/undo?entry=1")
    #expect(get.status == 405)
    #expect(get.head.headers["Allow"] == "POST")
    #expect(try server.cli(["get", "airplane"]).stdout == "on\n")
    #expect(try journal(server) == [#"1 "serve" absent"#])
  }

  @Test func theHistoryListsTheJournalAsSettingsHistoryDoes() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    #expect(try server.cli(["set", "wifi.password", "hunter2-secret"]).status == 0)
    #expect(
      try server.cli(["set", "device-name", "<b>x</b>\u{1B}[31m", "--message", "a\u{7}bell"]).status == 0)
    #expect(
      try server.post("/api/set", #"{"key": "wifi", "value": "office", "expect": "home"}"#).status == 200)
    let history = try server.get("/api/history")
    #expect(history.status == 200)
    #expect(history.head.headers["Content-Type"] == "application/json; charset=utf-8")
    guard case .array(let entries)? = history.json?[member: "entries"]?.kind, entries.count == 3 else {
      Issue.record("entries: \(history.text)")
      return
    }
    #expect(line(history.json, "more") == "false")
    #expect(entries.map { line($0, "seq") } == ["3", "2", "1"])
    #expect(entries.map { line($0, "how") } == [#""serve""#, #""set""#, #""set""#])
    #expect(line(entries[1], "message") == #""a\\u{7}bell""#)
    #expect(
      line(entries[0], "changes")
        == #"[{"after":"office (Office-5G)","before":"(default)","key":"wifi","title":"Wi-Fi"}]"#)
    #expect(
      line(entries[1], "changes")
        == #"[{"after":"\"<b>x</b>\\u{1B}[31m\"","before":"(default)","key":"device-name","title":"Name"}]"#)
    #expect(
      line(entries[2], "changes")
        == #"[{"after":"••••••••","before":"(default)","key":"wifi.password","secure":true,"title":"Wi-Fi Password"}]"#
    )
    #expect(!history.text.contains("hunter2"))
    // Each entry's first line is the CLI's, field for field.
    let cliFirst = try server.cli(["history", "-n", "1"]).stdout.split(separator: "\n").first.map(
      String.init)
    let newest = entries[0]
    guard case .string(let time)? = newest[member: "timeShown"]?.kind,
      case .string(let user)? = newest[member: "user"]?.kind,
      case .string(let host)? = newest[member: "host"]?.kind,
      case .string(let program)? = newest[member: "program"]?.kind
    else {
      Issue.record("fields: \(JSONWriter().line(newest))")
      return
    }
    #expect(cliFirst == "change 3  \(time)  \(user)@\(host) (\(program) \(line(newest, "pid")))  serve")
    let limited = try server.get("/api/history?limit=2")
    #expect(line(limited.json, "more") == "true")
    #expect(try server.get("/api/history?limit=0").status == 400)
    #expect(try server.post("/api/history", "{}").status == 405)
  }

  @Test func theHistoryPageIsServedWithTheCSRFTokenOnlyAtItsAddress() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let page = try server.get("/history")
    #expect(page.status == 200)
    #expect(page.head.headers["Content-Type"] == "text/html; charset=utf-8")
    #expect(page.text.contains("<meta name=\"settings-csrf\" content=\"\(try server.csrfToken())\">"))
    #expect(page.text.contains("<script type=\"module\" src=\"/history.js\"></script>"))
    #expect(!page.text.contains("%CSRF_TOKEN%"))
    #expect(try server.get("/history.html").status == 404)
    #expect(try server.get("/index.html").status == 404)
    #expect(
      try server.get("/").text.contains("<a id=\"history\" class=\"tool\" href=\"/history\">History</a>"))
    let unauthorized = try server.send("GET /history HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
    #expect(unauthorized.status == 403)
  }
}
