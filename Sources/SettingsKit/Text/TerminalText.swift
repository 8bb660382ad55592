/// Makes document text safe to print and fits it into terminal columns.
///
/// Widths are measured with ``DisplayWidth``. Callers apply ``escaped(_:)`` first and then measure,
/// truncate, pad or wrap the escaped text, so that widths are computed on what is actually shown.
public enum TerminalText {
  /// The ellipsis that marks cut text: U+2026, East_Asian_Width Ambiguous, so 1 column.
  static let ellipsis: Character = "\u{2026}"

  // MARK: - Escaping

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
  public static func escaped(_ text: String) -> String {
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
  static func needsEscaping(_ text: String) -> Bool {
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
  static func needsEscaping(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
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
  static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true  // C0, DEL, C1
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi controls
    case 0x2028, 0x2029: true  // line and paragraph separators
    case 0x200B, 0x2060...0x2064, 0x206A...0x206F, 0xFEFF: true  // invisible format characters
    default: false
    }
  }

  /// Appends the visible escape of `scalar` to `result`.
  static func appendEscape(for scalar: Unicode.Scalar, to result: inout String) {
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

  // MARK: - Fitting

  /// Cuts `text` so that its display width is at most `width` columns, marking any cut with "…".
  ///
  /// Text that fits is returned unchanged. Otherwise the result is the longest prefix of whole grapheme
  /// clusters that fits in `width - 1` columns followed by "…" (U+2026, 1 column), so a cluster is never
  /// split and the result never exceeds `width`. When a 2-column character does not fit the last column
  /// before the ellipsis, the result is one column narrower than `width`. A `width` of 0 or less gives
  /// "", and a `width` of 1 with text that does not fit gives "…".
  public static func truncated(_ text: String, toWidth width: Int) -> String {
    if width <= 0 { return "" }
    if DisplayWidth.of(text) <= width { return text }
    return cut(text, toWidth: width).text
  }

  /// Cuts `text`, known to be wider than `width` (at least 1), to whole clusters plus "…".
  ///
  /// Returns the result and its display width.
  static func cut(_ text: String, toWidth width: Int) -> (text: String, width: Int) {
    let (end, used) = DisplayWidth.fittingPrefix(of: text[...], maxWidth: width - 1)
    var result = String(text[..<end])
    result.append(ellipsis)
    return (result, used + 1)
  }

  /// Pads `text` with spaces on the right to exactly `width` columns.
  ///
  /// Text wider than `width` is first cut with ``truncated(_:toWidth:)``; when that leaves it one
  /// column short (a wide character did not fit), a space fills the gap. A `width` of 0 or less gives "".
  public static func padded(_ text: String, toWidth width: Int) -> String {
    if width <= 0 { return "" }
    var result = text
    var resultWidth = DisplayWidth.of(text)
    if resultWidth > width {
      (result, resultWidth) = cut(text, toWidth: width)
    }
    if resultWidth < width {
      result += String(repeating: " ", count: width - resultWidth)
    }
    return result
  }

  /// Word-wraps `text` into lines of at most `width` columns.
  ///
  /// Lines break at spaces (U+0020); the spaces at a break are dropped, and runs of spaces between words
  /// become one. A word wider than a line, such as Korean or CJK text written without spaces, is broken
  /// between grapheme clusters, never inside one. Newlines (`Character.isNewline`) are hard breaks, and
  /// an empty paragraph gives an empty line. A `width` below 1 is treated as 1; the only line that can
  /// exceed `width` is a single 2-column cluster when `width` is 1. Empty text gives no lines.
  public static func wrapped(_ text: String, toWidth width: Int) -> [String] {
    if text.isEmpty { return [] }
    let width = max(width, 1)
    var lines: [String] = []
    for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      wrapParagraph(paragraph, toWidth: width, into: &lines)
    }
    return lines
  }

  /// Wraps one paragraph (text without newlines), appending at least one line to `lines`.
  static func wrapParagraph(_ paragraph: Substring, toWidth width: Int, into lines: inout [String]) {
    var line = ""
    var lineWidth = 0
    var hasLine = false
    for word in paragraph.split(separator: " ") {
      let wordWidth = DisplayWidth.of(word)
      if hasLine && lineWidth + 1 + wordWidth <= width {
        line += " "
        line += word
        lineWidth += 1 + wordWidth
        continue
      }
      if hasLine { lines.append(line) }
      if wordWidth <= width {
        line = String(word)
        lineWidth = wordWidth
      } else {
        (line, lineWidth) = breakWord(word, toWidth: width, into: &lines)
      }
      hasLine = true
    }
    lines.append(line)
  }

  /// Breaks a word wider than `width` between grapheme clusters, appending every full line to `lines`.
  ///
  /// Returns the last, partly filled piece and its width, which later words may join.
  static func breakWord(
    _ word: Substring, toWidth width: Int, into lines: inout [String]
  ) -> (String, Int) {
    var piece = ""
    var pieceWidth = 0
    for character in word {
      let characterWidth = DisplayWidth.of(character)
      if pieceWidth + characterWidth > width && pieceWidth > 0 {
        lines.append(piece)
        piece = ""
        pieceWidth = 0
      }
      piece.append(character)
      pieceWidth += characterWidth
    }
    return (piece, pieceWidth)
  }
}
