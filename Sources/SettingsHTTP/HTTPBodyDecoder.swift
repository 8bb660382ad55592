/// Decodes one message's body from bytes as they arrive, whatever its framing: a length, chunks,
/// or everything until the connection closes.
package struct HTTPBodyDecoder: Sendable, Equatable {
  enum Mode: Sendable, Equatable {
    case length(remaining: Int)
    case chunked(HTTPChunkedDecoder)
    case untilClose(received: Int)
  }

  var mode: Mode
  let limits: HTTPLimits

  /// A decoder for a body framed as `framing`.
  ///
  /// - Throws: ``HTTPError/bodyTooLarge(limit:)`` for a `Content-Length` over the limit, at once.
  package init(framing: HTTPBodyFraming, limits: HTTPLimits = HTTPLimits()) throws(HTTPError) {
    self.limits = limits
    switch framing {
    case .none: mode = .length(remaining: 0)
    case .contentLength(let length):
      guard length <= limits.maxBodySize else { throw .bodyTooLarge(limit: limits.maxBodySize) }
      mode = .length(remaining: length)
    case .chunked: mode = .chunked(HTTPChunkedDecoder(limits: limits))
    case .untilClose: mode = .untilClose(received: 0)
    }
  }

  /// Whether the whole body has been read (never, for a body that lasts until the connection closes).
  package var isComplete: Bool {
    switch mode {
    case .length(let remaining): remaining == 0
    case .chunked(let decoder): decoder.isComplete
    case .untilClose: false
    }
  }

  /// Decodes what it can of `bytes`: the body bytes, and how many of `bytes` were used (the rest
  /// belongs to the next message).
  package mutating func decode(_ bytes: ArraySlice<UInt8>) throws(HTTPError) -> (data: [UInt8], consumed: Int)
  {
    switch mode {
    case .length(let remaining):
      let count = min(remaining, bytes.count)
      mode = .length(remaining: remaining - count)
      return (Array(bytes.prefix(count)), count)
    case .chunked(var decoder):
      let result = try decoder.decode(bytes)
      mode = .chunked(decoder)
      return result
    case .untilClose(let received):
      guard bytes.count <= limits.maxBodySize - received else {
        throw .bodyTooLarge(limit: limits.maxBodySize)
      }
      mode = .untilClose(received: received + bytes.count)
      return (Array(bytes), bytes.count)
    }
  }

  /// The connection ended: fine for a body read until the close or already complete.
  ///
  /// - Throws: ``HTTPError/truncated`` otherwise.
  package func finish() throws(HTTPError) {
    if case .untilClose = mode { return }
    if !isComplete { throw .truncated }
  }
}
