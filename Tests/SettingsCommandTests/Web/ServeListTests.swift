import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsWeb

/// A list's elements in `settings serve` (docs/WEB-API.md, `/api/list`, `/api/edit`), end to end
/// on the real binary and the phone example: each change one journal entry made through
/// ``Settings/edit(_:_:)``, refusals in the CLI's words that change nothing, `expect` answered with
/// 409, and a secure field's text never in an answer.
@Suite(.serialized)
struct ServeListTests {
  /// `member` of `json` written on one line, keys sorted ("absent" when it is not there).
  func line(_ json: JSONValue?, _ member: String) -> String {
    guard let value = json?[member: member] else { return "absent" }
    return String(JSONWriter().line(value).dropLast())
  }

  @Test func theListGivesItsElementsAndDeclaration() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let dns = try server.get("/api/list?key=dns")
    #expect(dns.status == 200)
    #expect(line(dns.json, "kind") == #""values""#)
    #expect(line(dns.json, "elements") == #"[{"shown":"1.1.1.1","value":"1.1.1.1"}]"#)
    #expect(line(dns.json, "maxCount") == "4")
    #expect(
      line(dns.json, "element")
        == #"{"default":"","limits":["pattern [0-9]{1,3}([.][0-9]{1,3}){3}|[0-9a-fA-F]{0,4}(:[0-9a-fA-F]{0,4}){2,7}"],"pattern":"[0-9]{1,3}([.][0-9]{1,3}){3}|[0-9a-fA-F]{0,4}(:[0-9a-fA-F]{0,4}){2,7}","#
        + #""patternMessage":"must be an IP address, such as 1.1.1.1","title":"","type":"textField"}"#)
    let languages = try server.get("/api/list?key=preferred-languages")
    #expect(
      line(languages.json, "elements")
        == #"[{"shown":"English","value":"en"},{"shown":"한국어","value":"ko"}]"#)
    let notAList = try server.get("/api/list?key=airplane")
    #expect(notAList.status == 422)
    #expect(try server.get("/api/list?key=nothing").status == 404)
  }

  @Test func addMoveRemoveAndReplaceAreOneEntryEach() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let add = try server.post("/api/edit", #"{"key": "dns", "op": "add", "value": "9.9.9.9"}"#)
    #expect(add.status == 200)
    #expect(line(add.json, "entry") == "1")
    #expect(line(add.json, "elements").contains(#""shown":"9.9.9.9""#))
    let move = try server.post(
      "/api/edit", #"{"key": "dns", "op": "move", "from": 2, "to": 1, "expect": ["1.1.1.1", "9.9.9.9"]}"#)
    #expect(move.status == 200)
    #expect(try server.cli(["get", "dns"]).stdout == "9.9.9.9\n1.1.1.1\n")
    let replace = try server.post(
      "/api/edit", #"{"key": "dns", "op": "replace", "at": 2, "value": "8.8.8.8"}"#)
    #expect(replace.status == 200)
    let remove = try server.post("/api/edit", #"{"key": "dns", "op": "remove", "at": 1}"#)
    #expect(remove.status == 200)
    #expect(line(remove.json, "entry") == "4")
    #expect(try server.cli(["get", "dns"]).stdout == "8.8.8.8\n")
    let history = try server.cli(["history"]).stdout
    #expect(history.contains("added 9.9.9.9 at 2"))
    #expect(history.contains("moved 9.9.9.9 to 1"))
    #expect(history.contains("changed 1.1.1.1 to 8.8.8.8 at 2"))
    #expect(history.contains("removed 9.9.9.9 from 1"))
    // The History page's entries word them the same.
    let entries = try server.get("/api/history").json?[member: "entries"]
    guard case .array(let list)? = entries?.kind else {
      Issue.record("no entries")
      return
    }
    #expect(
      list.map { entry in
        guard case .array(let changes)? = entry[member: "changes"]?.kind else { return "absent" }
        return changes.map { line($0, "wording") }.joined(separator: ", ")
      } == [
        #""removed 9.9.9.9 from 1""#, #""changed 1.1.1.1 to 8.8.8.8 at 2""#, #""moved 9.9.9.9 to 1""#,
        #""added 9.9.9.9 at 2""#,
      ])
    // Its Undo is the journal's, as for any change.
    let undo = try server.post("/api/undo", #"{"entry": 4}"#)
    #expect(undo.status == 200)
    // Its answer words the element change as settings undo does.
    guard case .array(let undone)? = undo.json?[member: "changes"]?.kind else {
      Issue.record("no changes in \(String(describing: undo.json))")
      return
    }
    #expect(undone.map { line($0, "wording") } == [#""added 9.9.9.9 at 1""#])
    #expect(try server.cli(["get", "dns"]).stdout == "9.9.9.9\n8.8.8.8\n")
  }

  @Test func aRefusedChangeAnswersTheCLIsWordsAndChangesNothing() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let cli = try server.cli(["add", "dns", "not-an-ip"])
    #expect(cli.status != 0)
    let refused = try server.post("/api/edit", #"{"key": "dns", "op": "add", "value": "not-an-ip"}"#)
    #expect(refused.status == 422)
    let error = line(refused.json, "error")
    #expect(error.contains("must be an IP address, such as 1.1.1.1"))
    #expect(cli.stderr.contains(String(error.dropFirst().dropLast())))
    let out = try server.post("/api/edit", #"{"key": "dns", "op": "remove", "at": 5}"#)
    #expect(out.status == 422)
    #expect(try server.post("/api/edit", #"{"key": "dns", "op": "shuffle"}"#).status == 400)
    #expect(try server.post("/api/edit", #"{"key": "dns", "op": "move", "from": 1}"#).status == 400)
    // The last language cannot go: the list holds at least one.
    #expect(
      try server.post("/api/edit", #"{"key": "preferred-languages", "op": "remove", "at": 1}"#).status == 200)
    #expect(
      try server.post("/api/edit", #"{"key": "preferred-languages", "op": "remove", "at": 1}"#).status == 422)
    #expect(try server.cli(["get", "dns"]).stdout == "1.1.1.1\n")
    #expect(try server.cli(["history", "--json"]).stdout.components(separatedBy: "\"seq\"").count == 2)
  }

  @Test func expectAnswers409WithTheListNow() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    _ = try server.cli(["add", "dns", "8.8.8.8"])
    let stale = try server.post(
      "/api/edit", #"{"key": "dns", "op": "remove", "at": 1, "expect": ["1.1.1.1"]}"#)
    #expect(stale.status == 409)
    #expect(line(stale.json, "error") == #""changed elsewhere""#)
    #expect(
      line(stale.json, "elements")
        == #"[{"shown":"1.1.1.1","value":"1.1.1.1"},{"shown":"8.8.8.8","value":"8.8.8.8"}]"#)
    #expect(try server.cli(["get", "dns"]).stdout == "1.1.1.1\n8.8.8.8\n")
  }

  @Test func aRecordsSecureFieldIsNeverInAnAnswer() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let add = try server.post(
      "/api/edit",
      #"{"key": "vpn", "op": "add", "value": {"name": "Work", "server": "vpn.example.com", "type": "l2tp", "#
        + #""account": "alex", "password": "s3cret-PW"}}"#)
    #expect(add.status == 200)
    #expect(!add.text.contains("s3cret-PW"))
    #expect(
      line(add.json, "elements")
        == #"[{"fields":{"account":"alex","name":"Work","server":"vpn.example.com","type":"l2tp"},"#
        + #""secureSet":["password"],"shown":"Work","subtitle":"vpn.example.com"}]"#)
    // A secure field left empty keeps its text; another field changes.
    let set = try server.post(
      "/api/edit",
      #"{"key": "vpn", "op": "set", "at": 1, "fields": {"server": "vpn2.example.com", "password": ""}}"#)
    #expect(set.status == 200)
    #expect(!set.text.contains("s3cret-PW"))
    let list = try server.get("/api/list?key=vpn")
    #expect(!list.text.contains("s3cret-PW"))
    #expect(!(try server.get("/api/page").text.contains("s3cret-PW")))
    #expect(
      try String(contentsOfFile: server.directory.file("store.json"), encoding: .utf8).contains("s3cret-PW"))
    #expect(
      try String(contentsOfFile: server.directory.file("store.json"), encoding: .utf8).contains(
        "vpn2.example.com"))
    let bad = try server.post(
      "/api/edit", #"{"key": "vpn", "op": "add", "value": {"name": "Home", "server": "no spaces"}}"#)
    #expect(bad.status == 422)
    // Reveal gives a secure text field's text, never a record list's.
    let reveal = try server.post("/api/reveal", #"{"key": "vpn"}"#)
    #expect(reveal.status == 422)
    #expect(!reveal.text.contains("s3cret-PW"))
    #expect(line(reveal.json, "error") == #""'vpn' is not a secure text field""#)
  }

  /// A member the operation does not read is refused, named, and nothing is written: a misspelt
  /// `at` would otherwise add at the end.
  @Test func anUnknownMemberIsRefusedAndNamed() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let misspelt = try server.post(
      "/api/edit", #"{"key": "dns", "op": "add", "value": "9.9.9.9", "position": 1}"#)
    #expect(misspelt.status == 400)
    #expect(
      line(misspelt.json, "error")
        == #""unknown member \"position\": \"add\" takes \"key\", \"op\", \"value\", \"at\" and \"expect\"""#)
    #expect(line(misspelt.json, "hint") == "absent")
    // Another operation's member is not this one's.
    let other = try server.post("/api/edit", #"{"key": "dns", "op": "remove", "at": 1, "value": "1.1.1.1"}"#)
    #expect(other.status == 400)
    #expect(
      line(other.json, "error")
        == #""unknown member \"value\": \"remove\" takes \"key\", \"op\", \"at\" and \"expect\"""#)
    #expect(try server.cli(["get", "dns"]).stdout == "1.1.1.1\n")
    #expect(!(try server.cli(["history", "--json"]).stdout.contains("\"seq\"")))
  }

  @Test func aLockedListRefusesEveryChange() throws {
    let server = try ServedSettings(
      systemFiles: ["phone-settings.json": #"{"locked": {"dns": "Managed by your organisation"}}"#])
    defer { _ = server.stop() }
    let list = try server.get("/api/list?key=dns")
    #expect(line(list.json, "row").contains(#""lock":"#))
    let add = try server.post("/api/edit", #"{"key": "dns", "op": "add", "value": "9.9.9.9"}"#)
    #expect(add.status == 422)
    #expect(try server.cli(["get", "dns"]).stdout == "1.1.1.1\n")
  }
}
