import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// What `settings watch` prints for each event, without a process.
struct WatchFormatTests {
  let change = SettingsEvent.changed(
    SettingChange(key: "airplane", oldValue: .bool(false), newValue: .bool(true), origin: .elsewhere))

  @Test(arguments: [
    ([:], "->"), (["LANG": "C.UTF-8"], "→"), (["LANG": "ko_KR.utf8"], "→"),
    (["LANG": "en_US.UTF-8@euro"], "→"),
    (["LC_ALL": "C", "LANG": "C.UTF-8"], "->"), (["LC_ALL": "", "LC_CTYPE": "de_DE.UTF-8"], "→"),
    (["LC_CTYPE": "POSIX", "LANG": "C.UTF-8"], "->"), (["LANG": "en_US.ISO-8859-1"], "->"),
    (["LANG": "en_US"], "->"),
  ])
  func theArrowFollowsTheLocalesCharacterSet(environment: [String: String], arrow: String) {
    #expect(WatchFormat.arrow(environment: environment) == arrow)
  }

  @Test(arguments: [
    (0, "1970-01-01T00:00:00.000Z"), (1_796_105_109_042_999_999, "2026-12-01T06:05:09.042Z"),
    (951_782_400_000_000_000, "2000-02-29T00:00:00.000Z"), (-1_000_000, "1969-12-31T23:59:59.999Z"),
  ])
  func timesAreRFC3339InUTCWithMilliseconds(nanoseconds: Int64, text: String) {
    #expect(WatchFormat.timestamp(nanoseconds: nanoseconds) == text)
  }

  @Test func aChangeAsTextAndAsAJSONLinesRecord() {
    let text = WatchFormat(json: false, arrow: "→", keys: nil)
    #expect(text.text(for: change, nanoseconds: 0) == ("airplane: off → on\n", ""))
    let json = WatchFormat(json: true, arrow: "→", keys: nil)
    #expect(
      json.text(for: change, nanoseconds: 0)
        == (#"{"key":"airplane","old":false,"new":true,"time":"1970-01-01T00:00:00.000Z"}"# + "\n", ""))
  }

  @Test func aChangeNamesTheJournalEntryThatMadeItWhenKnown() {
    let numbered = SettingsEvent.changed(
      SettingChange(
        key: "airplane", oldValue: .bool(false), newValue: .bool(true), origin: .elsewhere, journalSequence: 7
      ))
    #expect(
      WatchFormat(json: false, arrow: "→", keys: nil).text(for: numbered, nanoseconds: 0)
        == ("airplane: off → on  (change 7)\n", ""))
    #expect(
      WatchFormat(json: true, arrow: "→", keys: nil).text(for: numbered, nanoseconds: 0)
        == (
          #"{"key":"airplane","old":false,"new":true,"change":7,"time":"1970-01-01T00:00:00.000Z"}"# + "\n",
          ""
        ))
  }

  @Test func valuesAndKeysAreEscapedAndALineBreakStaysInsideItsLine() {
    let odd = SettingsEvent.changed(
      SettingChange(
        key: "name", oldValue: .string("a\nb"), newValue: .string("\u{1B}[31mred"), origin: .elsewhere))
    #expect(
      WatchFormat(json: false, arrow: "->", keys: nil).text(for: odd, nanoseconds: 0).output
        == "name: a\\nb -> \\u{1B}[31mred\n")
    #expect(
      WatchFormat(json: true, arrow: "->", keys: nil).text(for: odd, nanoseconds: 0).output
        == #"{"key":"name","old":"a\nb","new":"\u001B[31mred","time":"1970-01-01T00:00:00.000Z"}"# + "\n")
  }

  @Test func onlyTheKeysAskedAbout() {
    let format = WatchFormat(json: false, arrow: "->", keys: ["wifi"])
    #expect(format.text(for: change, nanoseconds: 0) == ("", ""))
  }

  @Test func aStoreThatFailsIsOneErrorLineAndARecoveryNothing() {
    let format = WatchFormat(json: true, arrow: "->", keys: ["wifi"])
    let failure = SettingsError.store(.notAnObject(file: "/s.json", found: "an array"))
    #expect(format.text(for: .storeFailed(failure), nanoseconds: 0).output == "")
    let line = format.text(for: .storeFailed(failure), nanoseconds: 0).error
    #expect(
      line == "Error: /s.json: expected the store to be a JSON object of overrides; found an array; "
        + "the store was left unchanged: fix or remove it\n")
    #expect(format.text(for: .storeRecovered, nanoseconds: 0) == ("", ""))
  }

  @Test func aSystemFileThatBreaksIsOneWarningLine() {
    let format = WatchFormat(json: true, arrow: "->", keys: ["wifi"])
    let ignored = IgnoredSystemFile(
      file: "/etc/xdg/settings/phone.json", location: SourceLocation(line: 1, column: 13),
      reason: "unexpected end of file; expected a member name in quotes")
    #expect(
      format.text(for: .systemFileIgnored(ignored), nanoseconds: 0)
        == (
          "",
          "Warning: /etc/xdg/settings/phone.json:1:13: unexpected end of file; expected a member name "
            + "in quotes; the system file is ignored\n"
        ))
  }
}
