import TestSupport
import Testing

@testable import SettingsKit

/// The `updates` of one key are the stream of `changes` kept to that key: the same values, in the
/// same order, after the value now.
@Suite(.serialized)
struct UpdatesOfAKeyTests {
  @Test func theUpdatesOfAKeyAreTheValuesTheStreamCarriesForIt() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try DocumentLoader.load(path: try directory.write("d.json", watchTestDocument()))
    let storePath = try directory.write("s.json", #"{"mode": "b"}"#)
    let settings = Settings(document: document, store: FileStore(path: storePath))
    let options = WatchOptions(mechanism: .polling(intervalMilliseconds: 20))
    let stream = Recorder(settings.changes(options))
    let values = Recorder(try settings.updates("mode", options: options))
    let typed = Recorder(try settings.updates(SettingKey<String>("mode"), options: options))
    let switches = Recorder(try settings.updates(SettingKey<Bool>("beta"), initial: false, options: options))
    defer { for recorder in [stream.stop, values.stop, typed.stop, switches.stop] { recorder() } }
    // The value now, from the watch's first read; nothing for beta, asked without it.
    #expect(await values.wait(count: 1) == [.string("b")])
    #expect(await typed.wait(count: 1) == ["b"])
    // A hand edit of two keys, then writes here, then a hand edit back to the defaults of both.
    try replaceByRename(storePath, with: #"{"mode": "a", "beta": true}"#)
    _ = await stream.wait(count: 2)
    _ = await values.wait(count: 2)
    _ = await typed.wait(count: 2)
    _ = await switches.wait(count: 1)
    try settings.set("mode", to: .string("b"))
    try settings.set("alpha", to: .bool(true))
    _ = await stream.wait(count: 4)
    _ = await values.wait(count: 3)
    _ = await typed.wait(count: 3)
    try replaceByRename(storePath, with: #"{"alpha": true}"#)
    let events = await stream.wait(count: 6)
    #expect(events.compactMap { $0.newValue(of: "mode") } == [.string("a"), .string("b"), .string("a")])
    #expect(events.compactMap { $0.newValue(of: "beta") } == [.bool(true), .bool(false)])
    #expect(await values.wait(count: 4) == [.string("b"), .string("a"), .string("b"), .string("a")])
    #expect(await typed.wait(count: 4) == ["b", "a", "b", "a"])
    #expect(await switches.wait(count: 2) == [true, false])
    // Nothing more: no value twice, none of another key. A change of mode made elsewhere marks
    // the end of each stream that carries mode.
    try Settings(document: document, store: FileStore(path: storePath)).set("mode", to: .string("b"))
    #expect(
      await values.wait(count: 5) == [.string("b"), .string("a"), .string("b"), .string("a"), .string("b")])
    #expect(await typed.wait(count: 5) == ["b", "a", "b", "a", "b"])
    let all = await stream.wait(count: 7)
    #expect(all.count == 7 && all.last?.newValue(of: "mode") == .string("b"), "\(all)")
    #expect(switches.elements.count == 2)
  }
}
