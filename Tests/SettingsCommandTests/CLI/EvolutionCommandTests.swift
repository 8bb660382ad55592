import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// Evolution on the command line: renamed and deprecated items, `check`, `dump` and `load`.
@Suite(.serialized)
struct EvolutionCommandTests {
  /// Version 1 of an app's document.
  static let version1 = """
    {
      "id": "phone",
      "sections": [
        {
          "items": [
            { "key": "airplane", "type": "switch", "title": "Airplane Mode" },
            { "key": "dnd", "type": "switch", "title": "Do Not Disturb" },
            { "key": "roaming", "type": "switch", "title": "Data Roaming", "on": true },
            { "key": "theme", "type": "rightDetail", "title": "Theme", "value": "light",
              "choices": [{ "value": "light", "title": "Light" }, { "value": "dark", "title": "Dark" }] }
          ]
        }
      ]
    }
    """

  /// Version 2: `dnd` is renamed `focus`, `roaming` moved into the `cellular` child page, and a
  /// deprecated `legacy` switch.
  static let version2 = """
    {
      "id": "phone",
      "sections": [
        {
          "items": [
            { "key": "airplane", "type": "switch", "title": "Airplane Mode" },
            { "key": "focus", "type": "switch", "title": "Focus", "renamedFrom": ["dnd"] },
            { "key": "cellular", "type": "detailTitle", "title": "Cellular", "page": { "sections": [
              { "items": [
                { "key": "roaming", "type": "switch", "title": "Data Roaming", "on": true, "renamedFrom": ["roaming"] }
              ] }
            ] } },
            { "key": "theme", "type": "rightDetail", "title": "Theme", "value": "light",
              "choices": [{ "value": "light", "title": "Light" }, { "value": "dark", "title": "Dark" }] },
            { "key": "legacy", "type": "switch", "title": "Legacy",
              "deprecated": { "en": "Use Focus instead.", "ko": "집중 모드를 쓰세요." } }
          ]
        }
      ]
    }
    """

  struct Fixture {
    let directory: TemporaryDirectory
    var v1: String { directory.file("v1.json") }
    var v2: String { directory.file("v2.json") }
    var store: String { directory.file("s.json") }

    init() throws {
      directory = try TemporaryDirectory()
      try directory.write("v1.json", EvolutionCommandTests.version1)
      try directory.write("v2.json", EvolutionCommandTests.version2)
    }

    func run(_ document: String, _ arguments: [String], stdin: String? = nil, store: String? = nil)
      -> CommandOutcome
    {
      runCLI(["-f", document, "--store", store ?? self.store] + arguments, stdin: stdin)
    }
  }

  /// The issue's "done when", with the real binary: a version-1 store reads intact under version
  /// 2, `check` reports it before and is clean after `--fix`, and a dump loads into an empty store
  /// byte for byte.
  @Test func aVersion1StoreMovesToVersion2AndRoundTripsThroughDumpAndLoad() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let (v1, v2, store) = (fixture.v1, fixture.v2, fixture.store)
    func binary(_ arguments: [String], stdin: String? = nil) throws -> CommandOutcome {
      try runBinary(arguments, environment: ["HOME": fixture.directory.path], stdin: stdin)
    }
    #expect(
      try binary(["-f", v1, "--store", store, "set", "airplane=on", "dnd=on", "roaming=off", "theme=dark"])
        == CommandOutcome(status: 0, stdout: "", stderr: ""))
    let version1Store = try fixture.directory.read("s.json")
    #expect(
      version1Store == """
        {
          "airplane": true,
          "dnd": true,
          "roaming": false,
          "theme": "dark"
        }

        """)
    for (key, value) in [("airplane", "on"), ("focus", "on"), ("cellular.roaming", "off"), ("theme", "dark")]
    {
      #expect(try binary(["-f", v2, "--store", store, "get", key]).stdout == value + "\n")
    }
    #expect(
      try binary(["-f", v2, "--store", store, "check"])
        == CommandOutcome(
          status: 1,
          stdout: """
            \(store): "dnd" is now "focus"; its value moves on the next write
            \(store): "roaming" is now "cellular.roaming"; its value moves on the next write

            """, stderr: ""))
    #expect(try fixture.directory.read("s.json") == version1Store)
    #expect(
      try binary(["-f", v2, "--store", store, "check", "--fix"])
        == CommandOutcome(
          status: 0,
          stdout: """
            \(store): "dnd" is now "focus"; its value moves on the next write
            \(store): "roaming" is now "cellular.roaming"; its value moves on the next write
            fix: move "dnd" to "focus"
            fix: move "roaming" to "cellular.roaming"
            \(store): clean

            """, stderr: ""))
    #expect(
      try binary(["-f", v2, "--store", store, "check"])
        == CommandOutcome(status: 0, stdout: "\(store): clean\n", stderr: ""))
    let version2Store = try fixture.directory.read("s.json")
    #expect(
      version2Store == """
        {
          "airplane": true,
          "cellular.roaming": false,
          "focus": true,
          "theme": "dark"
        }

        """)
    // dump → load into an empty store reproduces the same bytes.
    let dump = try binary(["-f", v2, "--store", store, "dump"])
    #expect(dump == CommandOutcome(status: 0, stdout: version2Store ?? "", stderr: ""))
    let empty = fixture.directory.file("empty.json")
    #expect(
      try binary(["-f", v2, "--store", empty, "load", "-"], stdin: dump.stdout)
        == CommandOutcome(
          status: 0,
          stdout: """
            added airplane: true
            added cellular.roaming: false
            added focus: true
            added theme: "dark"

            """, stderr: ""))
    #expect(try fixture.directory.read("empty.json") == version2Store)
    #expect(try binary(["-f", v2, "--store", empty, "dump"]).stdout == dump.stdout)
    // A dump of the version-1 store loads into version 2 through renamedFrom, to the same bytes.
    try fixture.directory.write("old.json", version1Store ?? "")
    let old = try binary(["-f", v1, "--store", fixture.directory.file("old.json"), "dump"])
    let fresh = fixture.directory.file("fresh.json")
    #expect(try binary(["-f", v2, "--store", fresh, "load", "-"], stdin: old.stdout).status == 0)
    #expect(try fixture.directory.read("fresh.json") == version2Store)
  }

  @Test func checkFindsEveryKindAndFixDropsUnknownKeysOnlyWhenAsked() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    try fixture.directory.write(
      "s.json", #"{"dnd": true, "focus": false, "legacy": true, "old": 1, "theme": "sepia"}"#)
    let store = fixture.store
    let findings = """
      \(store):1:54: unknown key "old"; the document has no such item
      \(store):1:66: stored value of "theme" is "sepia"; expected one of "light", "dark"; using the default "light"
      \(store): "dnd" is now "focus"; "focus" is set too, so it is ignored
      "legacy" is deprecated: Use Focus instead.

      """
    #expect(fixture.run(fixture.v2, ["check"]) == CommandOutcome(status: 1, stdout: findings, stderr: ""))
    #expect(
      fixture.run(fixture.v2, ["check", "--drop-unknown"])
        == CommandOutcome(
          status: 64, stdout: "",
          stderr: """
            Error: '--drop-unknown' applies only with '--fix'
            Usage: settings check [--fix] [--drop-unknown] [--message TEXT] [--json]
            See 'settings help check' for more information.

            """))
    #expect(
      fixture.run(fixture.v2, ["check", "--fix", "--drop-unknown"])
        == CommandOutcome(
          status: 1,
          stdout: findings + """
            fix: remove unknown key "old"
            fix: remove "theme": "sepia"
            fix: remove "dnd"

            """, stderr: ""))
    // What is left is the deprecated item that is set: reported, never removed.
    #expect(try fixture.directory.read("s.json") == "{\n  \"focus\": false,\n  \"legacy\": true\n}\n")
    let json = fixture.run(fixture.v2, ["check", "--json"])
    #expect(json.status == 1)
    #expect(
      json.stdout.contains(
        #""deprecated": [\#n    {\#n      "key": "legacy",\#n      "message": "Use Focus instead.""#))
    #expect(fixture.run(fixture.v2, ["reset", "legacy"]).status == 0)
    #expect(
      fixture.run(fixture.v2, ["check"]) == CommandOutcome(status: 0, stdout: "\(store): clean\n", stderr: "")
    )
  }

  @Test func checkJSONSaysWhetherFixLeftTheStoreClean() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    try fixture.directory.write("s.json", #"{"dnd": true, "x": 1}"#)
    let outcome = fixture.run(fixture.v2, ["check", "--fix", "--json"])
    #expect(outcome.status == 1)
    #expect(
      outcome.stdout == """
        {
          "clean": false,
          "cleanAfterFix": false,
          "deprecated": [],
          "fixed": true,
          "invalidValues": [],
          "locked": [],
          "renamedKeys": [
            {
              "from": "dnd",
              "read": true,
              "to": "focus",
              "value": true
            }
          ],
          "store": "\(fixture.store)",
          "unknownKeys": [
            {
              "column": 20,
              "key": "x",
              "line": 1,
              "value": 1
            }
          ]
        }

        """)
    #expect(try fixture.directory.read("s.json") == "{\n  \"focus\": true,\n  \"x\": 1\n}\n")
  }

  @Test func aStoreThatDoesNotParseIsExit65() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    try fixture.directory.write("s.json", "[1]")
    let outcome = fixture.run(fixture.v2, ["check"])
    #expect(outcome.status == 65)
    #expect(outcome.stdout == "")
    #expect(outcome.stderr.hasPrefix("Error: \(fixture.store)"))
    #expect(fixture.run(fixture.directory.file("none.json"), ["check"]).status == 66)
  }

  @Test func aDeprecatedItemIsMarkedDescribedAndWarnedAboutButStillSet() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let set = fixture.run(fixture.v2, ["set", "legacy", "on"])
    #expect(
      set
        == CommandOutcome(
          status: 0, stdout: "", stderr: "Warning: 'legacy' is deprecated: Use Focus instead.\n"))
    #expect(fixture.run(fixture.v2, ["get", "legacy"]).stdout == "on\n")
    #expect(
      fixture.run(fixture.v2, ["--locale", "ko", "toggle", "legacy"]).stderr
        == "Warning: 'legacy' is deprecated: 집중 모드를 쓰세요.\n")
    let show = fixture.run(fixture.v2, ["show", "--width", "40"])
    #expect(show.stdout.hasSuffix("\n* Legacy (deprecated)                off\n"))
    #expect(
      fixture.run(fixture.v2, ["describe", "legacy"]).stdout.contains("\ndeprecated:  Use Focus instead.\n"))
    #expect(
      fixture.run(fixture.v2, ["describe", "focus"]).stdout.contains("\nrenamed from:  dnd\n"))
    #expect(
      fixture.run(fixture.v2, ["describe", "legacy", "--json"]).stdout.contains(
        "\n  \"deprecated\": \"Use Focus instead.\",\n"))
    #expect(
      fixture.run(fixture.v2, ["show", "--json"]).stdout.contains(
        "\"deprecated\": \"Use Focus instead.\",\n          \"key\": \"legacy\""))
  }

  @Test func loadRefusesAllOrNothingAndDryRunWritesNothing() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let file = try fixture.directory.write(
      "in.json", #"{"airplane": "maybe", "bogus": 1, "focus": "on", "theme": "Dark"}"#)
    #expect(
      fixture.run(fixture.v2, ["load", file])
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: """
            Error: \(file):1:14: invalid value "maybe" for 'airplane'; expected true or false
            Error: \(file):1:32: unknown key 'bogus'

            """))
    #expect(try fixture.directory.read("s.json") == nil)
    #expect(
      fixture.run(fixture.v2, ["load", "--dry-run", file])
        == CommandOutcome(
          status: 1,
          stdout: """
            added focus: true
            added theme: "dark"
            refused airplane: invalid value "maybe" for 'airplane'; expected true or false
            refused bogus: unknown key 'bogus'

            """, stderr: ""))
    try fixture.directory.write("in.json", #"{"focus": "on", "theme": "Dark", "bogus": 1}"#)
    #expect(
      fixture.run(fixture.v2, ["load", "--keep-unknown", file])
        == CommandOutcome(
          status: 0, stdout: "added bogus: 1\nadded focus: true\nadded theme: \"dark\"\n", stderr: ""))
    try fixture.directory.write("in.json", #"{"airplane": true}"#)
    #expect(
      fixture.run(fixture.v2, ["load", "--replace", "--dry-run", file])
        == CommandOutcome(
          status: 0, stdout: "added airplane: true\nremoved bogus\nremoved focus\nremoved theme\n", stderr: ""
        ))
    #expect(fixture.run(fixture.v2, ["load", "--replace", file]).status == 0)
    #expect(try fixture.directory.read("s.json") == "{\n  \"airplane\": true\n}\n")
  }

  @Test func anEarlierKeyOnTheCommandLineSuggestsTheItemsKeyNow() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(
      fixture.run(fixture.v2, ["set", "dnd", "on"])
        == CommandOutcome(status: 1, stdout: "", stderr: "Error: unknown key 'dnd'; did you mean 'focus'?\n"))
  }

  @Test func loadInputErrors() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(
      runCLI(["-f", "-", "--store", fixture.store, "load", "-"], stdin: Self.version2)
        == CommandOutcome(
          status: 64, stdout: "",
          stderr: """
            Error: Standard input cannot hold both the document and the file to load
            Usage: settings load FILE [--replace] [--dry-run] [--keep-unknown]
                                 [--message TEXT] [--json]
            See 'settings help load' for more information.

            """))
    let missing = fixture.directory.file("missing.json")
    #expect(
      fixture.run(fixture.v2, ["load", missing])
        == CommandOutcome(
          status: 66, stdout: "", stderr: "Error: '\(missing)' does not exist; check the path\n"))
    let broken = try fixture.directory.write("broken.json", "{\"a\": tru}")
    let parsed = fixture.run(fixture.v2, ["load", broken])
    #expect(parsed.status == 65)
    #expect(parsed.stderr.hasPrefix("Error: \(broken):1:7: "))
    let list = try fixture.directory.write("list.json", "[true]")
    #expect(
      fixture.run(fixture.v2, ["load", list])
        == CommandOutcome(
          status: 65, stdout: "",
          stderr: "Error: \(list): expected a JSON object of keys and values; found an array\n"))
  }
}
