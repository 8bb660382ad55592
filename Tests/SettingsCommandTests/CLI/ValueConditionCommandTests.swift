import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsPOSIX

/// Conditions on numbers, text fields and multiple choice from the command line, with and without
/// the compiled document cache.
struct ValueConditionCommandTests {
  static let document = #"""
    {"id": "cond", "title": "Cond", "sections": [{"items": [
      {"key": "timeout", "type": "number", "title": "Timeout", "value": 0, "min": 0, "max": 60, "unit": "min"},
      {"key": "server", "type": "textField", "title": "Server"},
      {"key": "langs", "type": "rightDetail", "title": "Languages", "multiple": true, "value": ["en"],
       "choices": [{"value": "en", "title": "English"}, {"value": "ko", "title": "한국어"}]},
      {"key": "warn", "type": "switch", "title": "Warn before locking", "enabledWhen": {"timeout": 5}},
      {"key": "tls", "type": "switch", "title": "TLS", "visibleWhen": {"server": "mail.example.com"}},
      {"key": "hangul", "type": "switch", "title": "Hangul keyboard", "enabledWhen": {"langs": "ko"}},
      {"key": "dim", "type": "switch", "title": "Dim first", "enabledWhen": {"timeout": {"min": 2, "max": 30}},
       "visibleWhen": {"server": {"notEmpty": true}}}
    ]}]}
    """#

  @Test(arguments: [false, true])
  func setFollowsConditionsOnValues(cached: Bool) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("cond.json", Self.document)
    // No racy window: the cache reads the document just written.
    let environment = [
      "HOME": directory.path, "XDG_CACHE_HOME": directory.file("cache"),
      "SETTINGS_STORE": directory.file("store.json"), "SETTINGS_CACHE": cached ? "on" : "off",
      "SETTINGS_TEST_RACY_WINDOW_NS": "0",
    ]
    func run(_ arguments: [String]) -> CommandOutcome {
      runCLI(["-f", path] + arguments, environment: environment)
    }
    #expect(run(["get", "warn"]).stdout == "off\n")
    let refused = run(["set", "warn", "on"])
    #expect(refused.status != 0)
    #expect(
      refused.stderr == "Error: 'warn' is disabled (off while Timeout is 0 min); change 'timeout' first\n")
    #expect(run(["set", "timeout", "5"]).status == 0)
    #expect(run(["set", "warn", "on"]).status == 0)
    let hangul = run(["set", "hangul", "on"])
    #expect(
      hangul.stderr
        == "Error: 'hangul' is disabled (off while Languages does not include 한국어); change 'langs' first\n")
    #expect(run(["set", "langs", "--add", "ko"]).status == 0)
    #expect(run(["set", "hangul", "on"]).status == 0)
    #expect(
      run(["describe", "tls"]).stdout.contains(
        "\nvisible:       no (shown only while Server is mail.example.com)\n"))
    #expect(
      run(["describe", "dim"]).stdout.contains("\nvisible:       no (shown only while Server is not empty)\n")
    )
    #expect(run(["set", "server", "mail.example.com"]).status == 0)
    #expect(run(["describe", "tls"]).stdout.contains("\nvisible:       yes\n"))
    #expect(run(["describe", "dim"]).stdout.contains("\nenabled when:  timeout between 2 and 30\n"))
    #expect(run(["describe", "dim"]).stdout.contains("\nvisible when:  server not empty\n"))
    #expect(run(["describe", "dim"]).stdout.contains("\nvisible:       yes\n"))
    #expect(run(["set", "dim", "on"]).status == 0)
    #expect(run(["set", "timeout", "45"]).status == 0)
    #expect(
      run(["set", "dim", "off"]).stderr
        == "Error: 'dim' is disabled (off while Timeout is 45 min); change 'timeout' first\n")
    #expect(run(["set", "timeout", "5"]).status == 0)
    #expect(
      run(["list"]).stdout == """
        KEY      TYPE                             VALUE             DEFAULT  MODIFIED  SOURCE
        timeout  number (from 0 to 60, unit min)  5                 0        yes       user
        server   textField                        mail.example.com           yes       user
        langs    rightDetail (multiple)           en,ko             en       yes       user
        warn     switch                           on                off      yes       user
        tls      switch                           off               off      no        default
        hangul   switch                           on                off      yes       user
        dim      switch                           on                off      yes       user

        """)
    if cached {
      let cache = DocumentCache(
        directory: SystemPath(directory.file("cache/settings")), buildTag: CommandLineTool.version)
      let document = try #require(cache.document(at: SystemPath(path), keys: ["warn"], locales: []))
      #expect(document.item(forKey: "warn")?.enabledWhen == ["timeout": .equals(.number(ExactDecimal(5)))])
      let dim = try #require(cache.document(at: SystemPath(path), keys: ["dim"], locales: []))
      #expect(
        dim.item(forKey: "dim")?.enabledWhen == [
          "timeout": .range(min: ExactDecimal(2), max: ExactDecimal(30))
        ])
      #expect(dim.item(forKey: "dim")?.visibleWhen == ["server": .notEmpty])
    }
  }
}
