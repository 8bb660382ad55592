import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsPOSIX
@testable import SettingsWeb

/// Layers, locks and provenance: system files from `XDG_CONFIG_DIRS` under the user's
/// store, locks on a key, a section and a page, each value's source, `settings why`, and refusals.
@Suite(.serialized)
struct LayerTests {
  static let document = """
    {
      "id": "phone",
      "sections": [
        {
          "id": "network", "header": "Network",
          "items": [
            { "key": "airplane", "type": "switch", "title": "Airplane Mode" },
            { "key": "wifi", "type": "switch", "title": "Wi-Fi", "on": true, "enabledWhen": { "airplane": false } },
            { "key": "cellular", "type": "detailTitle", "title": "Cellular",
              "page": { "sections": [{ "items": [
                { "key": "data", "type": "switch", "title": "Cellular Data", "on": true },
                { "key": "roaming", "type": "switch", "title": "Roaming" }
              ] }] } }
          ]
        },
        {
          "id": "privacy", "header": "Privacy",
          "items": [
            { "key": "analytics", "type": "switch", "title": "Analytics" },
            { "key": "location", "type": "switch", "title": "Location", "on": true }
          ]
        },
        {
          "id": "display", "header": "Display",
          "items": [
            { "key": "theme", "type": "rightDetail", "title": "Theme", "value": "light",
              "choices": [{ "value": "light", "title": "Light" }, { "value": "dark", "title": "Dark" }] },
            { "key": "focus", "type": "switch", "title": "Focus" },
            { "key": "quiet", "type": "switch", "title": "Quiet Hours", "visibleWhen": { "focus": true } }
          ]
        }
      ]
    }
    """

  /// The first directory of `XDG_CONFIG_DIRS`: sets and locks airplane, locks the privacy section,
  /// and holds a theme the document does not offer.
  static let first = """
    {
      "values": { "airplane": true, "theme": "sepia" },
      "locked": { "airplane": "Managed by your organisation", "privacy": "Privacy is managed" }
    }
    """

  /// The second directory: lower, its airplane loses to the first's; locks the cellular page.
  static let second = """
    {
      "values": { "airplane": false, "theme": "dark", "location": false },
      "locked": { "cellular": "Set by your carrier" }
    }
    """

  /// The user's overrides: airplane and analytics are locked, so they are kept but not used.
  static let store = #"{"airplane": false, "analytics": true}"#

  /// A directory `T` with the document, the user's store, and the system files
  /// `T/a/settings/phone.json` and `T/b/settings/phone.json`.
  struct Fixture {
    let directory: TemporaryDirectory
    var path: String { directory.path }

    init(
      first: String? = LayerTests.first, second: String? = LayerTests.second,
      store: String? = LayerTests.store
    )
      throws
    {
      directory = try TemporaryDirectory()
      try directory.write("doc.json", LayerTests.document)
      if let store { try directory.write("s.json", store) }
      for (name, text) in [("a", first), ("b", second)] {
        try FileManager.default.createDirectory(
          atPath: directory.file("\(name)/settings"), withIntermediateDirectories: true)
        if let text { try directory.write("\(name)/settings/phone.json", text) }
      }
    }

    var environment: [String: String] {
      [
        "SETTINGS_FILE": directory.file("doc.json"), "SETTINGS_STORE": directory.file("s.json"),
        "XDG_CONFIG_DIRS": directory.file("a") + ":" + directory.file("b"),
      ]
    }

    /// Runs the command line; the directory's path reads as `T` and runs of spaces as two, so
    /// that columns padded to the path's length compare.
    func run(_ arguments: String...) -> CommandOutcome {
      normalized(runCLI(arguments, environment: environment))
    }

    func normalized(_ outcome: CommandOutcome) -> CommandOutcome {
      func clean(_ text: String) -> String {
        text.replacingOccurrences(of: path, with: "T")
          .replacingOccurrences(of: " {2,}", with: "  ", options: .regularExpression)
      }
      return CommandOutcome(
        status: outcome.status, stdout: clean(outcome.stdout), stderr: clean(outcome.stderr))
    }

    func remove() { directory.remove() }
  }

  static let themeWarning =
    #"Warning: T/a/settings/phone.json:2:42: stored value of "theme" is "sepia"; expected one of "light", "dark"; ignoring it"#
    + "\n"

  @Test func checkReportsTheUsersOverridesUnderALockAndFixKeepsThem() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let report = """
      "airplane" is locked by T/a/settings/phone.json: Managed by your organisation; its stored value is kept but not used
      "analytics" is locked by T/a/settings/phone.json: Privacy is managed; its stored value is kept but not used

      """
    #expect(fixture.run("check") == CommandOutcome(status: 1, stdout: report, stderr: Self.themeWarning))
    #expect(
      fixture.run("check", "--fix") == CommandOutcome(status: 1, stdout: report, stderr: Self.themeWarning))
    #expect(try fixture.directory.read("s.json") == Self.store)
  }

  @Test func loadOfALockedKeyIsRefusedAndReplaceKeepsLockedOverrides() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try fixture.directory.write("in.json", #"{"airplane": true, "focus": true}"#)
    #expect(
      fixture.run("load", fixture.directory.file("in.json"))
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: Self.themeWarning
            + "Error: T/in.json:1:14: 'airplane' is locked by T/a/settings/phone.json: Managed by your organisation\n"
        ))
    #expect(try fixture.directory.read("s.json") == Self.store)
    try fixture.directory.write("in.json", #"{"focus": true}"#)
    #expect(
      fixture.run("load", "--replace", fixture.directory.file("in.json"))
        == CommandOutcome(status: 0, stdout: "added focus: true\n", stderr: Self.themeWarning))
    #expect(
      try fixture.directory.read("s.json")
        == "{\n  \"airplane\": false,\n  \"analytics\": true,\n  \"focus\": true\n}\n")
  }

  @Test func listGivesEachValuesSourceWithEarlierDirectoriesWinning() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    #expect(
      fixture.run("list")
        == CommandOutcome(
          status: 0,
          stdout: """
            KEY  TYPE  VALUE  DEFAULT  MODIFIED  SOURCE
            airplane  switch  on  off  no  locked:T/a/settings/phone.json
            wifi  switch  on  on  no  default
            cellular.data  switch  on  on  no  locked:T/b/settings/phone.json
            cellular.roaming  switch  off  off  no  locked:T/b/settings/phone.json
            analytics  switch  off  off  no  locked:T/a/settings/phone.json
            location  switch  off  on  no  locked:T/a/settings/phone.json
            theme  rightDetail  dark  light  no  system:T/b/settings/phone.json
            focus  switch  off  off  no  default
            quiet  switch  off  off  no  default

            """,
          stderr: Self.themeWarning))
    #expect(
      fixture.run("list", "--json", "--modified")
        == CommandOutcome(status: 0, stdout: "[]\n", stderr: Self.themeWarning))
  }

  @Test func withoutLocksTheFirstDirectoryWinsAndTheUserWinsOverBoth() throws {
    let fixture = try Fixture(
      first: #"{"values": {"airplane": true}}"#, second: #"{"values": {"airplane": false, "focus": true}}"#,
      store: #"{"focus": false}"#)
    defer { fixture.remove() }
    #expect(
      runCLI(["list", "--json"], environment: fixture.environment).stdout
        .replacingOccurrences(of: fixture.path, with: "T").contains(
          """
            {
              "default": false,
              "key": "airplane",
              "modified": false,
              "source": "system:T/a/settings/phone.json",
              "type": "switch",
              "value": true
            },
          """))
    #expect(fixture.run("get", "focus") == CommandOutcome(status: 0, stdout: "off\n", stderr: ""))
    #expect(fixture.run("reset", "focus", "--json").stdout.contains(#""new": true"#))
    #expect(fixture.run("get", "focus") == CommandOutcome(status: 0, stdout: "on\n", stderr: ""))
  }

  @Test func changesOfALockedKeyAreRefusedNamingTheFileAndTheReason() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let refusals: [([String], String)] = [
      (
        ["set", "airplane", "off"],
        "Error: 'airplane' is locked by T/a/settings/phone.json: Managed by your organisation; "
          + "'settings why airplane' explains it\n"
      ),
      (
        ["toggle", "location"],
        "Error: 'location' is locked by T/a/settings/phone.json: Privacy is managed; "
          + "'settings why location' explains it\n"
      ),
      (
        ["set", "roaming", "on"],
        "Error: 'cellular.roaming' is locked by T/b/settings/phone.json: Set by your carrier; "
          + "'settings why cellular.roaming' explains it\n"
      ),
      (
        ["reset", "airplane"],
        "Error: 'airplane' is locked by T/a/settings/phone.json: Managed by your organisation; "
          + "'settings why airplane' explains it\n"
      ),
      (
        ["set", "focus=on", "analytics=off"],
        "Error: 'analytics' is locked by T/a/settings/phone.json: Privacy is managed; "
          + "'settings why analytics' explains it\n"
      ),
      (
        ["reset", "focus", "analytics"],
        "Error: 'analytics' is locked by T/a/settings/phone.json: Privacy is managed; "
          + "'settings why analytics' explains it\n"
      ),
    ]
    for (arguments, error) in refusals {
      let outcome = normalized(fixture, arguments)
      #expect(
        outcome == CommandOutcome(status: 1, stdout: "", stderr: Self.themeWarning + error), "\(arguments)")
      // Nothing changed, in a multi-set not even the unlocked focus.
      #expect(try fixture.directory.read("s.json") == Self.store, "\(arguments)")
    }
  }

  func normalized(_ fixture: Fixture, _ arguments: [String]) -> CommandOutcome {
    fixture.normalized(runCLI(arguments, environment: fixture.environment))
  }

  @Test func resetLeavesTheSystemValueAndResetAllKeepsLockedOverrides() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    #expect(fixture.run("set", "theme", "light").status == 0)
    #expect(fixture.run("get", "theme").stdout == "light\n")
    #expect(
      fixture.run("reset", "theme", "--json").stdout
        == "[\n  {\n  \"key\": \"theme\",\n  \"new\": \"dark\",\n  \"old\": \"light\"\n  }\n]\n")
    #expect(fixture.run("get", "theme").stdout == "dark\n")
    #expect(fixture.run("reset", "--all").status == 0)
    #expect(try fixture.directory.read("s.json") == "{\n  \"airplane\": false,\n  \"analytics\": true\n}\n")
  }

  @Test func whyShowsEveryLayerTheWinnerAndTheLock() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    #expect(
      fixture.run("why", "airplane")
        == CommandOutcome(
          status: 0,
          stdout: """
            key:  airplane
            value:  on
            source:  locked:T/a/settings/phone.json
            locked:  Managed by your organisation (T/a/settings/phone.json, key airplane)
            layers, lowest first:
              default  off
              system:T/b/settings/phone.json  off
              system:T/a/settings/phone.json  on  wins
              user  off  not used: locked

            """, stderr: Self.themeWarning))
    // A lock by a lower file: the higher file's value does not count either.
    #expect(
      fixture.run("why", "location").stdout == """
        key:  location
        value:  off
        source:  locked:T/a/settings/phone.json
        locked:  Privacy is managed (T/a/settings/phone.json, section privacy)
        layers, lowest first:
          default  on
          system:T/b/settings/phone.json  off  wins
          system:T/a/settings/phone.json  -
          user  -

        """)
    #expect(
      fixture.run("why", "theme").stdout == """
        key:  theme
        value:  dark (Dark)
        source:  system:T/b/settings/phone.json
        layers, lowest first:
          default  light (Light)
          system:T/b/settings/phone.json  dark (Dark)  wins
          system:T/a/settings/phone.json  "sepia" (rejected: expected one of "light", "dark")
          user  -

        """)
  }

  @Test func whyNamesTheConditionThatDisablesOrHidesAnItem() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    #expect(
      fixture.run("why", "wifi").stdout == """
        key:  wifi
        value:  on
        source:  default
        disabled:  off while Airplane Mode is on (airplane = on)
        layers, lowest first:
          default  on  wins
          system:T/b/settings/phone.json  -
          system:T/a/settings/phone.json  -
          user  -

        """)
    #expect(
      fixture.run("why", "quiet").stdout.hasPrefix(
        "key:  quiet\nvalue:  off\nsource:  default\nhidden:  shown only while Focus is on (focus = off)\n"))
  }

  @Test func whyJSONCarriesTheSame() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let outcome = runCLI(["why", "airplane", "--json"], environment: fixture.environment)
    #expect(outcome.status == 0)
    #expect(
      outcome.stdout.replacingOccurrences(of: fixture.path, with: "T") == """
        {
          "key": "airplane",
          "layers": [
            {
              "layer": "default",
              "value": false,
              "wins": false
            },
            {
              "layer": "system:T/b/settings/phone.json",
              "value": false,
              "wins": false
            },
            {
              "layer": "system:T/a/settings/phone.json",
              "value": true,
              "wins": true
            },
            {
              "layer": "user",
              "overriddenByLock": true,
              "value": false,
              "wins": false
            }
          ],
          "lock": {
            "file": "T/a/settings/phone.json",
            "reason": "Managed by your organisation",
            "scope": "key airplane"
          },
          "source": "locked:T/a/settings/phone.json",
          "value": true,
          "winner": "system:T/a/settings/phone.json"
        }

        """)
    let wifi = runCLI(["why", "wifi", "--json"], environment: fixture.environment).stdout
    #expect(
      wifi.contains(
        """
          "disabled": {
            "key": "airplane",
            "reason": "off while Airplane Mode is on",
            "value": true
          },
        """))
  }

  @Test func showMarksLockedRowsAndJSONGivesTheSourceAndTheLock() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let shown = runCLI(["show", "network", "--width", "30"], environment: fixture.environment)
    #expect(
      shown.stdout == """
        Network
        🔒Airplane Mode             on
          Wi-Fi                     on
          (off while Airplane Mode is…
        🔒Cellular                   ›

        """)
    for width in 1...12 {
      let line = runCLI(["show", "network", "--width", "\(width)"], environment: fixture.environment).stdout
        .split(separator: "\n")[1]
      #expect(DisplayWidth.of(String(line)) == width, "\(line)")
    }
    #expect(
      runCLI(["show", "network", "--width", "2"], environment: fixture.environment).stdout.hasPrefix(
        "N…\n🔒\n"))
    #expect(
      runCLI(["show", "network", "--width", "1"], environment: fixture.environment).stdout.hasPrefix(
        "…\n…\n"))
    let json = runCLI(["show", "--json"], environment: fixture.environment).stdout
      .replacingOccurrences(of: fixture.path, with: "T")
    #expect(
      json.contains(
        """
                  "key": "airplane",
                  "lock": {
                    "file": "T/a/settings/phone.json",
                    "reason": "Managed by your organisation",
                    "scope": "key airplane"
                  },
                  "modified": false,
                  "on": true,
                  "source": "locked:T/a/settings/phone.json",
        """))
    #expect(
      fixture.run("describe", "roaming").stdout.contains(
        "source:  locked:T/b/settings/phone.json\nlocked:  Set by your carrier (T/b/settings/phone.json, page cellular)\n"
      ))
  }

  @Test func anUnparsableSystemFileIsIgnoredAsAWholeWithOneWarning() throws {
    let fixture = try Fixture(second: #"{"values": {"airplane": false"#)
    defer { fixture.remove() }
    #expect(
      fixture.run("get", "airplane")
        == CommandOutcome(
          status: 0, stdout: "on\n",
          stderr: "Warning: T/b/settings/phone.json:1:30: unexpected end of file; expected ',' or '}'; "
            + "the system file is ignored\n" + Self.themeWarning))
    #expect(fixture.run("get", "location").stdout == "on\n")
    let unknownMember = try Fixture(first: #"{"lock": {"airplane": "x"}}"#)
    defer { unknownMember.remove() }
    #expect(
      unknownMember.run("get", "airplane")
        == CommandOutcome(
          status: 0, stdout: "off\n",
          stderr:
            #"Warning: T/a/settings/phone.json:1:10: unknown member "lock"; expected "values" or "locked"; "#
            + "the system file is ignored\n"))
  }

  @Test func relativeSystemDirectoriesAreIgnored() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    var environment = fixture.environment
    environment["XDG_CONFIG_DIRS"] = "relative/only"
    let outcome = runCLI(["get", "airplane"], environment: environment)
    // /etc/xdg is read instead; it has no file for this document on a test machine.
    #expect(outcome == CommandOutcome(status: 0, stdout: "off\n", stderr: ""))
  }

  @Test func theBinaryRefusesTheLockedKeyAndExplainsIt() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let outcome = fixture.normalized(
      try runBinary(["set", "airplane", "off"], environment: fixture.environment))
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr.hasSuffix(
        "Error: 'airplane' is locked by T/a/settings/phone.json: Managed by your organisation; 'settings why airplane' explains it\n"
      ))
  }

  @Test func theScreenShowsTheLockAndItsReasonAndRefusesTheChange() async throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let loaded = try DocumentLoader.open(path: SystemPath(fixture.directory.file("doc.json")))
    let store = FileStore(path: fixture.directory.file("s.json"))
    let layers = LayeredStore(
      user: store, documentID: "phone",
      directories: [SystemPath(fixture.directory.file("a")), SystemPath(fixture.directory.file("b"))])
    var screen = try SettingsScreen(document: loaded, layers: layers, width: 200, height: 12)
    #expect(screen.selection == TableIndexPath(row: 0, section: 0))
    #expect(
      screen.lines()[1...2] == ["  Network", "> 🔒Airplane Mode" + String(repeating: " ", count: 181) + "on"])
    let path = fixture.path
    let status = screen.statusLine()
    #expect(
      status.hasPrefix(
        "airplane = on — locked: Managed by your organisation (\(path)/a/settings/phone.json)  "))
    #expect(status.hasSuffix("  ? help  q quit"))
    await screen.handle(.character(" "))
    #expect(
      screen.statusLine().hasPrefix(
        "Error: 'airplane' is locked by \(path)/a/settings/phone.json: Managed by your organisation"))
    #expect(try fixture.directory.read("s.json") == LayerTests.store)
  }

  @Test func aLockThatNamesNothingIsAWarning() throws {
    let fixture = try Fixture(first: #"{"locked": {"airplan": "x", "network": "y"}}"#, second: nil)
    defer { fixture.remove() }
    #expect(
      fixture.run("get", "airplane")
        == CommandOutcome(
          status: 0, stdout: "off\n",
          stderr: #"Warning: T/a/settings/phone.json: lock "airplan" names no key, section or page; "#
            + #"did you mean "airplane"?"# + "\n"))
    #expect(
      fixture.run("set", "wifi", "off").stderr.hasSuffix(
        "Error: 'wifi' is locked by T/a/settings/phone.json: y; 'settings why wifi' explains it\n"))
  }

  @Test func theScreensResetGoesBackToTheSystemValue() async throws {
    let fixture = try Fixture(store: #"{"theme": "light"}"#)
    defer { fixture.remove() }
    let loaded = try DocumentLoader.open(path: SystemPath(fixture.directory.file("doc.json")))
    let layers = LayeredStore(
      user: FileStore(path: fixture.directory.file("s.json")), documentID: "phone",
      directories: [SystemPath(fixture.directory.file("a")), SystemPath(fixture.directory.file("b"))])
    var screen = try SettingsScreen(document: loaded, layers: layers, width: 200, height: 20)
    for _ in 0..<5 { await screen.handle(.down) }
    #expect(screen.statusLine().hasPrefix("theme = Light (modified)  "))
    await screen.handle(.character("r"))
    #expect(
      screen.statusLine().hasPrefix("theme reset to the value of \(fixture.path)/b/settings/phone.json  "))
    #expect(screen.lines().contains { $0.hasPrefix(">   Theme ") && $0.hasSuffix(" Dark ›") })
    #expect(try fixture.directory.read("s.json") == "{}\n")
  }

  @Test func aLockedItemsFileSectionLocksTheRowsReadAPageAtATime() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      atPath: directory.file("sys/settings"), withIntermediateDirectories: true)
    try directory.write("sys/settings/app-notifications.json", #"{"locked": {"apps": "Apps are managed"}}"#)
    let environment = [
      "SETTINGS_FILE": examplePath("app-notifications.json"),
      "SETTINGS_STORE": try directory.write("s.json", #"{"app-001": true, "app-003": false}"#),
      "XDG_CONFIG_DIRS": directory.file("sys"),
    ]
    // The overrides under the lock are kept and not used: the rows show the defaults, locked.
    #expect(
      runCLI(["show", "apps", "--width", "30"], environment: environment).stdout.hasPrefix(
        """
        모든 앱
        🔒⛅ 날씨 1                off
        🔒📈 주식 2                off
        🔒🧭 지도 3                 on

        """))
    let json = runCLI(["show", "apps", "--json"], environment: environment).stdout
      .replacingOccurrences(of: directory.path, with: "T")
    #expect(
      json.contains(
        """
                  "key": "app-001",
                  "lock": {
                    "file": "T/sys/settings/app-notifications.json",
                    "reason": "Apps are managed",
                    "scope": "section apps"
                  },
                  "modified": false,
                  "on": false,
                  "source": "locked:T/sys/settings/app-notifications.json",
        """))
    #expect(runCLI(["toggle", "app-002"], environment: environment).status == 1)
  }
}
