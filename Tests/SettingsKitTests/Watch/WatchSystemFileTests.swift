import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// A system file that breaks while a watch runs is reported once, before what it took away (its
/// lock); a watch once said only that the lock went.
@Suite(.serialized)
struct WatchSystemFileTests {
  @Test func aSystemFileThatStopsParsingIsReportedOnce() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try DocumentLoader.load(path: try directory.write("d.json", watchTestDocument()))
    try FileManager.default.createDirectory(
      atPath: directory.file("system/settings"), withIntermediateDirectories: true)
    let file = directory.file("system/settings/\(document.id).json")
    try replaceByRename(file, with: #"{"locked": {"beta": "Managed by IT"}}"#)
    let layers = LayeredStore(
      user: FileStore(path: directory.file("s.json")), documentID: document.id,
      directories: [SystemPath(directory.file("system"))])
    let settings = Settings(document: document, layers: layers)
    let recorder = Recorder(
      monitorUpdates(settings, WatchOptions(mechanism: .polling(intervalMilliseconds: 20))))
    defer { recorder.stop() }
    try replaceByRename(file, with: #"{"locked": {"#)
    let broken = await recorder.wait(count: 1)
    let ignored = IgnoredSystemFile(
      file: file, location: SourceLocation(line: 1, column: 13),
      reason: "unexpected end of file; expected a member name in quotes")
    #expect(broken == [SettingsUpdate([.systemFileIgnored(ignored), .lockChanged(key: "beta", lock: nil)])])
    // Touched again, still broken the same way: nothing new.
    try replaceByRename(file, with: #"{"locked": {"#)
    #expect(try await recorder.settle(document, FileStore(path: directory.file("s.json"))) == broken)
  }
}
