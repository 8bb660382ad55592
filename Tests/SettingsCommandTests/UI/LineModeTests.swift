import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// `settings ui` in line mode: the real binary reading commands from a pipe, or from a
/// keyboard through a pseudo-terminal; golden transcripts of every kind of row and every action.
@Suite(.serialized)
struct LineModeTests {
  /// A document with a row of every kind and state: a switch with an icon, a text, a secure text,
  /// a number with a unit, a slider, a single and a multiple choice, a child page, a row that a
  /// condition dims, a locked row, a rejected stored value, a deprecated row, a collapsible section
  /// and a paginated one.
  static let document = """
    {
      "version": 1, "id": "rows", "title": "Rows",
      "sections": [
        {
          "header": "Kinds", "footer": "Every kind of row.",
          "items": [
            { "key": "wifi", "type": "switch", "title": "Wi-Fi", "on": true, "imageName": "wifi" },
            { "key": "name", "type": "textField", "title": "Name", "value": "Kim", "maxLength": 8 },
            { "key": "secret", "type": "textField", "title": "Password", "secure": true, "placeholder": "Required" },
            { "key": "lock-after", "type": "number", "title": "Lock After", "value": 5, "min": 1, "max": 60,
              "unit": "min" },
            { "key": "volume", "type": "slider", "title": "Volume", "value": 50, "min": 0, "max": 100, "step": 10 },
            { "key": "theme", "type": "rightDetail", "title": "Theme", "value": "light",
              "choices": [ { "value": "light", "title": "Light" }, { "value": "dark", "title": "Dark" } ] },
            { "key": "languages", "type": "rightDetail", "title": "Languages", "multiple": true, "value": ["en"],
              "choices": [ { "value": "en", "title": "English" }, { "value": "ko", "title": "한국어" } ] },
            { "key": "more", "type": "detailTitle", "title": "More",
              "page": { "sections": [ { "items": [ { "key": "deep", "type": "switch", "title": "Deep", "on": false } ] } ] } },
            { "key": "hotspot", "type": "switch", "title": "Hotspot", "on": false, "enabledWhen": { "wifi": true } },
            { "key": "managed", "type": "switch", "title": "Managed", "on": false },
            { "key": "count", "type": "number", "title": "Count", "value": 1 },
            { "key": "old", "type": "switch", "title": "Old", "on": false, "deprecated": "use Wi-Fi" }
          ]
        },
        { "id": "extra", "header": "Extra", "collapsible": true,
          "items": [ { "key": "alpha", "type": "switch", "title": "Alpha", "on": false } ] },
        { "id": "list", "header": "List", "pageSize": 2,
          "items": [
            { "key": "one", "type": "switch", "title": "One", "on": false },
            { "key": "two", "type": "switch", "title": "Two", "on": false },
            { "key": "three", "type": "switch", "title": "Three", "on": false }
          ] }
      ]
    }
    """

  /// A folder with the document, a system file that locks `managed`, and a store whose `count` is
  /// not a number.
  struct Fixture {
    let directory: TemporaryDirectory
    let document: String
    var lockFile: String { directory.file("system/settings/rows.json") }
    var environment: [String: String] {
      [
        "HOME": directory.file("home"), "XDG_CONFIG_DIRS": directory.file("system"),
        "SETTINGS_STORE": directory.file("store.json"), "LANG": "C",
      ]
    }

    init() throws {
      directory = try TemporaryDirectory()
      document = try directory.write("rows.json", LineModeTests.document)
      try FileManager.default.createDirectory(
        atPath: directory.file("system/settings"), withIntermediateDirectories: true)
      _ = try directory.write("system/settings/rows.json", #"{"locked": {"managed": "Managed by IT"}}"#)
      _ = try directory.write("store.json", #"{"count": "x"}"#)
    }

    /// `settings ui` with `input` on standard input (a pipe) and `arguments` before `ui`.
    func run(_ input: String, _ arguments: [String] = []) throws -> CommandOutcome {
      try runBinary(["-f", document] + arguments + ["ui"], environment: environment, stdin: input)
    }
  }

  static let opening =
    "Settings, line mode. Type a row's number to select it, an empty line for Enter, ? for help, q to quit."

  /// The top page as the line mode lists it, the lock file's path given.
  static func page(_ lockFile: String) -> [String] {
    [
      "Page Rows, 16 rows:",
      "Section Kinds:",
      "1. Wi-Fi: on. Enter turns it off.",
      "2. Name: Kim. Enter edits it.",
      "3. Password: empty (Required). Secure. Enter edits it.",
      "4. Lock After: 5 min. Enter edits it.",
      "5. Volume: 50, slider from 0 to 100. Enter edits it.",
      "6. Theme: Light. Enter lists its choices.",
      "7. Languages: English. Enter lists its choices.",
      "8. More. Enter opens its page.",
      "9. Hotspot: off. Enter turns it on.",
      "10. Managed: off. Locked by \(lockFile): Managed by IT. Enter does nothing: it cannot be changed now.",
      "11. Count: 1. Stored value \"x\" rejected: expected a number (a whole number); the default is used. "
        + "Enter edits it.",
      "12. Old: off. Deprecated: use Wi-Fi. Enter turns it on.",
      "Note: Every kind of row.",
      "13. Extra: section, closed, 1 item. Enter opens it.",
      "Section List:",
      "14. One: off. Enter turns it on.",
      "15. Two: off. Enter turns it on.",
      "16. More: 1 not shown yet. Enter loads them.",
    ]
  }

  /// Every row kind says its number, title, value, state in words and what Enter does;
  /// the end of the input quits with 0, and nothing holds an escape sequence.
  @Test func everyKindOfRowIsOneLineInWords() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let outcome = try fixture.run("")
    #expect(outcome.status == 0)
    #expect(outcome.stderr == "")
    #expect(
      outcome.stdout == ([Self.opening] + Self.page(fixture.lockFile) + ["Quit."]).joined(separator: "\n")
        + "\n")
    #expect(!outcome.stdout.contains("\u{1B}"))
  }

  /// Switches (with the row that they dim), text, secure text, numbers (with a refusal), a slider,
  /// single and multiple choices, a locked row, a rejected value reset, `=` on a switch: each
  /// change is the changed rows' lines, each refusal one line; the store holds what was set.
  @Test func valuesChangeAndRefusalsAreOneLineEach() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let input = [
      "1", "", "+", "2", "", "Lee", "3", "", "hunter2", "4", "=90", "+", "5", "-", "6", "", "2", "+", "7", "",
      "2",
      "1", "b", "10", "", "11", "r", "12", "=on", "q", "1",
    ]
    let outcome = try fixture.run(input.joined(separator: "\n") + "\n")
    let lock = fixture.lockFile
    let expected = [
      "1. Wi-Fi: on. Enter turns it off.",
      "1. Wi-Fi: off. Changed. Enter turns it on.",
      "9. Hotspot: off. Dimmed: off while Wi-Fi is off. Enter does nothing: it cannot be changed now.",
      "1. Wi-Fi: on. Changed. Enter turns it off.",
      "9. Hotspot: off. Enter turns it on.",
      "2. Name: Kim. Enter edits it.",
      "Editing Name, now Kim: type the new value; an empty line keeps it.",
      "2. Name: Lee. Changed. Enter edits it.",
      "3. Password: empty (Required). Secure. Enter edits it.",
      "Editing Password, now empty (Required): type the new value (not shown as you type it); an empty line "
        + "keeps it.",
      "Password set.",
      "4. Lock After: 5 min. Enter edits it.",
      "Refused: lock-after: 90 is above the maximum 60.",
      "4. Lock After: 6 min. Changed. Enter edits it.",
      "5. Volume: 50, slider from 0 to 100. Enter edits it.",
      "5. Volume: 40, slider from 0 to 100. Changed. Enter edits it.",
      "6. Theme: Light. Enter lists its choices.",
      "Choices of Theme, one of 2:",
      "1. Light. Chosen.",
      "2. Dark.",
      "Type a number to choose, b to go back.",
      "6. Theme: Dark. Changed. Enter lists its choices.",
      "6. Theme: Light. Changed. Enter lists its choices.",
      "7. Languages: English. Enter lists its choices.",
      "Choices of Languages, any number of 2:",
      "1. English. Chosen.",
      "2. 한국어.",
      "Type a number to add or remove that choice, b when done.",
      "7. Languages: English, 한국어. Changed. Enter lists its choices.",
      "7. Languages: 한국어. Changed. Enter lists its choices.",
      "Back on page Rows. 7. Languages: 한국어. Changed. Enter lists its choices.",
      "10. Managed: off. Locked by \(lock): Managed by IT. Enter does nothing: it cannot be changed now.",
      "Refused: Managed is locked by \(lock): Managed by IT.",
      "11. Count: 1. Stored value \"x\" rejected: expected a number (a whole number); the default is used. "
        + "Enter edits it.",
      "Count is at its default.",
      "11. Count: 1. Enter edits it.",
      "12. Old: off. Deprecated: use Wi-Fi. Enter turns it on.",
      "12. Old: on. Changed. Deprecated: use Wi-Fi. Enter turns it off.",
      "Quit.",
    ]
    #expect(outcome.status == 0)
    #expect(outcome.stdout == ([Self.opening] + Self.page(lock) + expected).joined(separator: "\n") + "\n")
    #expect(!outcome.stdout.contains("\u{1B}"))
    // Nothing after q is read; the store holds each change.
    for (key, value) in [
      ("name", "Lee"), ("languages", "ko"), ("old", "on"), ("lock-after", "6"), ("volume", "40"),
    ] {
      let got = try runBinary(["-f", fixture.document, "get", key], environment: fixture.environment)
      #expect(got.stdout == value + "\n", "\(key)")
    }
    #expect(try fixture.directory.read("store.json")?.contains(#""secret": "hunter2""#) == true)
  }

  /// From a keyboard (a pseudo-terminal with `TERM=dumb`, the terminal in its own line mode): a
  /// change made elsewhere is one line, with the line of the row it dims; a child page, a section,
  /// "load more", search, help and refusals; and not one escape sequence in all the output.
  /// A refused value keeps the edit open: the next line is another value, not a command (a
  /// fresh user's "120", refused, then "2" selected row 2 and turned Wi-Fi over).
  @Test func aRefusedValueKeepsTheEditOpen() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let outcome = try fixture.run(["4", "", "120", "10", "q"].joined(separator: "\n") + "\n")
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    let start = try #require(lines.lastIndex(of: "4. Lock After: 5 min. Enter edits it."), "\(outcome)")
    #expect(
      Array(lines[start...].prefix(5)) == [
        "4. Lock After: 5 min. Enter edits it.",
        // The range and step, in the words of a refused value.
        "Editing Lock After, a number from 1 to 60 in steps of 1, now 5 min: type the new value; an empty "
          + "line keeps it.",
        "Refused: lock-after: 120 is above the maximum 60.",
        "Still editing Lock After: type another value; an empty line keeps it (5 min).",
        "4. Lock After: 10 min. Changed. Enter edits it.",
      ])
    #expect(try fixture.directory.read("store.json")?.contains(#""lock-after": 10"#) == true)
    #expect(try fixture.directory.read("store.json")?.contains("wifi") == false)
  }

  /// A search that loads rows to reach its match lists the page again: the row numbers moved (a
  /// fresh user's remembered "27 = More" toggled an app instead).
  @Test func aSearchThatMovesTheRowNumbersListsThePageAgain() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let outcome = try runBinary(
      ["-f", examplePath("app-notifications.json"), "ui"],
      environment: ["HOME": directory.path, "SETTINGS_STORE": directory.file("s.json"), "LANG": "C"],
      stdin: "/지갑\nq\n")
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    let found = try #require(lines.firstIndex(of: "Match 1 of 1: 알림 > 지갑; n: next"), "\(outcome)")
    #expect(
      Array(lines[(found - 4)..<found]) == [
        "27. More: 230 not shown yet. Enter loads them.", "Note: 앱 목록은 apps.jsonl 에서 한 페이지씩 읽습니다.",
        "1 row matches '지갑':", "알림 > 지갑",
      ])
    #expect(lines[found + 1] == "Page 알림, 30 rows:")
    #expect(lines.dropLast().last?.hasPrefix("Selected: ") == true)
    #expect(lines.last == "Quit.")
  }

  /// A command that changes nothing is answered: a reader hears that it was taken.
  @Test func aCommandThatChangesNothingSaysSo() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let outcome = try fixture.run(["1", "=on", "+", "q"].joined(separator: "\n") + "\n")
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.suffix(4)) == [
        "1. Wi-Fi: on. Enter turns it off.",
        // =on stores the value as an override (as set does), and says so.
        "Wi-Fi stays on, now stored.",
        "No change: 1. Wi-Fi: on. Changed. Enter turns it off.",
        "Quit.",
      ], "\(outcome)")
  }

  /// "Load more" says only the rows it brought in, with their numbers, then the selected row (it
  /// listed the whole page again, and did not say where the selection went).
  @Test func loadMoreSaysOnlyTheRowsBroughtIn() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let outcome = try fixture.run(["16", "", "q"].joined(separator: "\n") + "\n")
    #expect(
      outcome.stdout
        == ([Self.opening] + Self.page(fixture.lockFile) + [
          "16. More: 1 not shown yet. Enter loads them.",
          "Loaded 1 more row:",
          "16. Three: off. Enter turns it on.",
          "Selected: 16. Three: off. Enter turns it on.",
          "Quit.",
        ]).joined(separator: "\n") + "\n")
  }

  /// "Load more" in a section that other rows follow says the rows brought in, then the numbers
  /// the rows after them have now, in one line (it said "Loaded 3 more rows:" then listed 24
  /// rows: the 3 new ones and every renumbered row of the next section).
  @Test func loadMoreSaysTheRenumberedRowsInOneLine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let outcome = try runBinary(
      ["-f", examplePath("app-notifications.json"), "ui"],
      environment: ["HOME": directory.path, "SETTINGS_STORE": directory.file("s.json"), "LANG": "C"],
      stdin: "6\n\nq\n")
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.suffix(8)) == [
        "6. More: 4 not shown yet. Enter loads them.",
        "Loaded 3 more rows:",
        "6. 음악: off. Enter turns it on.",
        "7. 카메라: off. Enter turns it on.",
        "8. 지도: on. Enter turns it off.",
        "Rows after them are now numbered 9 to 30.",
        "Selected: 6. 음악: off. Enter turns it on.",
        "Quit.",
      ], "\(outcome)")
  }

  /// Refusals said alike: a row number too large for a number is a row that is not there, as -1
  /// is (it was "not a command"); `l` in a list of choices lists them again, as the help says it
  /// lists the page (it was refused, and the refusal did not name it); `r` on a section's row has
  /// no value to reset, as `=x` there has none to set (it was "No change: 13. Extra: section…");
  /// `=+4` is refused in the words of `settings set lock-after +4`, and `= 3` taken as 3, as `set`
  /// takes them.
  @Test func refusalsAreSaidAlike() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let input = [
      "99999999999999999999999", "-1", "6", "", "l", "x", "b", "13", "r", "=x", "4", "=+4", "= 3", "q",
    ]
    let outcome = try fixture.run(input.joined(separator: "\n") + "\n")
    let choices = [
      "Choices of Theme, one of 2:",
      "1. Light. Chosen.",
      "2. Dark.",
      "Type a number to choose, b to go back.",
    ]
    let expected =
      [
        "Refused: there is no row 99999999999999999999999; this page has 16.",
        "Refused: there is no row -1; this page has 16.",
        "6. Theme: Light. Enter lists its choices.",
      ] + choices + choices + [
        "Refused: type a number from 1 to 2, l to list the choices again, or b.",
        "Back on page Rows. 6. Theme: Light. Enter lists its choices.",
        "13. Extra: section, closed, 1 item. Enter opens it.",
        "Refused: the selected row has no value.",
        "Refused: the selected row has no value.",
        "4. Lock After: 5 min. Enter edits it.",
        "Refused: lock-after: '+4' is not a number; write digits with an optional '.', such as 2.5.",
        "4. Lock After: 3 min. Changed. Enter edits it.",
        "Quit.",
      ]
    #expect(
      outcome.stdout == ([Self.opening] + Self.page(fixture.lockFile) + expected).joined(separator: "\n")
        + "\n",
      "\(outcome)")
    let set = try runBinary(
      ["-f", fixture.document, "set", "lock-after", "+4"], environment: fixture.environment)
    #expect(
      set.stderr
        == "Error: lock-after: '+4' is not a number; write digits with an optional '.', such as 2.5\n")
  }

  /// A reset and a lock are said by the item's title, not its key (`count is at its default`,
  /// `Refused: managed is locked by …` before).
  @Test func resetAndLockAreSaidByTheTitle() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let outcome = try fixture.run(["10", "r", "11", "r", "1", "", "r", "q"].joined(separator: "\n") + "\n")
    let lock = fixture.lockFile
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(
      Array(lines.suffix(12)) == [
        "10. Managed: off. Locked by \(lock): Managed by IT. Enter does nothing: it cannot be changed now.",
        "Refused: Managed is locked by \(lock): Managed by IT.",
        "11. Count: 1. Stored value \"x\" rejected: expected a number (a whole number); the default is used. "
          + "Enter edits it.",
        "Count is at its default.",
        "11. Count: 1. Enter edits it.",
        "1. Wi-Fi: on. Enter turns it off.",
        "1. Wi-Fi: off. Changed. Enter turns it on.",
        "9. Hotspot: off. Dimmed: off while Wi-Fi is off. Enter does nothing: it cannot be changed now.",
        "Wi-Fi reset to its default.",
        "1. Wi-Fi: on. Enter turns it off.",
        "9. Hotspot: off. Enter turns it on.",
        "Quit.",
      ], "\(outcome)")
  }

  /// Right-to-left titles and values are isolated (FSI U+2068 … PDI U+2069), as the full screen and
  /// `show` isolate them, so that a Hebrew title does not reorder the words around it.
  @Test func rightToLeftTextIsIsolated() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try directory.write(
      "rtl.json",
      """
      { "version": 1, "id": "rtl", "title": "הגדרות", "sections": [ { "header": "כללי", "items": [
        { "key": "wifi", "type": "switch", "title": "אינטרנט אלחוטי", "on": true },
        { "key": "lang", "type": "rightDetail", "title": "Language", "value": "ar",
          "choices": [ { "value": "ar", "title": "العربية" }, { "value": "en", "title": "English" } ] }
      ] } ] }
      """)
    let outcome = try runBinary(
      ["-f", document, "ui"],
      environment: ["HOME": directory.path, "SETTINGS_STORE": directory.file("s.json"), "LANG": "C"],
      stdin: "1\n2\n\nb\n")
    #expect(
      outcome.stdout
        == [
          Self.opening,
          "Page \u{2068}הגדרות\u{2069}, 2 rows:",
          "Section \u{2068}כללי\u{2069}:",
          "1. \u{2068}אינטרנט אלחוטי\u{2069}: on. Enter turns it off.",
          "2. Language: \u{2068}العربية\u{2069}. Enter lists its choices.",
          "1. \u{2068}אינטרנט אלחוטי\u{2069}: on. Enter turns it off.",
          "2. Language: \u{2068}العربية\u{2069}. Enter lists its choices.",
          "Choices of Language, one of 2:",
          "1. \u{2068}العربية\u{2069}. Chosen.",
          "2. English.",
          "Type a number to choose, b to go back.",
          "Back on page \u{2068}הגדרות\u{2069}. 2. Language: \u{2068}العربية\u{2069}. Enter lists its choices.",
          "Quit.",
        ].joined(separator: "\n") + "\n", "\(outcome)")
  }

  /// `/TEXT` says how many rows match and where each is, then which match is selected; `n` says
  /// which match it went to; no match is said as one plain sentence.
  @Test func aSearchSaysHowManyRowsMatch() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let outcome = try fixture.run(["/na", "n", "n", "/zzz", "n", "q"].joined(separator: "\n") + "\n")
    #expect(
      outcome.stdout
        == ([Self.opening] + Self.page(fixture.lockFile) + [
          "2 rows match 'na':",
          "Rows > Name",
          "Rows > Managed",
          "Match 1 of 2: Rows > Name; n: next",
          "Selected: 2. Name: Kim. Enter edits it.",
          "Match 2 of 2: Rows > Managed; n: next",
          "Selected: 10. Managed: off. Locked by \(fixture.lockFile): Managed by IT. Enter does nothing: it "
            + "cannot be changed now.",
          "Match 1 of 2: Rows > Name; n: next",
          "Selected: 2. Name: Kim. Enter edits it.",
          // It said "No match for zzz" (and a match "1 of 1: …", without how many rows matched).
          "No row matches 'zzz'.",
          "Match 2 of 2: Rows > Managed; n: next",
          "Selected: 10. Managed: off. Locked by \(fixture.lockFile): Managed by IT. Enter does nothing: it "
            + "cannot be changed now.",
          "Quit.",
        ]).joined(separator: "\n") + "\n", "\(outcome)")
  }

  @Test func aKeyboardWorksAndAChangeElsewhereIsOneLine() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    var environment = fixture.environment
    environment["TERM"] = "dumb"
    let terminal = try PseudoTerminal(
      arguments: ["-f", fixture.document, "ui"], environment: environment, width: 80, height: 24)
    #expect(terminal.waitFor(text: "16. More: 1 not shown yet. Enter loads them."))
    let set = try runBinary(["-f", fixture.document, "set", "wifi", "off"], environment: fixture.environment)
    #expect(set.status == 0)
    #expect(terminal.waitFor(text: "Wi-Fi: off, changed elsewhere."))
    #expect(
      terminal.waitFor(
        text: "9. Hotspot: off. Dimmed: off while Wi-Fi is off. Enter does nothing: it cannot be changed now."
      ))
    for line in ["8", "", "1", "", "b", "13", "", "17", "", "/thr", "n", "?", "u", "zz", "b", "q"] {
      terminal.send(line + "\r")
      // Each answer before the next line, so that the terminal's echo and the answers alternate.
      terminal.pump(milliseconds: 200)
    }
    #expect(terminal.waitForExit() == 0)
    let transcript = String(decoding: terminal.transcript, as: UTF8.self)
    #expect(!terminal.transcript.contains(0x1B))
    // The typed lines are the terminal's echo; what the screen said follows each.
    let opened = try #require(transcript.range(of: "16. More: 1 not shown yet. Enter loads them.\r\n"))
    let said = transcript[opened.upperBound...].replacingOccurrences(of: "\r\n", with: "\n")
    #expect(
      said.contains(
        """
        8
        8. More. Enter opens its page.

        Page Rows > More, 1 row:
        1. Deep: off. Enter turns it on.
        1
        1. Deep: off. Enter turns it on.

        1. Deep: on. Changed. Enter turns it off.
        b
        Page Rows, 16 rows:
        """))
    #expect(
      said.contains(
        """
        13
        13. Extra: section, closed, 1 item. Enter opens it.

        Page Rows, 17 rows:
        """))
    #expect(said.contains("14. Alpha: off. Enter turns it on.\nSection List:\n15. One: off."))
    #expect(
      said.contains(
        """
        17
        17. More: 1 not shown yet. Enter loads them.

        Loaded 1 more row:
        17. Three: off. Enter turns it on.
        Selected: 17. Three: off. Enter turns it on.
        /thr
        1 row matches 'thr':
        Rows > Three
        Match 1 of 1: Rows > Three; n: next
        Selected: 17. Three: off. Enter turns it on.
        n
        Match 1 of 1: Rows > Three; n: next
        Selected: 17. Three: off. Enter turns it on.
        ?
        Commands, one a line:
        """))
    #expect(
      said.contains(
        """
        u
        Undid change 2: Deep on → off
        zz
        Refused: zz is not a command; ? lists them.
        b
        Refused: this is the top page.
        q
        """))
  }

  /// When the line mode is chosen: the flag, `ACCESSIBLE` (not empty, not 0), `TERM=dumb`, or
  /// either standard stream not a terminal.
  @Test(
    arguments: [
      (false, [:], true, true, false),
      (true, [:], true, true, true),
      (false, ["ACCESSIBLE": "1"], true, true, true),
      (false, ["ACCESSIBLE": "yes"], true, true, true),
      (false, ["ACCESSIBLE": "0"], true, true, false),
      (false, ["ACCESSIBLE": ""], true, true, false),
      (false, ["TERM": "dumb"], true, true, true),
      (false, ["TERM": "xterm-256color"], true, true, false),
      (false, [:], false, true, true),
      (false, [:], true, false, true),
    ] as [(Bool, [String: String], Bool, Bool, Bool)])
  func theLineModeIsChosen(
    accessible: Bool, environment: [String: String], input: Bool, output: Bool, expected: Bool
  ) {
    #expect(
      UICommand.usesLineMode(
        accessible: accessible, environment: environment, inputIsTerminal: input, outputIsTerminal: output)
        == expected)
  }

  /// `ACCESSIBLE=1` on a terminal that could draw the full screen: the line mode, and not one
  /// escape sequence (no alternate screen, no cursor, no colour); the terminal's modes untouched.
  @Test func accessibleOnATerminalSendsNoEscapeSequence() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    var environment = fixture.environment
    environment["TERM"] = "xterm-256color"
    environment["ACCESSIBLE"] = "1"
    let terminal = try PseudoTerminal(
      arguments: ["-f", fixture.document, "ui"], environment: environment, width: 80, height: 24)
    #expect(terminal.waitFor(text: "16. More: 1 not shown yet. Enter loads them."))
    #expect(sameModes(terminal.currentModes(), terminal.originalModes))
    terminal.send("1\r")
    #expect(terminal.waitFor(text: "1. Wi-Fi: on. Enter turns it off.\r\n"))
    terminal.send("q\r")
    #expect(terminal.waitForExit() == 0)
    #expect(!terminal.transcript.contains(0x1B))
  }

  /// The document changed on disk: one line says so, and the rows that changed with it are said
  /// again; a value asked for before is of the old document, so the next line is a command.
  @Test func aNewVersionOfTheDocumentIsSaid() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    var environment = fixture.environment
    environment["TERM"] = "dumb"
    let terminal = try PseudoTerminal(
      arguments: ["-f", fixture.document, "ui"], environment: environment, width: 80, height: 24)
    #expect(terminal.waitFor(text: "16. More: 1 not shown yet. Enter loads them."))
    terminal.send("2\r\r")
    #expect(terminal.waitFor(text: "Editing Name, now Kim"))
    let renamed = Self.document.replacingOccurrences(of: #""title": "Name""#, with: #""title": "Full Name""#)
    let temporary = try fixture.directory.write("rows.json.new", renamed)
    #expect(rename(temporary, fixture.document) == 0)
    #expect(terminal.waitFor(text: "The document changed on disk and was reloaded."))
    #expect(terminal.waitFor(text: "2. Full Name: Kim. Enter edits it."))
    // The system file's lock stays on the new version (it was lost once: the screen was rebuilt on
    // the user's store alone).
    #expect(!terminal.rows[0].contains("10. Managed: off. Enter turns it on."))
    terminal.send("l\r")
    #expect(terminal.waitFor(text: "Page Rows, 16 rows:\r\nSection Kinds:\r\n1. Wi-Fi"))
    terminal.send("q\r")
    #expect(terminal.waitForExit() == 0)
    #expect(
      try runBinary(["-f", fixture.document, "get", "name"], environment: fixture.environment).stdout
        == "Kim\n")
  }

  /// A reload that changes a default says so before the value it changed, and one whose new
  /// version does not open (its items file gone) says why, though the value's line follows.
  @Test func aReloadIsSaidThoughAValueItChangedFollows() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let original = try String(contentsOfFile: examplePath("app-notifications.json"), encoding: .utf8)
    let document = try directory.write("app-notifications.json", original)
    _ = try directory.write(
      "apps.jsonl", try String(contentsOfFile: examplePath("apps.jsonl"), encoding: .utf8))
    let environment = [
      "HOME": directory.path, "SETTINGS_STORE": directory.file("store.json"), "TERM": "dumb",
      "XDG_CACHE_HOME": directory.file("cache"), "LANG": "ko_KR.UTF-8",
    ]
    let terminal = try PseudoTerminal(
      arguments: ["-f", document, "ui"], environment: environment, width: 80, height: 24)
    #expect(terminal.waitFor(text: "Enter loads them."))
    func flipped(_ on: Bool) -> String {
      original.replacingOccurrences(
        of: #""title": "예약 요약", "on": false"#, with: #""title": "예약 요약", "on": \#(on)"#)
    }
    try replaceByRename(document, with: flipped(true))
    #expect(
      terminal.waitFor(
        text:
          "The document changed on disk and was reloaded (new defaults: scheduled-summary).\r\n예약 요약: on, changed elsewhere."
      ))
    try FileManager.default.removeItem(atPath: directory.file("apps.jsonl"))
    try replaceByRename(document, with: flipped(false))
    #expect(terminal.waitFor(text: "The document changed on disk but does not open: "))
    terminal.send("q\r")
    #expect(terminal.waitForExit() == 0)
  }

  /// From a keyboard, a secure value is typed without echo (nor is it said back), Ctrl-C there
  /// cancels at once rather than ends the process, and the terminal's modes are back after the line.
  @Test func aSecretIsTypedWithoutEcho() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    var environment = fixture.environment
    environment["TERM"] = "dumb"
    let terminal = try PseudoTerminal(
      arguments: ["-f", fixture.document, "ui"], environment: environment, width: 80, height: 24)
    #expect(terminal.waitFor(text: "16. More: 1 not shown yet. Enter loads them."))
    terminal.send("3\r")
    #expect(terminal.waitFor(text: "3. Password: empty (Required). Secure. Enter edits it.\r\n"))
    terminal.send("\r")
    #expect(
      terminal.waitFor(
        text: "Editing Password, now empty (Required): type the new value (not shown as you type it); "
          + "an empty line keeps it.\r\n"))
    #expect(terminal.currentModes().c_lflag & tcflag_t(ECHO | ISIG) == 0)
    terminal.send("hunter2\r")
    #expect(terminal.waitFor(text: "Password set.\r\n"))
    #expect(sameModes(terminal.currentModes(), terminal.originalModes))
    terminal.send("\r")
    #expect(terminal.waitFor(text: "Editing Password, now set, hidden"))
    // Ctrl-C cancels at once, without Enter (it waited for Enter once: a fresh user's pass).
    terminal.send("hun\u{3}")
    #expect(terminal.waitFor(text: "Kept: 3. Password: set, hidden. Changed. Secure. Enter edits it.\r\n"))
    #expect(sameModes(terminal.currentModes(), terminal.originalModes))
    terminal.send("q\r")
    #expect(terminal.waitForExit() == 0)
    #expect(!String(decoding: terminal.transcript, as: UTF8.self).contains("hunter2"))
    #expect(try fixture.directory.read("store.json")?.contains(#""secret": "hunter2""#) == true)
  }
}
