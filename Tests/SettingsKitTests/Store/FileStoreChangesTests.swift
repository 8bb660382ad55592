import TestSupport
import Testing

@testable import SettingsKit

/// What a file's change stream does that no other store's does: a file can stop parsing.
struct FileStoreChangesTests {
  @Test func aFileThatStopsParsingIsUnavailableUntilItParsesAgain() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("app.json", #"{"airplane": true}"#)
    let store = FileStore(path: path)
    let recorder = Recorder(store.changes(after: try store.read().revision))
    defer { recorder.stop() }
    try directory.write("app.json", "{\"airplane\": tru")
    let broken = await recorder.wait(count: 1)
    guard case .unavailable(.syntax(let file, _, _)) = broken.first else {
      Issue.record("expected unavailable, got \(broken)")
      return
    }
    #expect(file == path)
    try directory.write("app.json", #"{"airplane": false}"#)
    let events = await recorder.wait(count: 3)
    #expect(events.count == 3)
    #expect(events.dropFirst().first == .available)
    guard case .changed(let contents, let keys) = events.last else {
      Issue.record("expected changed, got \(events)")
      return
    }
    #expect(keys == ["airplane"])
    #expect(contents.values.mapValues { JSONWriter().string($0) } == ["airplane": "false\n"])
  }
}
