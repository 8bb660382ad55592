import SettingsKit
import Synchronization
import Testing

// The checks of ``JournalConformanceTest``, one function each, in ``JournalConformanceTest/Check``'s order.
extension JournalConformanceTest {
  func checkEachKindOfChangeIsJournaledNewestFirst(_ subject: JournalCheckSubject) throws {
    let settings = subject.settings(how: "set", message: "for the flight")
    try settings.set("airplane", to: .bool(true))
    subject.context(settings, how: "toggle")
    _ = try settings.toggle("wifi")
    subject.context(settings, how: "reset")
    _ = try settings.reset(["airplane"])
    subject.context(settings, how: "load")
    try settings.load(StoreContents(values: ["name": .string("Lee")]), replacing: true)
    #expect(
      try summary(settings.history()) == [
        "4 load: name - → \"Lee\", wifi false → -",
        "3 reset: airplane true → -",
        "2 toggle: wifi - → false",
        "1 set (for the flight): airplane - → true",
      ])
    let last = try #require(try settings.history(limit: 1).first)
    #expect(
      last.context
        == WriteContext(how: "load", message: nil, user: "kim", host: "h1", program: "settings", pid: 7))
    #expect(
      try summary(settings.history(keys: ["airplane"])) == [
        "3 reset: airplane true → -", "1 set (for the flight): airplane - → true",
      ])
    #expect(texts(try subject.store.read().values) == ["name": "\"Lee\""])
  }

  func checkEachWriteReturnsTheNumberOfTheEntryItMade(_ subject: JournalCheckSubject) throws {
    let settings = subject.settings(how: "set")
    let seen = Mutex<[SettingChange]>([])
    settings.addObserver { change in seen.withLock { $0.append(change) } }
    #expect(
      try settings.set("airplane", to: .bool(true))
        == SettingChange(key: "airplane", oldValue: .bool(false), newValue: .bool(true), journalSequence: 1))
    // A write that changes nothing makes no entry.
    #expect(try settings.set("airplane", to: .bool(true)) == nil)
    #expect(try settings.toggle("wifi") == false)
    #expect(
      try settings.reset(["airplane"]) == [
        SettingChange(key: "airplane", oldValue: .bool(true), newValue: .bool(false), journalSequence: 3)
      ])
    #expect(try settings.reset(["airplane"]) == [])
    // Observers get the changes as the writes return them.
    #expect(seen.withLock { $0.map(\.journalSequence) } == [1, 2, 3])
    // A change made without the tool is journaled first, as `outside`: the write's entry follows.
    try subject.writeOutside(["wifi": "false", "name": "\"Park\""])
    subject.context(settings, how: "load")
    let plan = try settings.load(StoreContents(values: ["name": .string("Lee")]), replacing: true)
    #expect(plan.entry == 5)
    #expect(try settings.load(StoreContents(values: ["name": .string("Lee")]), replacing: true).entry == nil)
    subject.context(settings, how: "undo")
    let undo = try settings.undo(.last)
    #expect(undo.undone == [5])
    #expect(undo.entry == 6)
    #expect(
      undo.changes == [
        SettingChange(key: "name", oldValue: .string("Lee"), newValue: .string("Park"), journalSequence: 6),
        SettingChange(key: "wifi", oldValue: .bool(true), newValue: .bool(false), journalSequence: 6),
      ])
    subject.context(settings, how: "migrate")
    #expect(
      try settings.migrate([.drop("name")]) == [
        SettingChange(key: "name", oldValue: .string("Park"), newValue: .string("Kim"), journalSequence: 7)
      ])
    #expect(try settings.fix(droppingUnknownKeys: true) == [])
    #expect(
      try summary(settings.history(limit: 4)) == [
        "7 migrate: name \"Park\" → -", "6 undo: name \"Lee\" → \"Park\", wifi - → false",
        "5 load: name \"Park\" → \"Lee\", wifi false → -", "4 outside: name - → \"Park\"",
      ])
    // A journal that keeps no entry names none.
    let unkept = subject.settings(how: "set", store: subject.withJournalLimit(0))
    #expect(
      try unkept.set("airplane", to: .bool(true))
        == SettingChange(key: "airplane", oldValue: .bool(false), newValue: .bool(true)))
    #expect(
      try unkept.reset(["airplane"])
        == [SettingChange(key: "airplane", oldValue: .bool(true), newValue: .bool(false))])
  }

  func checkUndoTakesBackASetAResetAndALoadThatReplaces(_ subject: JournalCheckSubject) throws {
    let settings = subject.settings(how: "set")
    try settings.set("name", to: .string("Lee"))
    try settings.set("airplane", to: .bool(true))
    subject.context(settings, how: "undo")
    #expect(try settings.undo(.last).undone == [2])
    #expect(texts(try subject.store.read().values) == ["name": "\"Lee\""])
    subject.context(settings, how: "reset")
    _ = try settings.reset(["name"])
    subject.context(settings, how: "undo")
    #expect(try settings.undo(.last).undone == [4])
    #expect(texts(try subject.store.read().values) == ["name": "\"Lee\""])
    subject.context(settings, how: "load")
    try settings.load(StoreContents(values: ["wifi": .bool(false)]), replacing: true)
    #expect(texts(try subject.store.read().values) == ["wifi": "false"])
    subject.context(settings, how: "undo")
    #expect(try settings.undo(.last).undone == [6])
    #expect(texts(try subject.store.read().values) == ["name": "\"Lee\""])
    #expect(
      try summary(settings.history()) == [
        "7 undo: name - → \"Lee\", wifi false → -",
        "6 load: name \"Lee\" → -, wifi - → false",
        "5 undo: name - → \"Lee\"",
        "4 reset: name \"Lee\" → -",
        "3 undo: airplane true → -",
        "2 set: airplane - → true",
        "1 set: name - → \"Lee\"",
      ])
  }

  func checkUndoIsRefusedByALaterChangeUnlessForced(_ subject: JournalCheckSubject) throws {
    let settings = subject.settings(how: "set")
    try settings.set("airplane", to: .bool(true))
    try settings.set("name", to: .string("Lee"))
    try settings.set("airplane", to: .bool(false))
    subject.context(settings, how: "undo")
    #expect(
      throws: SettingsError.undoRefused(.changedLater(key: "airplane", undoing: 1, later: 3, how: "set"))
    ) {
      try settings.undo(.entry(1))
    }
    #expect(texts(try subject.store.read().values) == ["airplane": "false", "name": "\"Lee\""])
    #expect(try settings.undo(.entry(1), force: true).undone == [1])
    #expect(texts(try subject.store.read().values) == ["name": "\"Lee\""])
    #expect(throws: SettingsError.undoRefused(.noSuchEntry(9, kept: 1...4))) { try settings.undo(.entry(9)) }
  }

  func checkUndoToATimePutsBackEveryKeyChangedSince(_ subject: JournalCheckSubject) throws {
    let settings = subject.settings(how: "set")
    try settings.set("airplane", to: .bool(true))
    try settings.set("name", to: .string("Lee"))
    let then = JournalTime.now
    try settings.set("name", to: .string("Park"))
    _ = try settings.toggle("wifi")
    try settings.set("name", to: .string("Choi"))
    subject.context(settings, how: "undo")
    #expect(try settings.undo(.time(then, keys: [])).undone == [3, 4, 5])
    #expect(texts(try subject.store.read().values) == ["airplane": "true", "name": "\"Lee\""])
    #expect(try summary(settings.history(limit: 1)) == ["6 undo: name \"Choi\" → \"Lee\", wifi false → -"])
  }

  func checkUndoingAnUndoRedoes(_ subject: JournalCheckSubject) throws {
    let settings = subject.settings(how: "set")
    try settings.set("name", to: .string("Lee"))
    subject.context(settings, how: "undo")
    try settings.undo(.last)
    #expect(try subject.store.read().values == [:])
    #expect(try settings.undo(.last).undone == [2])
    #expect(texts(try subject.store.read().values) == ["name": "\"Lee\""])
  }

  func checkAChangeMadeWithoutTheToolIsJournaledAsOutside(_ subject: JournalCheckSubject) throws {
    let settings = subject.settings(how: "set")
    try settings.set("airplane", to: .bool(true))
    try subject.writeOutside(["airplane": "true", "name": "\"Lee\""])
    // Shown when read.
    let noticed = try #require(try settings.history(limit: 1).first)
    #expect(summary([noticed]) == ["2 outside: name - → \"Lee\""])
    // Its author is not known: not whoever noticed it.
    #expect(
      noticed.context == WriteContext(how: "outside", message: nil, user: "", host: "", program: "", pid: 0))
    // The read recorded it.
    #expect(try subject.journalText().ranges(of: #""how":"outside""#).count == 1)
    // Kept at the next write, before that write's own entry.
    try settings.set("wifi", to: .bool(false))
    #expect(
      try summary(settings.history()) == [
        "3 set: wifi - → false", "2 outside: name - → \"Lee\"", "1 set: airplane - → true",
      ])
    // It can be undone like any change.
    subject.context(settings, how: "undo")
    #expect(try settings.undo(.entry(2)).undone == [2])
    #expect(texts(try subject.store.read().values) == ["airplane": "true", "wifi": "false"])
  }

  func checkASecretIsNeverJournaledAndOnlyUndoneToItsDefault(_ subject: JournalCheckSubject) throws {
    let settings = subject.settings(how: "set")
    try settings.set("password", to: .string("hunter2"))
    try settings.set("password", to: .string("swordfish"))
    try settings.set("airplane", to: .bool(true))
    #expect(
      try summary(settings.history()) == [
        "3 set: airplane - → true", "2 set: password (secret) changed", "1 set: password (secret) set",
      ])
    let stored = try subject.journalText()
    #expect(!stored.contains("hunter2"))
    #expect(!stored.contains("swordfish"))
    #expect(stored.contains("airplane"))
    subject.context(settings, how: "undo")
    #expect(throws: SettingsError.undoRefused(.secret(key: "password"))) { try settings.undo(.entry(2)) }
    #expect(try settings.undo(.entry(1), force: true).undone == [1])
    #expect(texts(try subject.store.read().values) == ["airplane": "true"])
  }

  func checkTheJournalKeepsItsLimitAndFoldsTheRestIntoItsBase(_ subject: JournalCheckSubject) throws {
    let settings = subject.settings(how: "set")
    for step in 1...10 { try settings.set("name", to: .string("n\(step)")) }
    let journal = try settings.journal()
    #expect(journal.entries.map(\.sequence) == [7, 8, 9, 10])
    #expect(journal.baseSequence == 6)
    #expect(texts(journal.base) == ["name": "\"n6\""])
    subject.context(settings, how: "undo")
    #expect(throws: SettingsError.undoRefused(.noSuchEntry(6, kept: 7...10))) { try settings.undo(.entry(6)) }
    #expect(try settings.undo(.entry(7), force: true).undone == [7])
    #expect(texts(try subject.store.read().values) == ["name": "\"n6\""])
  }

  func checkResettingEveryKeyKeepsTheJournal(_ subject: JournalCheckSubject) throws {
    let settings = subject.settings(how: "set")
    try settings.set("airplane", to: .bool(true))
    try settings.set("name", to: .string("Lee"))
    subject.context(settings, how: "reset")
    _ = try settings.resetAll()
    #expect(try subject.store.read().values == [:])
    #expect(
      try summary(settings.history()) == [
        "3 reset: airplane true → -, name \"Lee\" → -", "2 set: name - → \"Lee\"", "1 set: airplane - → true",
      ])
    subject.context(settings, how: "undo")
    try settings.undo(.last)
    #expect(texts(try subject.store.read().values) == ["airplane": "true", "name": "\"Lee\""])
  }

  func checkARecordLostInTheMiddleHidesNoLaterEntry(_ subject: JournalCheckSubject) throws {
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

  func checkALimitOf0KeepsNoEntryAndLaterWritesAreNotOutside(_ subject: JournalCheckSubject) throws {
    try subject.settings(how: "set").set("airplane", to: .bool(true))
    let none = subject.settings(how: "set", store: subject.withJournalLimit(0))
    try none.set("name", to: .string("Lee"))
    try none.set("wifi", to: .bool(false))
    #expect(try none.history() == [])
    #expect(!(try subject.journalText().contains(#""how":"#)))
    let settings = subject.settings(how: "set")
    #expect(try settings.history() == [])
    try settings.set("airplane", to: .bool(false))
    #expect(try summary(settings.history()) == ["4 set: airplane true → false"])
  }

  func checkUndoToATimeBeforeWhatTheJournalKnowsIsRefusedWhole(_ subject: JournalCheckSubject) throws {
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

  func checkAnUndoneChangeDoesNotStopUndoingTheOneBefore(_ subject: JournalCheckSubject) throws {
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

  func checkAChangeMadeWithoutTheToolIsRecordedOnceByTheWatchesThatNoticeIt(_ subject: JournalCheckSubject)
    async throws
  {
    let settings = subject.settings(how: "set")
    try settings.set("airplane", to: .bool(true))
    let watchers = [subject.settings(how: "watch"), subject.settings(how: "watch")]
    let recorders = watchers.map { ChangeRecorder($0.changes()) }
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
    #expect(stored.ranges(of: #""how":"outside""#).count == 1)
    #expect(stored.contains(#""changes":{"name":{"after":"Lee"}}"#))
    #expect(try summary(settings.history()) == ["2 outside: name - → \"Lee\"", "1 set: airplane - → true"])
  }
}
