/// Why an HTTP/1.1 message cannot be read, with the status a server answers it with.
package enum HTTPError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The head is longer than the limit, or has more fields than allowed (431).
  case headTooLarge(limit: Int)
  /// The body is longer than the limit (413).
  case bodyTooLarge(limit: Int)
  /// The bytes do not follow HTTP/1.1's syntax: what is wrong (400).
  case malformed(String)
  /// A transfer coding other than `chunked` (501).
  case unsupportedTransferCoding(String)
  /// The connection ended in the middle of a message.
  case truncated

  /// The status a server answers with.
  package var status: Int {
    switch self {
    case .headTooLarge: 431
    case .bodyTooLarge: 413
    case .malformed, .truncated: 400
    case .unsupportedTransferCoding: 501
    }
  }

  /// What is wrong, as a sentence fragment.
  package var description: String {
    switch self {
    case .headTooLarge(let limit): "the request head is over \(limit) bytes or has too many fields"
    case .bodyTooLarge(let limit): "the body is over \(limit) bytes"
    case .malformed(let what): "malformed HTTP: \(what)"
    case .unsupportedTransferCoding(let coding): "unsupported transfer coding '\(coding)'; only chunked is"
    case .truncated: "the connection ended in the middle of a message"
    }
  }
}

/// The limits a decoder enforces.
package struct HTTPLimits: Sendable, Equatable {
  /// The most bytes of a head, its blank line included (16 KiB).
  package var maxHeadSize: Int
  /// The most header fields.
  package var maxFieldCount: Int
  /// The most bytes of a body (64 KiB); `Int.max` for a client reading a long stream.
  package var maxBodySize: Int
  /// The most bytes of a chunk's size line, extensions included, and of one trailer line.
  package var maxChunkLineSize: Int

  /// Creates limits.
  package init(
    maxHeadSize: Int = 16 * 1024, maxFieldCount: Int = 100, maxBodySize: Int = 64 * 1024,
    maxChunkLineSize: Int = 1024
  ) {
    self.maxHeadSize = maxHeadSize
    self.maxFieldCount = maxFieldCount
    self.maxBodySize = maxBodySize
    self.maxChunkLineSize = maxChunkLineSize
  }
}
