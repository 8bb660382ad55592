import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// A watch of a document opened without its items files' items (as `settings ui` opens it) reports
/// the keys of those items when their stored value, a system file's value or their lock changes:
/// it cannot say their values (their items are not decoded), but a screen that shows them reads
/// them again. It once compared the document's own keys only, and said nothing.
@Suite(.serialized)
struct WatchItemsFileTests {
  static let document = """
    {"version": 1, "id": "apps", "sections": [
      {"items": [{"key": "beta", "type": "switch", "title": "Beta"}]},
      {"header": "Apps", "itemsFile": "apps.jsonl"}
    ]}
    """

  static let items = """
    {"key": "app-a", "type": "switch", "title": "App A"}
    {"key": "app-b", "type": "switch", "title": "App B"}

    """

  @Test func anItemsFileKeyChangedElsewhereIsReportedByKey() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("d.json", Self.document)
    _ = try directory.write("apps.jsonl", Self.items)
    let document = try DocumentLoader.load(path: SystemPath(path), loadingItemsFiles: false)
    let storePath = directory.file("s.json")
    let layers = LayeredStore(
      user: FileStore(path: storePath), documentID: document.id,
      directories: [SystemPath(directory.file("system"))])
    let settings = Settings(document: document, layers: layers)
    let recorder = Recorder(
      monitorUpdates(settings, WatchOptions(mechanism: .polling(intervalMilliseconds: 20))))
    defer { recorder.stop() }
    // Another process's `settings set app-b on`.
    try replaceByRename(storePath, with: #"{"app-b": true}"#)
    let set = await recorder.wait(count: 1)
    #expect(set == [SettingsUpdate([.otherKeyChanged(key: "app-b")])])
    // A change of the document's own key moves app-b's offset in the file: app-b is not reported.
    try replaceByRename(storePath, with: #"{"beta": true, "app-b": true}"#)
    let beta = await recorder.wait(count: 2)
    #expect(
      beta.dropFirst()
        == [
          SettingsUpdate([
            .changed(
              SettingChange(key: "beta", oldValue: .bool(false), newValue: .bool(true), origin: .elsewhere))
          ])
        ])
    // A system file that locks app-a.
    try FileManager.default.createDirectory(
      atPath: directory.file("system/settings"), withIntermediateDirectories: true)
    try replaceByRename(directory.file("system/settings/apps.json"), with: #"{"locked": {"app-a": "IT"}}"#)
    let locked = await recorder.wait(count: 3)
    #expect(locked.dropFirst(2) == [SettingsUpdate([.otherKeyChanged(key: "app-a")])])
    // Nothing more before beta is turned off again by hand.
    let settled = try await recorder.settle(
      marking: { try replaceByRename(storePath, with: #"{"app-b": true}"#) },
      until: { $0.changes.contains { $0.key == "beta" && $0.newValue == .bool(false) } })
    #expect(settled == locked)
  }

  /// An items file rewritten on disk is a new version of the document: a watch that reads items
  /// files reports the keys whose defaults it changed; one that pages through them (as `ui` and
  /// `serve` do) reports the reload, though the document it gives is the same, so that they open
  /// the file again. It once watched the document's own file only, and said nothing.
  @Test(arguments: [false, true]) func anItemsFileRewrittenOnDiskIsAReload(loadingItemsFiles: Bool)
    async throws
  {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = SystemPath(try directory.write("d.json", Self.document))
    _ = try directory.write("apps.jsonl", Self.items)
    let document = try DocumentLoader.load(path: path, loadingItemsFiles: loadingItemsFiles)
    let layers = LayeredStore(
      user: FileStore(path: directory.file("s.json")), documentID: document.id,
      directories: [SystemPath(directory.file("system"))])
    let settings = Settings(document: document, layers: layers)
    var options = WatchOptions(documentPath: path, mechanism: .polling(intervalMilliseconds: 20))
    options.loadingItemsFiles = loadingItemsFiles
    let recorder = Recorder(monitorUpdates(settings, options))
    defer { recorder.stop() }
    try replaceByRename(
      directory.file("apps.jsonl"),
      with: Self.items + #"{"key": "app-c", "type": "switch", "title": "App C", "on": true}"# + "\n")
    let reloaded = await recorder.wait(count: 1)
    if loadingItemsFiles {
      let expected = try DocumentLoader.load(path: path)
      #expect(expected.sections[1].items.map(\.key) == ["app-a", "app-b", "app-c"])
      #expect(reloaded == [SettingsUpdate([.documentReloaded(expected, changedDefaults: ["app-c"])])])
    } else {
      #expect(reloaded == [SettingsUpdate([.documentReloaded(document, changedDefaults: [])])])
    }
  }
}
