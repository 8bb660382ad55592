import TestSupport
import Testing

/// Stored values that no longer fit: a value the document does not accept
/// reads as the default with a warning and bricks nothing else, wherever its item comes from; an
/// explicit choice is kept even when it equals the default.
@Suite(.serialized)
struct StoredValueTests {
  static let document = """
    {
      "id": "app",
      "sections": [
        {
          "header": "General",
          "items": [
            { "key": "theme", "type": "rightDetail", "title": "Theme", "value": "light",
              "choices": [{ "value": "light", "title": "Light" }, { "value": "dark", "title": "Dark" }] },
            { "key": "telemetry", "type": "switch", "title": "Telemetry"TELEMETRY },
            { "key": "sounds", "type": "switch", "title": "Sounds", "on": true }
          ]
        },
        { "header": "Apps", "itemsFile": "apps.jsonl", "pageSize": 2 }
      ]
    }
    """
  static let apps = """
    {"key": "mail", "type": "switch", "title": "Mail"}
    {"key": "maps", "type": "switch", "title": "Maps", "on": true}
    {"key": "news", "type": "switch", "title": "News"}

    """

  /// A directory with the document (telemetry on by default when `telemetryOn`), its items file
  /// and a store holding `store`.
  struct Fixture {
    let directory: TemporaryDirectory
    var documentPath: String { directory.file("doc.json") }
    var storePath: String { directory.file("s.json") }

    init(store: String?, telemetryOn: Bool = false) throws {
      directory = try TemporaryDirectory()
      try writeDocument(telemetryOn: telemetryOn)
      try directory.write("apps.jsonl", StoredValueTests.apps)
      if let store { try directory.write("s.json", store) }
    }

    func writeDocument(telemetryOn: Bool) throws {
      try directory.write(
        "doc.json",
        StoredValueTests.document.replacingOccurrences(
          of: "TELEMETRY", with: telemetryOn ? ", \"on\": true" : ""))
    }

    func run(_ arguments: [String]) -> CommandOutcome {
      runCLI(["-f", documentPath, "--store", storePath] + arguments)
    }

    var store: String? { try? directory.read("s.json") }
  }

  static let badStore = #"{"theme": "sepia", "sounds": false, "maps": "yes", "news": 1}"#

  func warning(_ fixture: Fixture, _ location: String, _ key: String, _ rest: String) -> String {
    "Warning: \(fixture.storePath):\(location): stored value of \"\(key)\" is \(rest); "
      + "'settings reset \(key)' removes it\n"
  }

  // MARK: One bad value bricks nothing (item 5) and items files follow the same rule (item 4)

  @Test func showMarksTheRowsAndWarnsOncePerKey() throws {
    let fixture = try Fixture(store: Self.badStore)
    defer { fixture.directory.remove() }
    #expect(
      fixture.run(["show", "--width", "30"])
        == CommandOutcome(
          status: 0,
          stdout: """
            General
            ! Theme                Light ›
              Telemetry                off
            * Sounds                   off

            Apps
              Mail                     off
            ! Maps                      on
              Load more (1 remaining)    ›

            """,
          stderr: warning(
            fixture, "1:11", "theme", #""sepia"; expected one of "light", "dark"; using the default "light""#)
            + warning(fixture, "1:45", "maps", #""yes"; expected true or false; using the default true"#)))
    #expect(fixture.store == Self.badStore)
  }

  @Test func getOfTheBadKeyPrintsTheDefaultAndTheWarning() throws {
    let fixture = try Fixture(store: Self.badStore)
    defer { fixture.directory.remove() }
    #expect(
      fixture.run(["get", "theme"])
        == CommandOutcome(
          status: 0, stdout: "light\n",
          stderr: warning(
            fixture, "1:11", "theme", #""sepia"; expected one of "light", "dark"; using the default "light""#)
        ))
    // An items-file item: the same rule as `show` (before, `get` failed with 65 and `show` was silent).
    #expect(
      fixture.run(["get", "news", "--json"])
        == CommandOutcome(
          status: 0, stdout: "false\n",
          stderr: warning(fixture, "1:60", "news", "1; expected true or false; using the default false")))
  }

  @Test func everyOtherKeyWorksWithoutAWarning() throws {
    let fixture = try Fixture(store: Self.badStore)
    defer { fixture.directory.remove() }
    #expect(fixture.run(["get", "sounds"]) == CommandOutcome(status: 0, stdout: "off\n", stderr: ""))
    #expect(fixture.run(["get", "mail"]) == CommandOutcome(status: 0, stdout: "off\n", stderr: ""))
    #expect(fixture.run(["set", "telemetry", "on"]) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(fixture.run(["toggle", "mail"]) == CommandOutcome(status: 0, stdout: "on\n", stderr: ""))
    #expect(
      fixture.store
        == """
        {
          "mail": true,
          "maps": "yes",
          "news": 1,
          "sounds": false,
          "telemetry": true,
          "theme": "sepia"
        }

        """)
  }

  @Test func listWarnsAboutEveryBadValue() throws {
    let fixture = try Fixture(store: Self.badStore)
    defer { fixture.directory.remove() }
    #expect(
      fixture.run(["list"])
        == CommandOutcome(
          status: 0,
          stdout: """
            KEY        TYPE         VALUE  DEFAULT  MODIFIED  SOURCE
            theme      rightDetail  light  light    no        default
            telemetry  switch       off    off      no        default
            sounds     switch       off    on       yes       user
            mail       switch       off    off      no        default
            maps       switch       on     on       no        default
            news       switch       off    off      no        default

            """,
          stderr: warning(fixture, "1:45", "maps", #""yes"; expected true or false; using the default true"#)
            + warning(fixture, "1:60", "news", "1; expected true or false; using the default false")
            + warning(
              fixture, "1:11", "theme",
              #""sepia"; expected one of "light", "dark"; using the default "light""#)))
  }

  @Test func setToggleAndResetReplaceTheBadValue() throws {
    let fixture = try Fixture(store: Self.badStore)
    defer { fixture.directory.remove() }
    // `set` to the default replaces it too: the bad value is no override to keep.
    #expect(fixture.run(["set", "theme", "light"]) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(fixture.run(["toggle", "maps"]) == CommandOutcome(status: 0, stdout: "off\n", stderr: ""))
    #expect(fixture.run(["reset", "news"]) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(
      fixture.store
        == """
        {
          "maps": false,
          "sounds": false,
          "theme": "light"
        }

        """)
    #expect(fixture.run(["get", "theme"]) == CommandOutcome(status: 0, stdout: "light\n", stderr: ""))
  }

  @Test func aChoiceAnUpgradeRemovedReadsAsTheDefaultInTheRealBinary() throws {
    let fixture = try Fixture(store: nil)
    defer { fixture.directory.remove() }
    // Version 1 of the document offered "sepia"; the user chose it.
    try fixture.directory.write(
      "doc.json",
      Self.document.replacingOccurrences(of: "TELEMETRY", with: "").replacingOccurrences(
        of: #"{ "value": "dark", "title": "Dark" }"#,
        with: #"{ "value": "dark", "title": "Dark" }, { "value": "sepia", "title": "Sepia" }"#))
    let base = ["-f", fixture.documentPath, "--store", fixture.storePath]
    #expect(
      try runBinary(base + ["set", "theme", "Sepia"]) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    // Version 2 removed it.
    try fixture.writeDocument(telemetryOn: false)
    #expect(
      try runBinary(base + ["get", "theme"])
        == CommandOutcome(
          status: 0, stdout: "light\n",
          stderr:
            "Warning: \(fixture.storePath):2:12: stored value of \"theme\" is \"sepia\"; expected one of \"light\", \"dark\"; using the default \"light\"; 'settings reset theme' removes it\n"
        ))
    #expect(try runBinary(base + ["get", "sounds"]) == CommandOutcome(status: 0, stdout: "on\n", stderr: ""))
    #expect(
      try runBinary(base + ["set", "theme", "dark"]) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(fixture.store == "{\n  \"theme\": \"dark\"\n}\n")
  }

  @Test func describeWarnsAboutItsKey() throws {
    let fixture = try Fixture(store: Self.badStore)
    defer { fixture.directory.remove() }
    let outcome = fixture.run(["describe", "maps"])
    #expect(outcome.status == 0)
    #expect(outcome.stdout.contains("value:     on\nmodified:  no\n"))
    #expect(
      outcome.stderr
        == warning(fixture, "1:45", "maps", #""yes"; expected true or false; using the default true"#))
  }

  @Test func aStoreThatIsNotAnObjectIsStillAnErrorAndIsNeverOverwritten() throws {
    let fixture = try Fixture(store: #"["theme"]"#)
    defer { fixture.directory.remove() }
    for arguments in [["show"], ["get", "sounds"], ["set", "theme", "dark"], ["reset", "--all"]] {
      #expect(
        fixture.run(arguments)
          == CommandOutcome(
            status: 65, stdout: "",
            stderr:
              "Error: \(fixture.storePath): expected the store to be a JSON object of overrides; found an array; the store was left unchanged: fix or remove it\n"
          ))
    }
    #expect(fixture.store == #"["theme"]"#)
  }

  // MARK: An explicit choice is kept (item 6)

  @Test func setOfTheDefaultIsStoredAndSurvivesAChangeOfTheDefault() throws {
    let fixture = try Fixture(store: nil)
    defer { fixture.directory.remove() }
    #expect(fixture.run(["get", "telemetry"]).stdout == "off\n")
    #expect(fixture.run(["set", "telemetry", "off"]) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(fixture.store == "{\n  \"telemetry\": false\n}\n")
    #expect(
      fixture.run(["show", "General", "--width", "30"]).stdout.contains("* Telemetry                off\n"))
    // A later document turns telemetry on by default; the user's explicit "off" stays.
    try fixture.writeDocument(telemetryOn: true)
    #expect(fixture.run(["get", "telemetry"]) == CommandOutcome(status: 0, stdout: "off\n", stderr: ""))
    // `reset` goes back to following the default.
    #expect(fixture.run(["reset", "telemetry"]) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(fixture.run(["get", "telemetry"]).stdout == "on\n")
    #expect(fixture.store == "{}\n")
  }

  @Test func setOfTheCurrentOverrideWritesNothing() throws {
    // Not the writer's layout: a write would reformat it.
    let fixture = try Fixture(store: #"{"telemetry":false}"#)
    defer { fixture.directory.remove() }
    #expect(fixture.run(["set", "telemetry", "no"]) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(fixture.store == #"{"telemetry":false}"#)
    #expect(
      fixture.run(["set", "telemetry=0", "sounds=on"]) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(fixture.store == "{\n  \"sounds\": true,\n  \"telemetry\": false\n}\n")
  }
}
