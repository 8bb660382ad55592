import TestSupport
import Testing

@testable import SettingsKit

/// Golden renderings of the embedded screen, alignment in display columns, truncation and escaping.
struct TextRendererTests {
  let defaults = SettingsSnapshot(document: .embeddedDefault)

  func render(_ document: SettingsDocument = .embeddedDefault, width: Int, snapshot: SettingsSnapshot? = nil)
    -> String
  {
    TextRenderer(width: width).render(document, snapshot: snapshot ?? SettingsSnapshot(document: document))
  }

  @Test func embeddedScreenAtWidth80() {
    #expect(
      render(width: 80) == """
        설정
          👤 Kim                                                                       ›
             Apple ID, iCloud, 미디어 및 구입

          🛫 에어플레인 모드                                                         off
          📶 Wi-Fi                                                                  끔 ›
          🔵 Bluetooth                                                              켬 ›
          📡 셀룰러                                                                    ›
          📱 개인용 핫스팟                                                          켬 ›

          🔔 알림                                                                      ›
          🎧 사운드 및 햅틱                                                            ›
          🌙 방해금지 모드                                                             ›
          ⌛ 스크린 타임                                                               ›

        """)
  }

  @Test func embeddedScreenAtWidth40() {
    #expect(
      render(width: 40) == """
        설정
          👤 Kim                               ›
             Apple ID, iCloud, 미디어 및 구입

          🛫 에어플레인 모드                 off
          📶 Wi-Fi                          끔 ›
          🔵 Bluetooth                      켬 ›
          📡 셀룰러                            ›
          📱 개인용 핫스팟                  켬 ›

          🔔 알림                              ›
          🎧 사운드 및 햅틱                    ›
          🌙 방해금지 모드                     ›
          ⌛ 스크린 타임                       ›

        """)
  }

  /// Every row line ends its accessory at the last column: measured in display columns, not bytes.
  @Test(arguments: [80, 40, 24, 12])
  func rowLinesAreExactlyTheWidth(width: Int) {
    let lines = render(width: width).split(separator: "\n", omittingEmptySubsequences: false)
    let rowLines = lines.filter { $0.hasPrefix("  ") && !$0.hasPrefix("     ") }
    #expect(rowLines.count == 10)
    for line in rowLines { #expect(DisplayWidth.of(line) == width, "\(line)") }
    for line in lines { #expect(DisplayWidth.of(line) <= width, "\(line)") }
  }

  @Test func longTitlesAreCutWithAnEllipsis() {
    #expect(
      render(width: 20) == """
        설정
          👤 Kim           ›
             Apple ID, iClo…

          🛫 에어플레인… off
          📶 Wi-Fi      끔 ›
          🔵 Bluetooth  켬 ›
          📡 셀룰러        ›
          📱 개인용 핫… 켬 ›

          🔔 알림          ›
          🎧 사운드 및 햅… ›
          🌙 방해금지 모드 ›
          ⌛ 스크린 타임   ›

        """)
  }

  @Test(arguments: 1...16)
  func noLineIsWiderThanTinyWidths(width: Int) {
    for line in render(width: width).split(separator: "\n") {
      #expect(DisplayWidth.of(line) <= width, "width \(width): \(line)")
    }
  }

  @Test func controlCharactersAreShownEscapedAndAlignmentCountsWhatIsShown() {
    let document = SettingsDocument(
      id: "x", title: "x",
      sections: [
        SettingSection(
          header: "\u{1B}[2Jwipe", footer: "bell\u{7}",
          items: [
            SettingItem(key: "a", type: .switch, title: "A\u{1B}]0;t\u{7}B"),
            SettingItem(key: "b", type: .rightDetail, title: "\u{202E}rtl", rightDetail: "\u{9B}31m"),
          ])
      ])
    #expect(
      render(document, width: 40) == #"""
        \u{1B}[2Jwipe
          A\u{1B}]0;t\u{7}B                  off
          \u{202E}rtl                \u{9B}31m ›
          bell\u{7}

        """#)
  }

  @Test func modifiedRowsAreMarkedAndShowStoredValues() {
    var snapshot = defaults
    snapshot.setValue(.bool(true), forKey: "airplane")
    snapshot.modified.insert("airplane")
    let lines = render(width: 40, snapshot: snapshot).split(separator: "\n")
    #expect(lines[3] == "* 🛫 에어플레인 모드                  on")
  }

  @Test func colorsStyleHeadersAndAccessoriesOnly() {
    let document = SettingsDocument(
      id: "x", title: "x",
      sections: [
        SettingSection(header: "H", items: [SettingItem(key: "a", type: .switch, title: "A", on: true)])
      ])
    let text = TextRenderer(width: 10, colors: true).render(
      document, snapshot: SettingsSnapshot(document: document))
    #expect(text == "\u{1B}[1mH\u{1B}[0m\n  A     \u{1B}[32mon\u{1B}[0m\n")
  }

  @Test func footersWrapToTheWidth() {
    let document = SettingsDocument(
      id: "x", title: "x",
      sections: [SettingSection(footer: "Airplane Mode turns off every radio.", items: [])])
    #expect(render(document, width: 20) == "  Airplane Mode\n  turns off every\n  radio.\n")
  }

  @Test func emojiGivenAsImageNameIsItsOwnIcon() {
    let document = SettingsDocument(
      id: "x", title: "x",
      sections: [
        SettingSection(items: [
          SettingItem(type: .detailTitle, title: "Pin", imageName: "📍"),
          SettingItem(type: .detailTitle, title: "None", imageName: "no-such-image"),
        ])
      ])
    #expect(render(document, width: 16) == "  📍 Pin       ›\n     None      ›\n")
  }
}
