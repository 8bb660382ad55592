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
  /// `Transfer-Encoding` and `Content-Length` are refused, so are differing lengths, a length
  /// that is not digits, and (for a request) a transfer coding other than exactly `chunked`.
  ///
  /// - Parameter isRequest: a request without either field has no body; a response reads to the
  ///   end of the connection, and may end its codings in something other than `chunked`.
  func bodyFraming(isRequest: Bool) throws(HTTPError) -> HTTPBodyFraming {
    let codings = list(of: "Transfer-Encoding").map { $0.lowercased() }
    let lengths = values(of: "Content-Length")
    if contains("Transfer-Encoding") {
      guard lengths.isEmpty else { throw .malformed("both Transfer-Encoding and Content-Length") }
      if codings.last == "chunked" {
        guard !isRequest || codings.count == 1 else { throw .unsupportedTransferCoding(codings[0]) }
        guard codings.dropLast().allSatisfy({ $0 != "chunked" }) else { throw .malformed("chunked twice") }
        return .chunked
      }
      if isRequest { throw .unsupportedTransferCoding(codings.last ?? "") }
      return .untilClose
    }
    guard !lengths.isEmpty else { return isRequest ? .none : .untilClose }
    var length: Int?
    for value in lengths.flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
      let digits = Array(String(value).trimmingHTTPWhitespace().utf8)
      guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
        throw .malformed("Content-Length is not a number of bytes")
      }
      let number = digits.reduce(0) { $0 * 10 + Int($1 - 0x30) }
      guard length == nil || length == number else { throw .malformed("differing Content-Length values") }
      length = number
    }
    return .contentLength(length!)
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
