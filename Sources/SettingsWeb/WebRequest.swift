import SettingsHTTP
import SettingsKit

/// A request as the server's routes see it: its head, its body, and its query's parameters.
package struct WebRequest: Sendable, Equatable {
  /// The head.
  package var head: HTTPRequestHead
  /// The body (at most the limit's bytes).
  package var body: [UInt8]

  /// Creates a request.
  package init(head: HTTPRequestHead, body: [UInt8] = []) {
    self.head = head
    self.body = body
  }

  /// The path, percent-decoded (`/page/wifi%2Epassword` → `/page/wifi.password`); nil when it is
  /// not valid percent-encoded UTF-8.
  package var path: String? { Self.percentDecoded(head.path, plusIsSpace: false) }

  /// The query's parameters, percent-decoded, `+` as a space; the first of a repeated name wins.
  package var parameters: [String: String] {
    var result: [String: String] = [:]
    for pair in head.query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = Self.percentDecoded(String(parts[0]), plusIsSpace: true), result[name] == nil else {
        continue
      }
      result[name] = parts.count == 2 ? Self.percentDecoded(String(parts[1]), plusIsSpace: true) : ""
    }
    return result
  }

  /// `text` with each `%XX` decoded (and `+` as a space when asked); nil for a bad escape or bytes
  /// that are not UTF-8.
  static func percentDecoded(_ text: String, plusIsSpace: Bool) -> String? {
    var bytes: [UInt8] = []
    let input = Array(text.utf8)
    var index = 0
    while index < input.count {
      let byte = input[index]
      if byte == 0x25 {
        guard index + 2 < input.count, let high = HTTPChunkedDecoder.hexValue(input[index + 1]),
          let low = HTTPChunkedDecoder.hexValue(input[index + 2])
        else { return nil }
        bytes.append(UInt8(high * 16 + low))
        index += 3
        continue
      }
      bytes.append(plusIsSpace && byte == 0x2B ? 0x20 : byte)
      index += 1
    }
    return String(validating: bytes, as: UTF8.self)
  }
}
