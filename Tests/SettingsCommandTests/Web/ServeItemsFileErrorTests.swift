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

  /// 40 switches `k1` … `k40`, line `bad` of an unknown type.
  static func items(bad: Int) -> String {
    (1...40).map { number in
      #"{"key": "k\#(number)", "type": "\#(number == bad ? "nope" : "switch")", "title": "K \#(number)"}"#
    }.joined(separator: "\n") + "\n"
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
        + "switch, rightDetail, textField, number, slider\n")
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
    #expect(
      later.text == """
        {
          "error": "\(server.directory.path)/items.jsonl:30:24: type: unknown type \\"nope\\"; expected one of \
        detailTitle, switch, rightDetail, textField, number, slider"
        }

        """)
    // A key on the bad page is still found by its own line.
    #expect(try server.get("/api/row?key=k31").status == 200)
  }
}
