/// Decodes a chunked body (RFC 9112, section 7.1) from bytes as they arrive, in pieces of any
/// size: what a server reads of a chunked request, and what a client reads of a long chunked
/// response such as etcd's watch stream (JSON lines that arrive one chunk at a time).
///
/// Chunk extensions are skipped; trailer fields are read and dropped. Sizes are hexadecimal
/// digits only (no sign, no `0x`), and every line ends in CRLF.
package struct HTTPChunkedDecoder: Sendable, Equatable {
  enum State: Sendable, Equatable {
    /// Reading a chunk's size line (its bytes so far).
    case size([UInt8])
    /// Inside a chunk's data: this many bytes to go.
    case data(Int)
    /// After a chunk's data: expecting CR (first) or LF.
    case dataEnd(sawCR: Bool)
    /// Reading trailer lines after the last chunk (the current line's bytes so far).
    case trailer([UInt8])
    /// The body is complete.
    case done
  }

  var state = State.size([])
  /// The body bytes decoded so far.
  package private(set) var bodySize = 0
  let limits: HTTPLimits
  var trailerSize = 0

  /// A decoder at the start of a body.
  package init(limits: HTTPLimits = HTTPLimits()) { self.limits = limits }

  /// Whether the last chunk and the trailers have been read.
  package var isComplete: Bool { state == .done }

  /// Decodes what it can of `bytes`: the body bytes they carry, and how many of `bytes` were
  /// used (fewer than all only when the body ended: the rest is the next message's).
  ///
  /// - Throws: ``HTTPError/malformed(_:)``; ``HTTPError/bodyTooLarge(limit:)`` past
  ///   `limits.maxBodySize` body bytes; ``HTTPError/headTooLarge(limit:)`` for a size or trailer
  ///   line over `limits.maxChunkLineSize`, or trailers over `limits.maxHeadSize`.
  package mutating func decode(_ bytes: ArraySlice<UInt8>) throws(HTTPError) -> (data: [UInt8], consumed: Int)
  {
    var data: [UInt8] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      switch state {
      case .done:
        return (data, index - bytes.startIndex)
      case .size(var line):
        let byte = bytes[index]
        index += 1
        if byte != 0x0A {
          guard line.count < limits.maxChunkLineSize else {
            throw .headTooLarge(limit: limits.maxChunkLineSize)
          }
          line.append(byte)
          state = .size(line)
          continue
        }
        guard line.last == 0x0D else { throw .malformed("a chunk size line ends in LF without CR") }
        let size = try Self.chunkSize(line.dropLast())
        guard size <= limits.maxBodySize - bodySize else { throw .bodyTooLarge(limit: limits.maxBodySize) }
        state = size == 0 ? .trailer([]) : .data(size)
      case .data(let remaining):
        let count = min(remaining, bytes.endIndex - index)
        data.append(contentsOf: bytes[index..<index + count])
        bodySize += count
        index += count
        state = remaining == count ? .dataEnd(sawCR: false) : .data(remaining - count)
      case .dataEnd(let sawCR):
        let byte = bytes[index]
        index += 1
        if !sawCR {
          guard byte == 0x0D else { throw .malformed("chunk data longer than its size") }
          state = .dataEnd(sawCR: true)
        } else {
          guard byte == 0x0A else { throw .malformed("a CR after chunk data not followed by LF") }
          state = .size([])
        }
      case .trailer(var line):
        let byte = bytes[index]
        index += 1
        trailerSize += 1
        guard trailerSize <= limits.maxHeadSize else { throw .headTooLarge(limit: limits.maxHeadSize) }
        if byte != 0x0A {
          guard line.count < limits.maxChunkLineSize else {
            throw .headTooLarge(limit: limits.maxChunkLineSize)
          }
          guard byte != 0 else { throw .malformed("a NUL byte in a trailer") }
          line.append(byte)
          state = .trailer(line)
          continue
        }
        guard line.last == 0x0D else { throw .malformed("a trailer line ends in LF without CR") }
        if line.count == 1 {
          state = .done
        } else {
          guard line.first != 0x20, line.first != 0x09, line.contains(0x3A) else {
            throw .malformed("a trailer line that is not a field")
          }
          state = .trailer([])
        }
      }
    }
    return (data, index - bytes.startIndex)
  }

  /// The size of a chunk-size line without its CRLF: hexadecimal digits, then extensions as RFC 9112
  /// section 7.1.1 has them, `;NAME` or `;NAME=VALUE` (a token or a quoted string), without the
  /// optional whitespace around them (refused, as llhttp refuses it: parsers that skip it and parsers
  /// that stop at it read different sizes).
  static func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPError) -> Int {
    var size = 0
    var digits = 0
    var index = line.startIndex
    while index < line.endIndex, let digit = hexValue(line[index]) {
      guard size <= (Int.max - 15) / 16 else { throw .malformed("a chunk size too large") }
      size = size * 16 + digit
      digits += 1
      index += 1
    }
    guard digits > 0 else { throw .malformed("a chunk size that is not hexadecimal") }
    while index < line.endIndex {
      guard line[index] == 0x3B else {
        throw .malformed("a chunk size followed by something other than an extension")
      }
      index += 1
      let name = index
      while index < line.endIndex, HTTPHeadParser.isTokenByte(line[index]) { index += 1 }
      guard index > name else { throw .malformed("a chunk extension without a name") }
      guard index < line.endIndex, line[index] == 0x3D else { continue }
      index += 1
      if index < line.endIndex, line[index] == 0x22 {
        index = try endOfQuotedString(line, after: index)
      } else {
        let value = index
        while index < line.endIndex, HTTPHeadParser.isTokenByte(line[index]) { index += 1 }
        guard index > value else {
          throw .malformed("a chunk extension's value is not a token or quoted string")
        }
      }
    }
    return size
  }

  /// The index after the closing quote of the quoted string whose opening quote is at `quote`.
  static func endOfQuotedString(_ line: ArraySlice<UInt8>, after quote: Int) throws(HTTPError) -> Int {
    var index = quote + 1
    while index < line.endIndex {
      let byte = line[index]
      if byte == 0x22 { return index + 1 }
      if byte == 0x5C { index += 1 }
      guard index < line.endIndex, HTTPHeadParser.isFieldValueByte(line[index]) else { break }
      index += 1
    }
    throw .malformed("a control character or unterminated quoted string in a chunk extension")
  }

  package static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case 0x30...0x39: Int(byte - 0x30)
    case 0x41...0x46: Int(byte - 0x41 + 10)
    case 0x61...0x66: Int(byte - 0x61 + 10)
    default: nil
    }
  }
}
