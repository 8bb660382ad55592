import Foundation
import TestSupport
import Testing

/// `settings serve` reads an items file a page at a time: a line that is not a valid item stops it
/// at the start when it is on a first page, as before, and is the error of its page's request when
/// it is on a later one.
@Suite(.serialized)
struct ServeItemsFileErrorTests {
  static let document =
    #"{"version": 1, "id": "bad", "sections": [{"id": "apps", "pageSize": 20, "itemsFile": "items.jsonl"}]}"#

  /// 40 switches `k1` … `k40`, line `bad` of an unknown type, line `duplicate` with the key `k5`.
  static func items(bad: Int = 0, duplicate: Int = 0) -> String {
    (1...40).map { number in
      let key = number == duplicate ? "k5" : "k\(number)"
      return #"{"key": "\#(key)", "type": "\#(number == bad ? "nope" : "switch")", "title": "K \#(number)"}"#
    }.joined(separator: "\n") + "\n"
  }

  /// The error of line 30's unknown type, as a response's JSON gives it.
  static func badLine(_ directory: TemporaryDirectory) -> String {
    """
    {
      "error": "\(directory.path)/items.jsonl:30:24: type: unknown type \\"nope\\"; expected one of \
    detailTitle, switch, rightDetail, textField, number, slider, list"
    }

    """
  }

  @Test func aBadLineOnTheFirstPageStopsTheServer() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try directory.write("items.jsonl", Self.items(bad: 3))
    let path = try directory.write("doc.json", Self.document)
    let outcome = try runBinary(
      ["serve", "-f", path],
      environment: [
        "HOME": directory.path, "XDG_CONFIG_HOME": directory.file("config"),
        "XDG_CONFIG_DIRS": directory.file("system"), "SETTINGS_STORE": directory.file("store.json"),
      ])
    #expect(outcome.status == 65)
    #expect(outcome.stdout == "")
    #expect(
      outcome.stderr
        == "Error: \(directory.path)/items.jsonl:3:23: type: unknown type \"nope\"; expected one of detailTitle, "
        + "switch, rightDetail, textField, number, slider, list\n")
  }

  @Test func aBadLineOnALaterPageIsThatPagesError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let items = try directory.write("items.jsonl", Self.items(bad: 30))
    let server = try ServedSettings(document: Self.document, itemsFile: items)
    defer { _ = server.stop() }
    #expect(try server.get("/api/page").status == 200)
    let later = try server.get("/api/more?section=0&offset=20")
    #expect(later.status == 500)
    #expect(later.text == Self.badLine(server.directory))
    // A key on the bad page is still found by its own line.
    #expect(try server.get("/api/row?key=k31").status == 200)
  }

  /// A request that needs the bad line (its key, or every item for a search) answers with its
  /// error, never as if the key or the matches were not there.
  @Test func aRequestThatNeedsTheBadLineAnswersItsError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let items = try directory.write("items.jsonl", Self.items(bad: 30))
    let server = try ServedSettings(document: Self.document, arguments: ["--no-cache"], itemsFile: items)
    defer { _ = server.stop() }
    for reply in [
      try server.get("/api/row?key=k30"), try server.post("/api/set", #"{"key": "k30", "value": true}"#),
      try server.post("/api/reveal", #"{"key": "k30"}"#), try server.get("/api/search?q=K%203"),
    ] {
      #expect(reply.status == 500)
      #expect(reply.text == Self.badLine(server.directory))
    }
    // Nothing was written.
    #expect(!FileManager.default.fileExists(atPath: server.directory.file("store.json")))
  }

  /// A key that an earlier line has is refused on whichever page it stands, as the whole file's
  /// check refuses it; the page of its first use is served.
  @Test func aKeyOfAnEarlierPageIsThatLaterPagesError() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let items = try directory.write("items.jsonl", Self.items(duplicate: 30))
    let server = try ServedSettings(document: Self.document, itemsFile: items)
    defer { _ = server.stop() }
    #expect(try server.get("/api/page").status == 200)
    let later = try server.get("/api/more?section=0&offset=20")
    #expect(later.status == 500)
    #expect(
      later.text == """
        {
          "error": "\(server.directory.path)/items.jsonl:30:9: key: duplicate key \\"k5\\"; first used at \
        \(server.directory.path)/items.jsonl:5:9"
        }

        """)
  }
}
