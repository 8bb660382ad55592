import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsWeb

/// Text fields, numbers, sliders, multiple choice and secure text from the command line (issue
/// 13, items 2 to 5): every message pinned, values kept in their JSON types and exact.
@Suite(.serialized)
struct ValueTypesTests {
  static let document = """
    {
      "id": "app",
      "sections": [
        {
          "items": [
            { "key": "name", "type": "textField", "title": "Name", "value": "Kim", "maxLength": 20,
              "description": "The name other devices see" },
            { "key": "server", "type": "textField", "title": "Server", "value": "", "placeholder": "host:port",
              "pattern": "[a-z0-9.-]+:[0-9]{1,5}", "patternMessage": "must look like host:port" },
            { "key": "password", "type": "textField", "title": "Password", "secure": true },
            { "key": "volume", "type": "number", "title": "Volume", "value": 40, "min": 0, "max": 100,
              "step": 5, "unit": "%" },
            { "key": "ratio", "type": "number", "title": "Ratio", "value": 0, "min": 0, "max": 1, "step": 0.1 },
            { "key": "big", "type": "number", "title": "Big", "value": 9007199254740993 },
            { "key": "brightness", "type": "slider", "title": "Brightness", "value": 50, "min": 0, "max": 100 },
            { "key": "languages", "type": "rightDetail", "title": "Languages", "multiple": true, "value": ["en"],
              "choices": [{ "value": "en", "title": "English" }, { "value": "ko", "title": "한국어" },
                          { "value": "ja", "title": "日本語" }] },
            { "key": "sounds", "type": "switch", "title": "Sounds", "on": true }
          ]
        }
      ]
    }
    """

  struct Fixture {
    let directory: TemporaryDirectory
    var storePath: String { directory.file("s.json") }

    init() throws {
      directory = try TemporaryDirectory()
      _ = try directory.write("doc.json", ValueTypesTests.document)
    }

    func run(_ arguments: [String]) -> CommandOutcome {
      runCLI(["-f", directory.file("doc.json"), "--store", storePath] + arguments)
    }

    var store: String? { try? directory.read("s.json") }
  }

  @Test(arguments: [
    (["set", "volume", "150"], "Error: volume: 150 is above the maximum 100\n"),
    (["set", "volume", "-5"], "Error: volume: -5 is below the minimum 0\n"),
    (
      ["set", "volume", "42"],
      "Error: volume: 42 is not on a step: expected 0 plus a whole number of steps of 5, such as 40 or 45\n"
    ),
    (["set", "name", "Kim's phone with a long name"], "Error: name: at most 20 characters (got 28)\n"),
    (["set", "server", "example.com"], "Error: server: must look like host:port\n"),
    (
      ["set", "ratio", "0,5"], "Error: ratio: '0,5' has a decimal comma; write a decimal point, such as 0.5\n"
    ),
    (
      ["set", "ratio", "half"],
      "Error: ratio: 'half' is not a number; write digits with an optional '.', such as 2.5\n"
    ),
    (
      ["set", "ratio", "1e-1"],
      "Error: ratio: '1e-1' has an exponent; write the number out, such as 0.1\n"
    ),
    (["set", "big", "1.5E3"], "Error: big: '1.5E3' has an exponent; write the number out, such as 1500\n"),
    (
      ["set", "ratio", "NaN"],
      "Error: ratio: 'NaN' is not a number; write digits with an optional '.', such as 2.5\n"
    ),
    (["set", "languages", "en,fr"], "Error: languages: 'fr' is not one of the choices: en, ko, ja\n"),
    (["set", "languages", "en,ko,EN"], "Error: languages: 'EN' is given twice\n"),
    (["set", "languages", "--add", "fr"], "Error: languages: 'fr' is not one of the choices: en, ko, ja\n"),
    (
      ["set", "volume", "--add", "5"],
      "Error: 'volume' is not a multiple choice item; only those add and remove values\n"
    ),
  ])
  func refusedValuesSayWhatIsAccepted(arguments: [String], expected: String) throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let outcome = fixture.run(arguments)
    #expect(outcome == CommandOutcome(status: 1, stdout: "", stderr: expected))
    #expect(fixture.store == nil)
  }

  @Test func valuesAreStoredInTheirJSONTypesAndReadBackExactly() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(fixture.run(["set", "ratio", "0.3"]).status == 0)
    #expect(fixture.run(["set", "big", "9007199254740995"]).status == 0)
    #expect(fixture.run(["set", "name", "Kim's phone"]).status == 0)
    #expect(fixture.run(["set", "languages", "ko, EN"]).status == 0)
    #expect(fixture.run(["set", "brightness", "75"]).status == 0)
    #expect(
      fixture.store == """
        {
          "big": 9007199254740995,
          "brightness": 75,
          "languages": [
            "en",
            "ko"
          ],
          "name": "Kim's phone",
          "ratio": 0.3
        }

        """)
    #expect(fixture.run(["get", "ratio"]).stdout == "0.3\n")
    #expect(fixture.run(["get", "big"]).stdout == "9007199254740995\n")
    #expect(fixture.run(["get", "languages"]).stdout == "en,ko\n")
    #expect(fixture.run(["get", "languages", "--json"]).stdout == "[\n  \"en\",\n  \"ko\"\n]\n")
    #expect(fixture.run(["get", "ratio", "--json"]).stdout == "0.3\n")
    #expect(fixture.run(["get", "name", "--json"]).stdout == "\"Kim's phone\"\n")
  }

  @Test func aValueWrittenAsOneTenthReadsBackByteIdentical() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    _ = try fixture.directory.write("s.json", "{\n  \"ratio\": 0.1\n}\n")
    #expect(fixture.run(["get", "ratio"]) == CommandOutcome(status: 0, stdout: "0.1\n", stderr: ""))
    #expect(fixture.run(["set", "volume", "45"]).status == 0)
    #expect(fixture.store == "{\n  \"ratio\": 0.1,\n  \"volume\": 45\n}\n")
  }

  @Test func addAndRemoveChangeOneValueAsGitConfigAddAndUnsetDo() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(fixture.run(["set", "languages", "--add", "日本語"]).status == 0)
    #expect(fixture.run(["get", "languages"]).stdout == "en,ja\n")
    #expect(fixture.run(["set", "languages", "--add", "ko"]).status == 0)
    #expect(fixture.run(["get", "languages"]).stdout == "en,ko,ja\n")
    #expect(
      fixture.run(["set", "languages", "--remove", "EN", "--json"]).stdout == """
        [
          {
            "key": "languages",
            "new": [
              "ko",
              "ja"
            ],
            "old": [
              "en",
              "ko",
              "ja"
            ]
          }
        ]

        """)
    // Adding a chosen value or removing one not chosen changes nothing.
    #expect(fixture.run(["set", "languages", "--add", "ko", "--json"]).stdout == "[]\n")
    #expect(fixture.run(["set", "languages", "--remove", "en", "--json"]).stdout == "[]\n")
    #expect(fixture.run(["set", "languages", ""]).status == 0)
    #expect(fixture.run(["get", "languages", "--json"]).stdout == "[]\n")
    #expect(
      fixture.run(["set", "languages", "ko", "--add", "en"])
        == CommandOutcome(
          status: 64, stdout: "",
          stderr: "Error: --add takes one KEY and no VALUE argument\n"
            + "Usage: settings set KEY VALUE | KEY=VALUE... [--add VALUE] [--remove VALUE]\n"
            + "                    [--message TEXT] [--json]\n"
            + "See 'settings help set' for more information.\n"))
  }

  /// A second `--add` would replace the first: refused rather than dropped.
  @Test func addGivenTwiceIsRefused() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(
      fixture.run(["set", "languages", "--add", "ko", "--add", "ja"])
        == CommandOutcome(
          status: 64, stdout: "",
          stderr: "Error: '--add' is given twice; it takes one value (set KEY a,b sets the whole set)\n"
            + "Usage: settings set KEY VALUE | KEY=VALUE... [--add VALUE] [--remove VALUE]\n"
            + "                    [--message TEXT] [--json]\n"
            + "See 'settings help set' for more information.\n"))
    #expect(fixture.run(["set", "languages", "--remove=en", "--remove", "ko"]).status == 64)
    #expect(fixture.store == nil)
  }

  /// The compiled cache's partial documents know the secure text fields, so a write through the
  /// cache narrows a 0644 store holding a secret as a full load does.
  @Test func aStoreHoldingASecretIsNarrowedThroughTheCompiledCache() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    // The cache trusts no source modified within 2 s of its reading: no such window here.
    let environment = [
      "HOME": fixture.directory.path, "XDG_CACHE_HOME": fixture.directory.file("cache"),
      "SETTINGS_TEST_RACY_WINDOW_NS": "0",
    ]
    func run(_ arguments: [String]) -> CommandOutcome {
      runCLI(
        ["-f", fixture.directory.file("doc.json"), "--store", fixture.storePath] + arguments,
        environment: environment)
    }
    func mode() throws -> Int? {
      try FileManager.default.attributesOfItem(atPath: fixture.storePath)[.posixPermissions] as? Int
    }
    #expect(run(["set", "password", "hunter2"]).status == 0)
    for volume in ["10", "20"] {
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: fixture.storePath)
      #expect(run(["set", "volume", volume]).status == 0)
      #expect(try mode() == 0o600)
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: fixture.directory.file("cache/settings")).count == 1
    )
  }

  @Test func addAndRemoveRespectALock() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    try FileManager.default.createDirectory(
      atPath: fixture.directory.file("system/settings"), withIntermediateDirectories: true)
    _ = try fixture.directory.write("system/settings/app.json", #"{"locked": {"languages": "Managed"}}"#)
    let system = fixture.directory.file("system/settings/app.json")
    let outcome = runCLI(
      [
        "-f", fixture.directory.file("doc.json"), "--store", fixture.storePath, "set", "languages", "--add",
        "ko",
      ],
      environment: ["XDG_CONFIG_DIRS": fixture.directory.file("system")])
    #expect(
      outcome
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: "Error: 'languages' is locked by \(system): Managed; 'settings why languages' explains it\n"
        ))
    #expect(fixture.store == nil)
  }

  @Test func severalAssignmentsAcrossTypesAreAllOrNothing() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let refused = fixture.run(["set", "name=Lee", "volume=55", "sounds=off", "ratio=2"])
    #expect(
      refused == CommandOutcome(status: 1, stdout: "", stderr: "Error: ratio: 2 is above the maximum 1\n"))
    #expect(fixture.store == nil)
    #expect(fixture.run(["set", "name=Lee", "volume=55", "sounds=off", "languages=ja,ko"]).status == 0)
    #expect(
      fixture.store == """
        {
          "languages": [
            "ko",
            "ja"
          ],
          "name": "Lee",
          "sounds": false,
          "volume": 55
        }

        """)
  }

  @Test func setAndResetWithJSONMaskASecureValueAsWatchDoes() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(fixture.run(["set", "password", "hunter2"]).status == 0)
    #expect(
      fixture.run(["set", "password=s3cret", "volume=10", "--json"])
        == CommandOutcome(
          status: 0,
          stdout: """
            [
              {
                "key": "password",
                "new": "••••••••",
                "old": "••••••••"
              },
              {
                "key": "volume",
                "new": 10,
                "old": 40
              }
            ]

            """, stderr: ""))
    #expect(
      fixture.run(["reset", "password", "--json"]).stdout == """
        [
          {
            "key": "password",
            "new": "",
            "old": "••••••••"
          }
        ]

        """)
    #expect(fixture.run(["set", "name", "Lee", "--json"]).stdout.contains(#""old": "Kim""#))
  }

  @Test func secureTextIsMaskedEverywhereButGetAndKeptInAPrivateFile() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(fixture.run(["set", "password", "hunter2"]).status == 0)
    let mode = try FileManager.default.attributesOfItem(atPath: fixture.storePath)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(fixture.run(["get", "password"]).stdout == "hunter2\n")
    let show = fixture.run(["show", "--width", "40"]).stdout
    #expect(show.contains("* Password                      ••••••••\n"))
    #expect(!show.contains("hunter2"))
    #expect(
      fixture.run(["show", "--width", "40", "--reveal"]).stdout.contains(
        "* Password                       hunter2\n"))
    #expect(!fixture.run(["list"]).stdout.contains("hunter2"))
    #expect(fixture.run(["list", "--reveal"]).stdout.contains("hunter2"))
    #expect(!fixture.run(["describe", "password"]).stdout.contains("hunter2"))
    #expect(!fixture.run(["describe", "password", "--json"]).stdout.contains("hunter2"))
    #expect(!fixture.run(["show", "--json"]).stdout.contains("hunter2"))
    #expect(fixture.run(["show", "--json", "--reveal"]).stdout.contains(#""value": "hunter2""#))
    #expect(fixture.run(["show", "--json"]).stdout.contains(#""description": "The name other devices see""#))
    #expect(fixture.run(["find", "hunter"]).status == 1)
    // A store that was 0644 is narrowed on the next write while it holds the secret.
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: fixture.storePath)
    #expect(fixture.run(["set", "volume", "10"]).status == 0)
    let narrowed =
      try FileManager.default.attributesOfItem(atPath: fixture.storePath)[.posixPermissions] as? Int
    #expect(narrowed == 0o600)
  }

  @Test func showJSONCarriesEachValueItemsRules() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let outcome = fixture.run(["show", "--json"])
    #expect(outcome.status == 0)
    // A screen drawn from the JSON needs a slider's range, a field's placeholder and secure flag.
    #expect(
      outcome.stdout.contains(
        """
                {
                  "key": "server",
                  "modified": false,
                  "pattern": "[a-z0-9.-]+:[0-9]{1,5}",
                  "patternMessage": "must look like host:port",
                  "placeholder": "host:port",
                  "source": "default",
                  "title": "Server",
                  "type": "textField",
                  "value": ""
                },
                {
                  "key": "password",
                  "modified": false,
                  "secure": true,
                  "source": "default",
                  "title": "Password",
                  "type": "textField",
                  "value": ""
                },
                {
                  "key": "volume",
                  "max": 100,
                  "min": 0,
                  "modified": false,
                  "source": "default",
                  "step": 5,
                  "title": "Volume",
                  "type": "number",
                  "unit": "%",
                  "value": 40
                },

        """))
    #expect(outcome.stdout.contains("\"multiple\": true,\n"))
  }

  @Test func listAndDescribeShowWhatEachItemAccepts() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(
      fixture.run(["list"]).stdout == """
        KEY         TYPE                                        VALUE             DEFAULT           MODIFIED  SOURCE
        name        textField (at most 20 characters)           Kim               Kim               no        default
        server      textField (pattern [a-z0-9.-]+:[0-9]{1,5})                                      no        default
        password    textField (secure)                                                              no        default
        volume      number (from 0 to 100, step 5, unit %)      40                40                no        default
        ratio       number (from 0 to 1, step 0.1)              0                 0                 no        default
        big         number                                      9007199254740993  9007199254740993  no        default
        brightness  slider (from 0 to 100)                      50                50                no        default
        languages   rightDetail (multiple)                      en                en                no        default
        sounds      switch                                      on                on                no        default

        """)
    #expect(
      fixture.run(["describe", "volume"]).stdout == """
        key:       volume
        title:     Volume
        type:      number
        where:     app › section 1, row 4
        accepts:   a number from 0 to 100 in steps of 5
        unit:      %
        default:   40 %
        value:     40 %
        modified:  no
        source:    default
        enabled:   yes
        visible:   yes

        """)
    #expect(
      fixture.run(["describe", "name"]).stdout == """
        key:          name
        title:        Name
        type:         textField
        where:        app › section 1, row 1
        description:  The name other devices see
        accepts:      text of at most 20 characters
        default:      Kim
        value:        Kim
        modified:     no
        source:       default
        enabled:      yes
        visible:      yes

        """)
    #expect(fixture.run(["find", "other devices"]).stdout == "name  app › Name\n")
  }

  @Test func aStoredValueOutOfRangeReadsAsTheDefaultWithAWarning() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    _ = try fixture.directory.write(
      "s.json",
      "{\n  \"volume\": 150,\n  \"ratio\": 0.35,\n  \"name\": \"\(String(repeating: "x", count: 21))\",\n  \"sounds\": false\n}\n"
    )
    let outcome = fixture.run(["get", "volume"])
    #expect(
      outcome
        == CommandOutcome(
          status: 0, stdout: "40\n",
          stderr: "Warning: \(fixture.storePath):2:13: stored value of \"volume\" is 150; expected a number "
            + "from 0 to 100 in steps of 5; using the default 40; 'settings reset volume' removes it\n"))
    #expect(fixture.run(["get", "ratio"]).stdout == "0\n")
    #expect(fixture.run(["get", "name"]).stdout == "Kim\n")
    #expect(fixture.run(["get", "sounds"]).stdout == "off\n")
  }

  /// A stored set that repeats a value is quoted as it stands, with the default it reads as.
  @Test func aStoredSetWithARepeatedValueIsQuotedInItsWarning() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    _ = try fixture.directory.write("s.json", #"{"languages": ["ko", "ko"]}"#)
    #expect(
      fixture.run(["get", "languages"])
        == CommandOutcome(
          status: 0, stdout: "en\n",
          stderr:
            "Warning: \(fixture.storePath):1:15: stored value of \"languages\" is [\"ko\", \"ko\"]; expected "
            + "any of \"en\", \"ko\", \"ja\", each at most once; using the default [\"en\"]; "
            + "'settings reset languages' removes it\n"))
  }
}
