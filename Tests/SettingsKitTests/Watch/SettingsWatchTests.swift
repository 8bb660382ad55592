import Foundation
import Synchronization
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// Watching a store and a document for changes made elsewhere: real files, real processes.
@Suite(.serialized)
struct SettingsWatchTests {
  static let mechanisms: [WatchMechanism] = [.automatic, .polling()]

  /// A temporary directory with the test document, and `Settings` on a store at `store` in it.
  struct Fixture {
    let directory: TemporaryDirectory
    let documentPath: String
    let storePath: String
    let settings: Settings

    init(store: String = "s.json", contents: String? = nil) throws {
      directory = try TemporaryDirectory()
      documentPath = try directory.write("d.json", watchTestDocument())
      storePath = directory.file(store)
      if let contents { try directory.write(store, contents) }
      settings = Settings(
        document: try DocumentLoader.load(path: documentPath), store: FileStore(path: storePath))
    }

    /// What `recorder` got before a flip of `marker` in the store, made elsewhere: nothing more
    /// came before it.
    func settle(_ recorder: Recorder<SettingsEvent>) async throws -> [SettingsEvent] {
      try await recorder.settle(settings.document, FileStore(path: storePath))
    }

    /// Runs `settings -f DOCUMENT --store STORE ARGUMENTS…` as another process.
    func run(_ arguments: String...) throws {
      let outcome = try runBinary(["-f", documentPath, "--store", storePath] + arguments)
      #expect(outcome.status == 0, "\(outcome)")
    }
  }

  @Test(arguments: mechanisms)
  func aSetByAnotherProcessIsSeen(mechanism: WatchMechanism) async throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let recorder = Recorder(
      fixture.settings.changes(WatchOptions(mechanism: mechanism)))
    try fixture.run("set", "alpha", "on")
    #expect(changeLines(await recorder.wait(count: 1)) == ["alpha: off -> on"])
    try fixture.run("set", "mode=b", "beta=on")
    #expect(
      changeLines(await recorder.wait(count: 3)) == ["alpha: off -> on", "beta: off -> on", "mode: a -> b"])
    #expect(
      changeLines(try await fixture.settle(recorder)) == [
        "alpha: off -> on", "beta: off -> on", "mode: a -> b",
      ])
  }

  @Test(arguments: mechanisms)
  func handEditsByRenameAndInPlaceAreSeen(mechanism: WatchMechanism) async throws {
    let fixture = try Fixture(contents: #"{"alpha": true}"#)
    defer { fixture.directory.remove() }
    let recorder = Recorder(
      fixture.settings.changes(WatchOptions(mechanism: mechanism)))
    try replaceByRename(fixture.storePath, with: #"{"alpha": false, "beta": true}"#)
    #expect(changeLines(await recorder.wait(count: 2)) == ["alpha: on -> off", "beta: off -> on"])
    try rewriteInPlace(fixture.storePath, with: #"{"beta": true, "mode": "b"}"#)
    #expect(
      changeLines(await recorder.wait(count: 3)) == ["alpha: on -> off", "beta: off -> on", "mode: a -> b"])
    #expect(
      changeLines(try await fixture.settle(recorder)) == [
        "alpha: on -> off", "beta: off -> on", "mode: a -> b",
      ])
  }

  @Test(arguments: mechanisms)
  func deletingAndRecreatingTheStoreAndItsDirectoryIsSeen(mechanism: WatchMechanism) async throws {
    let fixture = try Fixture(store: "conf/s.json")
    defer { fixture.directory.remove() }
    try fixture.run("set", "alpha", "on")
    let recorder = Recorder(
      fixture.settings.changes(WatchOptions(mechanism: mechanism)))
    // Deleting the store: every key reads as its default again.
    #expect(unlink(fixture.storePath) == 0)
    #expect(changeLines(await recorder.wait(count: 1)) == ["alpha: on -> off"], "\(recorder.elements)")
    try fixture.run("set", "alpha", "on")
    #expect(changeLines(await recorder.wait(count: 2)) == ["alpha: on -> off", "alpha: off -> on"])
    // Deleting its directory, then a write that creates it again.
    try FileManager.default.removeItem(atPath: fixture.directory.file("conf"))
    #expect(changeLines(await recorder.wait(count: 3)).last == "alpha: on -> off")
    try fixture.run("set", "beta", "on")
    #expect(
      changeLines(await recorder.wait(count: 4)) == [
        "alpha: on -> off", "alpha: off -> on", "alpha: on -> off", "beta: off -> on",
      ])
  }

  @Test(arguments: mechanisms)
  func aStoreWhoseDirectoriesDoNotExistYetIsWatchedFromTheNearestAncestor(mechanism: WatchMechanism)
    async throws
  {
    let fixture = try Fixture(store: "a/b/c/s.json")
    defer { fixture.directory.remove() }
    let recorder = Recorder(
      fixture.settings.changes(WatchOptions(mechanism: mechanism)))
    try FileManager.default.createDirectory(
      atPath: fixture.directory.file("a/b"), withIntermediateDirectories: true)
    try fixture.run("set", "mode", "b")
    #expect(changeLines(await recorder.wait(count: 1)) == ["mode: a -> b"])
    try fixture.run("set", "mode", "a")
    #expect(changeLines(await recorder.wait(count: 2)) == ["mode: a -> b", "mode: b -> a"])
  }

  @Test(arguments: mechanisms)
  func aSymlinkedStoreIsFollowedAndARepointedLinkIsSeen(mechanism: WatchMechanism) async throws {
    let fixture = try Fixture(store: "link/s.json")
    defer { fixture.directory.remove() }
    let directory = fixture.directory
    try FileManager.default.createDirectory(atPath: directory.file("real"), withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: directory.file("link"), withIntermediateDirectories: true)
    try directory.write("real/one.json", #"{"alpha": true}"#)
    try directory.write("real/two.json", #"{"alpha": true, "beta": true}"#)
    #expect(symlink("../real/one.json", fixture.storePath) == 0)
    let recorder = Recorder(
      fixture.settings.changes(WatchOptions(mechanism: mechanism)))
    // An edit of the link's target, in the target's directory.
    try replaceByRename(directory.file("real/one.json"), with: #"{"alpha": true, "mode": "b"}"#)
    #expect(changeLines(await recorder.wait(count: 1)) == ["mode: a -> b"])
    // A write through the link by another process replaces the target.
    try fixture.run("set", "alpha", "off")
    #expect(changeLines(await recorder.wait(count: 2)) == ["mode: a -> b", "alpha: on -> off"])
    // `ln -sfn ../real/two.json link/s.json`: a new link renamed over the old one.
    #expect(symlink("../real/two.json", directory.file("link/.s.json.new")) == 0)
    #expect(rename(directory.file("link/.s.json.new"), fixture.storePath) == 0)
    #expect(
      changeLines(await recorder.wait(count: 5)) == [
        "mode: a -> b", "alpha: on -> off", "alpha: off -> on", "beta: off -> on", "mode: b -> a",
      ])
    // Edits of the new target are seen, the old one's no longer.
    try replaceByRename(directory.file("real/one.json"), with: #"{"mode": "b"}"#)
    try rewriteInPlace(directory.file("real/two.json"), with: #"{"alpha": true}"#)
    #expect(changeLines(await recorder.wait(count: 6)).last == "beta: on -> off")
    #expect(changeLines(try await fixture.settle(recorder)).count == 6)
  }

  @Test(arguments: mechanisms)
  func aBrokenStoreIsAnErrorEventAndTheWatchGoesOnWhenItIsFixed(mechanism: WatchMechanism) async throws {
    let fixture = try Fixture(contents: #"{"alpha": true}"#)
    defer { fixture.directory.remove() }
    let recorder = Recorder(
      fixture.settings.changes(WatchOptions(mechanism: mechanism)))
    try rewriteInPlace(fixture.storePath, with: "{\"alpha\": true,\n")
    let events = await recorder.wait(count: 1)
    guard case .storeFailed(let error) = events.first else {
      Issue.record("expected a store error, got \(events)")
      return
    }
    #expect(
      error.message
        == "\(fixture.storePath):2:1: unexpected end of file; expected a member name in quotes; the store was left unchanged: fix or remove it"
    )
    // Still broken, another way: reported once more, as a different error; no change.
    try rewriteInPlace(fixture.storePath, with: "[]")
    #expect(await recorder.wait(count: 2).count == 2)
    // Fixed: only the keys that really differ from before the breakage.
    try replaceByRename(fixture.storePath, with: #"{"alpha": true, "beta": true}"#)
    let fixed = await recorder.wait(count: 4)
    #expect(fixed.dropFirst(2).first == .storeRecovered)
    #expect(changeLines(fixed) == ["beta: off -> on"])
    #expect(try await fixture.settle(recorder).count == 4)
  }

  @Test(arguments: mechanisms)
  func aDocumentChangedOnDiskIsReloadedAndAnInvalidOneIsKeptOut(mechanism: WatchMechanism) async throws {
    let fixture = try Fixture(contents: #"{"beta": true}"#)
    defer { fixture.directory.remove() }
    let options = WatchOptions(documentPath: SystemPath(fixture.documentPath), mechanism: mechanism)
    let recorder = Recorder(fixture.settings.changes(options))
    try replaceByRename(fixture.documentPath, with: watchTestDocument(alphaDefault: true))
    let reloaded = try DocumentLoader.load(path: fixture.documentPath)
    let events = await recorder.wait(count: 2)
    #expect(events.first == .documentReloaded(reloaded, changedDefaults: ["alpha"]))
    #expect(changeLines(events) == ["alpha: off -> on"])
    // A document that no longer validates: an error, and the last good document stays in use.
    try rewriteInPlace(fixture.documentPath, with: #"{"version": 1, "id": "watch-test", "sections": 3}"#)
    let failed = await recorder.wait(count: 3)
    guard failed.count == 3, case .documentFailed(let error) = failed[2] else {
      Issue.record("expected a document error, got \(failed)")
      return
    }
    #expect(error.messages.count >= 1)
    try replaceByRename(fixture.storePath, with: #"{"beta": true, "mode": "b"}"#)
    #expect(changeLines(await recorder.wait(count: 4)) == ["alpha: off -> on", "mode: a -> b"])
    // Fixed again, with the old default: reloaded, and alpha follows its default back.
    try replaceByRename(fixture.documentPath, with: watchTestDocument(alphaDefault: false))
    let back = await recorder.wait(count: 6)
    #expect(
      back.count == 6 && back[4] == .documentReloaded(fixture.settings.document, changedDefaults: ["alpha"]))
    #expect(changeLines(back) == ["alpha: off -> on", "mode: a -> b", "alpha: on -> off"])
  }

  @Test func aChangeMadeHereIsReportedOnceAsThisProcesss() async throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let recorder = Recorder(fixture.settings.changes())
    try fixture.settings.set("alpha", to: .bool(true))
    #expect(changeLines(await recorder.wait(count: 1)) == ["alpha: off -> on (here)"])
    #expect(changeLines(try await fixture.settle(recorder)) == ["alpha: off -> on (here)"])
    try fixture.run("set", "alpha", "off")
    #expect(changeLines(await recorder.wait(count: 2)) == ["alpha: off -> on (here)", "alpha: on -> off"])
    try fixture.settings.reset(["alpha"])  // Equal to the default: no change of value.
    #expect(
      changeLines(try await fixture.settle(recorder)) == ["alpha: off -> on (here)", "alpha: on -> off"])
  }

  /// A watch refreshed only when the test says so (its file watcher polls once an hour) that hands
  /// every batch of events, local ones included, to `emit`.
  private func manualWatch(
    _ settings: Settings, emit: @escaping @Sendable ([SettingsEvent]) -> Void
  ) -> SettingsWatch {
    let watch = SettingsWatch(
      settings: settings, options: WatchOptions(mechanism: .polling(intervalMilliseconds: 3_600_000)),
      includesLocalChanges: true
    ) { update in emit(update.events) }
    watch.start()
    return watch
  }

  /// A secure text field's changes print masked, whether made here or elsewhere.
  @Test func aSecureFieldsChangesPrintMasked() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let documentPath = try directory.write(
      "d.json",
      #"{"id": "w", "sections": [{"items": [{"key": "pass", "type": "textField", "title": "P", "secure": true}]}]}"#
    )
    let storePath = directory.file("s.json")
    let settings = Settings(
      document: try DocumentLoader.load(path: documentPath), store: FileStore(path: storePath))
    let events = Mutex<[SettingsEvent]>([])
    let watch = manualWatch(settings) { batch in events.withLock { $0 += batch } }
    defer { watch.stop() }
    try settings.set("pass", to: .string("hunter2"))
    watch.refresh()
    try rewriteInPlace(storePath, with: #"{"pass": "swordfish"}"#)
    watch.refresh()
    let changes = events.withLock { $0 }.compactMap { event -> SettingChange? in
      guard case .changed(let change) = event else { return nil }
      return change
    }
    #expect(changes.map(\.isSecure) == [true, true])
    #expect(changes.map(\.origin) == [.thisProcess, .elsewhere])
    #expect(changes.map(\.description) == ["pass: •••••••• -> ••••••••", "pass: •••••••• -> ••••••••"])
    #expect(changes.last?.newValue == .string("swordfish"))
  }

  @Test func aWriteHereLeavesNothingForTheStoresNotificationButLaterEditsAreSeen() throws {
    let fixture = try Fixture(contents: #"{"mode": "b"}"#)
    defer { fixture.directory.remove() }
    let events = Mutex<[SettingsEvent]>([])
    let watch = manualWatch(fixture.settings) { batch in events.withLock { $0 += batch } }
    defer { watch.stop() }
    try fixture.settings.set("alpha", to: .bool(true))
    watch.refresh()  // The store's notification of that write.
    #expect(changeLines(events.withLock { $0 }) == ["alpha: off -> on (here)"])
    // An edit in place right after (same inode, maybe within the same clock tick): other bytes,
    // so compared and reported.
    try rewriteInPlace(fixture.storePath, with: #"{"alpha": true}"#)
    watch.refresh()
    #expect(changeLines(events.withLock { $0 }) == ["alpha: off -> on (here)", "mode: b -> a"])
  }

  @Test func aWatchStartedFromAnEarlierSnapshotReportsWhatChangedSinceAtItsFirstRefresh() throws {
    let fixture = try Fixture(contents: #"{"mode": "b"}"#)
    defer { fixture.directory.remove() }
    let snapshot = try fixture.settings.snapshot()
    try fixture.run("set", "beta", "on")
    let events = Mutex<[SettingsEvent]>([])
    let watch = SettingsWatch(
      settings: fixture.settings, options: WatchOptions(mechanism: .polling(intervalMilliseconds: 3_600_000)),
      includesLocalChanges: true
    ) { update in events.withLock { $0 += update.events } }
    defer { watch.stop() }
    watch.start(from: snapshot)
    #expect(events.withLock { $0 }.isEmpty)
    watch.refresh()
    #expect(changeLines(events.withLock { $0 }) == ["beta: off -> on"])
    try fixture.settings.set("alpha", to: .bool(true))
    watch.refresh()
    #expect(changeLines(events.withLock { $0 }) == ["beta: off -> on", "alpha: off -> on (here)"])
  }

  @Test func aChangeElsewhereJustBeforeAWriteHereIsStillReported() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let events = Mutex<[SettingsEvent]>([])
    let watch = manualWatch(fixture.settings) { batch in events.withLock { $0 += batch } }
    defer { watch.stop() }
    // Another process writes before the watch has read the store again; this write reads its
    // result and keeps it, so the bytes it leaves hold beta's new value too.
    try fixture.run("set", "beta", "on")
    try fixture.settings.set("alpha", to: .bool(true))
    #expect(changeLines(events.withLock { $0 }) == ["alpha: off -> on (here)"])
    watch.refresh()
    #expect(changeLines(events.withLock { $0 }) == ["alpha: off -> on (here)", "beta: off -> on"])
    watch.refresh()
    #expect(changeLines(events.withLock { $0 }) == ["alpha: off -> on (here)", "beta: off -> on"])
  }

  @Test func twoWritesHereInARowThenARenameElsewhereAreEachReportedOnce() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let events = Mutex<[SettingsEvent]>([])
    let watch = manualWatch(fixture.settings) { batch in events.withLock { $0 += batch } }
    defer { watch.stop() }
    // Two writes here in a row: the second reads the bytes the first left.
    try fixture.settings.set("alpha", to: .bool(true))
    try fixture.settings.set("mode", to: .string("b"))
    watch.refresh()
    #expect(changeLines(events.withLock { $0 }) == ["alpha: off -> on (here)", "mode: a -> b (here)"])
    // Then a rename over the store with the bytes the watch last saw but one value changed.
    let written = try String(contentsOfFile: fixture.storePath, encoding: .utf8)
    try replaceByRename(fixture.storePath, with: written.replacingOccurrences(of: "\"b\"", with: "\"a\""))
    watch.refresh()
    #expect(
      changeLines(events.withLock { $0 }) == [
        "alpha: off -> on (here)", "mode: a -> b (here)", "mode: b -> a",
      ])
  }

  @Test(arguments: mechanisms)
  func theStreamCarriesChangesFromOtherProcessesAndFromHere(mechanism: WatchMechanism) async throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let recorder = Recorder(fixture.settings.changes(WatchOptions(mechanism: mechanism)))
    defer { recorder.stop() }
    try fixture.run("set", "beta", "on")
    _ = await recorder.wait(count: 1)
    try fixture.settings.set("mode", to: .string("b"))
    #expect(
      await recorder.wait(count: 2) == [
        // The other process's change names its journal entry; this object's own change is as
        // `set` returned it, naming the entry its write made.
        .changed(
          SettingChange(
            key: "beta", oldValue: .bool(false), newValue: .bool(true), origin: .elsewhere, journalSequence: 1
          )),
        .changed(
          SettingChange(
            key: "mode", oldValue: .string("a"), newValue: .string("b"), origin: .thisProcess,
            journalSequence: 2)),
      ])
    #expect(try await fixture.settle(recorder).count == 2)
  }

  @Test(arguments: mechanisms)
  func aMonitorGetsEventsFromElsewhereInOrderAndMayChangeSettings(mechanism: WatchMechanism) async throws {
    let fixture = try Fixture(contents: "{")
    defer { fixture.directory.remove() }
    let events = Mutex<[SettingsEvent]>([])
    let settings = fixture.settings
    let monitor = settings.monitor(WatchOptions(mechanism: mechanism)) { update in
      events.withLock { $0 += update.events }
      // A handler may change settings: beta follows alpha here.
      for change in update.changes where change.key == "alpha" {
        _ = try? settings.set("beta", to: change.newValue)
      }
    }
    defer { monitor.stop() }
    // The store does not parse when the watch starts: an error first, before monitor returns.
    #expect(events.withLock { $0.count } == 1)
    try replaceByRename(fixture.storePath, with: #"{"alpha": true}"#)
    try await waitUntil { events.withLock { $0.count } >= 3 }
    // Nothing more before a change made elsewhere after it.
    try flipMarker(settings.document, in: FileStore(path: fixture.storePath))
    try await waitUntil { events.withLock { $0.contains(where: isMarker) } }
    let seen = Array(events.withLock { $0 }.prefix { !isMarker($0) })
    #expect(seen.count == 3)
    guard case .storeFailed = seen.first else {
      Issue.record("expected a store error first, got \(seen)")
      return
    }
    #expect(
      seen.dropFirst() == [
        .storeRecovered,
        .changed(
          SettingChange(key: "alpha", oldValue: .bool(false), newValue: .bool(true), origin: .elsewhere)),
      ])
    // The handler's own change of beta is not reported back to it.
    #expect(try settings.isOn("beta"))
  }

  @Test(arguments: mechanisms)
  func updatesOfOneKeyStartWithItsCurrentValue(mechanism: WatchMechanism) async throws {
    let fixture = try Fixture(contents: #"{"mode": "b"}"#)
    defer { fixture.directory.remove() }
    let recorder = Recorder(try fixture.settings.updates("mode", options: WatchOptions(mechanism: mechanism)))
    #expect(await recorder.wait(count: 1) == [.string("b")])
    try fixture.run("set", "alpha", "on")  // Another key: nothing.
    try fixture.run("set", "mode", "a")
    #expect(await recorder.wait(count: 2) == [.string("b"), .string("a")])
    // Nothing in between: the next change of mode comes right after.
    try fixture.run("set", "mode", "b")
    #expect(await recorder.wait(count: 3) == [.string("b"), .string("a"), .string("b")])
    let withoutInitial = Recorder(try fixture.settings.updates("mode", initial: false))
    try fixture.settings.set("mode", to: .string("a"))
    #expect(await withoutInitial.wait(count: 1) == [.string("a")])
    #expect(throws: SettingsError.unknownKey("alpah", suggestion: "alpha")) {
      try fixture.settings.updates("alpah")
    }
  }

  @Test(arguments: mechanisms)
  func aBurstOfHandEditsEndsOnTheLastValueWithNothingTwice(mechanism: WatchMechanism) async throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let recorder = Recorder(
      fixture.settings.changes(WatchOptions(mechanism: mechanism)))
    // Rewrites in place, all of one size and most within one tick of the kernel's file clock, so
    // that the file's size and times do not tell them apart; the last one says "b".
    for index in 1...31 {
      try rewriteInPlace(fixture.storePath, with: #"{"mode": "\#(index % 2 == 0 ? "a" : "b")"}"#)
    }
    func modes(_ events: [SettingsEvent]) -> [SettingChange] {
      events.compactMap { if case .changed(let change) = $0, change.key == "mode" { change } else { nil } }
    }
    await recorder.wait { modes($0).last?.newValue == .string("b") }
    let settled = modes(try await fixture.settle(recorder))
    // Each change starts where the one before ended, none repeats a value, and the last is "b".
    #expect(settled.first?.oldValue == .string("a"))
    #expect(zip(settled, settled.dropFirst()).allSatisfy { $0.newValue == $1.oldValue })
    #expect(settled.allSatisfy { $0.oldValue != $0.newValue && $0.origin == .elsewhere })
    #expect(settled.last?.newValue == .string("b"))
  }

  @Test func pollingIsUsedWhenAskedForAndNotificationsOtherwise() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let polling = fixture.settings.monitor(WatchOptions(mechanism: .polling(intervalMilliseconds: 100))) {
      _ in
    }
    #expect(polling.mechanism == .polling(intervalMilliseconds: 100))
    let automatic = fixture.settings.monitor { _ in }
    #expect(automatic.mechanism == .automatic)
    let memory = Settings(document: fixture.settings.document, store: MemoryStore()).monitor { _ in }
    #expect(memory.mechanism == nil)
  }

  @Test func aStoreThatIsNotAFileIsFollowedThroughItsChangeStream() async throws {
    let document = try DocumentLoader.load(path: try Fixture().documentPath)
    let store = MemoryStore()
    let here = Settings(document: document, store: store)
    let elsewhere = Settings(document: document, store: store)
    let recorder = Recorder(here.changes())
    try elsewhere.set("alpha", to: .bool(true))
    try elsewhere.set([("mode", "b"), ("beta", "on")])
    #expect(
      changeLines(await recorder.wait(count: 3)) == ["alpha: off -> on", "beta: off -> on", "mode: a -> b"])
    try here.set("alpha", to: .bool(false))
    #expect(
      changeLines(try await recorder.settle(document, store)) == [
        "alpha: off -> on", "beta: off -> on", "mode: a -> b", "alpha: on -> off (here)",
      ])
  }

  /// Waits up to 20 s for `condition`.
  private func waitUntil(_ condition: () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(20)
    while !condition() && Date() < deadline { try await Task.sleep(for: .milliseconds(10)) }
  }
}

extension WatchMechanism: CustomTestStringConvertible {
  /// The mechanism, as test names show it.
  public var testDescription: String {
    switch self {
    case .automatic: "automatic"
    case .polling(let interval): "polling every \(interval) ms"
    }
  }
}
