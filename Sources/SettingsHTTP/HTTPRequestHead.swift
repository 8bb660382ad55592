/// The head of an HTTP/1.x request: its request line and header fields.
package struct HTTPRequestHead: Sendable, Equatable {
  /// The method, such as `GET` (case matters).
  package var method: String
  /// The request target as sent, such as `/api/page?key=wifi`.
  package var target: String
  /// The minor version: 1 for HTTP/1.1, 0 for HTTP/1.0.
  package var minorVersion: Int
  /// The header fields.
  package var headers: HTTPHeaders

  /// Creates a head.
  package init(method: String, target: String, minorVersion: Int = 1, headers: HTTPHeaders = [:]) {
    self.method = method
    self.target = target
    self.minorVersion = minorVersion
    self.headers = headers
  }

  /// The target's path, before any `?`.
  package var path: String {
    target.firstIndex(of: "?").map { String(target[..<$0]) } ?? target
  }

  /// The target's query, after the first `?`; empty when there is none.
  package var query: String {
    target.firstIndex(of: "?").map { String(target[target.index(after: $0)...]) } ?? ""
  }

  /// Whether the connection stays open after the response: HTTP/1.1 unless `Connection: close`,
  /// HTTP/1.0 only with `Connection: keep-alive`.
  package var keepsAlive: Bool {
    let options = headers.list(of: "Connection").map { $0.lowercased() }
    return minorVersion >= 1 ? !options.contains("close") : options.contains("keep-alive")
  }
}
