/// The characters that could drive a terminal, and their visible escapes.
///
/// Every text that reaches a terminal (a document's strings, a path, a stored value, an error's
/// message) goes through ``escaped(_:)`` first, at the edge that writes it, so no input can move
/// the cursor, change colours, set the title, ring the bell or reorder what follows it. Messages
/// themselves are plain text; escaping text already escaped leaves it as it is.
package enum ControlCharacters {
  /// Replaces every character that could drive a terminal with a visible escape.
  ///
  /// After escaping, a document's text can never move the cursor, change colours, set the title or
  /// ring the bell, nor reorder what follows it. Escaped, as Swift-style `\u{HEX}` with uppercase hex
  /// and no leading zeros (`\u{1B}`, `\u{7}`, `\u{9B}`, `\u{202E}`):
  /// - C0 controls U+0000–U+001F, except that U+000A, U+0009 and U+000D are shown as `\n`, `\t`, `\r`;
  /// - DEL U+007F and the C1 controls U+0080–U+009F (U+009B is a one-byte CSI);
  /// - the bidirectional controls U+061C, U+200E, U+200F, U+202A–U+202E and U+2066–U+2069;
  /// - LINE SEPARATOR U+2028 and PARAGRAPH SEPARATOR U+2029;
  /// - the invisible format characters that join or mark nothing a script needs: ZERO WIDTH SPACE
  ///   U+200B, WORD JOINER and the invisible operators U+2060–U+2064, the deprecated format
  ///   characters U+206A–U+206F, and ZERO WIDTH NO-BREAK SPACE (the byte order mark) U+FEFF, so
  ///   that two titles that look alike differ visibly. ZERO WIDTH (NON-)JOINER U+200C and U+200D
  ///   are kept: emoji sequences and many scripts need them.
  ///
  /// Everything else is kept, including backslashes (the result is for display, not for parsing back),
  /// Korean, emoji and combining marks. Work is per Unicode scalar, so a control character can never
  /// hide inside a grapheme cluster. When nothing needs escaping the input is returned as is.
  package static func escaped(_ text: String) -> String {
    if !needsEscaping(text) { return text }
    var result = String()
    result.reserveCapacity(text.utf8.count + 16)
    for scalar in text.unicodeScalars {
      if isEscaped(scalar) {
        appendEscape(for: scalar, to: &result)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Returns whether any scalar of `text` must be escaped; ASCII bytes are checked without decoding.
  package static func needsEscaping(_ text: String) -> Bool {
    if let found = text.utf8.withContiguousStorageIfAvailable(needsEscaping(utf8:)) { return found }
    var hasNonASCII = false
    for byte in text.utf8 {
      if byte < 0x20 || byte == 0x7F { return true }
      if byte >= 0x80 { hasNonASCII = true }
    }
    return hasNonASCII && text.unicodeScalars.contains(where: isEscaped)
  }

  /// Returns whether valid UTF-8 holds a scalar that ``isEscaped(_:)``, from the bytes alone: C0
  /// controls and DEL are single bytes, and every other escaped scalar has a lead byte of C2 (C1
  /// controls C2 80–9F), D8 (U+061C is D8 9C), E2 (U+200B, U+200E–200F, U+2028–202E: E2 80 8B,
  /// 8E–8F and A8–AE; U+2060–2064, U+2066–206F: E2 81 A0–A4, A6–AF) or EF (U+FEFF is EF BB BF).
  package static func needsEscaping(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte < 0x20 || byte == 0x7F { return true }
      if byte >= 0xC2 && index + 1 < count {
        let next = bytes[index + 1]
        switch byte {
        case 0xC2: if next <= 0x9F { return true }
        case 0xD8: if next == 0x9C { return true }
        case 0xE2 where index + 2 < count:
          let last = bytes[index + 2]
          if next == 0x80, last == 0x8B || last == 0x8E || last == 0x8F || (0xA8...0xAE).contains(last) {
            return true
          }
          if next == 0x81, (0xA0...0xA4).contains(last) || (0xA6...0xAF).contains(last) { return true }
        case 0xEF where index + 2 < count:
          if next == 0xBB && bytes[index + 2] == 0xBF { return true }
        default: break
        }
      }
      index += 1
    }
    return false
  }

  /// Returns whether ``escaped(_:)`` replaces the scalar.
  package static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi controls
    case 0x2028, 0x2029: true  // line and paragraph separators
    case 0x200B, 0x2060...0x2064, 0x206A...0x206F, 0xFEFF: true  // invisible format characters
    default: false
    }
  }

  /// Appends the visible escape of `scalar` to `result`.
  package static func appendEscape(for scalar: Unicode.Scalar, to result: inout String) {
    switch scalar {
    case "\n": result += "\\n"
    case "\t": result += "\\t"
    case "\r": result += "\\r"
    default:
      result += "\\u{"
      result += String(scalar.value, radix: 16, uppercase: true)
      result += "}"
    }
  }
}
