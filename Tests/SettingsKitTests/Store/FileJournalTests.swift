import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// The file store's journal through the library: typed history and undo, the write context, and
/// the times `history` and `undo` accept.
@Suite(.serialized)
struct FileJournalTests {
  @Test func historyAndUndoAreTypedAndTheWriteContextIsRecorded() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let settings = Settings(document: .embeddedDefault, store: FileStore(path: directory.file("s.json")))
    settings.writeContext = WriteContext(
      how: "Phone", message: "first", user: "bob", host: "box", program: "phone", pid: 7)
    try settings.set("airplane", to: .bool(true))
    settings.writeContext.message = nil
    try settings.toggle("airplane")
    let history = try settings.history()
    #expect(history.map(\.sequence) == [2, 1])
    #expect(history.map(\.context.how) == ["Phone", "Phone"])
    #expect(history[1].context.message == "first")
    #expect(
      history[0].changes == ["airplane": JournalChange(before: .bool(true), after: .bool(false))])
    let undone = try settings.undo(.last)
    #expect(undone.undone == [2])
    #expect(try settings.isOn("airplane"))
    #expect(try settings.history(limit: 1).first?.sequence == 3)
    #expect(throws: SettingsError.undoRefused(.noSuchEntry(9, kept: 1...3))) { try settings.undo(.entry(9)) }
  }

  /// A change chosen by the journal (an undo) is chosen again under the lock: another process
  /// that changes the store between the dry run's read of the store and its read of the journal
  /// (here, in the middle of the dry run) neither makes the dry run see a journal that does not
  /// match its store, nor lets it return without a write and say it undid something.
  @Test func aChangeChosenByTheJournalIsChosenAgainUnderTheLock() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = FileStore(path: directory.file("s.json"))
    let context = WriteContext(how: "test", message: nil, user: "u", host: "h", program: "p", pid: 1)
    _ = try store.update(context: context, secureKeys: []) {
      (contents: inout StoreContents, _) throws(StoreError) in contents.values["airplane"] = .bool(true)
    }
    var runs = 0
    let (_, entry) = try store.update(context: context, secureKeys: []) {
      (contents: inout StoreContents, journal: () -> StoreJournal) throws(StoreError) in
      runs += 1
      if runs == 1 {
        // Another process, between this dry run's two reads.
        _ = try? FileStore(path: directory.file("s.json")).update(context: context, secureKeys: []) {
          (other: inout StoreContents, _) throws(StoreError) in other.values["airplane"] = .bool(false)
        }
      }
      // Undo the last entry: its overrides before.
      for (key, change) in journal().entries.last?.changes ?? [:] { contents.values[key] = change.before }
    }
    #expect(runs == 2)
    #expect(entry == 3)
    #expect(try store.read().values["airplane"].map(JournalEntry.unplaced) == .bool(true))
    #expect(try store.journal(secureKeys: []).entries.map(\.sequence) == [1, 2, 3])
  }

  /// One entry whose number was changed to jump ahead is left out as damaged, not the entries
  /// after it that go on from the number expected.
  @Test func anEntryWhoseNumberJumpsAheadIsLeftOutNotTheOnesAfterIt() throws {
    func entry(_ number: Int) -> JSONValue? {
      StoreJournal.record(
        Array(
          (#"{"changes":{"a":{"after":\#(number)}},"digestAfter":"\#(String(number, radix: 16))","#
            + #""digestBefore":"\#(String(number - 1, radix: 16))","how":"set","seq":\#(number == 3 ? 13 : number),"#
            + #""time":"2026-12-02T13:27:0\#(number)Z"}"#).utf8))
    }
    let base = StoreJournal.record(Array(#"{"base":{},"digest":"0","secure":[],"seq":0}"#.utf8))
    let parsed = StoreJournal.parsed(base: base, records: (1...6).map(entry))
    #expect(parsed.isDamaged)
    #expect(parsed.journal.entries.map(\.sequence) == [1, 2, 4, 5, 6])
  }

  @Test(arguments: [
    ("2026-12-02T13:27:05Z", "2026-12-02T13:27:05.000000000Z"),
    ("2026-12-02 13:27", "2026-12-02T13:27:00.000000000Z"),
    ("2026-12-02T15:27:05.5+02:00", "2026-12-02T13:27:05.500000000Z"),
    ("2026-12-02T00:00:00-23:59", "2026-12-02T23:59:00.000000000Z"),
    ("2026-12-02", "2026-12-02T00:00:00.000000000Z"),
    ("2024-02-29", "2024-02-29T00:00:00.000000000Z"),
    ("2000-02-29", "2000-02-29T00:00:00.000000000Z"),
    ("2h", "2026-12-02T11:27:05.000000000Z"),
    ("2H", "2026-12-02T11:27:05.000000000Z"),
    ("3 days ago", "2026-11-29T13:27:05.000000000Z"),
    ("1h30m", "2026-12-02T11:57:05.000000000Z"),
    ("1h 30min", "2026-12-02T11:57:05.000000000Z"),
    ("2 hours 30 minutes ago", "2026-12-02T10:57:05.000000000Z"),
    ("1min", "2026-12-02T13:26:05.000000000Z"),
    ("1m", "2026-12-02T13:26:05.000000000Z"),
    ("1M", "2026-11-02T02:57:05.000000000Z"),
    ("1 month", "2026-11-02T02:57:05.000000000Z"),
    ("1y", "2025-12-02T07:27:05.000000000Z"),
    ("1hr", "2026-12-02T12:27:05.000000000Z"),
    ("yesterday", "2026-12-01T13:27:05.000000000Z"),
    ("today", "2026-12-02T00:00:00.000000000Z"),
    ("Today", "2026-12-02T00:00:00.000000000Z"),
    ("now", "2026-12-02T13:27:05.000000000Z"),
    ("2262-04-11", "2262-04-11T00:00:00.000000000Z"),
    ("1677-09-22", "1677-09-22T00:00:00.000000000Z"),
  ])
  func timesParse(text: String, expected: String) throws {
    let now = try JournalTime.parse("2026-12-02T13:27:05Z", now: JournalTime(nanoseconds: 0))
    #expect(try JournalTime.parse(text, now: now).description == expected)
  }

  /// Times past what 64-bit nanoseconds since 1970 hold (a fresh user's `--since 2300-01-01` and
  /// `undo --to 20000w` crashed the tool with an arithmetic overflow) are refused as out of range,
  /// dates and times of day the calendar does not have and offsets past ±23:59 (RFC 3339) as such,
  /// never moved to another time; other text is not a time.
  @Test(arguments: [
    ("", JournalTime.ParseError.notATime), ("soon", .notATime), ("5 fortnights", .notATime),
    ("5", .notATime), ("ago", .notATime), ("-2h", .notATime), ("2026-12-02T13", .notATime),
    ("2026-12-02T13:27:05.Z", .notATime), ("2026-12-02T13:27+0200", .notATime),
    ("2300-01-01", .outOfRange), ("2262-04-12", .outOfRange), ("1677-09-21", .outOfRange),
    ("0001-01-01", .outOfRange), ("9999-12-31T23:59:59Z", .outOfRange), ("106752d", .outOfRange),
    ("20000w", .outOfRange), ("999999999w", .outOfRange), ("99999999999999999999y", .outOfRange),
    ("2026-02-30", .noSuchDate(year: 2026, month: 2, day: 30, daysInMonth: 28)),
    ("2027-04-31", .noSuchDate(year: 2027, month: 4, day: 31, daysInMonth: 30)),
    ("2100-02-29", .noSuchDate(year: 2100, month: 2, day: 29, daysInMonth: 28)),
    ("2026-12-00", .noSuchDate(year: 2026, month: 12, day: 0, daysInMonth: 31)),
    ("2026-13-01", .noSuchDate(year: 2026, month: 13, day: 1, daysInMonth: 0)),
    ("2026-00-10", .noSuchDate(year: 2026, month: 0, day: 10, daysInMonth: 0)),
    ("2026-12-02T25:00", .noSuchTimeOfDay("25:00")), ("2026-12-02T24:00:00", .noSuchTimeOfDay("24:00:00")),
    ("2026-12-02T13:60", .noSuchTimeOfDay("13:60")), ("2026-12-02T13:27:60Z", .noSuchTimeOfDay("13:27:60")),
    ("2026-12-02T13:27:05+99:99", .offsetOutOfRange("+99:99")),
    ("2026-12-02T13:27:05-24:00", .offsetOutOfRange("-24:00")),
    ("2026-12-02T13:27:05+05:60", .offsetOutOfRange("+05:60")),
  ])
  func otherTimesAreRefused(text: String, error: JournalTime.ParseError) {
    #expect(throws: error) { try JournalTime.parse(text) }
  }

  /// What each refusal says.
  @Test func refusalsSayWhatIsWrong() {
    #expect(
      JournalTime.ParseError.noSuchDate(year: 2026, month: 2, day: 30, daysInMonth: 28).description
        == "2026-02-30 is not a date: February 2026 has 28 days")
    #expect(
      JournalTime.ParseError.noSuchDate(year: 2026, month: 13, day: 1, daysInMonth: 0).description
        == "2026-13-01 is not a date: months run from 01 to 12")
    #expect(
      JournalTime.ParseError.noSuchTimeOfDay("25:00").description
        == "25:00 is not a time of day: hours run from 00 to 23, minutes and seconds from 00 to 59")
    #expect(
      JournalTime.ParseError.offsetOutOfRange("+99:99").description
        == "+99:99 is not an offset from UTC: offsets run from -23:59 to +23:59")
    #expect(
      JournalTime.ParseError.outOfRange.description
        == "outside the times the journal holds, 1677-09-21T00:12:44Z to 2262-04-11T23:47:16Z")
  }
}
