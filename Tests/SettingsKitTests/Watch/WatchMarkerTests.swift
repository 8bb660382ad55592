import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// A watch reports what changes a row's marker without changing its value (issue 30, points 7
/// and 8): a stored value that its item stops accepting, and a lock that comes or goes.
@Suite(.serialized)
struct WatchMarkerTests {
  @Test func aStoredValueEditedIntoOneTheItemRejectsIsReportedOnce() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try DocumentLoader.load(path: try directory.write("d.json", watchTestDocument()))
    let storePath = directory.file("s.json")
    let settings = Settings(document: document, store: FileStore(path: storePath))
    let recorder = Recorder(
      monitorUpdates(settings, WatchOptions(mechanism: .polling(intervalMilliseconds: 20))))
    defer { recorder.stop() }
    // A hand edit: mode holds a value that is not one of its choices; it still reads as "a".
    try replaceByRename(storePath, with: #"{"mode": "zzz"}"#)
    let updates = await recorder.wait(count: 1)
    guard updates.count == 1, case .storedValueRejected(let problem)? = updates[0].events.first else {
      Issue.record("expected one rejected stored value, got \(updates)")
      return
    }
    #expect(updates[0].events.count == 1)
    #expect(problem.key == "mode")
    #expect(
      problem.message
        == #"\#(storePath):1:10: stored value of "mode" is "zzz"; expected one of "a", "b"; using the default "a""#
    )
    // The same problem read again (another edit that leaves it) is not reported again.
    try replaceByRename(storePath, with: #"{"mode": "zzz", "beta": true}"#)
    let more = await recorder.wait(count: 2)
    #expect(more.count == 2 && more[1].changes.map(\.key) == ["beta"] && more[1].events.count == 1, "\(more)")
  }

  @Test func aRejectedStoredValueReplacedByTheValueInEffectIsReportedAccepted() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try DocumentLoader.load(path: try directory.write("d.json", watchTestDocument()))
    let storePath = try directory.write("s.json", #"{"mode": "zzz", "beta": "no"}"#)
    let settings = Settings(document: document, store: FileStore(path: storePath))
    let recorder = Recorder(
      monitorUpdates(settings, WatchOptions(mechanism: .polling(intervalMilliseconds: 20))))
    defer { recorder.stop() }
    // Both read as their defaults before and after: no value changes, the warnings go.
    try replaceByRename(storePath, with: #"{"mode": "a"}"#)
    let accepted = await recorder.wait(count: 1)
    #expect(
      accepted == [SettingsUpdate([.storedValueAccepted(key: "beta"), .storedValueAccepted(key: "mode")])])
    // One that goes with a new value is a change alone.
    try replaceByRename(storePath, with: #"{"mode": "zzz"}"#)
    _ = await recorder.wait(count: 2)
    try replaceByRename(storePath, with: #"{"mode": "b"}"#)
    let changed = await recorder.wait(count: 3)
    #expect(
      changed.count == 3 && changed[2].changes.map(\.key) == ["mode"] && changed[2].events.count == 1,
      "\(changed)")
  }

  @Test func aLockThatComesOrGoesWithoutAValueIsReported() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try DocumentLoader.load(path: try directory.write("d.json", watchTestDocument()))
    let layers = LayeredStore(
      user: FileStore(path: directory.file("s.json")), documentID: document.id,
      directories: [SystemPath(directory.file("system"))])
    let settings = Settings(document: document, layers: layers)
    let recorder = Recorder(
      monitorUpdates(settings, WatchOptions(mechanism: .polling(intervalMilliseconds: 20))))
    defer { recorder.stop() }
    let file = directory.file("system/settings/\(document.id).json")
    try FileManager.default.createDirectory(
      atPath: directory.file("system/settings"), withIntermediateDirectories: true)
    try replaceByRename(file, with: #"{"locked": {"beta": "Managed by IT"}}"#)
    let locked = await recorder.wait(count: 1)
    #expect(
      locked == [
        SettingsUpdate([
          .lockChanged(
            key: "beta", lock: SettingLock(file: file, reason: "Managed by IT", scope: .key("beta")))
        ])
      ])
    try FileManager.default.removeItem(atPath: file)
    let unlocked = await recorder.wait(count: 2)
    #expect(unlocked.dropFirst() == [SettingsUpdate([.lockChanged(key: "beta", lock: nil)])])
  }
}
