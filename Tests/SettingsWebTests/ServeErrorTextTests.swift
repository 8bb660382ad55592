import TestSupport
import Testing

@testable import SettingsHTTP
@testable import SettingsKit
@testable import SettingsPOSIX
@testable import SettingsWeb

/// `settings serve` sends the engine's errors as they are: plain text in a JSON string, which the
/// page sets as text; nothing is escaped for a terminal on the way.
struct ServeErrorTextTests {
  static let document = #"""
    {"version": 1, "id": "errors", "title": "Errors", "sections": [{"items": [
      {"key": "a", "type": "switch", "title": "A"}
    ]}]}
    """#

  @Test func anUnknownHostileKeyComesBackJSONEncodedRaw() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let (_, app) = try webApp(serving: Self.document, in: directory)
    // The key `a ESC [31m LF b`, percent-encoded.
    let request = WebRequest(head: HTTPRequestHead(method: "GET", target: "/api/row?key=a%1B%5B31m%0Ab"))
    guard case .response(let response) = app.route(try #require(request.path), request) else {
      Issue.record("no response")
      return
    }
    #expect(response.status == 404)
    #expect(
      String(decoding: response.body, as: UTF8.self) == """
        {
          "error": "unknown key 'a\\u001B[31m\\nb'"
        }

        """)
    let json = try JSONParser().parse(response.body)
    #expect(json[member: "error"]?.kind == .string("unknown key 'a\u{1B}[31m\nb'"))
  }
}
