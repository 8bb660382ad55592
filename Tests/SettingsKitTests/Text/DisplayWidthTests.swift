import TestSupport
import Testing

@testable import SettingsKit

struct DisplayWidthTests {
  @Test(arguments: [
    ("", 0),
    ("Kim", 3),
    ("Wi-Fi", 5),
    ("에어플레인 모드", 15),  // 5 syllables × 2 + space + 2 syllables × 2
    ("Apple ID, iCloud, 미디어 및 구입", 32),  // 18 ASCII + 6 + 1 + 2 + 1 + 4
    ("👨‍👩‍👧", 2),
    ("❤️", 2),
    ("❤", 1),
    ("🇰🇷", 2),
    ("1️⃣", 2),
    ("👍🏽", 2),
    ("e\u{301}", 1),
    ("\u{1112}\u{1161}\u{11AB}", 2),  // decomposed 한
    ("\u{200B}", 0),
    ("Ａ", 2),
    ("⌛", 2),
    ("🛫", 2),
    ("Bluetooth 🎧 켬", 15),
  ])
  func stringWidth(text: String, expected: Int) {
    #expect(DisplayWidth.of(text) == expected)
  }

  @Test(arguments: [
    ("한", 2),
    ("\u{1100}", 2),  // Hangul Jamo leading consonant (W)
    ("\u{1161}", 0),  // medial vowel alone
    ("\u{11AB}", 0),  // final consonant alone
    ("\u{D7B0}", 0),  // Hangul Jamo Extended-B vowel
    ("中", 2),
    ("あ", 2),
    ("ｶ", 1),  // halfwidth katakana (H)
    ("\u{3000}", 2),  // ideographic space (F)
    ("a", 1),
    ("\u{1B}", 0),
    ("\u{7F}", 0),
    ("\u{9B}", 0),
    ("\r\n", 0),  // one cluster
    ("\u{301}", 0),
    ("\u{20DD}", 0),  // enclosing mark
    ("\u{FEFF}", 0),
    ("\u{2060}", 0),
    ("\u{200D}", 0),
    ("\u{AD}", 1),  // soft hyphen, as wcwidth
    ("…", 1),  // East Asian Ambiguous
    ("°", 1),
    ("α", 1),
    ("⌛\u{FE0E}", 2),  // text presentation: terminals keep a wide base wide
    ("❤\u{FE0E}", 1),
    ("กำ", 2),  // Thai SARA AM is a spacing vowel
    ("का", 2),  // Devanagari vowel sign AA (Mc)
    ("क्ष", 2),  // conjunct: consonant + virama + consonant, as wcwidth adds it up
    ("☝\u{1F3FD}", 2),  // modifier sequence on a text-default base
    ("👁️‍🗨️", 2),
    ("🏳️‍🌈", 2),
    ("#️⃣", 2),
    ("1\u{20E3}", 1),  // no VS16: not an emoji keycap sequence
    ("\u{1F1E6}", 2),  // a lone regional indicator is Emoji_Presentation
    ("\u{1FAE9}", 2),  // Unicode 16 emoji, newer than the generated table
    ("\u{31350}", 2),  // CJK Extension H, default-wide block
    ("\u{0600}1", 1),  // Prepend + digit: the first scalar that takes space decides
  ])
  func characterWidth(text: String, expected: Int) {
    #expect(text.count <= 1)
    if let character = text.first {
      #expect(DisplayWidth.of(character) == expected)
    }
    #expect(DisplayWidth.of(text) == expected)
  }

  @Test func substringsAreMeasured() {
    let text = "설정: Wi-Fi 🛫"
    #expect(DisplayWidth.of(text[...]) == 14)
    #expect(DisplayWidth.of(text.dropFirst(2)) == 10)
  }

  @Test func asciiFastPathMatchesClusterWalk() {
    var ascii = ""
    for value in 0..<0x80 { ascii.unicodeScalars.append(Unicode.Scalar(UInt8(value))) }
    let walked = ascii.reduce(0) { $0 + DisplayWidth.of($1) }
    #expect(DisplayWidth.of(ascii) == 95)
    #expect(walked == 95)
  }

  @Test func fastPathsMatchClusterByClusterSums() {
    // Random strings over scalars that exercise every grapheme rule next to the fast-path scalars.
    let pool: [UInt32] = [
      0x41, 0x20, 0xE9, 0xA9, 0xAD, 0x0D, 0x0A, 0x1B, 0x301, 0x20E3, 0xFE0F, 0xFE0E, 0x200D, 0x200B,
      0x1100, 0x1161, 0x11AB, 0xAC00, 0xD55C, 0x4E2D, 0x0915, 0x094D, 0x0937, 0x093E, 0x0600, 0x31,
      0x1F1F0, 0x1F1F7, 0x1F468, 0x1F469, 0x1F3FD, 0x261D, 0x2764, 0x231B, 0xFF21, 0x3099, 0x304B,
    ]
    var state: UInt64 = 0x5EED
    for _ in 0..<2_000 {
      var text = ""
      for _ in 0..<12 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        text.unicodeScalars.append(Unicode.Scalar(pool[Int(state >> 33) % pool.count])!)
      }
      let perCluster = text.reduce(0) { $0 + DisplayWidth.of($1) }
      #expect(DisplayWidth.of(text) == perCluster, "\(text.unicodeScalars.map { $0.value })")
      #expect(DisplayWidth.of(text.dropFirst()) == perCluster - DisplayWidth.of(text.first!))
    }
  }

  @Test func everyHangulSyllableIsWide() {
    for value in UInt32(0xAC00)...0xD7A3 {
      #expect(DisplayWidth.width(of: Unicode.Scalar(value)!) == 2)
    }
  }

  @Test func everyEmojiPresentationScalarIsWide() {
    var narrow: [UInt32] = []
    for value in UInt32(0x2000)...0x1FFFF {
      guard let scalar = Unicode.Scalar(value), scalar.properties.isEmojiPresentation else { continue }
      if DisplayWidth.width(of: scalar) != 2 { narrow.append(value) }
    }
    #expect(narrow.isEmpty)
  }

  @Test func wideTableIsSortedAndMerged() {
    let ranges = DisplayWidth.wideRanges
    #expect(ranges.count % 2 == 0)
    for pair in stride(from: 0, to: ranges.count, by: 2) {
      #expect(ranges[pair] <= ranges[pair + 1])
      if pair > 0 { #expect(ranges[pair] > ranges[pair - 1] + 1) }
    }
  }

  @Test func wideTableHoldsNoZeroWidthScalar() {
    // DisplayWidth looks the table up before the general category, so marks must not be in it.
    let ranges = DisplayWidth.wideRanges
    var zeroWidth: [UInt32] = []
    for pair in stride(from: 0, to: ranges.count, by: 2) {
      for value in ranges[pair]...ranges[pair + 1] {
        switch Unicode.Scalar(value)!.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: zeroWidth.append(value)
        default: break
        }
      }
    }
    #expect(zeroWidth.isEmpty)
  }

  @Test func binarySearchFindsRangeEdges() {
    let ranges = DisplayWidth.wideRanges
    for pair in stride(from: 0, to: ranges.count, by: 2) {
      #expect(DisplayWidth.isWide(ranges[pair]))
      #expect(DisplayWidth.isWide(ranges[pair + 1]))
      #expect(!DisplayWidth.isWide(ranges[pair] - 1))
      #expect(!DisplayWidth.isWide(ranges[pair + 1] + 1))
    }
  }
}
