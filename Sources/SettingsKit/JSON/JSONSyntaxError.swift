/// Why a text is not the JSON we accept (RFC 8259, with duplicate member names refused).
package struct JSONSyntaxError: Error, Sendable, Equatable {
  /// What went wrong.
  package enum Reason: Sendable, Equatable {
    /// The text is empty or only white space.
    case empty
    /// The text ended where more was expected; the associated text says what.
    case unexpectedEnd(expected: String)
    /// A character that cannot stand here; `found` is already escaped for display.
    case unexpectedCharacter(found: String, expected: String)
    /// A comma right before `}` or `]`.
    case trailingComma(closing: Character)
    /// Bytes that are not UTF-8.
    case invalidUTF8
    /// A raw control character (U+0000–U+001F) inside a string.
    case controlCharacterInString(String)
    /// A backslash escape JSON does not have.
    case invalidEscape(String)
    /// A `\u` escape naming half of a surrogate pair alone.
    case loneSurrogate(String)
    /// A number that does not follow JSON's grammar.
    case invalidNumber(String)
    /// `NaN`, `Infinity` or `-Infinity`, which JSON does not allow.
    case notANumber(String)
    /// Arrays and objects nested deeper than the limit.
    case tooDeep(limit: Int)
    /// The same member name twice in one object; the offset is the first one's.
    case duplicateMember(name: String, firstOffset: Int)
    /// Text after the end of the top-level value.
    case trailingContent(found: String)
  }

  /// What went wrong.
  package var reason: Reason
  /// The byte offset where it went wrong.
  package var offset: Int

  /// Creates an error.
  package init(_ reason: Reason, offset: Int) {
    self.reason = reason
    self.offset = offset
  }

  /// A lowercase message fragment that says what is wrong and what would be right.
  ///
  /// Locations of other places (a duplicate's first occurrence) are given by `source`.
  package func message(in source: SourceText) -> String {
    switch reason {
    case .empty:
      return "the file is empty; expected a JSON object"
    case .unexpectedEnd(let expected):
      return "unexpected end of file; expected \(expected)"
    case .unexpectedCharacter(let found, let expected):
      return "unexpected \(found); expected \(expected)"
    case .trailingComma(let closing):
      return "trailing comma before '\(closing)'; remove the comma after the last "
        + (closing == "}" ? "member" : "element")
    case .invalidUTF8:
      return "the text is not valid UTF-8; save the file as UTF-8"
    case .controlCharacterInString(let shown):
      return "control character \(shown) in a string; write it as an escape such as \\n or \\u001B"
    case .invalidEscape(let shown):
      return "invalid escape '\(shown)' in a string; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX"
    case .loneSurrogate(let shown):
      return "'\(shown)' is half of a UTF-16 surrogate pair; give both halves or the character itself"
    case .invalidNumber(let text):
      return "invalid number '\(text)'; expected digits such as 1, -2, 3.5 or 1e3"
    case .notANumber(let text):
      return "'\(text)' is not a JSON number; JSON has no NaN or Infinity"
    case .tooDeep(let limit):
      return "arrays and objects nest deeper than \(limit) levels"
    case .duplicateMember(let name, let firstOffset):
      return "duplicate member \"\(name)\"; first defined at "
        + "\(source.location(ofOffset: firstOffset))"
    case .trailingContent(let found):
      return "unexpected \(found) after the end of the document; expected nothing more"
    }
  }
  /// What the writer probably meant, for the characters that other formats allow and JSON does not:
  /// a comment (`/`) or a single-quoted string (`'`); nil otherwise.
  package var hint: String? {
    let found: String
    switch reason {
    case .unexpectedCharacter(let character, _), .trailingContent(let character): found = character
    default: return nil
    }
    switch found {
    case "'/'": return "JSON has no comments; remove /* */ and // comments"
    case "'''": return "JSON has no single-quoted strings; use double quotes"
    default: return nil
    }
  }

  /// ``message(in:)`` followed by the ``hint``, if any, after a semicolon.
  package func messageWithHint(in source: SourceText) -> String {
    message(in: source) + (hint.map { "; \($0)" } ?? "")
  }
}
