import SettingsHTTP
import SettingsKit

/// A response the server's routes give: status, headers, body; the security headers are added
/// when it is written (``WebSecurity/responseHeaders``).
package struct WebResponse: Sendable, Equatable {
  /// The status code.
  package var status: Int
  /// Headers of its own (`Content-Type`, `Location`, `Set-Cookie`).
  package var headers: HTTPHeaders
  /// The body.
  package var body: [UInt8]

  /// Creates a response.
  package init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// A JSON body.
  package static func json(_ value: JSONValue, status: Int = 200) -> WebResponse {
    WebResponse(
      status: status, headers: ["Content-Type": "application/json; charset=utf-8"],
      body: Array(JSONWriter().string(value).utf8))
  }

  /// `{"error": message, "hint": hint}` with a status.
  package static func error(_ status: Int, _ message: String, hint: String? = nil) -> WebResponse {
    var members: [(String, JSONValue)] = [("error", .string(message))]
    if let hint { members.append(("hint", .string(hint))) }
    return json(.object(members), status: status)
  }

  /// A short HTML page with a title and one paragraph, the text escaped.
  package static func page(_ status: Int, title: String, message: String) -> WebResponse {
    let html =
      "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>\(escapedHTML(title))</title>"
      + "</head>\n<body><h1>\(escapedHTML(title))</h1><p>\(escapedHTML(message))</p></body></html>\n"
    return WebResponse(
      status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Array(html.utf8))
  }

  /// The bytes on the wire: the head with the security headers and `Content-Length`, and the
  /// body unless `omittingBody` (a `HEAD` request).
  package func bytes(closing: Bool, omittingBody: Bool = false) -> [UInt8] {
    var head = HTTPResponseHead(status: status, headers: headers)
    for (name, value) in WebSecurity.responseHeaders { head.headers.add(name, value) }
    if closing { head.headers.add("Connection", "close") }
    return HTTPWriter.response(head, body: body, omittingBody: omittingBody)
  }

  /// `text` with `&`, `<`, `>`, `"` and `'` as character references.
  package static func escapedHTML(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }
}
