import Foundation
import Synchronization
import TestSupport
import Testing

/// What a new user found wrong in the journal's records, `undo`'s choice of change, the times
/// `history` and `undo` read, the way a change is said, and the history of a store that does not
/// parse: end to end with the real binary.
extension JournalCommandTests {
  /// A record whose numbers cannot be trusted (an entry number of 2^63 − 1, then of 0, a negative
  /// process id, a time the calendar does not have, a change of another shape) is read as damaged,
  /// as a torn line is: writes and undos go on, and nothing traps.
  @Test(arguments: [
    (#""seq":1,"#, #""seq":9223372036854775807,"#), (#""seq":1,"#, #""seq":0,"#),
    (#""seq":1,"#, #""seq":-9223372036854775808,"#), (#""pid":"#, #""pid":-1,"x":"#),
    (#""time":"2"#, #""time":"2026-02-30T00:00:00Z","x":"2"#), (#"{"after":true}"#, "true"),
    (#"{"after":true}"#, "{}"), (#"{"after":true}"#, #"{"secure":"maybe"}"#),
  ])
  func aRecordThatCannotBeTrustedIsReadAsDamaged(find: String, replace: String) throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.run(["set", "airplane", "on"]).status == 0)
    let journal = try #require(try fixture.directory.read("s.json.journal"))
    let damaged = journal.replacingOccurrences(of: find, with: replace)
    #expect(damaged != journal)
    try fixture.directory.write("s.json.journal", damaged)
    #expect(try fixture.run(["set", "theme", "dark"]) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(
      try fixture.run(["undo"])
        == CommandOutcome(
          status: 0, stdout: "undid change 2\n  theme (Theme): dark (Dark) → (default)\n", stderr: ""))
    // The damaged record is replaced by an entry made outside the tool with what it can tell.
    #expect(
      try fixture.history()
        == CommandOutcome(
          status: 0,
          stdout: """
            change 3  TIME  USER@HOST (settings PID)  undo
              theme (Theme): dark (Dark) → (default)

            change 2  TIME  USER@HOST (settings PID)  set
              theme (Theme): (default) → dark (Dark)

            change 1  TIME  author unknown  outside
              airplane (Airplane Mode): (default) → on

            """, stderr: ""))
  }

  /// Five `undo`s at once, ten times over: each says it undid a change only when it made an entry
  /// that took one back, so every "undid" has its undo entry and its change line.
  @Test func undosAtOnceEachTakeBackTheirOwnChange() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.run(["set", "airplane", "on"]).status == 0)
    var said = 0
    for _ in 0..<10 {
      let outputs = Mutex<[String]>([])
      DispatchQueue.concurrentPerform(iterations: 5) { _ in
        let output = (try? fixture.run(["undo"]))?.stdout ?? ""
        outputs.withLock { $0.append(output) }
      }
      let printed = outputs.withLock { $0.joined(separator: "\u{0}") }.split(separator: "\u{0}")
      for output in printed where output.hasPrefix("undid") {
        said += 1
        #expect(output.contains("airplane (Airplane Mode): "), "\(output)")
      }
    }
    let undoEntries = try fixture.journalLines().filter { $0.contains(#""how":"undo""#) }
    #expect(said == undoEntries.count)
    #expect(said == 50)
  }

  /// A date or time of day the calendar does not have, an offset beyond ±23:59 and a time outside
  /// what the journal holds are refused with 64 and say what is wrong, in every option that takes
  /// a TIME; a change number with `--to` is refused as two targets.
  @Test(arguments: [
    (
      ["undo", "--to", "2026-02-30"], "--to '2026-02-30': 2026-02-30 is not a date: February 2026 has 28 days"
    ),
    (
      ["history", "--since", "2027-04-31"],
      "--since '2027-04-31': 2027-04-31 is not a date: April 2027 has 30 days"
    ),
    (
      ["history", "--until", "2026-12-02T10:00+99:99"],
      "--until '2026-12-02T10:00+99:99': +99:99 is not an offset from UTC: offsets run from -23:59 to +23:59"
    ),
    (
      ["history", "--since", "2026-12-02T24:00"],
      "--since '2026-12-02T24:00': 24:00 is not a time of day: hours run from 00 to 23, minutes and "
        + "seconds from 00 to 59"
    ),
    (
      ["history", "--since", "2300-01-01"],
      "--since '2300-01-01': outside the times the journal holds, 1677-09-21T00:12:44Z to 2262-04-11T23:47:16Z"
    ),
    (
      ["undo", "1", "--to", "1h"],
      "undo takes a change number or --to TIME, not both; got change '1' with --to"
    ),
  ])
  func timesTheCalendarDoesNotHaveAreRefused(arguments: [String], message: String) throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.run(["set", "airplane", "on"]).status == 0)
    let outcome = try fixture.run(arguments)
    #expect(outcome.status == 64)
    #expect(outcome.stderr.split(separator: "\n").first.map(String.init) == "Error: " + message)
    #expect(try fixture.run(["get", "airplane"]).stdout == "on\n")
  }

  /// systemd.time(7)'s spans and `today` are times back from now.
  @Test(arguments: ["1h30m", "1y", "1M", "1min", "1m", "today", "2 hours 30 minutes ago"])
  func spansAndTodayAreTimes(text: String) throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.run(["set", "airplane", "on"]).status == 0)
    let outcome = try fixture.history(["--since", text])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout.hasSuffix("airplane (Airplane Mode): (default) → on\n"))
  }

  /// A text that spells `(default)` and no override are told apart, in `history` and `undo`.
  @Test func aTextThatSpellsDefaultIsQuoted() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let document = JournalCommandTests.document.replacingOccurrences(
      of: #"{ "key": "pin","#,
      with: #"{ "key": "name", "type": "textField", "title": "Name" }, { "key": "pin","#)
    try fixture.directory.write("doc.json", document)
    #expect(try fixture.run(["set", "name", "(default)"]).status == 0)
    #expect(try fixture.run(["set", "name", " Lee "]).status == 0)
    #expect(try fixture.run(["reset", "name"]).status == 0)
    #expect(
      try fixture.history()
        == CommandOutcome(
          status: 0,
          stdout: """
            change 3  TIME  USER@HOST (settings PID)  reset
              name (Name): " Lee " → (default)

            change 2  TIME  USER@HOST (settings PID)  set
              name (Name): "(default)" → " Lee "

            change 1  TIME  USER@HOST (settings PID)  set
              name (Name): (default) → "(default)"

            """, stderr: ""))
    #expect(
      try fixture.run(["undo"])
        == CommandOutcome(
          status: 0, stdout: "undid change 3\n  name (Name): (default) → \" Lee \"\n", stderr: ""))
  }

  /// No choice of a multiple choice item and a choice whose value is `none` are told apart.
  @Test func anEmptyMultipleChoiceIsNotTheChoiceNone() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let document = JournalCommandTests.document.replacingOccurrences(
      of: #"{ "key": "pin","#,
      with: #"""
        { "key": "days", "type": "rightDetail", "title": "Days", "multiple": true, "value": ["mon"],
          "choices": [{ "value": "mon", "title": "Monday" }, { "value": "none", "title": "none" }] },
        { "key": "pin",
        """#)
    try fixture.directory.write("doc.json", document)
    #expect(try fixture.run(["set", "days", "--remove", "mon"]).status == 0)
    #expect(try fixture.run(["set", "days", "--add", "none"]).status == 0)
    #expect(
      try fixture.history()
        == CommandOutcome(
          status: 0,
          stdout: """
            change 2  TIME  USER@HOST (settings PID)  set
              days (Days): none → "none"

            change 1  TIME  USER@HOST (settings PID)  set
              days (Days): (default) → none

            """, stderr: ""))
  }

  /// A store that does not parse: `history` lists the journal as written and says why; `undo`
  /// refuses saying `--force` writes back what the journal knows; with it, the damaged file is
  /// kept beside the store and the undo goes on from the values after the journal's last entry.
  @Test func historyAndUndoServeAStoreThatDoesNotParse() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.run(["set", "airplane", "on"]).status == 0)
    #expect(try fixture.run(["set", "theme", "dark"]).status == 0)
    try fixture.directory.write("s.json", #"{"airplane": tru"#)
    let history = try fixture.history()
    #expect(history.status == 0)
    #expect(
      history.stdout == """
        change 2  TIME  USER@HOST (settings PID)  set
          theme (Theme): (default) → dark (Dark)

        change 1  TIME  USER@HOST (settings PID)  set
          airplane (Airplane Mode): (default) → on

        """)
    #expect(
      history.stderr == """
        Warning: \(fixture.store):1:14: unexpected 'tru'; expected a value; the store was left unchanged: \
        fix or remove it; the history is the journal as written: a change made to the store since its \
        last entry is not in it ('settings undo --to TIME --force' writes back the values it knows)

        """)
    let refused = try fixture.run(["undo", "2"])
    #expect(refused.status == 65)
    #expect(
      refused.stderr.hasSuffix(
        "; or give --force to write back the values the journal knows, keeping the file beside the store ('settings history' lists them)\n"
      ))
    #expect(try fixture.directory.read("s.json") == #"{"airplane": tru"#)
    let forced = try fixture.run(["undo", "2", "--force"])
    #expect(forced.status == 0)
    #expect(forced.stdout == "undid change 2\n  theme (Theme): dark (Dark) → (default)\n")
    let copies = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path)
      .filter { $0.hasPrefix("s.json.damaged-") }
    #expect(copies.count == 1)
    let copy = try #require(copies.first)
    #expect(try fixture.directory.read(copy) == #"{"airplane": tru"#)
    #expect(
      forced.stderr
        == "Warning: the store did not parse: its text was kept at \(fixture.directory.file(copy)), and the "
        + "values after the journal's last entry were written back before the undo\n")
    #expect(try fixture.directory.read("s.json") == "{\n  \"airplane\": true\n}\n")
  }

  /// `undo KEY --to TIME` after a rename reports every change it took back, the ones made under
  /// the key's earlier name too.
  @Test func anUndoAcrossARenameReportsEveryChangeItTookBack() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.run(["set", "airplane", "on"]).status == 0)
    #expect(try fixture.run(["set", "theme", "dark"]).status == 0)
    let renamed = JournalCommandTests.document.replacingOccurrences(
      of: #""key": "airplane", "type": "switch", "title": "Airplane Mode""#,
      with: #""key": "flight", "type": "switch", "title": "Flight Mode", "renamedFrom": ["airplane"]"#
    ).replacingOccurrences(of: #""airplane": false"#, with: #""flight": false"#)
    try fixture.directory.write("doc.json", renamed)
    #expect(try fixture.run(["set", "flight", "off"]).status == 0)
    #expect(
      try fixture.run(["undo", "flight", "--to", "1h"])
        == CommandOutcome(
          status: 0, stdout: "undid changes 1, 3\n  flight (Flight Mode): off → (default)\n", stderr: ""))
  }

  /// `undo N` of a change made under a key's earlier name: the later write that moved the value
  /// to the new key did not change it, so the undo goes on; a later change of its value under
  /// the new key still refuses.
  @Test func anUndoOfAChangeUnderAnEarlierNameIsNotRefusedForTheMove() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.run(["set", "airplane", "on"]).status == 0)
    let renamed = JournalCommandTests.document.replacingOccurrences(
      of: #""key": "airplane", "type": "switch", "title": "Airplane Mode""#,
      with: #""key": "flight", "type": "switch", "title": "Flight Mode", "renamedFrom": ["airplane"]"#
    ).replacingOccurrences(of: #""airplane": false"#, with: #""flight": false"#)
    try fixture.directory.write("doc.json", renamed)
    // Any write moves the value to the new key.
    #expect(try fixture.run(["set", "theme", "dark"]).status == 0)
    #expect(try fixture.directory.read("s.json")?.contains(#""flight": true"#) == true)
    #expect(
      try fixture.run(["undo", "1"])
        == CommandOutcome(
          status: 0, stdout: "undid change 1\n  flight (Flight Mode): on → (default)\n", stderr: ""))
    #expect(try fixture.run(["set", "flight", "on"]).status == 0)
    #expect(try fixture.run(["set", "flight", "off"]).status == 0)
    let refused = try fixture.run(["undo", "4"])
    #expect(refused.status == 1)
    #expect(
      refused.stderr.hasPrefix(
        "Error: 'flight' changed again after change 4, in change 5 (set); nothing was changed"))
  }

  /// A journal limit past what a count of entries holds keeps every entry; it never traps.
  @Test func aHugeJournalLimitKeepsEveryEntry() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let huge = ["SETTINGS_JOURNAL_LIMIT": "9223372036854775807"]
    #expect(try fixture.run(["set", "airplane", "on"], environment: huge).status == 0)
    #expect(try fixture.run(["undo"], environment: huge).status == 0)
    #expect(try fixture.run(["history", "-n1"], environment: huge).stdout.hasPrefix("change 2 "))
  }

  /// Two recoveries of a damaged store in one second keep both damaged texts.
  @Test func eachDamagedStoreIsKeptBesideTheStore() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.run(["set", "airplane", "on"]).status == 0)
    for text in ["tru1", "tru2", "tru3"] {
      try fixture.directory.write("s.json", #"{"airplane": "# + text)
      #expect(try fixture.run(["undo", "--force"]).status == 0)
    }
    let copies = try FileManager.default.contentsOfDirectory(atPath: fixture.directory.path)
      .filter { $0.hasPrefix("s.json.damaged-") }
    let texts = try copies.map { try #require(try fixture.directory.read($0)) }.sorted()
    #expect(texts == [#"{"airplane": tru1"#, #"{"airplane": tru2"#, #"{"airplane": tru3"#])
  }

  /// A text is quoted, escaped as JSON, wherever it could be read as something else: a quote, an
  /// arrow, the mask, a backslash, a control character.
  @Test(arguments: [
    (#""none""#, #""\"none\"""#), ("x → y", #""x → y""#), ("a -> b", #""a -> b""#),
    ("••••••••", #""••••••••""#), (#"a\nb"#, #""a\\nb""#), ("a\nb", #""a\nb""#), ("plain", "plain"),
  ])
  func aTextThatCouldBeReadAsSomethingElseIsQuoted(text: String, shown: String) throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let document = JournalCommandTests.document.replacingOccurrences(
      of: #"{ "key": "pin","#,
      with: #"{ "key": "name", "type": "textField", "title": "Name" }, { "key": "pin","#)
    try fixture.directory.write("doc.json", document)
    #expect(try fixture.run(["set", "name", text]).status == 0)
    #expect(
      try fixture.history().stdout
        == "change 1  TIME  USER@HOST (settings PID)  set\n  name (Name): (default) → \(shown)\n")
  }

  /// A `--since` after the `--until` names no time: it is refused, not answered with nothing.
  @Test func sinceAfterUntilIsRefused() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let outcome = try fixture.run(["history", "--since", "2026-12-02", "--until", "2026-12-01"])
    #expect(outcome.status == 64)
    #expect(
      outcome.stderr.split(separator: "\n").first.map(String.init)
        == "Error: --since 2026-12-02T00:00:00.000000000Z is after --until 2026-12-01T00:00:00.000000000Z: "
        + "no change is made in between")
  }
}
