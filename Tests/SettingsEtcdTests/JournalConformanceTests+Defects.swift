import Foundation
import TestSupport
import Testing

@testable import SettingsEtcd
@testable import SettingsKit

/// What a fresh user of the journal found, on a file and on etcd alike: a record lost in the
/// middle, a limit of 0, undo to a time the journal no longer knows or after an undo, and changes
/// made behind the tool's back noticed by a read or a watch.
extension JournalConformanceTests {
  @Test(arguments: kinds)
  func aRecordLostInTheMiddleHidesNoLaterEntry(kind: StoreKind) throws {
    let subject = try JournalSubject(kind)
    defer { subject.remove() }
    let settings = subject.settings(how: "set")
    try settings.set("airplane", to: .bool(true))
    try settings.set("name", to: .string("Lee"))
    try settings.set("wifi", to: .bool(false))
    try settings.set("name", to: .string("Park"))
    try subject.damageEntry(2)
    // Entry 2 is what the entries around it do not account for, as far as they tell: made outside.
    let expected = [
      "4 set: name \"Lee\" → \"Park\"", "3 set: wifi - → false", "2 outside: name - → \"Lee\"",
      "1 set: airplane - → true",
    ]
    #expect(try summary(settings.history()) == expected)
    subject.context(settings, how: "undo")
    #expect(try settings.undo(.last).undone == [4])
    #expect(
      texts(try subject.store.read().values) == ["airplane": "true", "name": "\"Lee\"", "wifi": "false"])
    #expect(try summary(settings.history()) == ["5 undo: name \"Park\" → \"Lee\""] + expected)
  }

  @Test(arguments: kinds)
  func aLimitOf0KeepsNoEntryAndLaterWritesAreNotOutside(kind: StoreKind) throws {
    let subject = try JournalSubject(kind)
    defer { subject.remove() }
    try subject.settings(how: "set").set("airplane", to: .bool(true))
    let none = subject.settings(how: "set", store: subject.withLimit(0))
    try none.set("name", to: .string("Lee"))
    try none.set("wifi", to: .bool(false))
    #expect(try none.history() == [])
    #expect(!(try subject.journalText().contains(#""how":"#)))
    let settings = subject.settings(how: "set")
    #expect(try settings.history() == [])
    try settings.set("airplane", to: .bool(false))
    #expect(try summary(settings.history()) == ["4 set: airplane true → false"])
  }

  @Test(arguments: kinds)
  func undoToATimeBeforeWhatTheJournalKnowsIsRefusedWhole(kind: StoreKind) throws {
    let subject = try JournalSubject(kind, limit: 3)
    defer { subject.remove() }
    let settings = subject.settings(how: "set")
    let early = JournalTime.now
    for step in 1...6 { try settings.set("name", to: .string("n\(step)")) }
    // Entry 6 is folded into the base once 10 are made: the journal knows the values from its time on.
    let sixth = try #require(try settings.history(limit: 1).first?.time)
    for step in 7...10 { try settings.set("name", to: .string("n\(step)")) }
    subject.context(settings, how: "undo")
    #expect(
      throws: SettingsError.undoRefused(.beforeJournal(early.description, knownSince: sixth.description))
    ) {
      try settings.undo(.time(early, keys: []))
    }
    #expect(texts(try subject.store.read().values) == ["name": "\"n10\""])
    // A key that did not change since then has nothing to put back, whatever the journal forgot.
    #expect(throws: SettingsError.undoRefused(.nothingChangedSince(early.description))) {
      try settings.undo(.time(early, keys: ["wifi"]))
    }
    #expect(try settings.undo(.time(sixth, keys: [])).undone == [7, 8, 9, 10])
    #expect(texts(try subject.store.read().values) == ["name": "\"n6\""])
  }

  @Test(arguments: kinds)
  func anUndoneChangeDoesNotStopUndoingTheOneBefore(kind: StoreKind) throws {
    let subject = try JournalSubject(kind)
    defer { subject.remove() }
    let settings = subject.settings(how: "set")
    try settings.set("name", to: .string("Lee"))
    try settings.set("name", to: .string("Park"))
    subject.context(settings, how: "undo")
    #expect(try settings.undo(.last).undone == [2])
    // Change 3 touched the key again, but left it as change 1 did.
    #expect(try settings.undo(.entry(1)).undone == [1])
    #expect(try subject.store.read().values == [:])
    #expect(
      throws: SettingsError.undoRefused(.changedLater(key: "name", undoing: 2, later: 4, how: "undo"))
    ) {
      try settings.undo(.entry(2))
    }
  }

  @Test(arguments: kinds)
  func aChangeMadeWithoutTheToolIsRecordedOnceByTheWatchesThatNoticeIt(kind: StoreKind) async throws {
    let subject = try JournalSubject(kind)
    defer { subject.remove() }
    let settings = subject.settings(how: "set")
    try settings.set("airplane", to: .bool(true))
    let watchers = [subject.settings(how: "watch"), subject.settings(how: "watch")]
    let recorders = watchers.map { Recorder(flattening($0.changes()) { $0.events }) }
    defer { for recorder in recorders { recorder.stop() } }
    try subject.writeOutside(["airplane": "true", "name": "\"Lee\""])
    for recorder in recorders {
      let events = await recorder.wait { events in
        events.contains { if case .changed(let change) = $0 { change.key == "name" } else { false } }
      }
      #expect(events.count == 1)
    }
    // Recorded by the watches, before any read or write: once.
    let stored = try subject.journalText()
    #expect(stored.components(separatedBy: #""how":"outside""#).count == 2)
    #expect(stored.contains(#""changes":{"name":{"after":"Lee"}}"#))
    #expect(try summary(settings.history()) == ["2 outside: name - → \"Lee\"", "1 set: airplane - → true"])
  }
}
