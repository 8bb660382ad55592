/// What an ``HTTPMessageDecoder`` reads next: a head, some body bytes, or the end of a message.
package enum HTTPEvent<Head: Sendable & Equatable>: Sendable, Equatable {
  /// A message's head.
  case head(Head)
  /// Bytes of its body (never empty).
  case body([UInt8])
  /// The message is complete.
  case end
}

/// A head an ``HTTPMessageDecoder`` reads: a request's or a response's.
package protocol HTTPMessageHead: Sendable, Equatable {
  /// The head at the start of `bytes` and its length, nil when not complete yet.
  static func parse(_ bytes: ArraySlice<UInt8>, limits: HTTPLimits) throws(HTTPError) -> (
    head: Self, length: Int
  )?
  /// How the body is delimited; `requestMethod` is the method of the request a response answers.
  func framing(requestMethod: String) throws(HTTPError) -> HTTPBodyFraming
}

extension HTTPRequestHead: HTTPMessageHead {
  /// ``HTTPHeadParser/request(_:limits:)``.
  package static func parse(_ bytes: ArraySlice<UInt8>, limits: HTTPLimits) throws(HTTPError) -> (
    head: HTTPRequestHead, length: Int
  )? { try HTTPHeadParser.request(bytes, limits: limits) }

  /// ``bodyFraming()``.
  package func framing(requestMethod: String) throws(HTTPError) -> HTTPBodyFraming { try bodyFraming() }
}

extension HTTPResponseHead: HTTPMessageHead {
  /// ``HTTPHeadParser/response(_:limits:)``.
  package static func parse(_ bytes: ArraySlice<UInt8>, limits: HTTPLimits) throws(HTTPError) -> (
    head: HTTPResponseHead, length: Int
  )? { try HTTPHeadParser.response(bytes, limits: limits) }

  /// ``bodyFraming(requestMethod:)``.
  package func framing(requestMethod: String) throws(HTTPError) -> HTTPBodyFraming {
    try bodyFraming(requestMethod: requestMethod)
  }
}

/// The bytes of one connection in, messages out (after h11's connection object): append what
/// was read, then take events until ``next()`` returns nil (it wants more bytes). It does no I/O,
/// so a server and a client share it and every rule is tested from bytes alone.
package struct HTTPMessageDecoder<Head: HTTPMessageHead>: Sendable {
  var buffer: [UInt8] = []
  var start = 0
  /// How far the head's bytes have been looked at.
  var scanned = 0
  var body: HTTPBodyDecoder?
  /// The limits on heads and bodies.
  package let limits: HTTPLimits
  /// For a response decoder: the method of the request the next response answers (a response
  /// to `HEAD` has no body).
  package var requestMethod = "GET"

  /// A decoder at the start of a connection.
  package init(limits: HTTPLimits = HTTPLimits()) { self.limits = limits }

  /// Adds bytes read from the connection.
  package mutating func append(_ bytes: [UInt8]) {
    if start > 0 && start >= buffer.count / 2 {
      buffer.removeFirst(start)
      scanned -= start
      start = 0
    }
    buffer += bytes
  }

  /// Whether a message is under way or bytes wait (so the connection should not be closed quietly).
  package var isMidMessage: Bool { body != nil || buffer[start...].contains { $0 != 0x0D && $0 != 0x0A } }

  /// The next event, or nil when more bytes are needed.
  package mutating func next() throws(HTTPError) -> HTTPEvent<Head>? {
    if var decoder = body {
      if decoder.isComplete {
        body = nil
        return .end
      }
      guard start < buffer.count else { return nil }
      let (data, consumed) = try decoder.decode(buffer[start...])
      start += consumed
      scanned = start
      body = decoder
      if !data.isEmpty { return .body(data) }
      if decoder.isComplete {
        body = nil
        return .end
      }
      return nil
    }
    // Parse again only when a line may have ended (an LF came) or the head is too long already:
    // what has come before is known not to hold an error.
    // A CR at the end of what came before is checked with the byte after it (a CR not followed by LF).
    let from = max(start, scanned)
    let fresh = buffer[from...]
    scanned = buffer.count
    let afterCR = from > start && buffer[from - 1] == 0x0D && !fresh.isEmpty
    guard fresh.contains(0x0A) || afterCR || buffer.count - start > limits.maxHeadSize else { return nil }
    guard let (head, length) = try Head.parse(buffer[start...], limits: limits) else { return nil }
    start += length
    scanned = start
    body = try HTTPBodyDecoder(framing: head.framing(requestMethod: requestMethod), limits: limits)
    return .head(head)
  }

  /// The connection ended: a body read until the close ends here; in the middle of another
  /// message it is ``HTTPError/truncated``. Returns whether a message ended (an ``HTTPEvent/end``).
  package mutating func finish() throws(HTTPError) -> Bool {
    if let decoder = body {
      try decoder.finish()
      body = nil
      return true
    }
    // A syntax error in the head so far is what is wrong, rather than its end missing.
    if start < buffer.count { _ = try Head.parse(buffer[start...], limits: limits) }
    if isMidMessage { throw .truncated }
    return false
  }
}

/// Decodes requests: a server's side.
package typealias HTTPRequestDecoder = HTTPMessageDecoder<HTTPRequestHead>
/// Decodes responses: a client's side.
package typealias HTTPResponseDecoder = HTTPMessageDecoder<HTTPResponseHead>
