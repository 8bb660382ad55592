import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

struct TerminalTextTests {
  // MARK: - escaped

  @Test(arguments: [
    ("a\u{1B}[31mb", "a\\u{1B}[31mb"),
    ("ding\u{7}", "ding\\u{7}"),
    ("a\rb", "a\\rb"),
    ("a\nb\tc", "a\\nb\\tc"),
    ("ab\u{8}c", "ab\\u{8}c"),
    ("\u{0}", "\\u{0}"),
    ("\u{7F}", "\\u{7F}"),
    ("x\u{9B}2J", "x\\u{9B}2J"),
    ("abc\u{202E}fed", "abc\\u{202E}fed"),
    ("\u{61C}\u{200E}\u{200F}\u{2066}\u{2069}", "\\u{61C}\\u{200E}\\u{200F}\\u{2066}\\u{2069}"),
    ("a\u{2028}b\u{2029}", "a\\u{2028}b\\u{2029}"),
    ("a\u{FEFF}b\u{200B}c", "a\\u{FEFF}b\\u{200B}c"),
    ("\u{2060}\u{2064}\u{206A}\u{206F}", "\\u{2060}\\u{2064}\\u{206A}\\u{206F}"),
    ("\u{1B}\u{301}", "\\u{1B}\u{301}"),
  ])
  func escapes(text: String, expected: String) {
    #expect(TerminalText.escaped(text) == expected)
  }

  @Test(arguments: ["", "Kim", "에어플레인 모드", "👨‍👩‍👧 e\u{301}", "C:\\path \\u{1B}", "\u{A0}\u{200C}\u{200D}"])
  func keepsSafeTextUnchanged(text: String) {
    #expect(TerminalText.escaped(text) == text)
  }

  @Test func escapedTextContainsNoEscapedScalar() {
    var text = "설정 "
    for value in UInt32(0)...0x2100 {
      text.unicodeScalars.append(Unicode.Scalar(value)!)
    }
    for value in UInt32(0x2028)...0x206F {
      text.unicodeScalars.append(Unicode.Scalar(value)!)
    }
    text.unicodeScalars.append("\u{FEFF}")
    let escaped = TerminalText.escaped(text)
    #expect(!escaped.unicodeScalars.contains(where: ControlCharacters.isEscaped))
    #expect(escaped.contains("\\u{1B}"))
    #expect(escaped.contains("\\u{85}"))
  }

  // MARK: - truncated

  @Test(arguments: [
    ("에어플레인 모드", 5, "에어…"),
    ("에어플레인 모드", 6, "에어…"),
    ("에어플레인 모드", 1, "…"),
    ("에어플레인 모드", 0, ""),
    ("에어플레인 모드", -3, ""),
    ("에어플레인 모드", 15, "에어플레인 모드"),
    ("에어플레인 모드", 14, "에어플레인 모…"),
    ("Bluetooth", 9, "Bluetooth"),
    ("Bluetooth", 8, "Bluetoo…"),
    ("Bluetooth", 2, "B…"),
    ("", 3, ""),
    ("a👨‍👩‍👧b", 3, "a…"),
    ("a👨‍👩‍👧b", 4, "a👨‍👩‍👧b"),
    ("a👨‍👩‍👧bc", 4, "a👨‍👩‍👧…"),
    ("cafe\u{301}s", 4, "caf…"),
    ("cafe\u{301}s", 5, "cafe\u{301}s"),
  ])
  func truncates(text: String, width: Int, expected: String) {
    #expect(TerminalText.truncated(text, toWidth: width) == expected)
  }

  @Test func truncationNeverSplitsClustersOrExceedsWidth() {
    let samples = [
      "Kim", "에어플레인 모드", "Apple ID, iCloud, 미디어 및 구입", "👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", "🇰🇷🇯🇵🇺🇸 flags",
      "1️⃣2️⃣3️⃣", "e\u{301}e\u{301}e\u{301}e\u{301}", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}",
      "\u{200B}zero\u{200B}width", "Ａｂｃ fullwidth", "a long plain ASCII sentence for a settings row",
      "⌛🛫❤️❤ mixed 설정 text", "\u{1B}[31m", "",
    ]
    for text in samples {
      let characters = Array(text)
      for width in 0...30 {
        let result = TerminalText.truncated(text, toWidth: width)
        #expect(DisplayWidth.of(result) <= width, "\(text) at \(width)")
        if result == text { continue }
        if width == 0 {
          #expect(result.isEmpty)
          continue
        }
        let kept = Array(result)
        #expect(kept.last == "…", "\(text) at \(width)")
        #expect(Array(characters.prefix(kept.count - 1)) == kept.dropLast(), "\(text) at \(width)")
        // Cutting only happens when the text does not fit.
        #expect(DisplayWidth.of(text) > width)
      }
    }
  }

  // MARK: - padded

  @Test(arguments: [
    ("Kim", 6, "Kim   "),
    ("Kim", 3, "Kim"),
    ("에어", 5, "에어 "),
    ("에어플레인 모드", 6, "에어… "),  // truncated to 5 columns, then padded
    ("Bluetooth", 5, "Blue…"),
    ("Kim", 0, ""),
    ("", 2, "  "),
  ])
  func pads(text: String, width: Int, expected: String) {
    let result = TerminalText.padded(text, toWidth: width)
    #expect(result == expected)
    #expect(DisplayWidth.of(result) == max(width, 0))
  }

  // MARK: - wrapped

  @Test func wrapsEnglishAtSpaces() {
    let lines = TerminalText.wrapped("The quick brown fox jumps over the lazy dog", toWidth: 10)
    #expect(lines == ["The quick", "brown fox", "jumps over", "the lazy", "dog"])
  }

  @Test func wrapsKoreanAtSpacesAndBetweenSyllables() {
    let lines = TerminalText.wrapped("에어플레인 모드를 켜면 무선 연결이 꺼집니다", toWidth: 6)
    #expect(lines == ["에어플", "레인", "모드를", "켜면", "무선", "연결이", "꺼집니", "다"])
    #expect(TerminalText.wrapped("비행기모드설정", toWidth: 5) == ["비행", "기모", "드설", "정"])
  }

  @Test func breaksLongWordsBetweenClusters() {
    let lines = TerminalText.wrapped("see supercalifragilistic now", toWidth: 8)
    #expect(lines == ["see", "supercal", "ifragili", "stic now"])
    #expect(TerminalText.wrapped("👨‍👩‍👧👨‍👩‍👧👨‍👩‍👧", toWidth: 5) == ["👨‍👩‍👧👨‍👩‍👧", "👨‍👩‍👧"])
    #expect(TerminalText.wrapped("e\u{301}e\u{301}e\u{301}", toWidth: 2) == ["e\u{301}e\u{301}", "e\u{301}"])
  }

  @Test func wrapEdgeCases() {
    #expect(TerminalText.wrapped("", toWidth: 10) == [])
    #expect(TerminalText.wrapped("abc", toWidth: 0) == ["a", "b", "c"])
    #expect(TerminalText.wrapped("한글", toWidth: 1) == ["한", "글"])
    #expect(TerminalText.wrapped("  two   spaces  ", toWidth: 20) == ["two spaces"])
    #expect(TerminalText.wrapped("first line\n\nthird", toWidth: 20) == ["first line", "", "third"])
    #expect(TerminalText.wrapped("exact fit!", toWidth: 10) == ["exact fit!"])
  }

  @Test func wrappedLinesFitTheWidth() {
    let text = "Apple ID, iCloud, 미디어 및 구입 👨‍👩‍👧 에어플레인모드를켜면무선연결이꺼집니다 supercalifragilistic"
    for width in 2...30 {
      let lines = TerminalText.wrapped(text, toWidth: width)
      for line in lines {
        #expect(DisplayWidth.of(line) <= width, "\(line) at \(width)")
        #expect(!line.isEmpty)
      }
      let joined = lines.joined().filter { $0 != " " }
      #expect(joined == text.filter { $0 != " " })
    }
  }
}
