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

  @Test(arguments: [
    ("2026-12-02T13:27:05Z", "2026-12-02T13:27:05.000000000Z"),
    ("2026-12-02 13:27", "2026-12-02T13:27:00.000000000Z"),
    ("2026-12-02T15:27:05.5+02:00", "2026-12-02T13:27:05.500000000Z"),
    ("2026-12-02", "2026-12-02T00:00:00.000000000Z"),
    ("2h", "2026-12-02T11:27:05.000000000Z"),
    ("3 days ago", "2026-11-29T13:27:05.000000000Z"),
    ("yesterday", "2026-12-01T13:27:05.000000000Z"),
    ("now", "2026-12-02T13:27:05.000000000Z"),
    ("2262-04-11", "2262-04-11T00:00:00.000000000Z"),
    ("1677-09-22", "1677-09-22T00:00:00.000000000Z"),
  ])
  func timesParse(text: String, expected: String) {
    let now = JournalTime.parse("2026-12-02T13:27:05Z", now: JournalTime(nanoseconds: 0))
    #expect(now.flatMap { JournalTime.parse(text, now: $0) }?.description == expected)
  }

  /// Times past what 64-bit nanoseconds since 1970 hold (a fresh user's `--since 2300-01-01` and
  /// `undo --to 20000w` crashed the tool with an arithmetic overflow) are refused like other text;
  /// the last ones that fit still parse.
  @Test(arguments: [
    "", "soon", "2026-13-01", "2026-12-02T25:00", "5 fortnights", "2300-01-01", "2262-04-12",
    "1677-09-21", "0001-01-01", "9999-12-31T23:59:59Z", "106752d", "20000w", "999999999w",
  ])
  func otherTimesAreRefused(text: String) {
    #expect(JournalTime.parse(text) == nil)
  }
}
