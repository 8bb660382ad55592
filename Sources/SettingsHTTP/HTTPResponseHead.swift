/// The head of an HTTP/1.x response: its status line and header fields.
package struct HTTPResponseHead: Sendable, Equatable {
  /// The status code, such as 200.
  package var status: Int
  /// The reason phrase, such as `OK` (may be empty).
  package var reason: String
  /// The minor version: 1 for HTTP/1.1.
  package var minorVersion: Int
  /// The header fields.
  package var headers: HTTPHeaders

  /// Creates a head; the reason defaults to the status's standard phrase.
  package init(status: Int, reason: String? = nil, minorVersion: Int = 1, headers: HTTPHeaders = [:]) {
    self.status = status
    self.reason = reason ?? Self.reason(for: status)
    self.minorVersion = minorVersion
    self.headers = headers
  }

  /// The standard reason phrase of the statuses this package sends; empty for others.
  package static func reason(for status: Int) -> String {
    switch status {
    case 200: "OK"
    case 204: "No Content"
    case 303: "See Other"
    case 400: "Bad Request"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 405: "Method Not Allowed"
    case 408: "Request Timeout"
    case 409: "Conflict"
    case 413: "Content Too Large"
    case 421: "Misdirected Request"
    case 422: "Unprocessable Content"
    case 431: "Request Header Fields Too Large"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 503: "Service Unavailable"
    case 505: "HTTP Version Not Supported"
    default: ""
    }
  }
}
