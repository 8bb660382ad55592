import SettingsPOSIX

/// Makes document text safe to print and fits it into terminal columns.
///
/// Widths are measured with `DisplayWidth`. Callers apply ``escaped(_:)`` first and then measure,
/// truncate, pad or wrap the escaped text, so that widths are computed on what is actually shown.
public enum TerminalText {
  /// The ellipsis that marks cut text: U+2026, East_Asian_Width Ambiguous, so 1 column.
  static let ellipsis: Character = "\u{2026}"

  // MARK: - Escaping

  /// Replaces every character that could drive a terminal with a visible escape: the rule of
  /// `ControlCharacters.escaped(_:)` (the POSIX layer keeps it, so that paths and file errors,
  /// which are shown before any document is read, are escaped by the same rule). Apply it where
  /// text is written to a terminal: engine errors are plain text, so escape each of an
  /// ``ExplainedError``'s ``ExplainedError/messages`` and its hint there. Idempotent.
  public static func escaped(_ text: String) -> String { ControlCharacters.escaped(text) }

  // MARK: - Fitting

  /// Cuts `text` so that its display width is at most `width` columns, marking any cut with "…".
  ///
  /// Text that fits is returned unchanged. Otherwise the result is the longest prefix of whole grapheme
  /// clusters that fits in `width - 1` columns followed by "…" (U+2026, 1 column), so a cluster is never
  /// split and the result never exceeds `width`. When a 2-column character does not fit the last column
  /// before the ellipsis, the result is one column narrower than `width`. A `width` of 0 or less gives
  /// "", and a `width` of 1 with text that does not fit gives "…".
  package static func truncated(_ text: String, toWidth width: Int) -> String {
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
  package static func padded(_ text: String, toWidth width: Int) -> String {
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
  package static func wrapped(_ text: String, toWidth width: Int) -> [String] {
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

  // MARK: - Spaces

  private static let spaces = String(repeating: " ", count: 256)

  /// Appends `count` spaces (none when `count` is 0 or less).
  static func appendSpaces(_ count: Int, to output: inout String) {
    var remaining = count
    while remaining > 0 {
      let chunk = min(remaining, 256)
      let utf8 = spaces.utf8
      output.append(contentsOf: spaces[..<utf8.index(utf8.startIndex, offsetBy: chunk)])
      remaining -= chunk
    }
  }
}
