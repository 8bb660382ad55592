import Foundation
import TestSupport
import Testing

@testable import SettingsKit

/// The query parameters of `settings serve`'s `/api` routes, against the real server: a
/// malformed, out-of-range, repeated or unknown one is refused with a 400 that says why, never
/// ignored or replaced by a default.
@Suite(.serialized)
struct ServeQueryTests {
  /// The status and error of each refused target.
  static let refusals: [(target: String, error: String)] = [
    ("/api/history?limit=abc", "limit must be a whole number from 1 to 1000, not 'abc'"),
    ("/api/history?limit=2.5", "limit must be a whole number from 1 to 1000, not '2.5'"),
    ("/api/history?limit=%205", "limit must be a whole number from 1 to 1000, not ' 5'"),
    ("/api/history?limit=+5", "limit must be a whole number from 1 to 1000, not ' 5'"),
    ("/api/history?limit=%2B5", "limit must be a whole number from 1 to 1000, not '+5'"),
    ("/api/history?limit=", "limit must be a whole number from 1 to 1000, not ''"),
    ("/api/history?limit", "limit must be a whole number from 1 to 1000, not ''"),
    (
      "/api/history?limit=99999999999999999999",
      "limit must be a whole number from 1 to 1000, not '99999999999999999999'"
    ),
    ("/api/history?limit=0", "limit must be a whole number from 1 to 1000, not '0'"),
    ("/api/history?limit=-1", "limit must be a whole number from 1 to 1000, not '-1'"),
    ("/api/history?limit=1001", "limit must be a whole number from 1 to 1000, not '1001'"),
    ("/api/history?limit=2&limit=3", "query parameter 'limit' is given more than once; give it once"),
    ("/api/history?limits=2", "unknown query parameter 'limits' for /api/history; it takes 'limit'"),
    ("/api/history?limit=%FF", "the query is not valid percent-encoded UTF-8"),
    ("/api/document?x=1", "unknown query parameter 'x' for /api/document; it takes no query parameters"),
    ("/api/modified?all", "unknown query parameter 'all' for /api/modified; it takes no query parameters"),
    ("/api/dump?secure=1", "unknown query parameter 'secure' for /api/dump; it takes no query parameters"),
    ("/api/page?key=wifi&key=cellular", "query parameter 'key' is given more than once; give it once"),
    ("/api/page?page=wifi", "unknown query parameter 'page' for /api/page; it takes 'key', 'focus'"),
    ("/api/row", "key is missing; it must be an item's key"),
    ("/api/row?key=airplane&focus=wifi", "unknown query parameter 'focus' for /api/row; it takes 'key'"),
    ("/api/search", "q is missing; it must be the text to search for"),
    ("/api/search?q=a&q=b", "query parameter 'q' is given more than once; give it once"),
    ("/api/section?section=1.0", "section must be the index of a section of the page, not '1.0'"),
    ("/api/section?section=%2B1", "section must be the index of a section of the page, not '+1'"),
    (
      "/api/section?section=0&offset=0",
      "unknown query parameter 'offset' for /api/section; it takes 'page', 'section'"
    ),
    ("/api/events?after=abc", "after must be an event's id, a whole number from 0, not 'abc'"),
    ("/api/events?after=-1", "after must be an event's id, a whole number from 0, not '-1'"),
    ("/api/events?since=3", "unknown query parameter 'since' for /api/events; it takes 'after'"),
  ]

  @Test func aBadQueryParameterIsRefusedWith400AndWhy() throws {
    let server = try ServedSettings(store: #"{"airplane": true}"#)
    defer { _ = server.stop() }
    for (target, error) in Self.refusals {
      let reply = try server.get(target)
      #expect(reply.status == 400, "\(target): \(reply.text)")
      #expect(reply.json?[member: "error"]?.kind == .string(error), "\(target)")
    }
    // A POST route takes no query parameters either.
    let set = try server.post("/api/set?force=1", #"{"key": "airplane", "value": false}"#)
    #expect(set.status == 400)
    #expect(
      set.json?[member: "error"]?.kind
        == .string("unknown query parameter 'force' for /api/set; it takes no query parameters"))
    #expect(try server.cli(["get", "airplane"]).stdout == "on\n")
  }

  @Test func wellFormedParametersAreStillAnswered() throws {
    let server = try ServedSettings(store: #"{"airplane": true}"#)
    defer { _ = server.stop() }
    #expect(try server.get("/api/history?limit=1").status == 200)
    #expect(try server.get("/api/history?limit=1000").status == 200)
    #expect(try server.get("/api/history?limit=007").status == 200)
    #expect(try server.get("/api/history").status == 200)
    #expect(try server.get("/api/page?key=wifi&focus=wifi.password").status == 200)
    #expect(try server.get("/api/page?key=").status == 200)
    #expect(try server.get("/api/section?section=0").status == 200)
    #expect(try server.get("/api/search?q=").status == 200)
    #expect(try server.get("/api/search?q=wi%20fi&").status == 200)
    #expect(try server.get("/api/row?key=airplane").status == 200)
    #expect(try server.get("/api/document?").status == 200)
  }
}

/// The History page is where a user looks to recover a store that does not parse: `/api/history`
/// lists the journal as written and says why, as `settings history` does.
struct ServeHistoryOfAStoreThatDoesNotParseTests {
  @Test func theHistoryIsTheJournalAsWrittenWithWhy() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    #expect(try server.cli(["set", "airplane", "on"]).status == 0)
    try server.directory.write("store.json", #"{"airplane": tru"#)
    let reply = try server.get("/api/history")
    #expect(reply.status == 200, "\(reply.text)")
    let entries = try #require(reply.json?[member: "entries"])
    guard case .array(let list) = entries.kind else {
      Issue.record("entries is not an array: \(reply.text)")
      return
    }
    #expect(list.count == 1)
    #expect(list.first?[member: "seq"]?.kind == .number("1"))
    #expect(
      reply.json?[member: "storeProblem"]?.kind
        == .string(
          "\(server.directory.file("store.json")):1:14: unexpected 'tru'; expected a value; the store was left "
            + "unchanged: fix or remove it"))
  }
}
