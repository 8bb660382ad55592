import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// Rows keep their shape: at narrow widths and with right-to-left text under
/// the Unicode Bidirectional Algorithm, in `show`, `list` and the screen.
@Suite(.serialized)
struct RowShapeTests {
  // MARK: - Narrow widths

  @Test func narrowRowsKeepMarginIconTitleAccessoryOrder() {
    let outcome = runCLI(
      ["-f", examplePath("phone-settings.json"), "show", "--width", "12"],
      environment: ["SETTINGS_STORE": "/nonexistent/store.json", "LANG": "en_US.UTF-8"])
    #expect(outcome.stderr == "")
    let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(
      lines.prefix(9).joined(separator: "|\n") == """
          👤 Alex… ›|
             Apple …|
        |
        Connectivity|
          🛫 Ai… off|
          📶  Home ›|
          🔵 Blu… on|
          📡 Cell… ›|
          📱 Pe… off
        """)
  }

  @Test func embeddedScreenAtWidth8() {
    let outcome = runCLI(["show", "--width", "8"], environment: ["SETTINGS_STORE": "/nonexistent/s.json"])
    #expect(
      outcome.stdout == """
        설정
          👤 … ›
             Ap…

          🛫 off
            끔 ›
            켬 ›
          📡 … ›
            켬 ›

          🔔 … ›
          🎧 … ›
          🌙 … ›
          ⌛ … ›

        """)
  }

  // MARK: - Right-to-left text

  /// Hebrew and Arabic titles, values, subtitles and headers mixed with digits, Latin and
  /// punctuation; one Latin row whose value is Hebrew; a closed section with a Hebrew header.
  static let document = #"""
    { "version": 1, "id": "bidi", "title": "Bidi",
      "sections": [
        { "header": "רשת 2", "footer": "הערה: 3 רשתות (Wi-Fi) זמינות.", "items": [
          { "key": "wifi", "type": "rightDetail", "title": "רשת אלחוטית", "rightDetail": "5 GHz",
            "imageName": "wifi" },
          { "key": "band", "type": "rightDetail", "title": "الشبكة اللاسلكية", "rightDetail": "٥ غيغاهرتز",
            "imageName": "signal-tower" },
          { "key": "speed", "type": "rightDetail", "title": "מהירות (Mbps)", "rightDetail": "100%" },
          { "key": "name", "type": "rightDetail", "title": "Network 7", "rightDetail": "בית 3",
            "subTitle": "גרסה 17.2, build 5" },
          { "key": "airplane", "type": "switch", "title": "وضع الطيران 2", "on": false,
            "subTitle": "iPhone 15 — ٢٠٢٤" },
          { "key": "vpn", "type": "detailTitle", "title": "VPN: חיבור 1/2" }
        ] },
        { "header": "תצוגה 4", "collapsible": true, "items": [
          { "key": "dark", "type": "switch", "title": "מצב כהה" }
        ] }
      ] }
    """#

  /// Runs every line through the UAX #9 oracle and returns the problems found.
  func fieldProblems(_ lines: [String]) throws -> [String] {
    let visual = try BidiOracle.display(lines)
    return zip(lines, visual).compactMap { BidiOracle.fieldProblem(logical: $0, visual: $1) }
  }

  /// The oracle is sensitive: the issue's row, without isolates, loses its shape.
  @Test func theOracleSeesTheIssuesRowLoseItsShape() throws {
    let row = "  רשת אלחוטית                 5 GHz ›"
    let visual = try BidiOracle.display([row])
    #expect(visual == ["  5                 תיטוחלא תשר GHz ›"])
    #expect(BidiOracle.fieldProblem(logical: row, visual: visual[0]) != nil)
  }

  @Test(arguments: [80, 40, 24, 16, 12, 8])
  func showKeepsEveryFieldInItsColumnsUnderUAX9(width: Int) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("bidi.json", Self.document)
    let outcome = runCLI(
      ["-f", path, "show", "--width", "\(width)"], environment: ["SETTINGS_STORE": directory.file("s.json")])
    #expect(outcome.status == 0, "\(outcome)")
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count >= 11)
    #expect(try fieldProblems(lines) == [])
    for line in lines { #expect(DisplayWidth.of(line) <= width, "\(line)") }
  }

  /// The fields are isolated where they stand; a terminal without bidi draws what it drew before.
  @Test func showIsolatesRightToLeftFieldsOnly() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("bidi.json", Self.document)
    let outcome = runCLI(
      ["-f", path, "show", "--width", "40"], environment: ["SETTINGS_STORE": directory.file("s.json")])
    #expect(
      outcome.stdout == """
        \u{2068}רשת 2\u{2069}
          📶 \u{2068}רשת אלחוטית\u{2069}                 5 GHz ›
          📡 \u{2068}الشبكة اللاسلكية\u{2069}       \u{2068}٥ غيغاهرتز\u{2069} ›
             \u{2068}מהירות (Mbps)\u{2069}                100% ›
             Network 7                   \u{2068}בית 3\u{2069} ›
             \u{2068}גרסה 17.2, build 5\u{2069}
             \u{2068}وضع الطيران 2\u{2069}                   off
             \u{2068}iPhone 15 — ٢٠٢٤\u{2069}
             \u{2068}VPN: חיבור 1/2\u{2069}                    ›
          \u{2068}הערה: 3 רשתות (Wi-Fi) זמינות.\u{2069}

        ▸ \u{2068}תצוגה 4\u{2069}                         1 item

        """)
  }

  @Test func listKeepsEveryCellInItsColumnUnderUAX9() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("bidi.json", Self.document)
    let outcome = runCLI(["-f", path, "list"], environment: ["SETTINGS_STORE": directory.file("s.json")])
    #expect(outcome.status == 0, "\(outcome)")
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(lines.contains { $0.contains("\u{2068}בית 3\u{2069}") })
    #expect(try fieldProblems(lines) == [])
  }

  @Test(arguments: [60, 30, 14])
  func theScreenKeepsEveryFieldInItsColumnsUnderUAX9(width: Int) throws {
    let document = try DocumentLoader.decode(SourceText(name: "bidi.json", bytes: Array(Self.document.utf8)))
    let screen = try SettingsScreen(
      document: LoadedDocument(document: document), store: MemoryStore(), width: width, height: 30)
    let lines = screen.lines()
    #expect(lines.contains { $0.contains("\u{2068}") })
    #expect(try fieldProblems(lines) == [])
  }
}
