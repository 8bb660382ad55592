/// Reads request and response heads from bytes, as strictly as llhttp: lines end in CRLF (a bare
/// CR or LF is an error), names are tokens followed at once by a colon, no obsolete line folding,
/// no control characters, and a limit on the head's size and number of fields. It does no I/O:
/// give it what has arrived so far.
package enum HTTPHeadParser {
  /// A request head at the start of `bytes` and its length (the blank line included), or nil
  /// when the head is not complete yet. Empty lines before the request line are skipped, as
  /// RFC 9112 asks.
  ///
  /// - Throws: ``HTTPError/headTooLarge(limit:)`` as soon as more than `limits.maxHeadSize` bytes
  ///   have come without the head ending (or it has too many fields), ``HTTPError/malformed(_:)``.
  package static func request(_ bytes: ArraySlice<UInt8>, limits: HTTPLimits = HTTPLimits()) throws(HTTPError)
    -> (head: HTTPRequestHead, length: Int)?
  {
    guard let (lines, length) = try lines(of: bytes, limits: limits) else { return nil }
    let parts = lines[0].split(separator: 0x20, omittingEmptySubsequences: false)
    guard parts.count == 3 else {
      throw .malformed("the request line is not METHOD SP TARGET SP VERSION")
    }
    guard !parts[0].isEmpty, parts[0].allSatisfy(isTokenByte) else {
      throw .malformed("the method is not a token")
    }
    guard !parts[1].isEmpty, parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      throw .malformed("the request target is empty or has a space or control character")
    }
    let minor = try minorVersion(parts[2])
    let head = HTTPRequestHead(
      method: String(decoding: parts[0], as: UTF8.self), target: String(decoding: parts[1], as: UTF8.self),
      minorVersion: minor, headers: try fields(lines.dropFirst(), limits: limits))
    return (head, length)
  }

  /// A response head at the start of `bytes` and its length, or nil when it is not complete yet.
  ///
  /// - Throws: as ``request(_:limits:)``.
  package static func response(_ bytes: ArraySlice<UInt8>, limits: HTTPLimits = HTTPLimits())
    throws(HTTPError)
    -> (head: HTTPResponseHead, length: Int)?
  {
    guard let (lines, length) = try lines(of: bytes, limits: limits) else { return nil }
    let line = lines[0]
    let start = line.startIndex
    guard line.count >= 12, line[start + 8] == 0x20 else {
      throw .malformed("the status line is not VERSION SP STATUS SP REASON")
    }
    let minor = try minorVersion(line[start..<start + 8])
    let digits = line[(start + 9)..<(start + 12)]
    guard digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), digits.first != 0x30 else {
      throw .malformed("the status is not three digits from 100 to 999")
    }
    var reason = line[(start + 12)...]
    if !reason.isEmpty {
      guard reason.first == 0x20 else { throw .malformed("no space after the status") }
      reason = reason.dropFirst()
    }
    guard reason.allSatisfy(isFieldValueByte) else { throw .malformed("a control character in the reason") }
    let head = HTTPResponseHead(
      status: Int(String(decoding: digits, as: UTF8.self))!, reason: String(decoding: reason, as: UTF8.self),
      minorVersion: minor, headers: try fields(lines.dropFirst(), limits: limits))
    return (head, length)
  }

  /// The head's lines without their CRLFs (empty lines before the first dropped) and the head's
  /// length through its blank line; nil when the blank line has not come yet.
  static func lines(of bytes: ArraySlice<UInt8>, limits: HTTPLimits) throws(HTTPError) -> (
    [ArraySlice<UInt8>], Int
  )? {
    var lines: [ArraySlice<UInt8>] = []
    var lineStart = bytes.startIndex
    var index = bytes.startIndex
    while index < bytes.endIndex {
      if index - bytes.startIndex >= limits.maxHeadSize { throw .headTooLarge(limit: limits.maxHeadSize) }
      let byte = bytes[index]
      if byte == 0x0A { throw .malformed("a line ends in LF without CR") }
      if byte == 0x0D {
        guard index + 1 < bytes.endIndex else { return nil }
        guard bytes[index + 1] == 0x0A else { throw .malformed("a CR not followed by LF") }
        let line = bytes[lineStart..<index]
        index += 2
        lineStart = index
        if line.isEmpty {
          if lines.isEmpty { continue }
          return (lines, index - bytes.startIndex)
        }
        lines.append(line)
        if lines.count > limits.maxFieldCount + 1 { throw .headTooLarge(limit: limits.maxHeadSize) }
        continue
      }
      if byte == 0 { throw .malformed("a NUL byte in the head") }
      index += 1
    }
    return nil
  }

  /// `HTTP/1.0` → 0, `HTTP/1.1` → 1.
  static func minorVersion(_ bytes: ArraySlice<UInt8>) throws(HTTPError) -> Int {
    let text = Array(bytes)
    guard text.count == 8, text[0..<7].elementsEqual("HTTP/1.".utf8), text[7] >= 0x30, text[7] <= 0x39 else {
      throw .malformed("the version is not HTTP/1.0 or HTTP/1.1")
    }
    return Int(text[7] - 0x30)
  }

  /// The header fields of the lines after the start line.
  static func fields(_ lines: ArraySlice<ArraySlice<UInt8>>, limits: HTTPLimits) throws(HTTPError)
    -> HTTPHeaders
  {
    guard lines.count <= limits.maxFieldCount else { throw .headTooLarge(limit: limits.maxHeadSize) }
    var headers = HTTPHeaders()
    for line in lines {
      guard line.first != 0x20, line.first != 0x09 else { throw .malformed("obsolete line folding") }
      guard let colon = line.firstIndex(of: 0x3A) else { throw .malformed("a header field without a colon") }
      let name = line[line.startIndex..<colon]
      guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
        throw .malformed("a header field name that is not a token (no space before the colon)")
      }
      var value = line[(colon + 1)...]
      while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
      while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
      guard value.allSatisfy(isFieldValueByte) else {
        throw .malformed("a control character in the value of '\(String(decoding: name, as: UTF8.self))'")
      }
      headers.add(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }
    return headers
  }

  /// `tchar` of RFC 9110: letters, digits and ``!#$%&'*+-.^_`|~``.
  static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
    case 0x21, 0x23, 0x24, 0x25, 0x26, 0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E, 0x5F, 0x60, 0x7C, 0x7E: true
    default: false
    }
  }

  /// A byte a field value may hold: tab, visible ASCII, space, and bytes from 0x80 (obs-text).
  static func isFieldValueByte(_ byte: UInt8) -> Bool { byte == 0x09 || (byte >= 0x20 && byte != 0x7F) }
}
