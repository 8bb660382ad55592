import TestSupport
import Testing

@testable import SettingsKit

/// Each new row at widths 80, 40 and 16: a text field's text cut with `…` or its
/// placeholder, a secure field's fixed mask, a number with its unit, a slider's bar in the row's
/// free width, multiple choice titles or `N selected`.
@Suite(.serialized)
struct ValueRowTests {
  static let document = #"""
    {"id":"rows","title":"Rows","sections":[{"items":[
     {"key":"name","type":"textField","title":"Device Name","value":"Kim's iPhone 15 Pro Max (office)"},
     {"key":"server","type":"textField","title":"Server","value":"","placeholder":"host:port"},
     {"key":"password","type":"textField","title":"Wi-Fi Password","secure":true,"value":"hunter2"},
     {"key":"lock","type":"number","title":"Auto-Lock","value":30,"min":0,"max":60,"unit":"min"},
     {"key":"bright","type":"slider","title":"Brightness","value":70,"min":0,"max":100},
     {"key":"langs","type":"rightDetail","title":"Languages","multiple":true,"value":["en","ko"],"choices":[{"value":"en","title":"English"},{"value":"ko","title":"한국어"},{"value":"ja","title":"日本語"}]},
     {"key":"many","type":"rightDetail","title":"Many","multiple":true,"value":["en","ko","ja"],"choices":[{"value":"en","title":"English"},{"value":"ko","title":"한국어"},{"value":"ja","title":"日本語"}]}
    ]}]}
    """#

  func show(width: Int, _ extra: [String] = []) throws -> String {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("rows.json", Self.document)
    let outcome = runCLI(
      ["-f", path, "--store", directory.file("s.json"), "show", "--width", String(width)] + extra)
    #expect(outcome.status == 0 && outcome.stderr == "", "\(outcome)")
    return outcome.stdout
  }

  @Test func rowsAt80Columns() throws {
    #expect(
      try show(width: 80) == """
          Device Name                                         Kim's iPhone 15 Pro Max (…
          Server                                                       empty (host:port)
          Wi-Fi Password                                                        ••••••••
          Auto-Lock                                                               30 min
          Brightness                            ==========================----------- 70
          Languages                                                    English, 한국어 ›
          Many                                                 English, 한국어, 日本語 ›

        """)
  }

  @Test func rowsAt40Columns() throws {
    #expect(
      try show(width: 40) == """
          Device Name              Kim's iPhone…
          Server                   empty (host:…
          Wi-Fi Password                ••••••••
          Auto-Lock                       30 min
          Brightness        ============----- 70
          Languages                 2 selected ›
          Many                      3 selected ›

        """)
  }

  @Test func rowsAt16Columns() throws {
    #expect(
      try show(width: 16) == """
          Device … Kim'…
          Server   empt…
          Wi-Fi P… ••••…
          Auto-Lo… 30 m…
          Bright… ==- 70
          Langu… 2 se… ›
          Many   3 se… ›

        """)
  }

  @Test func aPlaceholderIsDimmed() throws {
    #expect(try show(width: 80, ["--color", "always"]).contains("\u{1B}[2mempty (host:port)\u{1B}[0m"))
  }
}
