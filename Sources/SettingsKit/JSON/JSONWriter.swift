import SettingsPOSIX

/// Writes ``JSONValue``s as text: pretty-printed with two-space indents, object members in sorted
/// order, non-ASCII text written literally (UTF-8) and control characters escaped.
///
/// Sorted members make files diff cleanly (as swift-format's `Configuration+Dump` does). Every
/// scalar that ``TerminalText/escaped(_:)`` escapes (C0 controls, DEL, C1 controls, the bidi
/// controls, U+2028/U+2029) is written as a `\uXXXX` escape, so the output never carries a raw
/// terminal control sequence, even when printed to a terminal.
package struct JSONWriter: Sendable {
  /// Whether object members are written sorted by name (by Unicode scalar values) or in their order.
  package var sortsKeys: Bool

  /// Creates a writer.
  package init(sortsKeys: Bool = true) {
    self.sortsKeys = sortsKeys
  }

  /// An object's members in the order they are written: sorted by name (by Unicode scalar values)
  /// when ``sortsKeys`` is set, else as given.
  func ordered(_ members: [JSONValue.Member]) -> [JSONValue.Member] {
    guard sortsKeys else { return members }
    return members.sorted { $0.name.unicodeScalars.lexicographicallyPrecedes($1.name.unicodeScalars) }
  }

  /// The value's text, with a trailing newline.
  package func string(_ value: JSONValue) -> String {
    var output = ""
    write(value, indent: 0, to: &output)
    output.append("\n")
    return output
  }

  func write(_ value: JSONValue, indent: Int, to output: inout String) {
    switch value.kind {
    case .null: output.append("null")
    case .bool(let flag): output.append(flag ? "true" : "false")
    case .number(let text): output.append(text)
    case .string(let text): Self.writeString(text, to: &output)
    case .array(let elements):
      if elements.isEmpty {
        output.append("[]")
        return
      }
      output.append("[\n")
      for (index, element) in elements.enumerated() {
        Self.pad(indent + 2, &output)
        write(element, indent: indent + 2, to: &output)
        output.append(index + 1 < elements.count ? ",\n" : "\n")
      }
      Self.pad(indent, &output)
      output.append("]")
    case .object(let members):
      if members.isEmpty {
        output.append("{}")
        return
      }
      let sorted = ordered(members)
      output.append("{\n")
      for (index, member) in sorted.enumerated() {
        Self.pad(indent + 2, &output)
        Self.writeString(member.name, to: &output)
        output.append(": ")
        write(member.value, indent: indent + 2, to: &output)
        output.append(index + 1 < sorted.count ? ",\n" : "\n")
      }
      Self.pad(indent, &output)
      output.append("}")
    }
  }

  static func pad(_ count: Int, _ output: inout String) {
    output.append(String(repeating: " ", count: count))
  }

  static func writeString(_ text: String, to output: inout String) {
    output.append("\"")
    let needsEscaping = text.unicodeScalars.contains { scalar in
      scalar == "\"" || scalar == "\\" || ControlCharacters.isEscaped(scalar)
    }
    guard needsEscaping else {
      output.append(text)
      output.append("\"")
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output.append("\\\"")
      case "\\": output.append("\\\\")
      case "\n": output.append("\\n")
      case "\r": output.append("\\r")
      case "\t": output.append("\\t")
      default:
        if ControlCharacters.isEscaped(scalar) {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          output.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
        } else {
          output.unicodeScalars.append(scalar)
        }
      }
    }
    output.append("\"")
  }
}

extension JSONValue {
  /// An object value from name–value pairs, in the given order.
  public static func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
    JSONValue(.object(pairs.map { Member(name: $0.0, nameOffset: 0, value: $0.1) }))
  }

  /// A string value.
  public static func string(_ text: String) -> JSONValue { JSONValue(.string(text)) }

  /// A boolean value.
  public static func bool(_ flag: Bool) -> JSONValue { JSONValue(.bool(flag)) }

  /// A whole-number value.
  public static func integer(_ number: Int) -> JSONValue { JSONValue(.number(String(number))) }

  /// An array value.
  public static func array(_ elements: [JSONValue]) -> JSONValue { JSONValue(.array(elements)) }

  /// `null`.
  public static var null: JSONValue { JSONValue(.null) }

}
