import SettingsPOSIX

/// A scanned JSON text: its bytes and a flat array of cells that says where every value stands.
///
/// Made by ``JSONParser/scan(_:)``, which has already checked the whole text, so reading a map
/// never fails. A value's kind is read from its first byte; strings and numbers are read from the
/// bytes when asked for, so nothing is decoded that a consumer does not look at. Layout of the
/// cells: a string, number, `true`, `false` or `null` is one cell, its byte offset; an array or
/// object is three cells (offset, element or member count, the index of the cell after its
/// contents) followed by its elements, or by each member's name offset and then its value.
package struct JSONMap: Sendable {
  /// The text's bytes.
  package let bytes: [UInt8]
  let cells: [Int]

  /// One value of the map: a position in it, and the byte offset of the value's first character.
  package struct Value: Sendable, Equatable {
    let cell: Int
    /// The byte offset of the value's first character in the text.
    package let offset: Int
  }

  /// One `"name": value` member of an object.
  package struct Member: Sendable, Equatable {
    /// The member's name, escapes resolved.
    package var name: String
    /// The byte offset of the name's opening quote.
    package var nameOffset: Int
    /// The member's value.
    package var value: Value
  }

  /// The JSON type of a value.
  package enum Kind: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool
    /// A number.
    case number
    /// A string.
    case string
    /// An array.
    case array
    /// An object.
    case object
  }

  init(bytes: [UInt8], cells: [Int]) {
    self.bytes = bytes
    self.cells = cells
  }

  /// The top-level value.
  package var root: Value { Value(cell: 0, offset: cells[0]) }

  /// The value's JSON type.
  package func kind(of value: Value) -> Kind {
    switch bytes[value.offset] {
    case UInt8(ascii: "{"): .object
    case UInt8(ascii: "["): .array
    case UInt8(ascii: "\""): .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
    case UInt8(ascii: "n"): .null
    default: .number
    }
  }

  /// A short name of the value's JSON type, for messages: "null", "a boolean", "a number", ….
  package func typeDescription(of value: Value) -> String {
    kind(of: value).typeDescription
  }

  /// The value of `true` or `false`; nil for any other value.
  package func bool(_ value: Value) -> Bool? {
    switch bytes[value.offset] {
    case UInt8(ascii: "t"): true
    case UInt8(ascii: "f"): false
    default: nil
    }
  }

  /// A string's text with its escapes resolved; nil when the value is not a string.
  package func string(_ value: Value) -> String? {
    guard bytes[value.offset] == UInt8(ascii: "\"") else { return nil }
    return bytes.withUnsafeBufferPointer { Self.decodeString($0, from: value.offset + 1) }
  }

  /// A number's source text (so that whole numbers and fractions can be told apart); nil when the
  /// value is not a number.
  package func number(_ value: Value) -> String? {
    guard kind(of: value) == .number else { return nil }
    var end = value.offset
    while end < bytes.count {
      switch bytes[end] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
        UInt8(ascii: "e"), UInt8(ascii: "E"):
        end += 1
      default:
        return String(decoding: bytes[value.offset..<end], as: UTF8.self)
      }
    }
    return String(decoding: bytes[value.offset..<end], as: UTF8.self)
  }

  /// The number of elements of an array or members of an object; 0 for any other value.
  package func count(of value: Value) -> Int {
    isContainer(value.cell) ? cells[value.cell + 1] : 0
  }

  /// An array's elements in source order; nil when the value is not an array.
  package func elements(of value: Value) -> [Value]? {
    guard bytes[value.offset] == UInt8(ascii: "[") else { return nil }
    var elements: [Value] = []
    elements.reserveCapacity(cells[value.cell + 1])
    var cell = value.cell + 3
    let end = cells[value.cell + 2]
    while cell < end {
      elements.append(Value(cell: cell, offset: cells[cell]))
      cell = next(after: cell)
    }
    return elements
  }

  /// An object's members in source order (their names are unique); nil when the value is not an
  /// object.
  package func members(of value: Value) -> [Member]? {
    guard bytes[value.offset] == UInt8(ascii: "{") else { return nil }
    var members: [Member] = []
    members.reserveCapacity(cells[value.cell + 1])
    var cell = value.cell + 3
    let end = cells[value.cell + 2]
    bytes.withUnsafeBufferPointer { bytes in
      while cell < end {
        let nameOffset = cells[cell]
        let name = Self.decodeString(bytes, from: nameOffset + 1)
        members.append(
          Member(name: name, nameOffset: nameOffset, value: Value(cell: cell + 1, offset: cells[cell + 1])))
        cell = next(after: cell + 1)
      }
    }
    return members
  }

  /// The value as a tree of ``JSONValue``s, offsets kept.
  package func tree(_ value: Value) -> JSONValue {
    switch kind(of: value) {
    case .null: JSONValue(.null, offset: value.offset)
    case .bool: JSONValue(.bool(bool(value)!), offset: value.offset)
    case .number: JSONValue(.number(number(value)!), offset: value.offset)
    case .string: JSONValue(.string(string(value)!), offset: value.offset)
    case .array: JSONValue(.array(elements(of: value)!.map(tree)), offset: value.offset)
    case .object:
      JSONValue(
        .object(
          members(of: value)!.map {
            JSONValue.Member(name: $0.name, nameOffset: $0.nameOffset, value: tree($0.value))
          }), offset: value.offset)
    }
  }

  func isContainer(_ cell: Int) -> Bool {
    let byte = bytes[cells[cell]]
    return byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
  }

  /// The cell after the value that starts at `cell`.
  func next(after cell: Int) -> Int {
    isContainer(cell) ? cells[cell + 2] : cell + 1
  }

  /// The text of a checked string whose contents start at `start` (after the opening quote).
  static func decodeString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> String {
    var index = start
    while bytes[index] != UInt8(ascii: "\"") && bytes[index] != UInt8(ascii: "\\") { index += 1 }
    var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    while bytes[index] != UInt8(ascii: "\"") {
      if bytes[index] == UInt8(ascii: "\\") {
        // The scanner checked every escape.
        let (scalar, length) = try! escape(bytes, at: index)
        text.unicodeScalars.append(scalar)
        index += length
        continue
      }
      let runStart = index
      while bytes[index] != UInt8(ascii: "\"") && bytes[index] != UInt8(ascii: "\\") { index += 1 }
      text += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
    }
    return text
  }

  /// The scalar of the escape whose backslash is at `start`, and the escape's length in bytes
  /// (a surrogate pair counts as one escape of 12 bytes).
  ///
  /// - Throws: ``JSONSyntaxError`` for an escape JSON does not have or half a surrogate pair.
  static func escape(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) throws(JSONSyntaxError) -> (
    scalar: Unicode.Scalar, length: Int
  ) {
    guard start + 1 < bytes.count else {
      throw JSONSyntaxError(.unexpectedEnd(expected: "an escape after '\\'"), offset: start + 1)
    }
    switch bytes[start + 1] {
    case UInt8(ascii: "\""): return ("\"", 2)
    case UInt8(ascii: "\\"): return ("\\", 2)
    case UInt8(ascii: "/"): return ("/", 2)
    case UInt8(ascii: "b"): return ("\u{8}", 2)
    case UInt8(ascii: "f"): return ("\u{C}", 2)
    case UInt8(ascii: "n"): return ("\n", 2)
    case UInt8(ascii: "r"): return ("\r", 2)
    case UInt8(ascii: "t"): return ("\t", 2)
    case UInt8(ascii: "u"):
      let high = try hex4(bytes, at: start + 2, escapeStart: start)
      let lone = JSONSyntaxError(.loneSurrogate(escapeText(bytes, start)), offset: start)
      if (0xDC00...0xDFFF).contains(high) { throw lone }
      guard (0xD800...0xDBFF).contains(high) else { return (Unicode.Scalar(high)!, 6) }
      let lowStart = start + 6
      guard lowStart + 1 < bytes.count, bytes[lowStart] == UInt8(ascii: "\\"),
        bytes[lowStart + 1] == UInt8(ascii: "u")
      else { throw lone }
      let low = try hex4(bytes, at: lowStart + 2, escapeStart: lowStart)
      guard (0xDC00...0xDFFF).contains(low) else { throw lone }
      return (Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!, 12)
    default:
      throw JSONSyntaxError(.invalidEscape(escapeText(bytes, start)), offset: start)
    }
  }

  static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, escapeStart: Int)
    throws(JSONSyntaxError) -> UInt32
  {
    var value: UInt32 = 0
    for index in start..<start + 4 {
      guard index < bytes.count else {
        throw JSONSyntaxError(.invalidEscape(escapeText(bytes, escapeStart)), offset: escapeStart)
      }
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw JSONSyntaxError(.invalidEscape(escapeText(bytes, escapeStart)), offset: escapeStart)
      }
      value = value << 4 | UInt32(digit)
    }
    return value
  }

  /// The escape's source text (at most six bytes), made safe for display.
  static func escapeText(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> String {
    let end = min(
      bytes.count, start + (start + 1 < bytes.count && bytes[start + 1] == UInt8(ascii: "u") ? 6 : 2))
    return TerminalText.escaped(
      String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
  }
}

extension JSONMap.Kind {
  /// A short name of the JSON type, for messages: "null", "a boolean", "a number", "a string",
  /// "an array", "an object".
  package var typeDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}
