/// A strict JSON parser (RFC 8259) over UTF-8 bytes that keeps byte offsets for every value.
///
/// Beyond the RFC it refuses duplicate member names and nesting deeper than ``maximumDepth``,
/// so that hostile documents fail with a clear error in bounded time and stack. A leading UTF-8
/// byte-order mark is skipped.
public struct JSONParser: Sendable {
  /// The deepest nesting of arrays and objects accepted.
  public var maximumDepth: Int

  /// Creates a parser.
  public init(maximumDepth: Int = 256) {
    self.maximumDepth = maximumDepth
  }

  /// Parses one JSON value that makes up the whole of `bytes`.
  ///
  /// - Throws: ``JSONSyntaxError`` at the first byte that does not fit.
  public func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    try parse(bytes, streamingItems: nil)
  }

  /// Parses like ``parse(_:)``, handing each element of `sections[S].items` of a root object to
  /// `streamingItems` as soon as it is parsed, with S and its index; the value it returns stands
  /// in the tree instead. A settings document's items are decoded that way while the rest is still
  /// being parsed, so the whole tree of a large document is never held at once.
  func parse(
    _ bytes: [UInt8], streamingItems: ((_ section: Int, _ index: Int, JSONValue) -> JSONValue)?
  ) throws(JSONSyntaxError) -> JSONValue {
    let result: Result<JSONValue, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
      var cursor = Cursor(bytes: buffer, maximumDepth: maximumDepth, streamingItems: streamingItems)
      do throws(JSONSyntaxError) {
        return .success(try cursor.parseDocument())
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }
}

/// Where a value stands, as far as item streaming cares: the root, its `sections` array, a section,
/// a section's `items` array, an item, or anywhere else.
private enum Role {
  case other
  case root
  case sections
  case section(Int)
  case items(section: Int)
}

private struct Cursor {
  /// Up to this many members, an object's names are checked for duplicates by a scan.
  static let linearMemberLimit = 16

  let bytes: UnsafeBufferPointer<UInt8>
  let maximumDepth: Int
  let streamingItems: ((Int, Int, JSONValue) -> JSONValue)?
  var index = 0
  var depth = 0

  init(
    bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int,
    streamingItems: ((Int, Int, JSONValue) -> JSONValue)? = nil
  ) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
    self.streamingItems = streamingItems
  }

  mutating func parseDocument() throws(JSONSyntaxError) -> JSONValue {
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    skipWhitespace()
    guard index < bytes.count else { throw JSONSyntaxError(.empty, offset: index) }
    let value = try parseValue(streamingItems == nil ? .other : .root)
    skipWhitespace()
    if index < bytes.count {
      throw JSONSyntaxError(.trailingContent(found: describeCharacter(at: index)), offset: index)
    }
    return value
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  mutating func parseValue(_ role: Role = .other) throws(JSONSyntaxError) -> JSONValue {
    guard index < bytes.count else {
      throw JSONSyntaxError(.unexpectedEnd(expected: "a value"), offset: index)
    }
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "{"): return try parseObject(role)
    case UInt8(ascii: "["): return try parseArray(role)
    case UInt8(ascii: "\""): return JSONValue(.string(try parseString()), offset: start)
    case UInt8(ascii: "t"): try expectLiteral("true"); return JSONValue(.bool(true), offset: start)
    case UInt8(ascii: "f"): try expectLiteral("false"); return JSONValue(.bool(false), offset: start)
    case UInt8(ascii: "n"): try expectLiteral("null"); return JSONValue(.null, offset: start)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return JSONValue(.number(try parseNumber()), offset: start)
    case UInt8(ascii: "N") where word(at: start) == "NaN",
      UInt8(ascii: "I") where word(at: start) == "Infinity":
      throw JSONSyntaxError(.notANumber(word(at: start)), offset: start)
    default:
      throw JSONSyntaxError(
        .unexpectedCharacter(found: describeCharacter(at: index), expected: "a value"), offset: index)
    }
  }

  mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > maximumDepth { throw JSONSyntaxError(.tooDeep(limit: maximumDepth), offset: index) }
  }

  mutating func parseObject(_ role: Role) throws(JSONSyntaxError) -> JSONValue {
    let start = index
    try enter()
    index += 1
    var members: [JSONValue.Member] = []
    // Duplicate names are found by a scan of the members while there are few (a settings item has
    // at most seven), and by a dictionary once there are many.
    var firstOffsets: [String: Int] = [:]
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return JSONValue(.object(members), offset: start)
    }
    while true {
      skipWhitespace()
      guard index < bytes.count else {
        throw JSONSyntaxError(.unexpectedEnd(expected: "a member name in quotes"), offset: index)
      }
      if bytes[index] == UInt8(ascii: "}"), !members.isEmpty {
        throw JSONSyntaxError(.trailingComma(closing: "}"), offset: index)
      }
      guard bytes[index] == UInt8(ascii: "\"") else {
        throw JSONSyntaxError(
          .unexpectedCharacter(found: describeCharacter(at: index), expected: "a member name in quotes"),
          offset: index)
      }
      let nameOffset = index
      let name = try parseString()
      if members.count < Self.linearMemberLimit {
        if let first = members.first(where: { $0.name == name }) {
          throw JSONSyntaxError(
            .duplicateMember(name: name, firstOffset: first.nameOffset), offset: nameOffset)
        }
      } else {
        if members.count == Self.linearMemberLimit {
          for member in members { firstOffsets[member.name] = member.nameOffset }
        }
        if let first = firstOffsets[name] {
          throw JSONSyntaxError(.duplicateMember(name: name, firstOffset: first), offset: nameOffset)
        }
        firstOffsets[name] = nameOffset
      }
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "':' after the member name")
      skipWhitespace()
      var memberRole = Role.other
      switch role {
      case .root where name == "sections": memberRole = .sections
      case .section(let section) where name == "items": memberRole = .items(section: section)
      default: break
      }
      let value = try parseValue(memberRole)
      members.append(JSONValue.Member(name: name, nameOffset: nameOffset, value: value))
      skipWhitespace()
      guard index < bytes.count else {
        throw JSONSyntaxError(.unexpectedEnd(expected: "',' or '}'"), offset: index)
      }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect(UInt8(ascii: "}"), "',' or '}'")
      depth -= 1
      return JSONValue(.object(members), offset: start)
    }
  }

  mutating func parseArray(_ role: Role) throws(JSONSyntaxError) -> JSONValue {
    let start = index
    try enter()
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return JSONValue(.array(elements), offset: start)
    }
    while true {
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]"), !elements.isEmpty {
        throw JSONSyntaxError(.trailingComma(closing: "]"), offset: index)
      }
      switch role {
      case .sections: elements.append(try parseValue(.section(elements.count)))
      case .items(let section):
        let element = try parseValue()
        elements.append(streamingItems.map { $0(section, elements.count, element) } ?? element)
      default: elements.append(try parseValue())
      }
      skipWhitespace()
      guard index < bytes.count else {
        throw JSONSyntaxError(.unexpectedEnd(expected: "',' or ']'"), offset: index)
      }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        continue
      }
      try expect(UInt8(ascii: "]"), "',' or ']'")
      depth -= 1
      return JSONValue(.array(elements), offset: start)
    }
  }

  mutating func expect(_ byte: UInt8, _ expected: String) throws(JSONSyntaxError) {
    guard index < bytes.count else {
      throw JSONSyntaxError(.unexpectedEnd(expected: expected), offset: index)
    }
    guard bytes[index] == byte else {
      throw JSONSyntaxError(
        .unexpectedCharacter(found: describeCharacter(at: index), expected: expected), offset: index)
    }
    index += 1
  }

  mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
    let start = index
    let text = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    for byte in text {
      guard index < bytes.count, bytes[index] == byte else {
        throw JSONSyntaxError(
          .unexpectedCharacter(found: "'\(word(at: start))'", expected: "a value"), offset: start)
      }
      index += 1
    }
  }

  /// The run of letters, digits, `+`, `-` and `.` starting at `start`, for messages.
  func word(at start: Int) -> String {
    var end = start
    while end < bytes.count, end - start < 40 {
      let byte = bytes[end]
      let isWordByte =
        (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
      guard isWordByte else { break }
      end += 1
    }
    return String(decoding: bytes[start..<max(end, start + 1)], as: UTF8.self)
  }

  mutating func parseNumber() throws(JSONSyntaxError) -> String {
    let start = index
    if bytes[index] == UInt8(ascii: "-") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "I") {
        throw JSONSyntaxError(.notANumber(word(at: start)), offset: start)
      }
    }
    func digits(_ cursor: inout Cursor) -> Int {
      let from = cursor.index
      while cursor.index < cursor.bytes.count, cursor.bytes[cursor.index] &- 0x30 < 10 { cursor.index += 1 }
      return cursor.index - from
    }
    let invalid = { (cursor: Cursor) in
      JSONSyntaxError(.invalidNumber(cursor.word(at: start)), offset: start)
    }
    let integerStart = index
    let integerDigits = digits(&self)
    if integerDigits == 0 || (integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) {
      throw invalid(self)
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      if digits(&self) == 0 { throw invalid(self) }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      if digits(&self) == 0 { throw invalid(self) }
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  mutating func parseString() throws(JSONSyntaxError) -> String {
    index += 1
    let start = index
    // Fast path: no escapes.
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let result = try decodeUTF8(start..<index)
        index += 1
        return result
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 {
        throw JSONSyntaxError(.controlCharacterInString(controlName(byte)), offset: index)
      }
      index += 1
    }
    var scalars = try decodeUTF8(start..<index)
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return scalars
      }
      if byte == UInt8(ascii: "\\") {
        scalars.unicodeScalars.append(try parseEscape())
        continue
      }
      if byte < 0x20 {
        throw JSONSyntaxError(.controlCharacterInString(controlName(byte)), offset: index)
      }
      let runStart = index
      while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"),
        bytes[index] >= 0x20
      {
        index += 1
      }
      scalars += try decodeUTF8(runStart..<index)
    }
    throw JSONSyntaxError(.unexpectedEnd(expected: "'\"' to close the string"), offset: index)
  }

  func controlName(_ byte: UInt8) -> String {
    TerminalText.escaped(String(UnicodeScalar(byte)))
  }

  func decodeUTF8(_ range: Range<Int>) throws(JSONSyntaxError) -> String {
    let slice = UnsafeBufferPointer(rebasing: bytes[range])
    // `String(decoding:as:)` is the specialized fast path, but it repairs bad bytes; the bytes were
    // valid UTF-8 exactly when nothing was repaired, which ASCII never needs and otherwise shows
    // as the text's bytes being the input's.
    let text = String(decoding: slice, as: UTF8.self)
    if text.utf8.count == slice.count, slice.allSatisfy({ $0 < 0x80 }) || Self.sameBytes(text, slice) {
      return text
    }
    // Find the first byte that breaks UTF-8, for the error's location.
    var iterator = slice.makeIterator()
    var decoder = UTF8()
    var consumedBefore = 0
    var offsetInSlice = 0
    loop: while true {
      switch decoder.decode(&iterator) {
      case .scalarValue(let scalar):
        offsetInSlice += UTF8.width(scalar)
        consumedBefore = offsetInSlice
      case .emptyInput: break loop
      case .error: break loop
      }
    }
    throw JSONSyntaxError(.invalidUTF8, offset: range.lowerBound + consumedBefore)
  }

  /// Whether `text`'s UTF-8 is exactly `bytes`, compared a word at a time.
  static func sameBytes(_ text: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var text = text
    return text.withUTF8 { utf8 in
      guard utf8.count == bytes.count, let a = utf8.baseAddress, let b = bytes.baseAddress else {
        return utf8.count == bytes.count
      }
      var index = 0
      while index + 8 <= utf8.count {
        if UnsafeRawPointer(a + index).loadUnaligned(as: UInt64.self)
          != UnsafeRawPointer(b + index).loadUnaligned(as: UInt64.self)
        {
          return false
        }
        index += 8
      }
      while index < utf8.count {
        if a[index] != b[index] { return false }
        index += 1
      }
      return true
    }
  }

  mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
    let start = index
    index += 1
    guard index < bytes.count else {
      throw JSONSyntaxError(.unexpectedEnd(expected: "an escape after '\\'"), offset: index)
    }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{8}"
    case UInt8(ascii: "f"): return "\u{C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let high = try parseHex4(escapeStart: start)
      if (0xDC00...0xDFFF).contains(high) {
        throw JSONSyntaxError(.loneSurrogate(escapeText(start)), offset: start)
      }
      if (0xD800...0xDBFF).contains(high) {
        let lowStart = index
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
          bytes[index + 1] == UInt8(ascii: "u")
        else { throw JSONSyntaxError(.loneSurrogate(escapeText(start)), offset: start) }
        index += 2
        let low = try parseHex4(escapeStart: lowStart)
        guard (0xDC00...0xDFFF).contains(low) else {
          throw JSONSyntaxError(.loneSurrogate(escapeText(start)), offset: start)
        }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
      }
      return Unicode.Scalar(high)!
    default:
      index = start
      throw JSONSyntaxError(.invalidEscape(escapeText(start)), offset: start)
    }
  }

  mutating func parseHex4(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard index < bytes.count else {
        throw JSONSyntaxError(.invalidEscape(escapeText(escapeStart)), offset: escapeStart)
      }
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw JSONSyntaxError(.invalidEscape(escapeText(escapeStart)), offset: escapeStart)
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  /// The escape's source text (at most six bytes), made safe for display.
  func escapeText(_ start: Int) -> String {
    let end = min(
      bytes.count, start + (start + 1 < bytes.count && bytes[start + 1] == UInt8(ascii: "u") ? 6 : 2))
    return TerminalText.escaped(String(decoding: bytes[start..<end], as: UTF8.self))
  }

  /// The character at `offset` for a message: `'x'`, an escape for a control, or "end of file".
  func describeCharacter(at offset: Int) -> String {
    guard offset < bytes.count else { return "end of file" }
    var iterator = bytes[offset...].makeIterator()
    var decoder = UTF8()
    guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
      return "byte 0x" + String(bytes[offset], radix: 16, uppercase: true) + " (not UTF-8)"
    }
    return "'\(TerminalText.escaped(String(scalar)))'"
  }
}
