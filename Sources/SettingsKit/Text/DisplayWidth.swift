/// Measures how many terminal columns text occupies.
///
/// Width is measured per extended grapheme cluster (UAX #29, Unicode Text Segmentation), which is what
/// Swift's `Character` is, so a cut never splits a glyph. An emoji sequence is 2 columns; any other
/// cluster is the sum of its scalars' widths, which is what terminals that add up per-code-point
/// `wcwidth` values draw (so Thai `กำ` and Devanagari `का` are 2, `é` is 1). A scalar's width:
///
/// - **2 columns**: East_Asian_Width Wide (W) or Fullwidth (F) per UAX #11 (East Asian Width): Hangul
///   syllables, Hangul Jamo leading consonants U+1100–U+115F, CJK ideographs, kana, fullwidth forms.
///   The W/F ranges are generated into `wideRanges` by `Scripts/generate-width-tables.py` (the
///   standard library has no East_Asian_Width). UAX #11 also lists every `Emoji_Presentation` character
///   as W, and the standard library's `isEmojiPresentation` covers emoji newer than that table.
/// - **2 columns**, emoji sequences from UTS #51 (Unicode Emoji): a cluster containing U+FE0F (VS16,
///   emoji presentation selector) whose base is an emoji (`isEmoji`), including keycaps such as `1️⃣`;
///   a ZWJ sequence (U+200D) with a non-ASCII emoji base; a flag (regional indicator pair); an emoji
///   modifier sequence (an `Emoji_Modifier_Base` followed by a skin tone U+1F3FB–U+1F3FF).
/// - U+FE0E (VS15, text presentation selector) changes nothing: terminals keep `⌛︎` 2 columns wide.
/// - **0 columns**: C0 and C1 controls and DEL (callers escape them with ``TerminalText/escaped(_:)``
///   anyway); nonspacing and enclosing marks (general category Mn, Me, which includes the variation
///   selectors); format characters (Cf, such as U+200B–U+200F, U+2060–U+2064, U+FEFF and tag
///   characters); U+2028 and U+2029 (Zl, Zp); Hangul Jamo medial vowels and final consonants
///   U+1160–U+11FF and U+D7B0–U+D7FF. This follows Markus Kuhn's `wcwidth` and the terminals built on
///   it. A decomposed Hangul syllable (leading + vowel + trailing jamo) is one cluster and is 2 columns,
///   from its leading consonant.
/// - **1 column**: everything else, including U+00AD SOFT HYPHEN (as `wcwidth` does, although it is Cf)
///   and East_Asian_Width Ambiguous (A) characters such as `…`, `°` or Greek letters, the usual choice
///   outside CJK locales.
package enum DisplayWidth {
  /// Returns the terminal columns of one extended grapheme cluster.
  ///
  /// Swift's `Character` is one extended grapheme cluster per UAX #29. See ``DisplayWidth`` for the
  /// rules; the result is 0, 1 or 2.
  package static func of(_ character: Character) -> Int {
    clusterWidth(character.unicodeScalars)
  }

  /// Returns the terminal columns of a string: the sum over its extended grapheme clusters.
  ///
  /// Measuring a `String` or `Substring` never allocates. Text that is all ASCII is measured from its
  /// UTF-8 bytes (printable ASCII is 1 column, controls 0). Otherwise scalars that always stand alone as
  /// a cluster next to each other (printable ASCII and Latin-1, Hangul syllables, CJK ideographs) are
  /// added up directly, and only the clusters around any other scalar go through grapheme breaking.
  package static func of<S: StringProtocol>(_ text: S) -> Int {
    // Measure through concrete types: unspecialized generic string code (a caller in another module)
    // is several times slower than the cast.
    if let string = text as? String { return width(of: string[...]) }
    if let substring = text as? Substring { return width(of: substring) }
    return width(of: String(text)[...])
  }

  /// Returns the terminal columns of `text`: the concrete implementation of the generic `of(_:)`.
  static func width(of text: Substring) -> Int {
    if let width = text.utf8.withContiguousStorageIfAvailable({
      asciiWidth(of: $0) ?? standaloneWidth(of: $0)
    }) {
      if let width { return width }
    } else if let width = asciiWidth(of: text.utf8) {
      return width
    }
    return fittingPrefix(of: text, maxWidth: .max).width
  }

  /// Returns the end of the longest prefix of whole grapheme clusters of `text` whose width is at most
  /// `maxWidth`, and that width.
  ///
  /// Scalars with a ``standaloneWidth(of:)`` are added up without grapheme breaking; only the clusters
  /// around other scalars are found with `Substring.index(after:)`. Never allocates.
  static func fittingPrefix(of text: Substring, maxWidth: Int) -> (end: String.Index, width: Int) {
    let scalars = text.unicodeScalars
    var total = 0
    var index = scalars.startIndex  // always at a grapheme cluster boundary
    guard index < scalars.endIndex else { return (index, 0) }
    var scalar = scalars[index]
    while true {
      let next = scalars.index(after: index)
      var clusterEnd = next
      var width: Int
      if let standalone = standaloneWidth(of: scalar),
        next == scalars.endIndex || standaloneWidth(of: scalars[next]) != nil
      {
        // UAX #29 has no rule that joins two such scalars, so `scalar` is a whole cluster.
        width = standalone
      } else {
        clusterEnd = text.index(after: index)
        width = clusterWidth(scalars[index..<clusterEnd])
      }
      if total + width > maxWidth { return (index, total) }
      total += width
      if clusterEnd == scalars.endIndex { return (clusterEnd, total) }
      index = clusterEnd
      scalar = scalars[index]
    }
  }

  /// Returns the width of a scalar that forms a cluster of its own when followed by another such
  /// scalar, or `nil` for any other scalar.
  ///
  /// Such scalars are neither controls, extenders, joiners, spacing marks, prepended marks, Hangul
  /// jamo, regional indicators nor Indic consonants, so no UAX #29 rule keeps them together.
  static func standaloneWidth(of scalar: Unicode.Scalar) -> Int? {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : nil }  // printable ASCII; controls (CR LF) excluded
    if value < 0xA0 { return nil }  // DEL and C1 controls
    if value < 0x300 { return 1 }  // Latin-1 and Latin Extended: no marks, no Prepend
    if value >= 0xAC00 && value <= 0xD7A3 { return 2 }  // Hangul syllables
    if value >= 0x4E00 && value <= 0x9FFF { return 2 }  // CJK Unified Ideographs
    return nil
  }

  /// Returns the width of valid UTF-8 made only of scalars with a ``standaloneWidth(of:)`` (such as
  /// Korean text with spaces and digits), or `nil` at the first other scalar.
  ///
  /// Each such scalar is a cluster of its own, so the sum is what ``fittingPrefix(of:maxWidth:)``
  /// gives, without grapheme breaking or the string's index machinery.
  static func standaloneWidth(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var total = 0
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = UInt32(bytes[index])
      let value: UInt32
      if lead < 0x80 {
        value = lead
        index += 1
      } else if lead < 0xE0, index + 1 < count {
        value = (lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
        index += 2
      } else if lead < 0xF0, index + 2 < count {
        value = (lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F)
        index += 3
      } else {
        return nil  // four-byte scalars (emoji among them) are never standalone
      }
      guard let width = standaloneWidth(of: Unicode.Scalar(value) ?? "\u{0}") else { return nil }
      total += width
    }
    return total
  }

  /// Returns the width of ASCII-only text, or `nil` when a byte is not ASCII.
  static func asciiWidth<C: Sequence<UInt8>>(of bytes: C) -> Int? {
    var width = 0
    for byte in bytes {
      if byte >= 0x80 { return nil }
      // 0x20...0x7E are printable (1 column); controls and DEL take none.
      width &+= byte &- 0x20 < 0x5F ? 1 : 0
    }
    return width
  }

  /// Returns the width of one extended grapheme cluster given as its scalars.
  static func clusterWidth<C: Collection<Unicode.Scalar>>(_ scalars: C) -> Int {
    var iterator = scalars.makeIterator()
    guard let first = iterator.next() else { return 0 }
    guard var scalar = iterator.next() else { return width(of: first) }

    var base = first
    var baseWidth = width(of: first)
    var hasVS16 = false
    var hasVS15 = false
    var hasZWJ = false
    var hasModifier = false
    var regionalIndicators = isRegionalIndicator(first) ? 1 : 0
    var sum = baseWidth
    while true {
      sum += width(of: scalar)
      if baseWidth == 0 {
        // A cluster may start with Prepend characters (Cf, zero width); the first scalar that takes
        // space decides.
        let width = width(of: scalar)
        if width > 0 {
          base = scalar
          baseWidth = width
        }
      }
      switch scalar.value {
      case 0xFE0F: hasVS16 = true
      case 0xFE0E: hasVS15 = true
      case 0x200D: hasZWJ = true
      case 0x1F3FB...0x1F3FF: hasModifier = true
      case 0x1F1E6...0x1F1FF: regionalIndicators += 1
      default: break
      }
      guard let next = iterator.next() else { break }
      scalar = next
    }

    if baseWidth == 0 { return 0 }
    if regionalIndicators >= 2 { return 2 }
    if hasVS16 || hasZWJ || hasModifier {
      let properties = base.properties
      if properties.isEmoji {
        if hasVS16 { return 2 }
        if hasZWJ && !base.isASCII { return 2 }
        if hasModifier && properties.isEmojiModifierBase { return 2 }
      }
    }
    // Any other cluster takes what terminals give it: the sum of its scalars' widths (wcwidth per
    // code point), so spacing vowel signs (Thai SARA AM, Devanagari ा) count 1 and combining marks 0.
    // VS15 (text presentation) changes nothing: terminals keep a wide base wide.
    _ = hasVS15
    return sum
  }

  /// Returns the width of a single scalar standing alone (0, 1 or 2).
  static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x7F { return value >= 0x20 ? 1 : 0 }  // ASCII: printable 1, C0 controls 0
    if value < 0xA0 { return 0 }  // DEL and C1 controls
    if value < 0x300 { return 1 }  // Latin-1 and Latin Extended: no marks; U+00AD soft hyphen is 1
    if value >= 0xAC00 && value <= 0xD7A3 { return 2 }  // Hangul syllables (W), the common case here
    if value >= 0x4E00 && value <= 0x9FFF { return 2 }  // CJK Unified Ideographs (W)
    // The generated table holds no mark or format character, so it can come before the category.
    if isWide(value) { return 2 }
    if value >= 0x1160 && value <= 0x11FF { return 0 }  // Hangul Jamo medial vowels, final consonants
    if value >= 0xD7B0 && value <= 0xD7FF { return 0 }  // Hangul Jamo Extended-B (vowels, finals)
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format, .lineSeparator, .paragraphSeparator: return 0
    default: break
    }
    // UAX #11 lists every Emoji_Presentation character as W; this covers emoji newer than the table.
    // Regional indicators are Emoji_Presentation too, so a lone one is 2 like a flag.
    if value >= 0x1F000 && scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// Returns whether `value` is East_Asian_Width W or F, by binary search in ``wideRanges``.
  static func isWide(_ value: UInt32) -> Bool {
    let ranges = wideRanges
    guard value >= ranges[0] else { return false }
    // Find the last pair whose first code point is <= value.
    var low = 0
    var high = ranges.count / 2 - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if ranges[middle * 2] <= value {
        low = middle
      } else {
        high = middle - 1
      }
    }
    return value <= ranges[low * 2 + 1]
  }

  /// Returns whether the scalar is a regional indicator symbol (half of a flag).
  static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0x1F1E6 && scalar.value <= 0x1F1FF
  }
}
