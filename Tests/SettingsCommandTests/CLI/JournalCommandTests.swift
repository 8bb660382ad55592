import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The journal on a file store, with the real binary: every change journaled beside the store,
/// `history`, `undo`, and the journal agreeing with the store after a kill at each step.
@Suite(.serialized)
struct JournalCommandTests {
  static let document = """
    {
      "id": "phone",
      "sections": [
        {
          "items": [
            { "key": "airplane", "type": "switch", "title": "Airplane Mode" },
            { "key": "wifi", "type": "switch", "title": "Wi-Fi", "on": true,
              "enabledWhen": { "airplane": false } },
            { "key": "theme", "type": "rightDetail", "title": "Theme", "value": "light",
              "choices": [{ "value": "light", "title": "Light" }, { "value": "dark", "title": "Dark" }] },
            { "key": "pin", "type": "textField", "title": "PIN", "secure": true }
          ]
        }
      ]
    }
    """

  struct Fixture {
    let directory: TemporaryDirectory
    var store: String { directory.file("s.json") }
    var journal: String { directory.file("s.json.journal") }

    init() throws {
      directory = try TemporaryDirectory()
      try directory.write("doc.json", JournalCommandTests.document)
    }

    /// Runs the binary on the document and the store, with `$USER` set to `alice`, in a UTF-8 locale.
    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CommandOutcome {
      try runBinary(
        ["-f", directory.file("doc.json"), "--store", store] + arguments,
        environment: ["HOME": directory.path, "USER": "alice", "LANG": "C.UTF-8"].merging(environment) { $1 })
    }

    /// The login name of the user the tests run as, which the journal records whatever `$USER`
    /// says (`run` sets it to `alice`).
    static let loginName: String = {
      guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return "?" }
      return String(cString: name)
    }()

    /// `run`, with times, host names and process ids replaced by `TIME`, `HOST` and `PID`, and
    /// the login name of the user the tests run as by `USER`.
    func history(_ arguments: [String] = []) throws -> CommandOutcome {
      let outcome = try run(["history"] + arguments)
      return CommandOutcome(
        status: outcome.status, stdout: Self.normalized(outcome.stdout), stderr: outcome.stderr)
    }

    static func normalized(_ text: String) -> String {
      text.replacingOccurrences(
        of: #"\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ"#, with: "TIME", options: .regularExpression
      )
      .replacingOccurrences(
        of: #"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{9}Z"#, with: "TIME", options: .regularExpression
      )
      .replacingOccurrences(
        of: #"@[^ ]+ \(settings \d+\)"#, with: "@HOST (settings PID)", options: .regularExpression
      )
      .replacingOccurrences(of: "\(loginName)@HOST", with: "USER@HOST")
      .replacingOccurrences(of: #""user": "\#(loginName)""#, with: #""user": "USER""#)
      .replacingOccurrences(of: #""pid": \d+"#, with: "\"pid\": 0", options: .regularExpression)
      .replacingOccurrences(of: #""host": "[^"]*""#, with: "\"host\": \"HOST\"", options: .regularExpression)
    }

    /// Whether every line of the journal is a record (no torn line), its last entry's after-digest
    /// being the store's: the two agree.
    func journalLines() throws -> [String] {
      (try directory.read("s.json.journal") ?? "").split(separator: "\n").map(String.init)
    }
  }

  /// The help says how many changes the journal keeps as docs/GUIDE.md does: 1000, and up to 1100
  /// before the oldest are trimmed.
  @Test func historyHelpSaysHowManyChangesTheJournalKeeps() throws {
    let help = try runBinary(["history", "--help"])
    #expect(help.status == 0)
    let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      text.contains(
        "The journal keeps the newest 1000 changes, and up to 1100 before it trims the oldest "
          + "($SETTINGS_JOURNAL_LIMIT sets the 1000 for a file store, a tenth more before trimming; "
          + "0 keeps none)."), "\(help.stdout)")
    #expect(!text.contains("the last 1000 changes"))
  }

  @Test func eachKindOfChangeIsJournaledAndHistoryListsThemNewestFirst() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.run(["set", "theme", "dark", "--message", "easier on the eyes"]).status == 0)
    #expect(try fixture.run(["toggle", "airplane"]).stdout == "on\n")
    #expect(try fixture.run(["reset", "airplane"]).status == 0)
    try fixture.directory.write("load.json", #"{"theme": "light", "wifi": false}"#)
    #expect(try fixture.run(["load", "--replace", fixture.directory.file("load.json")]).status == 0)
    #expect(
      try fixture.history()
        == CommandOutcome(
          status: 0,
          stdout: """
            change 4  TIME  USER@HOST (settings PID)  load
              theme (Theme): dark (Dark) → light (Light)
              wifi (Wi-Fi): (default) → off

            change 3  TIME  USER@HOST (settings PID)  reset
              airplane (Airplane Mode): on → (default)

            change 2  TIME  USER@HOST (settings PID)  toggle
              airplane (Airplane Mode): (default) → on

            change 1  TIME  USER@HOST (settings PID)  set
                easier on the eyes
              theme (Theme): (default) → dark (Dark)

            """, stderr: ""))
    #expect(
      try fixture.history(["theme", "-n", "1", "--json"])
        == CommandOutcome(
          status: 0,
          stdout: """
            [
              {
                "changes": [
                  {
                    "after": "light",
                    "before": "dark",
                    "key": "theme",
                    "title": "Theme"
                  }
                ],
                "host": "HOST",
                "how": "load",
                "pid": 0,
                "program": "settings",
                "seq": 4,
                "time": "TIME",
                "user": "USER"
              }
            ]

            """, stderr: ""))
    #expect(
      try fixture.history(["--since", "1h", "--until", "now", "-n", "1"]).stdout.hasPrefix("change 4 "))
    let why = try fixture.run(["why", "theme"]).stdout
    #expect(
      Fixture.normalized(String(why.split(separator: "\n").last ?? ""))
        == "last change: change 4  TIME  USER@HOST (settings PID)  load")
    let describe = try fixture.run(["describe", "airplane"]).stdout
    #expect(
      Fixture.normalized(String(describe.split(separator: "\n").last ?? ""))
        == "last change: change 3  TIME  USER@HOST (settings PID)  reset")
    #expect(
      try fixture.history(["--until", "2000-01-01"]) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(try fixture.history(["--since", "tomorrowish"]).status == 64)
  }

  @Test func undoTakesBackSetToggleResetAllAndLoadReplaceAndUndoingAnUndoRedoes() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.run(["set", "theme=dark", "wifi=off"]).status == 0)
    #expect(try fixture.run(["toggle", "airplane"]).status == 0)
    #expect(
      try fixture.run(["undo"])
        == CommandOutcome(
          status: 0, stdout: "undid change 2\n  airplane (Airplane Mode): on → (default)\n", stderr: ""))
    #expect(try fixture.run(["get", "airplane"]).stdout == "off\n")
    #expect(
      try fixture.run(["undo"]).stdout == "undid change 3\n  airplane (Airplane Mode): (default) → on\n")
    #expect(try fixture.run(["get", "airplane"]).stdout == "on\n")
    // Wi-Fi is disabled while airplane mode is on: putting both back is refused as `set` refuses it.
    #expect(try fixture.run(["reset", "--all"]).status == 0)
    #expect(
      try fixture.run(["undo"]).stderr
        == "Error: 'wifi' is disabled (off while Airplane Mode is on); the value this command gives 'airplane' "
        + "disables it; leave 'wifi' out, or set it first while 'airplane' allows it\n")
    #expect(try fixture.directory.read("s.json") == "{}\n")
    #expect(try fixture.run(["set", "theme=dark", "wifi=off", "airplane=off"]).status == 0)
    #expect(try fixture.run(["reset", "--all"]).status == 0)
    #expect(try fixture.run(["undo", "--message", "oops"]).status == 0)
    #expect(
      try fixture.directory.read("s.json")
        == "{\n  \"airplane\": false,\n  \"theme\": \"dark\",\n  \"wifi\": false\n}\n")
    try fixture.directory.write("load.json", #"{"theme": "light"}"#)
    #expect(try fixture.run(["load", "--replace", fixture.directory.file("load.json")]).status == 0)
    #expect(try fixture.run(["undo"]).status == 0)
    #expect(
      try fixture.directory.read("s.json")
        == "{\n  \"airplane\": false,\n  \"theme\": \"dark\",\n  \"wifi\": false\n}\n")
    #expect(
      try fixture.history(["-n", "1"]).stdout.hasPrefix("change 10  TIME  USER@HOST (settings PID)  undo\n"))
  }

  @Test func undoIsRefusedByALaterChangeUnlessForcedAndByALock() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.run(["set", "theme", "dark"]).status == 0)
    #expect(try fixture.run(["set", "theme", "light"]).status == 0)
    #expect(
      try fixture.run(["undo", "1"])
        == CommandOutcome(
          status: 1,
          stdout: "",
          stderr: """
            Error: 'theme' changed again after change 1, in change 2 (set); nothing was changed; give --force to undo it anyway, or 'settings history' to see both

            """))
    // Forced, change 1 puts back the override it replaced (none): the default, light.
    #expect(
      try fixture.run(["undo", "1", "--force"])
        == CommandOutcome(
          status: 0, stdout: "undid change 1\n  theme (Theme): light (Light) → (default)\n", stderr: ""))
    #expect(try fixture.directory.read("s.json") == "{}\n")
    #expect(try fixture.run(["set", "theme", "dark"]).status == 0)
    #expect(try fixture.run(["set", "theme", "light"]).status == 0)
    try FileManager.default.createDirectory(
      atPath: fixture.directory.file("sys/settings"), withIntermediateDirectories: true)
    try fixture.directory.write("sys/settings/phone.json", #"{"locked": {"theme": "Set by IT"}}"#)
    let locked = try fixture.run(["undo"], environment: ["XDG_CONFIG_DIRS": fixture.directory.file("sys")])
    #expect(locked.status != 0)
    #expect(locked.stderr.hasPrefix("Error: 'theme' is locked"))
    #expect(try fixture.run(["get", "theme"]).stdout == "light\n")
  }
}

extension JournalCommandTests {
  @Test func undoToATimePutsManyKeysBackAndOnlyTheKeysGiven() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.run(["set", "theme=dark", "wifi=off"]).status == 0)
    let lines = try fixture.journalLines()
    let then = try #require(lines.last?.split(separator: "\"time\":\"").last?.prefix(30))
    #expect(try fixture.run(["set", "theme=light", "airplane=on"]).status == 0)
    #expect(
      try fixture.run(["undo", "theme", "--to", String(then)]).stdout
        == "undid change 2\n  theme (Theme): light (Light) → dark (Dark)\n")
    #expect(try fixture.run(["undo", "--to", "2000-01-01T00:00Z"]).status == 0)
    #expect(try fixture.directory.read("s.json") == "{}\n")
  }

  @Test func aHandEditIsJournaledAsOutsideAndATornLineOrAWriteThatNeverLandedIsNotShown() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.run(["set", "theme", "dark"]).status == 0)
    try fixture.directory.write("s.json", "{\"theme\": \"light\", \"wifi\": false}\n")
    // Its author is not known: whoever noticed it is not named.
    let expected = """
      change 2  TIME  author unknown  outside
        theme (Theme): dark (Dark) → light (Light)
        wifi (Wi-Fi): (default) → off

      """
    #expect(try fixture.history(["-n", "1"]).stdout == expected)
    #expect(
      try fixture.history(["-n", "1", "--json"]).stdout == """
        [
          {
            "changes": [
              {
                "after": "light",
                "before": "dark",
                "key": "theme",
                "title": "Theme"
              },
              {
                "after": false,
                "key": "wifi",
                "title": "Wi-Fi"
              }
            ],
            "how": "outside",
            "seq": 2,
            "time": "TIME"
          }
        ]

        """)
    // The read recorded it, with no author.
    let recorded = try #require(try fixture.journalLines().last)
    #expect(recorded.contains(#""how":"outside""#) && !recorded.contains(#""user""#))
    #expect(try fixture.run(["set", "airplane", "off"]).status == 0)
    #expect(try fixture.history(["-n", "2"]).stdout.hasSuffix(expected))
    // A write killed after its entry was appended but before the store was replaced: the entry's
    // before-digest is the store's, so it never counts; a torn line after it is ignored.
    let good = try fixture.directory.read("s.json.journal") ?? ""
    #expect(
      try fixture.run(["set", "theme", "dark"], environment: ["SETTINGS_TEST_KILL_AT": "after-journal"])
        .status != 0)
    try fixture.directory.write(
      "s.json.journal", (try fixture.directory.read("s.json.journal") ?? "") + #"{"changes":{"thr"#)
    #expect(
      try fixture.history(["-n", "1"]).stdout.hasPrefix("change 3  TIME  USER@HOST (settings PID)  set\n"))
    #expect(try fixture.run(["set", "theme", "dark"]).status == 0)
    let rewritten = try fixture.journalLines()
    #expect(rewritten.count == good.split(separator: "\n").count + 1)
    #expect(rewritten.last?.contains(#""seq":4"#) == true)
  }

  /// A kill at each step of a journaled write leaves the store and the journal agreeing: the
  /// history shows the change exactly when the store holds it, and the next write goes on.
  @Test(arguments: ["after-journal", "after-store"])
  func aWriterKilledAtEachStepLeavesStoreAndJournalAgreeing(step: String) throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.run(["set", "theme", "dark"]).status == 0)
    let killed = try fixture.run(["set", "airplane", "on"], environment: ["SETTINGS_TEST_KILL_AT": step])
    #expect(killed.status != 0)
    let landed = step == "after-store"
    #expect(try fixture.run(["get", "airplane"]).stdout == (landed ? "on\n" : "off\n"))
    #expect(try fixture.history(["-n", "1"]).stdout.contains(landed ? "airplane" : "theme"))
    #expect(try fixture.run(["set", "theme", "light"]).status == 0)
    #expect(
      try fixture.history().stdout.components(separatedBy: "\nchange ").count == (landed ? 3 : 2))
    #expect(try fixture.history().stdout.contains("outside") == false)
  }

  @Test func theJournalIsTrimmedToItsLimitWithABase() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    for index in 0..<13 {
      #expect(
        try fixture.run(
          ["set", "theme", index % 2 == 0 ? "dark" : "light"], environment: ["SETTINGS_JOURNAL_LIMIT": "10"]
        )
        .status == 0)
    }
    let lines = try fixture.journalLines()
    // 10 kept plus a tenth (1) before trimming: at the 12th entry it went back to 10 and a base.
    #expect(lines.count == 12)
    let digest: String =
      lines[1].components(separatedBy: "\"digestBefore\":").last.map { String($0.prefix(18)) } ?? ""
    // The base holds since entry 2, the last folded into it.
    let base: String =
      #"{"base":{"theme":"light"},"digest":"# + digest + #","secure":[],"seq":2,"time":"TIME"}"#
    #expect(lines.first.map(Fixture.normalized) == base)
    #expect(try fixture.history().stdout.hasPrefix("change 13 "))
    // Before that the values are not known: refused, all of it.
    let since = try #require(lines.first?.components(separatedBy: #""time":""#).last?.prefix(30))
    #expect(
      try fixture.run(["undo", "--to", "2000-01-01"])
        == CommandOutcome(
          status: 1, stdout: "",
          stderr:
            "Error: the journal no longer knows the values at 2000-01-01T00:00:00.000000000Z: it knows them "
            + "from \(since) on; nothing was changed; give a time from \(since) on, or 'settings undo ID' to take "
            + "back one change\n"))
    #expect(try fixture.run(["get", "theme"]).stdout == "dark\n")
    #expect(try fixture.run(["undo", "--to", String(since)]).status == 0)
    #expect(try fixture.run(["get", "theme"]).stdout == "light\n")
  }

  @Test func aSecretsTextNeverReachesTheJournalWhichTakesMode0600() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.run(["set", "pin", "s3cr3t-1234"]).status == 0)
    #expect(try fixture.run(["set", "pin", "other-5678"]).status == 0)
    let bytes = try #require(FileManager.default.contents(atPath: fixture.journal))
    #expect(String(decoding: bytes, as: UTF8.self).contains("s3cr3t") == false)
    #expect(String(decoding: bytes, as: UTF8.self).contains("5678") == false)
    let mode = try FileManager.default.attributesOfItem(atPath: fixture.journal)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    #expect(
      try fixture.history().stdout == """
        change 2  TIME  USER@HOST (settings PID)  set
          pin (PIN): •••••••• → ••••••••

        change 1  TIME  USER@HOST (settings PID)  set
          pin (PIN): (default) → ••••••••

        """)
    #expect(try fixture.run(["undo"]).stderr.hasPrefix("Error: 'pin' holds secure text, whose earlier value"))
    #expect(try fixture.run(["undo", "1", "--force"]).status == 0)
    #expect(try fixture.directory.read("s.json") == "{}\n")
  }
}

extension JournalCommandTests {
  /// A journal that exists but cannot be read is never replaced: every write refuses, naming it
  /// and what would fix it, and so does `history` (without "nothing was written": it only reads);
  /// once it is moved away, a new journal starts, which knows nothing before it.
  @Test func aJournalThatCannotBeReadIsNeverReplacedAndADeletedOneStartsAgain() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.run(["set", "theme", "dark"]).status == 0)
    try FileManager.default.removeItem(atPath: fixture.journal)
    try FileManager.default.createDirectory(atPath: fixture.journal, withIntermediateDirectories: false)
    let refused = CommandOutcome(
      status: 74, stdout: "",
      stderr:
        "Error: cannot read the store's journal '\(fixture.journal)': it is a directory; nothing was written, "
        + "as a journal that cannot be read is never replaced; make it a file settings can read, or move it "
        + "away to start a new journal (without the history)\n")
    #expect(try fixture.run(["set", "theme", "light"]) == refused)
    #expect(try fixture.run(["undo"]) == refused)
    // `history` only reads: nothing was to be written.
    #expect(
      try fixture.run(["history"])
        == CommandOutcome(
          status: 74, stdout: "",
          stderr:
            "Error: cannot read the store's journal '\(fixture.journal)': it is a directory; make it a file "
            + "settings can read, or move it away to start a new journal (without the history)\n"))
    #expect(try fixture.run(["get", "theme"]).stdout == "dark\n")
    try FileManager.default.removeItem(atPath: fixture.journal)
    try FileManager.default.createSymbolicLink(atPath: fixture.journal, withDestinationPath: fixture.journal)
    #expect(
      try fixture.run(["set", "theme", "light"]).stderr
        == "Error: cannot read the store's journal '\(fixture.journal)': too many levels of symbolic links "
        + "(errno 40); nothing was written, as a journal that cannot be read is never replaced; make it a file "
        + "settings can read, or move it away to start a new journal (without the history)\n")
    #expect(try fixture.run(["get", "theme"]).stdout == "dark\n")
    try FileManager.default.removeItem(atPath: fixture.journal)
    #expect(try fixture.run(["set", "theme", "light"]).status == 0)
    #expect(
      try fixture.history().stdout == """
        change 1  TIME  USER@HOST (settings PID)  set
          theme (Theme): dark (Dark) → light (Light)

        """)
    let refusedBefore = try fixture.run(["undo", "--to", "2000-01-01"])
    #expect(refusedBefore.status == 1)
    #expect(refusedBefore.stderr.hasPrefix("Error: the journal no longer knows the values at 2000-01-01"))
    #expect(try fixture.run(["undo"]).status == 0)
    #expect(try fixture.run(["get", "theme"]).stdout == "dark\n")
  }
}
