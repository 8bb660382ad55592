extension JSONWriter {
  /// The value's text on one line, with no space between tokens and a trailing newline: one record
  /// of JSON Lines (`settings watch --json`). Members are sorted as ``sortsKeys`` says; strings are
  /// escaped as in ``string(_:)``, and a newline in a string is written `\n`, so a record never
  /// spans two lines.
  package func line(_ value: JSONValue) -> String {
    var output = ""
    writeCompact(value, to: &output)
    output.append("\n")
    return output
  }

  private func writeCompact(_ value: JSONValue, to output: inout String) {
    switch value.kind {
    case .array(let elements):
      output.append("[")
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(",") }
        writeCompact(element, to: &output)
      }
      output.append("]")
    case .object(let members):
      output.append("{")
      for (index, member) in ordered(members).enumerated() {
        if index > 0 { output.append(",") }
        Self.writeString(member.name, to: &output)
        output.append(":")
        writeCompact(member.value, to: &output)
      }
      output.append("}")
    default:
      write(value, indent: 0, to: &output)
    }
  }
}

extension JSONValue: CustomStringConvertible {
  /// The value as compact JSON text on one line, object members in their order (`true`,
  /// `"Kim"`, `[1,2]`): what a journal entry's values print as.
  public var description: String {
    var text = JSONWriter(sortsKeys: false).line(self)
    text.removeLast()
    return text
  }
}
