/// How a message's body is delimited (RFC 9112, section 6).
package enum HTTPBodyFraming: Sendable, Equatable {
  /// No body.
  case none
  /// Exactly this many bytes.
  case contentLength(Int)
  /// Chunks, ending with a zero-size chunk and the trailers.
  case chunked
  /// Everything until the connection closes (a response only).
  case untilClose
}

extension HTTPHeaders {
  /// The framing the fields declare, checked against request smuggling as llhttp checks it: both
  /// `Transfer-Encoding` and `Content-Length` are refused, so is a length given twice (even the
  /// same one, in two fields or a list), a length that is not digits, and (for a request) a
  /// transfer coding other than exactly `chunked`: a last coding that is not `chunked` is malformed
  /// (400, RFC 9112 section 6.3), a coding before it unsupported (501, section 6.1).
  ///
  /// - Parameter isRequest: a request without either field has no body; a response reads to the
  ///   end of the connection, and may end its codings in something other than `chunked`.
  func bodyFraming(isRequest: Bool) throws(HTTPError) -> HTTPBodyFraming {
    let codings = list(of: "Transfer-Encoding").map { $0.lowercased() }
    let lengths = values(of: "Content-Length")
    if contains("Transfer-Encoding") {
      guard lengths.isEmpty else { throw .malformed("both Transfer-Encoding and Content-Length") }
      if codings.last == "chunked" {
        guard codings.dropLast().allSatisfy({ $0 != "chunked" }) else { throw .malformed("chunked twice") }
        guard !isRequest || codings.count == 1 else { throw .unsupportedTransferCoding(codings[0]) }
        return .chunked
      }
      // RFC 9112 section 6.3: a request whose last coding is not chunked has no knowable length: 400.
      if isRequest {
        throw .malformed(
          codings.last.map { "the last transfer coding is not chunked: '\($0)'" }
            ?? "an empty Transfer-Encoding")
      }
      return .untilClose
    }
    guard !lengths.isEmpty else { return isRequest ? .none : .untilClose }
    // Even equal lengths given twice are refused (RFC 9112 section 6.3 allows either): a peer that
    // repeats the field is one a proxy in between may read otherwise.
    guard lengths.count == 1, !lengths[0].contains(",") else {
      throw .malformed("Content-Length given more than once")
    }
    let digits = Array(lengths[0].utf8)
    guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      throw .malformed("Content-Length is not a number of bytes")
    }
    return .contentLength(digits.reduce(0) { $0 * 10 + Int($1 - 0x30) })
  }
}

extension HTTPRequestHead {
  /// How the request's body is delimited; see ``HTTPHeaders``'s rules.
  package func bodyFraming() throws(HTTPError) -> HTTPBodyFraming {
    try headers.bodyFraming(isRequest: true)
  }
}

extension HTTPResponseHead {
  /// How the response's body is delimited: none for a `HEAD` request, 1xx, 204 and 304.
  package func bodyFraming(requestMethod: String) throws(HTTPError) -> HTTPBodyFraming {
    if requestMethod == "HEAD" || status < 200 || status == 204 || status == 304 { return .none }
    return try headers.bodyFraming(isRequest: false)
  }
}
