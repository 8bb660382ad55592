/// Checks UTF-8 bytes against RFC 8259 (with duplicate member names and deep nesting refused) and
/// records every value in a flat ``JSONMap``.
///
/// The scanner knows nothing of what is decoded from the map. It validates everything a consumer
/// could later trip on (UTF-8, escapes, numbers), so that reading the map never fails. Recursion
/// is bounded by `maximumDepth`.
struct JSONScanner {
  /// Up to this many members, an object's names are checked for duplicates by a scan.
  static let linearMemberLimit = 16

  /// A member name seen in an open object: where it starts, where its closing quote is, and
  /// whether its bytes can be compared as they are (no escapes, ASCII only).
  struct Name {
    var offset: Int
    var end: Int
    var isPlainASCII: Bool
  }

  let bytes: UnsafeBufferPointer<UInt8>
  let maximumDepth: Int
  var index = 0
  var depth = 0
  var cells: [Int] = []
  /// The names of the members of every open object, innermost last.
  var names: [Name] = []

  init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
    self.bytes = bytes
    self.maximumDepth = maximumDepth
  }

  /// Scans the whole text: one value, with white space (and a leading byte-order mark) around it.
  mutating func scanDocument() throws(JSONSyntaxError) -> [Int] {
    index = SourceText.byteOrderMarkLength(bytes)
    skipWhitespace()
    guard index < bytes.count else { throw JSONSyntaxError(.empty, offset: index) }
    try scanValue()
    skipWhitespace()
    if index < bytes.count {
      throw JSONSyntaxError(.trailingContent(found: describeCharacter(at: index)), offset: index)
    }
    return cells
  }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x0A, 0x0D, 0x09: index += 1
      default: return
      }
    }
  }

  mutating func scanValue() throws(JSONSyntaxError) {
    guard index < bytes.count else {
      throw JSONSyntaxError(.unexpectedEnd(expected: "a value"), offset: index)
    }
    let start = index
    switch bytes[index] {
    case UInt8(ascii: "{"): return try scanObject()
    case UInt8(ascii: "["): return try scanArray()
    case UInt8(ascii: "\""): _ = try scanString()
    case UInt8(ascii: "t"): try expectLiteral("true")
    case UInt8(ascii: "f"): try expectLiteral("false")
    case UInt8(ascii: "n"): try expectLiteral("null")
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanNumber()
    case UInt8(ascii: "N") where word(at: start) == "NaN",
      UInt8(ascii: "I") where word(at: start) == "Infinity":
      throw JSONSyntaxError(.notANumber(word(at: start)), offset: start)
    default:
      throw JSONSyntaxError(
        .unexpectedCharacter(found: describeCharacter(at: index), expected: "a value"), offset: index)
    }
    cells.append(start)
  }

  mutating func enter() throws(JSONSyntaxError) {
    depth += 1
    if depth > maximumDepth { throw JSONSyntaxError(.tooDeep(limit: maximumDepth), offset: index) }
  }

  /// Appends a container's three cells (offset, count, end); the last two are filled in by `close`.
  mutating func open() -> Int {
    let header = cells.count
    cells.append(index)
    cells.append(0)
    cells.append(0)
    index += 1
    return header
  }

  mutating func close(_ header: Int, count: Int) {
    cells[header + 1] = count
    cells[header + 2] = cells.count
    index += 1
    depth -= 1
  }

  mutating func scanObject() throws(JSONSyntaxError) {
    try enter()
    let header = open()
    let firstName = names.count
    defer { names.removeSubrange(firstName...) }
    // Duplicate names are found by a scan of the names while there are few (a settings item has
    // at most a dozen), and by a dictionary once there are many.
    var firstOffsets: [String: Int] = [:]
    var count = 0
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") { return close(header, count: 0) }
    while true {
      skipWhitespace()
      guard index < bytes.count else {
        throw JSONSyntaxError(.unexpectedEnd(expected: "a member name in quotes"), offset: index)
      }
      if bytes[index] == UInt8(ascii: "}"), count > 0 {
        throw JSONSyntaxError(.trailingComma(closing: "}"), offset: index)
      }
      guard bytes[index] == UInt8(ascii: "\"") else {
        throw JSONSyntaxError(
          .unexpectedCharacter(found: describeCharacter(at: index), expected: "a member name in quotes"),
          offset: index)
      }
      let name = try scanString()
      if count < Self.linearMemberLimit {
        if let first = names[firstName...].first(where: { same($0, name) }) {
          throw JSONSyntaxError(
            .duplicateMember(name: text(of: name), firstOffset: first.offset), offset: name.offset)
        }
      } else {
        if count == Self.linearMemberLimit {
          for earlier in names[firstName...] { firstOffsets[text(of: earlier)] = earlier.offset }
        }
        let text = text(of: name)
        if let first = firstOffsets[text] {
          throw JSONSyntaxError(.duplicateMember(name: text, firstOffset: first), offset: name.offset)
        }
        firstOffsets[text] = name.offset
      }
      names.append(name)
      cells.append(name.offset)
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "':' after the member name")
      skipWhitespace()
      try scanValue()
      count += 1
      if try nextIsComma(closing: "}") { continue }
      return close(header, count: count)
    }
  }

  mutating func scanArray() throws(JSONSyntaxError) {
    try enter()
    let header = open()
    var count = 0
    skipWhitespace()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") { return close(header, count: 0) }
    while true {
      skipWhitespace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]"), count > 0 {
        throw JSONSyntaxError(.trailingComma(closing: "]"), offset: index)
      }
      try scanValue()
      count += 1
      if try nextIsComma(closing: "]") { continue }
      return close(header, count: count)
    }
  }

  /// After an element or member: true past a comma, false at the closing bracket `closing`.
  mutating func nextIsComma(closing: Unicode.Scalar) throws(JSONSyntaxError) -> Bool {
    skipWhitespace()
    let expected = "',' or '\(closing)'"
    guard index < bytes.count else {
      throw JSONSyntaxError(.unexpectedEnd(expected: expected), offset: index)
    }
    if bytes[index] == UInt8(ascii: ",") {
      index += 1
      return true
    }
    guard bytes[index] == UInt8(ascii: closing) else {
      throw JSONSyntaxError(
        .unexpectedCharacter(found: describeCharacter(at: index), expected: expected), offset: index)
    }
    return false
  }

  /// Whether two member names are the same string (as Swift compares strings).
  func same(_ a: Name, _ b: Name) -> Bool {
    if a.isPlainASCII, b.isPlainASCII {
      guard a.end - a.offset == b.end - b.offset else { return false }
      return memoryEqual(a.offset + 1, b.offset + 1, count: a.end - a.offset - 1)
    }
    return text(of: a) == text(of: b)
  }

  func memoryEqual(_ a: Int, _ b: Int, count: Int) -> Bool {
    var index = 0
    while index < count {
      if bytes[a + index] != bytes[b + index] { return false }
      index += 1
    }
    return true
  }

  func text(of name: Name) -> String {
    JSONMap.decodeString(bytes, from: name.offset + 1)
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
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<max(end, start + 1)]), as: UTF8.self)
  }

  mutating func scanNumber() throws(JSONSyntaxError) {
    let start = index
    if bytes[index] == UInt8(ascii: "-") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "I") {
        throw JSONSyntaxError(.notANumber(word(at: start)), offset: start)
      }
    }
    let invalid = JSONSyntaxError.Reason.invalidNumber
    let integerStart = index
    let integerDigits = skipDigits()
    if integerDigits == 0 || (integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0")) {
      throw JSONSyntaxError(invalid(word(at: start)), offset: start)
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      if skipDigits() == 0 { throw JSONSyntaxError(invalid(word(at: start)), offset: start) }
    }
    if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        index += 1
      }
      if skipDigits() == 0 { throw JSONSyntaxError(invalid(word(at: start)), offset: start) }
    }
  }

  mutating func skipDigits() -> Int {
    let from = index
    while index < bytes.count, bytes[index] &- 0x30 < 10 { index += 1 }
    return index - from
  }

  /// Scans a string from its opening quote to past its closing one.
  ///
  /// A control character is reported where it stands; a run of other bytes is checked as UTF-8
  /// when it ends (at a quote, a backslash, a control character after an escape, or the end).
  mutating func scanString() throws(JSONSyntaxError) -> Name {
    let offset = index
    index += 1
    var runStart = index
    var bits: UInt8 = 0
    var escaped = false
    var sawNonASCII = false
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || (escaped && byte < 0x20) {
        if bits & 0x80 != 0 { try checkUTF8(runStart..<index) }
        sawNonASCII = sawNonASCII || bits & 0x80 != 0
        bits = 0
        if byte == UInt8(ascii: "\"") {
          index += 1
          return Name(offset: offset, end: index - 1, isPlainASCII: !escaped && !sawNonASCII)
        }
        if byte == UInt8(ascii: "\\") {
          index += try JSONMap.escape(bytes, at: index).length
          escaped = true
          runStart = index
          continue
        }
      }
      if byte < 0x20 {
        throw JSONSyntaxError(.controlCharacterInString(controlName(byte)), offset: index)
      }
      bits |= byte
      index += 1
    }
    if bits & 0x80 != 0 { try checkUTF8(runStart..<index) }
    throw JSONSyntaxError(.unexpectedEnd(expected: "'\"' to close the string"), offset: index)
  }

  func controlName(_ byte: UInt8) -> String {
    TerminalText.escaped(String(UnicodeScalar(byte)))
  }

  /// Throws at the first byte of `range` that starts an ill-formed UTF-8 sequence (Unicode's
  /// table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF).
  func checkUTF8(_ range: Range<Int>) throws(JSONSyntaxError) {
    var index = range.lowerBound
    let end = range.upperBound
    while index < end {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let start = index
      var trailing = 0
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: trailing = 1
      case 0xE0: (trailing, low) = (2, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: trailing = 2
      case 0xED: (trailing, high) = (2, 0x9F)
      case 0xF0: (trailing, low) = (3, 0x90)
      case 0xF1...0xF3: trailing = 3
      case 0xF4: (trailing, high) = (3, 0x8F)
      default: throw JSONSyntaxError(.invalidUTF8, offset: start)
      }
      index += 1
      for position in 0..<trailing {
        let (lowest, highest): (UInt8, UInt8) = position == 0 ? (low, high) : (0x80, 0xBF)
        guard index < end, bytes[index] >= lowest, bytes[index] <= highest else {
          throw JSONSyntaxError(.invalidUTF8, offset: start)
        }
        index += 1
      }
    }
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
