/// Turns heads and bodies into HTTP/1.1 bytes: the request writer of a client and the response
/// writer of a server.
///
/// Nothing given to it can split a message: control characters in a field value or reason become
/// spaces, bytes that are not a token's leave a field name, and spaces and controls in a request
/// target are percent-encoded.
package enum HTTPWriter {
  /// `METHOD TARGET HTTP/1.1`, the fields, and the blank line.
  package static func bytes(of head: HTTPRequestHead) -> [UInt8] {
    var bytes = Array(head.method.utf8.filter(HTTPHeadParser.isTokenByte))
    bytes.append(0x20)
    for byte in head.target.utf8 {
      if byte > 0x20 && byte < 0x7F {
        bytes.append(byte)
      } else {
        bytes += Array("%".utf8) + hexDigits(byte)
      }
    }
    bytes += Array(" HTTP/1.\(head.minorVersion)\r\n".utf8)
    return bytes + fieldBytes(head.headers)
  }

  /// `HTTP/1.1 STATUS REASON`, the fields, and the blank line.
  package static func bytes(of head: HTTPResponseHead) -> [UInt8] {
    let status = min(999, max(100, head.status))
    var bytes = Array("HTTP/1.\(head.minorVersion) \(status) ".utf8)
    bytes += head.reason.utf8.map { HTTPHeadParser.isFieldValueByte($0) ? $0 : 0x20 }
    bytes += [0x0D, 0x0A]
    return bytes + fieldBytes(head.headers)
  }

  /// A whole request with `Content-Length` set to the body's size (left out for a body-less `GET`).
  package static func request(_ head: HTTPRequestHead, body: [UInt8] = []) -> [UInt8] {
    var head = head
    if !body.isEmpty || !["GET", "HEAD", "DELETE", "OPTIONS"].contains(head.method) {
      head.headers.set("Content-Length", String(body.count))
    }
    return bytes(of: head) + body
  }

  /// A whole response with `Content-Length` set to the body's size; a response to `HEAD` (give
  /// `omittingBody`) says the length and sends no body.
  package static func response(_ head: HTTPResponseHead, body: [UInt8] = [], omittingBody: Bool = false)
    -> [UInt8]
  {
    var head = head
    head.headers.set("Content-Length", String(body.count))
    return bytes(of: head) + (omittingBody ? [] : body)
  }

  /// One chunk of a chunked body: the size in hexadecimal, CRLF, the data, CRLF. Empty data gives
  /// nothing (an empty chunk would end the body: that is ``lastChunk``).
  package static func chunk(_ data: [UInt8]) -> [UInt8] {
    guard !data.isEmpty else { return [] }
    return Array(String(data.count, radix: 16).utf8) + [0x0D, 0x0A] + data + [0x0D, 0x0A]
  }

  /// The end of a chunked body: a zero-size chunk and no trailers.
  package static let lastChunk: [UInt8] = Array("0\r\n\r\n".utf8)

  static func fieldBytes(_ headers: HTTPHeaders) -> [UInt8] {
    var bytes: [UInt8] = []
    for field in headers.fields {
      let name = field.name.utf8.filter(HTTPHeadParser.isTokenByte)
      guard !name.isEmpty else { continue }
      bytes += name
      bytes += [0x3A, 0x20]
      bytes += field.value.utf8.map { HTTPHeadParser.isFieldValueByte($0) ? $0 : 0x20 }
      bytes += [0x0D, 0x0A]
    }
    return bytes + [0x0D, 0x0A]
  }

  static func hexDigits(_ byte: UInt8) -> [UInt8] {
    let digits = Array("0123456789ABCDEF".utf8)
    return [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
  }
}
