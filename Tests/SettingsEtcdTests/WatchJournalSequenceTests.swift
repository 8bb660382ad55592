import Dispatch
import Foundation
import SettingsKitTesting
import Synchronization
import TestSupport
import Testing

@testable import SettingsEtcd
@testable import SettingsKit
@testable import SettingsPOSIX

/// The change stream carries the number of the journal entry that made each change (issue 27):
/// against a file store and etcd, through ``Settings/changes(_:)`` and ``Settings/monitor(_:startingFrom:handler:)``.
@Suite(.serialized)
struct WatchJournalSequenceTests {
  static let kinds: [StoreKind] = [.file, .etcd]

  static func change(
    _ key: String, _ old: SettingValue, _ new: SettingValue, _ sequence: Int?,
    origin: ChangeOrigin = .elsewhere
  ) -> SettingChange {
    SettingChange(key: key, oldValue: old, newValue: new, origin: origin, journalSequence: sequence)
  }

  @Test(arguments: kinds)
  func eachChangeMadeElsewhereNamesItsEntry(kind: StoreKind) async throws {
    let subject = try JournalSubject(kind)
    defer { subject.remove() }
    let writer = subject.settings(how: "set")
    let watcher = Settings(document: subject.document, store: subject.store)
    let recorder = Recorder(flattening(watcher.changes()) { $0.change.map { [$0] } ?? [] })
    defer { recorder.stop() }
    try writer.set("airplane", to: .bool(true))
    #expect(await recorder.wait(count: 1) == [Self.change("airplane", .bool(false), .bool(true), 1)])
    try writer.set("name", to: .string("Lee"))
    #expect(await recorder.wait(count: 2).last == Self.change("name", .string("Kim"), .string("Lee"), 2))
    // Behind the tool's back: a file names the `outside` entry its journal gives the change (the
    // next write records it under that number, and `history` shows it so now); etcd, whose watch
    // does not write the entry a read of its journal would put, names none.
    try subject.writeOutside(["airplane": "true", "name": "\"Ann\""])
    #expect(
      await recorder.wait(count: 3).last
        == Self.change("name", .string("Lee"), .string("Ann"), kind == .file ? 3 : nil))
    try writer.set("wifi", to: .bool(false))
    #expect(await recorder.wait(count: 4).last == Self.change("wifi", .bool(true), .bool(false), 4))
    #expect(
      try summary(writer.history(limit: 2)) == ["4 set: wifi - → false", "3 outside: name \"Lee\" → \"Ann\""])
    // Nothing more before the next change.
    let settled = try await recorder.settle(
      marking: { try writer.set("name", to: .string("Zed")) }, until: { $0.newValue == .string("Zed") })
    #expect(settled.count == 4)
  }

  @Test(arguments: kinds)
  func aChangeMadeThroughTheWatchedSettingsNamesItsEntry(kind: StoreKind) async throws {
    let subject = try JournalSubject(kind)
    defer { subject.remove() }
    let settings = subject.settings(how: "set")
    let recorder = Recorder(flattening(settings.changes()) { $0.change.map { [$0] } ?? [] })
    defer { recorder.stop() }
    try settings.set("airplane", to: .bool(true))
    try settings.set("airplane", to: .bool(false))
    #expect(
      await recorder.wait(count: 2) == [
        Self.change("airplane", .bool(false), .bool(true), 1, origin: .thisProcess),
        Self.change("airplane", .bool(true), .bool(false), 2, origin: .thisProcess),
      ])
    // Reported once: not again when the watch reads the store for a change made elsewhere next.
    let other = subject.settings(how: "set")
    let settled = try await recorder.settle(
      marking: { try other.set("wifi", to: .bool(false)) }, until: { $0.key == "wifi" })
    #expect(settled.count == 2)
  }

  /// Writes made while the watch is busy are found by its next read, as one update: each change in
  /// it names the last of those entries, the one that left the values it reports.
  @Test(arguments: kinds)
  func writesThatOneReadFindsNameTheLastEntry(kind: StoreKind) async throws {
    let subject = try JournalSubject(kind)
    defer { subject.remove() }
    let writer = subject.settings(how: "set")
    let watcher = Settings(document: subject.document, store: subject.store)
    let gate = DispatchSemaphore(value: 0)
    let updates = Mutex<[SettingsUpdate]>([])
    let watch = watcher.monitor { update in
      // The first update holds the watch until the other writes are made.
      let first = updates.withLock { updates in
        updates.append(update)
        return updates.count == 1
      }
      if first { gate.wait() }
    }
    defer { watch.stop() }
    try writer.set("airplane", to: .bool(true))
    #expect(await Self.wait { updates.withLock { $0.count } == 1 })
    try writer.set("name", to: .string("Lee"))
    try writer.set("wifi", to: .bool(false))
    try writer.set("airplane", to: .bool(false))
    gate.signal()
    #expect(await Self.wait { updates.withLock { $0.count } == 2 })
    // Nothing more before the next change.
    try writer.set("name", to: .string("Zed"))
    #expect(await Self.wait { updates.withLock { $0.count } == 3 })
    #expect(updates.withLock { $0.last?.changes.map(\.newValue) } == [.string("Zed")])
    #expect(
      updates.withLock { $0.prefix(2).map(\.changes) } == [
        [Self.change("airplane", .bool(false), .bool(true), 1)],
        [
          Self.change("airplane", .bool(true), .bool(false), 4),
          Self.change("wifi", .bool(true), .bool(false), 4),
          Self.change("name", .string("Kim"), .string("Lee"), 4),
        ],
      ])
  }

  /// A value that changes with a new document's default was made by no entry, even when the
  /// store's journal ends at the bytes read.
  @Test func aValueChangedByTheDocumentNamesNoEntry() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("doc.json", watchTestDocument())
    let document = try DocumentLoader.load(path: path)
    let store = FileStore(path: directory.file("s.json"))
    let writer = Settings(document: document, store: store)
    let watcher = Settings(document: document, store: store)
    let recorder = Recorder(
      flattening(watcher.changes(WatchOptions(documentPath: SystemPath(path)))) {
        $0.change.map { [$0] } ?? []
      })
    defer { recorder.stop() }
    try writer.set("beta", to: .bool(true))
    #expect(await recorder.wait(count: 1) == [Self.change("beta", .bool(false), .bool(true), 1)])
    try replaceByRename(path, with: watchTestDocument(alphaDefault: true))
    #expect(await recorder.wait(count: 2).last == Self.change("alpha", .bool(false), .bool(true), nil))
    let settled = try await recorder.settle(
      marking: { try writer.set("marker", to: .bool(true)) }, until: { $0.key == "marker" })
    #expect(settled.count == 2)
  }

  /// A store that keeps no journal: a memory store, a file store with a journal limit of 0.
  @Test func aStoreWithoutAJournalNamesNoEntry() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try DocumentLoader.decode(
      SourceText(name: "d.json", bytes: Array(watchTestDocument().utf8)))
    var unjournaled = FileStore(path: directory.file("s.json"))
    unjournaled.journalLimit = 0
    for store in [MemoryStore(), unjournaled] as [any SettingsStore] {
      let settings = Settings(document: document, store: store)
      let recorder = Recorder(flattening(settings.changes()) { $0.change.map { [$0] } ?? [] })
      defer { recorder.stop() }
      try settings.set("beta", to: .bool(true))
      #expect(
        await recorder.wait(count: 1)
          == [Self.change("beta", .bool(false), .bool(true), nil, origin: .thisProcess)])
    }
  }

  /// Waits up to 60 seconds for `condition`.
  static func wait(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<3000 {
      if condition() { return true }
      try? await Task.sleep(for: .milliseconds(20))
    }
    return condition()
  }
}
