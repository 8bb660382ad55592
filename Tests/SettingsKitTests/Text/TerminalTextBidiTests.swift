import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// Bidi isolation of fields: only right-to-left text is wrapped, and the wrapping takes no column.
struct TerminalTextBidiTests {
  @Test(arguments: [
    ("רשת אלחוטית", "\u{2068}רשת אלחוטית\u{2069}"),
    ("الشبكة 5", "\u{2068}الشبكة 5\u{2069}"),
    ("٣", "\u{2068}٣\u{2069}"),  // ARABIC-INDIC DIGIT THREE is AN: reordered beside other AN
    ("Wi-Fi בית", "\u{2068}Wi-Fi בית\u{2069}"),
    ("ﭏ", "\u{2068}ﭏ\u{2069}"),  // U+FB4F, Hebrew presentation form
    ("ﻼ", "\u{2068}ﻼ\u{2069}"),  // U+FEFC, Arabic presentation form
    ("𐤀", "\u{2068}𐤀\u{2069}"),  // U+10900 PHOENICIAN LETTER ALF
    ("𞤀", "\u{2068}𞤀\u{2069}"),  // U+1E900 ADLAM CAPITAL LETTER ALIF
  ])
  func isolatesRightToLeftText(text: String, expected: String) {
    #expect(TerminalText.isolated(text) == expected)
    #expect(DisplayWidth.of(TerminalText.isolated(text)) == DisplayWidth.of(text))
  }

  /// ASCII, Korean, emoji, Greek and Latin text is returned byte for byte.
  @Test(arguments: [
    "", "Airplane Mode", "5 GHz ›", "에어플레인 모드", "👨‍👩‍👧 e\u{301}", "Ωμέγα", "…", "\u{58F}", "a\u{FEFF}b",
  ])
  func keepsOtherTextUnchanged(text: String) {
    #expect(TerminalText.isolated(text) == text)
  }

  /// An invisible format character is escaped, and a field without right-to-left text is never
  /// isolated: U+FEFF is the byte order mark, not a presentation form.
  @Test func aByteOrderMarkInATitleIsEscapedAndNotIsolated() {
    #expect(TerminalText.isolated(TerminalText.escaped("a\u{FEFF}b\u{200B}")) == "a\\u{FEFF}b\\u{200B}")
    #expect(!TerminalText.needsIsolation("\u{FEFF}") && !TerminalText.isRightToLeftBlock("\u{FEFF}"))
    #expect(TerminalText.isRightToLeftBlock("\u{FEFE}"))
  }

  /// The byte scan agrees with the block ranges for every scalar near a boundary and a sample of
  /// the rest, at the start, the middle and the end of a string.
  @Test func byteScanAgreesWithTheRanges() {
    var values = Array(stride(from: UInt32(0), through: 0x10FFFF, by: 7))
    for boundary: UInt32 in [
      0x0590, 0x0900, 0xFB1D, 0xFE00, 0xFE70, 0xFF00, 0x10800, 0x11000, 0x1E800, 0x1F000,
    ] {
      values += (boundary - 3)...(boundary + 3)
    }
    for value in values {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let expected = TerminalText.isRightToLeftBlock(scalar)
      for text in [String(scalar), "ab" + String(scalar), String(scalar) + "가"] {
        #expect(TerminalText.needsIsolation(text) == expected, "U+\(String(value, radix: 16))")
      }
    }
  }

  /// The fuzz targets' terminal-safety check sees through the renderer's own isolates only.
  @Test(arguments: [
    ("  📶 \u{2068}רשת\u{2069}   \u{2068}בית 3\u{2069} ›", "  📶 רשת   בית 3 ›"),
    ("\u{2068}abc\u{2069}", "\u{2068}abc\u{2069}"),  // no right-to-left text: not the renderer's
    ("\u{2068}רשת", "\u{2068}רשת"),  // never closed
    ("\u{2068}רשת\n\u{2069}", "\u{2068}רשת\n\u{2069}"),  // closed on another line
    ("\u{2068}ר\u{2067}ש\u{2069}", "\u{2068}ר\u{2067}ש\u{2069}"),  // another isolate inside
    ("א\u{2069}", "א\u{2069}"),
  ])
  func removingFieldIsolates(text: String, expected: String) {
    #expect(TerminalText.removingFieldIsolates(text) == expected)
  }

  /// A document's own bidi controls stay escaped beside the renderer's isolates.
  @Test func documentBidiControlsStayEscaped() {
    let document = SettingsDocument(
      id: "x", title: "x",
      sections: [
        SettingSection(items: [
          SettingItem(key: "a", type: .rightDetail, title: "רשת\u{2068}\u{202E}", rightDetail: "\u{2069}5")
        ])
      ])
    let text = TextRenderer(width: 40).render(document, snapshot: SettingsSnapshot(document: document))
    #expect(text == "  \u{2068}רשת\\u{2068}\\u{202E}\u{2069}        \\u{2069}5 ›\n")
    let shown = TerminalText.removingFieldIsolates(text)
    #expect(!shown.unicodeScalars.contains { $0 != "\n" && ControlCharacters.isEscaped($0) })
  }
}
