import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// The changes that one store revision made reach the screen as one unit.
///
/// `settings set beta=on mode=b` once left the status line saying "beta changed elsewhere" now and
/// then: the watch found both changes in one read but handed them over one at a time, the screen's
/// loop woke on the first, took `[beta]` alone, read a snapshot that already held both values and
/// announced beta; `[mode]` then came already shown and was announced by no one. The first test
/// forces that interleaving and gets exactly that line; the second shows that what a watch hands
/// over is the whole read.
struct LiveBatchTests {
  static let document = """
    {"version": 1, "id": "live", "sections": [{"items": [
      {"key": "beta", "type": "switch", "title": "Beta"},
      {"key": "mode", "type": "rightDetail", "title": "Mode", "value": "a",
       "choices": [{"value": "a", "title": "Plain"}, {"value": "b", "title": "Bold"}]}
    ]}]}
    """

  static func screen(_ store: MemoryStore) throws -> SettingsScreen {
    let document = try DocumentLoader.decode(SourceText(name: "live.json", bytes: Array(document.utf8)))
    let loaded = LoadedDocument(document: document)
    return try SettingsScreen(document: loaded, store: store, width: 60, height: 8)
  }

  static func change(_ key: String, _ old: SettingValue, _ new: SettingValue) -> SettingChange {
    SettingChange(key: key, oldValue: old, newValue: new, origin: .elsewhere)
  }

  @Test func aSplitBatchAnnouncesTheFirstChangeAloneAndTheWholeBatchAnnouncesBoth() throws {
    let store = MemoryStore()
    var split = try Self.screen(store)
    var whole = try Self.screen(store)
    // Another process's one write: both values are in the store before the screen reads it.
    try store.update { $0.values = ["beta": .bool(true), "mode": .string("b")] }
    let beta = Self.change("beta", .bool(false), .bool(true))
    let mode = Self.change("mode", .string("a"), .string("b"))
    split.takeOutsideEvents([.changed(beta)])
    split.takeOutsideEvents([.changed(mode)])
    #expect(split.status == "beta changed elsewhere: off → on")
    whole.takeOutsideEvents([.changed(beta), .changed(mode)])
    #expect(whole.status == "mode changed elsewhere: Plain → Bold (and 1 more)")
  }

  @Test func aMonitorHandsOverEveryChangeOfOneReadAsOneUpdate() async throws {
    let document = try DocumentLoader.decode(
      SourceText(name: "live.json", bytes: Array(Self.document.utf8)))
    let store = MemoryStore()
    let here = Settings(document: document, store: store)
    let elsewhere = Settings(document: document, store: store)
    let recorder = Recorder(
      AsyncStream<SettingsUpdate> { continuation in
        let watch = here.monitor { continuation.yield($0) }
        continuation.onTermination = { _ in watch.stop() }
      })
    defer { recorder.stop() }
    try elsewhere.set([("beta", "on"), ("mode", "b")])
    let updates = await recorder.wait(count: 1)
    #expect(
      updates == [
        SettingsUpdate([
          .changed(Self.change("beta", .bool(false), .bool(true))),
          .changed(Self.change("mode", .string("a"), .string("b"))),
        ])
      ])
    // Nothing more before the next change.
    let settled = try await recorder.settle(
      marking: { try elsewhere.set("mode", to: .string("a")) },
      until: { $0.changes.contains { $0.newValue == .string("a") } })
    #expect(settled == updates)
  }
}
