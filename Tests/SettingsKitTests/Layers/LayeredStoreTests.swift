import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// The layered store in the library: system files under the user's store, locks, each value's
/// source on the item's state.
struct LayeredStoreTests {
  static let document = try! DocumentLoader.decode(
    SourceText(
      name: "doc.json",
      bytes: Array(
        """
        {"id": "app", "sections": [
          {"id": "net", "items": [
            {"key": "airplane", "type": "switch", "title": "Airplane Mode"},
            {"key": "wifi", "type": "switch", "title": "Wi-Fi", "on": true},
            {"key": "more", "type": "detailTitle", "title": "More", "page": {"sections": [{"id": "inner", "items": [
              {"key": "deep", "type": "switch", "title": "Deep"}]}]}}]},
          {"items": [{"key": "theme", "type": "rightDetail", "title": "Theme", "value": "light",
            "choices": [{"value": "light", "title": "Light"}, {"value": "dark", "title": "Dark"}]}]}
        ]}
        """.utf8)))

  static func layer(_ file: String, _ values: [String: JSONValue] = [:], locked: [String: String] = [:])
    -> SystemLayer
  {
    SystemLayer(file: file, values: values, locked: locked)
  }

  @Test func systemDirectoriesComeFromXDGConfigDirsInOrderElseEtcXdg() {
    func directories(_ value: String?) -> [String] {
      LayeredStore.systemDirectories(
        environmentPaths: value.map { ["XDG_CONFIG_DIRS": SystemPath($0)] } ?? [:]
      )
      .map(\.description)
    }
    #expect(directories(nil) == ["/etc/xdg"])
    #expect(directories("") == ["/etc/xdg"])
    #expect(directories("/a::relative:/b/") == ["/a", "/b/"])
    #expect(directories("relative") == ["/etc/xdg"])
  }

  @Test func earlierLayersWinAndTheUserWinsOverThemUnlessLocked() throws {
    let layers = LayeredStore(
      user: MemoryStore(values: ["wifi": .bool(true), "theme": .string("light")]),
      system: [
        Self.layer("first", ["airplane": .bool(true), "theme": .string("dark")]),
        Self.layer("second", ["airplane": .bool(false), "wifi": .bool(false)], locked: ["theme": "Fixed"]),
      ])
    let settings = Settings(document: Self.document, layers: layers)
    let snapshot = try settings.snapshot()
    #expect(snapshot.value(forKey: "airplane") == .bool(true))
    #expect(snapshot.value(forKey: "wifi") == .bool(true))
    // The lock is in the second file: the first file's dark and the user's light do not count.
    #expect(snapshot.value(forKey: "theme") == .string("light"))
    let theme = try settings.item("theme")
    #expect(snapshot.source(of: theme) == .locked(file: "second"))
    #expect(snapshot.source(of: try settings.item("airplane")) == .system(file: "first"))
    #expect(snapshot.source(of: try settings.item("wifi")) == .user)
    #expect(snapshot.modified == ["wifi"])
  }

  @Test func aLockedItemsStateSaysSoBesideEnabledAndVisible() throws {
    let layers = LayeredStore(
      user: MemoryStore(),
      system: [Self.layer("/etc/xdg/settings/app.json", locked: ["net": "Managed", "more": "Page lock"])])
    let settings = Settings(document: Self.document, layers: layers)
    let snapshot = try settings.snapshot()
    let state = snapshot.state(of: try settings.item("airplane"))
    #expect(state.isEnabled && state.isVisible)
    #expect(state.isLocked && !state.isEditable)
    #expect(state.lockReason == "Managed")
    #expect(
      state.lock == SettingLock(file: "/etc/xdg/settings/app.json", reason: "Managed", scope: .section("net"))
    )
    #expect(state.source == .locked(file: "/etc/xdg/settings/app.json"))
    // A page's key locks the items on it (here the section lock of the row that opens it comes second).
    #expect(snapshot.lock(of: try settings.item("more.deep"))?.scope == .page("more"))
    #expect(!snapshot.state(of: try settings.item("theme")).isLocked)
    #expect(snapshot.state(of: try settings.item("theme")).isEditable)
  }

  @Test func changesOfALockedItemAreRefusedAndWriteNothing() throws {
    let store = MemoryStore(values: ["airplane": .bool(true)])
    let settings = Settings(
      document: Self.document,
      layers: LayeredStore(user: store, system: [Self.layer("sys", locked: ["airplane": "No"])]))
    let refusal = SettingsError.locked(key: "airplane", file: "sys", reason: "No")
    #expect(throws: refusal) { try settings.set([("wifi", "off"), ("airplane", "off")]) }
    #expect(throws: refusal) { try settings.toggle("airplane") }
    #expect(throws: refusal) { try settings.reset(["airplane"]) }
    #expect(throws: refusal) { try settings.set("airplane", to: .bool(false)) }
    #expect(refusal.message == "'airplane' is locked by sys: No")
    #expect(try store.read().values == ["airplane": .bool(true)])
    // The override under the lock is kept, unused, and reset --all leaves it.
    #expect(try settings.value(of: "airplane") == .bool(false))
    try settings.set("wifi", to: .bool(false))
    #expect(
      try settings.resetAll() == [SettingChange(key: "wifi", oldValue: .bool(false), newValue: .bool(true))])
    #expect(try store.read().values == ["airplane": .bool(true)])
  }

  @Test func aBadSystemValueIsReportedWithItsFileAndIgnored() throws {
    let source = SourceText(
      name: "/etc/xdg/settings/app.json",
      bytes: Array(#"{"values": {"theme": "sepia", "airplane": true}}"#.utf8))
    let layer = try SystemLayer.parse(source)
    let snapshot = SettingsSnapshot(
      document: Self.document, contents: StoreContents(), storeName: "s.json", system: [layer])
    #expect(snapshot.value(forKey: "theme") == .string("light"))
    #expect(snapshot.value(forKey: "airplane") == .bool(true))
    #expect(
      snapshot.systemProblems.map(\.message) == [
        #"/etc/xdg/settings/app.json:1:22: stored value of "theme" is "sepia"; expected one of "light", "dark"; ignoring it"#
      ])
    #expect(snapshot.problems == [])
  }

  @Test(arguments: [
    (#"[1]"#, "f.json: expected a JSON object; found an array; the system file is ignored"),
    (
      #"{"values": []}"#,
      #"f.json:1:12: "values" is an array; expected an object; the system file is ignored"#
    ),
    (
      #"{"locked": {"a": 1}}"#,
      #"f.json:1:18: the reason of lock "a" is a number; expected a string; the system file is ignored"#
    ),
    (
      #"{"value": {}}"#,
      #"f.json:1:11: unknown member "value"; expected "values" or "locked"; the system file is ignored"#
    ),
  ])
  func aSystemFileThatIsNotOneIsIgnoredAsAWhole(text: String, message: String) {
    #expect(throws: IgnoredSystemFile.self) {
      try SystemLayer.parse(SourceText(name: "f.json", bytes: Array(text.utf8)))
    }
    do {
      _ = try SystemLayer.parse(SourceText(name: "f.json", bytes: Array(text.utf8)))
    } catch {
      #expect(error.message == message)
    }
  }

  @Test func filesAreReadFromEachDirectoryAndAMissingOneIsNoLayer() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    for name in ["a", "b", "c"] {
      try FileManager.default.createDirectory(
        atPath: directory.file("\(name)/settings"), withIntermediateDirectories: true)
    }
    try directory.write("a/settings/app.json", #"{"values": {"airplane": true}}"#)
    try directory.write("c/settings/app.json", "{")
    let layers = LayeredStore(
      user: MemoryStore(), documentID: "app",
      directories: ["a", "b", "c"].map { SystemPath(directory.file($0)) })
    #expect(layers.system.map(\.file) == [directory.file("a/settings/app.json")])
    #expect(layers.system.first?.values == ["airplane": JSONValue(.bool(true), offset: 24)])
    #expect(layers.ignored.map(\.file) == [directory.file("c/settings/app.json")])
  }
}

/// A watch follows the system files: one that appears, changes or goes while it runs changes values.
@Suite(.serialized)
struct SystemLayerWatchTests {
  @Test(arguments: SettingsWatchTests.mechanisms)
  func aSystemFileAppearingWhileWatchingIsSeen(mechanism: WatchMechanism) async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try DocumentLoader.load(path: try directory.write("d.json", watchTestDocument()))
    let layers = LayeredStore(
      user: FileStore(path: directory.file("s.json")), documentID: document.id,
      directories: [SystemPath(directory.file("first")), SystemPath(directory.file("second"))])
    let settings = Settings(document: document, layers: layers)
    let recorder = Recorder(settings.changes(WatchOptions(mechanism: mechanism)))
    try FileManager.default.createDirectory(
      atPath: directory.file("second/settings"), withIntermediateDirectories: true)
    try replaceByRename(
      directory.file("second/settings/\(document.id).json"),
      with: #"{"values": {"alpha": true}, "locked": {"alpha": "Managed"}}"#)
    let first = await recorder.wait(count: 1)
    #expect(changeLines(first) == ["alpha: off -> on"], "received: \(first)")
    #expect(
      throws: SettingsError.locked(
        key: "alpha", file: directory.file("second/settings/\(document.id).json"), reason: "Managed")
    ) {
      try settings.set("alpha", to: .bool(false))
    }
    try FileManager.default.removeItem(atPath: directory.file("second/settings/\(document.id).json"))
    #expect(changeLines(await recorder.wait(count: 2)) == ["alpha: off -> on", "alpha: on -> off"])
    // The lock went with the file.
    #expect(try settings.set("alpha", to: .bool(true)) != nil)
    recorder.stop()
  }
}
