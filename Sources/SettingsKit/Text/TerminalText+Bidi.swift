extension TerminalText {
  /// FIRST STRONG ISOLATE (U+2068), which opens an isolated field.
  static let firstStrongIsolate: Unicode.Scalar = "\u{2068}"
  /// POP DIRECTIONAL ISOLATE (U+2069), which closes it.
  static let popDirectionalIsolate: Unicode.Scalar = "\u{2069}"

  /// Wraps one field of a line in FSI U+2068 … PDI U+2069 when it holds right-to-left text, so that
  /// anything applying the Unicode Bidirectional Algorithm (UAX #9) keeps the field in its columns.
  ///
  /// Under UAX #9 an isolate is one neutral character to the text around it (rules X5c, BD13), and
  /// its own direction comes from its first strong character (rules P2, P3), so a Hebrew or Arabic
  /// title is read right to left inside its columns while the padding, the digits of a value and the
  /// chevron after it stay where they are. Only fields that could be reordered are wrapped: those
  /// with a character of a right-to-left block (`isRightToLeftBlock(_:)`). Without any such field
  /// a line holds no R, AL or AN character, so UAX #9 leaves a left-to-right line in logical order,
  /// and other text, ASCII above all, is returned byte for byte. Both controls are zero width
  /// (format characters, ``DisplayWidth``), so a terminal without bidi draws the same columns.
  ///
  /// Apply it last, to text already escaped (``escaped(_:)``: a document's own bidi controls never
  /// reach it) and cut to its width.
  package static func isolated(_ text: String) -> String {
    guard needsIsolation(text) else { return text }
    var result = String()
    result.reserveCapacity(text.utf8.count + 6)
    result.unicodeScalars.append(firstStrongIsolate)
    result.append(text)
    result.unicodeScalars.append(popDirectionalIsolate)
    return result
  }

  /// Returns whether `text` holds a scalar for which ``isRightToLeftBlock(_:)`` is true; valid UTF-8
  /// is checked from its bytes without decoding.
  static func needsIsolation(_ text: String) -> Bool {
    if let found = text.utf8.withContiguousStorageIfAvailable(needsIsolation(utf8:)) { return found }
    return text.unicodeScalars.contains(where: isRightToLeftBlock)
  }

  /// Returns whether valid UTF-8 holds a scalar of a right-to-left block, from the bytes alone.
  ///
  /// U+0590–U+08FF is D6 90 – E0 A3 BF; U+FB1D–U+FDFF is EF AC 9D – EF B7 BF; U+FE70–U+FEFE is
  /// EF B9 B0 – EF BB BE; U+10800–U+10FFF is F0 90 A0–BF; U+1E800–U+1EFFF is F0 9E A0–BF.
  static func needsIsolation(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    let count = bytes.count
    while index < count {
      let byte = bytes[index]
      if byte < 0xD6 {
        index += 1
        continue
      }
      let second: UInt8 = index + 1 < count ? bytes[index + 1] : 0
      let third: UInt8 = index + 2 < count ? bytes[index + 2] : 0
      switch byte {
      case 0xD6: if second >= 0x90 { return true }
      case 0xD7...0xDF: return true
      case 0xE0: if (0xA0...0xA3).contains(second) { return true }
      case 0xEF:
        if second == 0xAC && third >= 0x9D { return true }
        if (0xAD...0xB7).contains(second) { return true }
        if second == 0xB9 && third >= 0xB0 { return true }
        if second == 0xBA || (second == 0xBB && third != 0xBF) { return true }
      case 0xF0:
        if (second == 0x90 || second == 0x9E) && third >= 0xA0 { return true }
      default: break
      }
      index += 1
    }
    return false
  }

  /// Returns whether the scalar lies in a block whose characters are right to left by default.
  ///
  /// These are the ranges that UAX #44's DerivedBidiClass.txt gives Bidi_Class R or AL even where
  /// unassigned: U+0590–U+08FF (Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, Arabic
  /// supplements), U+FB1D–U+FDFF and U+FE70–U+FEFE (presentation forms; U+FEFF, the byte order
  /// mark, is a boundary neutral and is escaped anyway), U+10800–U+10FFF and
  /// U+1E800–U+1EFFF. Every character of class R, AL or AN is in one of them, apart from U+200F
  /// RIGHT-TO-LEFT MARK, which ``escaped(_:)`` escapes with the other bidi controls.
  static func isRightToLeftBlock(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFE, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
    default: false
    }
  }

  /// `text` without the isolates that ``isolated(_:)`` adds: each FSI whose line goes on to a PDI,
  /// with right-to-left text and no other isolate control or newline between them, is removed with
  /// that PDI. Any other U+2066–U+2069 stays, so a check for ``isEscaped(_:)`` scalars in rendered
  /// text (the fuzz targets' terminal-safety check) still finds one that came from elsewhere.
  static func removingFieldIsolates(_ text: String) -> String {
    guard text.unicodeScalars.contains(firstStrongIsolate) else { return text }
    let scalars = Array(text.unicodeScalars)
    var result = String.UnicodeScalarView()
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == firstStrongIsolate {
        var end = index + 1
        while end < scalars.count, !(0x2066...0x2069).contains(scalars[end].value), scalars[end] != "\n" {
          end += 1
        }
        let content = scalars[(index + 1)..<min(end, scalars.count)]
        if end < scalars.count, scalars[end] == popDirectionalIsolate,
          content.contains(where: isRightToLeftBlock)
        {
          result.append(contentsOf: content)
          index = end + 1
          continue
        }
      }
      result.append(scalar)
      index += 1
    }
    return String(result)
  }
}
