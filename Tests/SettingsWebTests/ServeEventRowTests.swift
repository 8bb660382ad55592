import TestSupport
import Testing

@testable import SettingsHTTP
@testable import SettingsKit
@testable import SettingsPOSIX
@testable import SettingsWeb

/// A `change` event's row shows the value of that change, also when the stream renders it after
/// the store moved on: a later change undone before the watch read the store makes no event, so a
/// row taken from the values now would stay wrong (found by Benchmarks/web.py, 64 streams while
/// 1 000 changes are made).
struct ServeEventRowTests {
  static let document = #"""
    {"version": 1, "id": "events", "title": "Events", "sections": [{"items": [
      {"key": "a", "type": "switch", "title": "A"}, {"key": "b", "type": "switch", "title": "B", "on": true}
    ]}]}
    """#

  /// The `data:` of a stream's text of an event, parsed.
  static func data(_ text: String) throws -> JSONValue {
    let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("data: ") })
    return try JSONParser().parse(Array(line.dropFirst(6).utf8))
  }

  @Test func aChangeRowShowsItsOwnValueThoughTheStoreMovedOn() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (settings, app) = try webApp(serving: Self.document, in: directory)
    let request = WebRequest(head: HTTPRequestHead(method: "GET", target: "/api/events"))
    // A is turned on, its event is added, and A is turned off again before any stream sends it.
    try settings.set("a", to: .bool(true))
    app.log.appendChange("a", origin: "elsewhere", previous: .bool(false), value: .bool(true))
    try settings.set("a", to: .bool(false))
    // B's event is sent while the store holds what the change made: the row is the store's.
    try settings.set("b", to: .bool(false))
    app.log.appendChange("b", origin: "page", previous: .bool(true), value: .bool(false))
    let events = try #require(app.log.events(after: 0))
    #expect(events.map(\.id) == [1, 2])
    let first = try Self.data(app.text(of: events[0], for: request))
    #expect(first[member: "key"]?.kind == .string("a"))
    #expect(first[member: "row"]?[member: "value"]?.kind == .bool(true))
    #expect(first[member: "row"]?[member: "shown"]?.kind == .string("On"))
    #expect(first[member: "previous"]?.kind == .bool(false))
    #expect(first[member: "origin"]?.kind == .string("elsewhere"))
    let second = try Self.data(app.text(of: events[1], for: request))
    #expect(second[member: "row"]?[member: "value"]?.kind == .bool(false))
    #expect(second[member: "row"]?[member: "shown"]?.kind == .string("Off"))
    #expect(second[member: "row"]?[member: "modified"]?.kind == .bool(true))
    #expect(second[member: "origin"]?.kind == .string("page"))
  }
}
