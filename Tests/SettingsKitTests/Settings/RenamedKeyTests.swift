import Foundation
import Synchronization
import TestSupport
import Testing

@testable import SettingsKit

/// Documents loaded from text, shared by the evolution tests.
enum Evolution {
  /// Version 1 of an app's document.
  static let version1 = """
    {"id": "phone", "sections": [{"items": [
    {"key": "airplane", "type": "switch", "title": "Airplane Mode"},
    {"key": "dnd", "type": "switch", "title": "Do Not Disturb"},
    {"key": "roaming", "type": "switch", "title": "Data Roaming", "on": true},
    {"key": "theme", "type": "rightDetail", "title": "Theme", "value": "light", "choices": [{"value": "light", "title": "Light"}, {"value": "dark", "title": "Dark"}, {"value": "sepia", "title": "Sepia"}]}
    ]}]}
    """

  /// Version 2: `dnd` is `focus`, `roaming` moved into the `cellular` page, `sepia` is gone and
  /// `legacy` is deprecated.
  static let version2 = """
    {"id": "phone", "sections": [{"items": [
    {"key": "airplane", "type": "switch", "title": "Airplane Mode"},
    {"key": "focus", "type": "switch", "title": "Focus", "renamedFrom": ["dnd"]},
    {"key": "cellular", "type": "detailTitle", "title": "Cellular", "page": {"sections": [{"items": [{"key": "roaming", "type": "switch", "title": "Data Roaming", "on": true, "renamedFrom": "roaming"}]}]}},
    {"key": "theme", "type": "rightDetail", "title": "Theme", "value": "light", "choices": [{"value": "light", "title": "Light"}, {"value": "dark", "title": "Dark"}]},
    {"key": "legacy", "type": "switch", "title": "Legacy", "deprecated": {"en": "Use Focus instead.", "ko": "집중 모드를 쓰세요."}}
    ]}]}
    """

  static func document(_ text: String, locales: [String] = []) throws -> SettingsDocument {
    try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(text.utf8)), locales: locales)
  }

  /// The problems of a document that does not load, one message each.
  static func problems(_ text: String) -> [String] {
    do throws(DocumentError) {
      _ = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(text.utf8)))
      return []
    } catch {
      return error.messages
    }
  }

  static func settings(_ values: [String: JSONValue], document text: String = version2) throws -> (
    Settings, MemoryStore
  ) {
    let store = MemoryStore(values: values)
    return (Settings(document: try document(text), store: store), store)
  }
}

/// `renamedFrom`: a value under an earlier key reads as the item's and moves on the next write.
struct RenamedKeyTests {
  @Test func aVersion1StoreReadsIntactUnderVersion2() throws {
    let (settings, _) = try Evolution.settings([
      "airplane": .bool(true), "dnd": .bool(true), "roaming": .bool(false), "theme": .string("dark"),
    ])
    let snapshot = try settings.snapshot()
    #expect(try settings.isOn("focus"))
    #expect(try settings.isOn("cellular.roaming") == false)
    #expect(snapshot.modified == ["airplane", "focus", "cellular.roaming", "theme"])
    #expect(snapshot.otherOverrides.isEmpty)
    #expect(
      snapshot.renamedValues == [
        RenamedValue(oldKey: "dnd", key: "focus", storedValue: .bool(true), isRead: true),
        RenamedValue(oldKey: "roaming", key: "cellular.roaming", storedValue: .bool(false), isRead: true),
      ])
  }

  @Test func theNextWriteMovesTheValuesInTheSameUpdateAndObserversSeeTheNewKey() throws {
    let (settings, store) = try Evolution.settings(["dnd": .bool(true), "roaming": .bool(false)])
    let seen = Mutex<[String]>([])
    settings.addObserver { change in seen.withLock { $0.append("\(change.key) \(change.newValue)") } }
    try settings.set("airplane", to: .bool(true))
    #expect(
      try store.read().values == [
        "airplane": .bool(true), "focus": .bool(true), "cellular.roaming": .bool(false),
      ])
    try settings.set("focus", to: .bool(false))
    #expect(seen.withLock { $0 } == ["airplane on", "focus off"])
  }

  @Test func theNewKeyWinsAndTheOldOneIsRemovedOnTheNextWrite() throws {
    let (settings, store) = try Evolution.settings(["dnd": .bool(true), "focus": .bool(false)])
    #expect(try settings.isOn("focus") == false)
    #expect(
      try settings.snapshot().renamedValues == [
        RenamedValue(oldKey: "dnd", key: "focus", storedValue: .bool(true), isRead: false)
      ])
    try settings.toggle("airplane")
    #expect(try store.read().values == ["airplane": .bool(true), "focus": .bool(false)])
  }

  @Test func aWatchReportsAValueUnderAnEarlierKeyByTheNewKey() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let documentPath = try directory.write("d.json", Evolution.version2)
    let storePath = try directory.write("s.json", #"{"dnd": false}"#)
    let settings = Settings(
      document: try DocumentLoader.load(path: documentPath), store: FileStore(path: storePath))
    let recorder = Recorder(settings.changes(WatchOptions(mechanism: .automatic)))
    defer { recorder.stop() }
    // A hand edit under the earlier key, then another process's write that moves it.
    try replaceByRename(storePath, with: #"{"dnd": true}"#)
    #expect(changeLines(await recorder.wait(count: 1)) == ["focus: off -> on"])
    let outcome = try runBinary(["-f", documentPath, "--store", storePath, "set", "focus", "off"])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(changeLines(await recorder.wait(count: 2)) == ["focus: off -> on", "focus: on -> off"])
    #expect(try directory.read("s.json") == "{\n  \"focus\": false\n}\n")
  }

  @Test func aValueUnderAnEarlierKeyIsCheckedByTheNewItemsRules() throws {
    let (settings, _) = try Evolution.settings(["dnd": .string("yes")])
    let read = try settings.read("focus")
    #expect(read.value == .bool(false))
    #expect(
      read.problem?.message
        == #"memory:1:1: stored value of "focus" is "yes"; expected true or false; using the default false"#)
  }

  @Test func resetRemovesAValueWaitingUnderAnEarlierKey() throws {
    let (settings, store) = try Evolution.settings(["dnd": .bool(true)])
    let changes = try settings.reset(["focus"])
    #expect(changes == [SettingChange(key: "focus", oldValue: .bool(true), newValue: .bool(false))])
    #expect(try store.read().values == [:])
  }

  @Test func anItemFromAnItemsFileReadsItsEarlierKeyWhenDecodedLater() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(
      "doc.json", #"{"id": "a", "sections": [{"itemsFile": "apps.jsonl"}]}"#)
    try directory.write(
      "apps.jsonl", #"{"key": "mail", "type": "switch", "title": "Mail", "renamedFrom": "email"}"#)
    let document = try DocumentLoader.load(path: path, loadingItemsFiles: false)
    let snapshot = SettingsSnapshot(
      document: document, contents: StoreContents(values: ["email": .bool(true)]), storeName: "memory")
    let items = try ItemsFile(path: directory.file("apps.jsonl")).decodedItems(in: 0..<1)
    #expect(snapshot.value(of: items[0]).value == .bool(true))
    #expect(snapshot.value(of: items[0]).isModified)
    // Loaded whole, the document knows the earlier key as any other.
    let whole = try DocumentLoader.load(path: path)
    #expect(whole.renamedKeys == ["email": "mail"])
  }

  @Test func anItemMovedIntoAChildPageMayNameItsOldTopLevelKey() throws {
    let document = try Evolution.document(Evolution.version2)
    #expect(document.renamedKeys == ["dnd": "focus", "roaming": "cellular.roaming"])
    try document.validate()
  }

  @Test func anEarlierKeyThatIsACurrentKeyOrClaimedTwiceIsALoadError() {
    #expect(
      Evolution.problems(
        """
        {"id": "a", "sections": [{"items": [
        {"key": "airplane", "type": "switch", "title": "A"},
        {"key": "focus", "type": "switch", "title": "F", "renamedFrom": ["airplane"]},
        {"key": "quiet", "type": "switch", "title": "Q", "renamedFrom": ["dnd"]},
        {"key": "silent", "type": "switch", "title": "S", "renamedFrom": "dnd"},
        {"key": "dnd", "type": "switch", "title": "D"},
        {"key": "x", "type": "switch", "title": "X", "renamedFrom": ["a..b"]},
        {"key": "y", "type": "switch", "title": "Y", "renamedFrom": []}
        ]}]}
        """)
        == [
          #"doc.json:3:66: sections[0].items[1].renamedFrom[0]: earlier key "airplane" is a current key, used at sections[0].items[0].key (2:9)"#,
          #"doc.json:5:66: sections[0].items[3].renamedFrom: earlier key "dnd" is claimed twice; first at sections[0].items[2].renamedFrom[0] (4:66)"#,
          #"doc.json:6:9: sections[0].items[4].key: key "dnd" is an earlier key of another item, renamed at sections[0].items[2].renamedFrom[0] (4:66)"#,
          #"doc.json:7:62: sections[0].items[5].renamedFrom[0]: invalid earlier key "a..b"; use the full dot path of a key (keys of letters, digits, '-' and '_' joined by dots, such as "cellular.roaming")"#,
          #"doc.json:8:61: sections[0].items[6].renamedFrom: expected an earlier key or a non-empty array of them, such as "renamedFrom": ["dnd"]; found an array"#,
        ])
  }

  @Test func validateChecksEarlierKeysAsTheLoaderDoes() {
    let document = SettingsDocument(
      id: "a", title: "A",
      sections: [
        SettingSection(items: [
          SettingItem(key: "airplane", type: .switch, title: "A"),
          SettingItem(key: "focus", type: .switch, title: "F", renamedFrom: ["airplane", "dnd"]),
          SettingItem(key: "quiet", type: .switch, title: "Q", renamedFrom: ["dnd", "-."]),
          SettingItem(type: .detailTitle, title: "No key", renamedFrom: ["old"]),
        ])
      ])
    #expect(throws: DocumentValidationError.self) { try document.validate() }
    do throws(DocumentValidationError) {
      try document.validate()
    } catch {
      #expect(
        error.description == """
          sections[0].items[1].renamedFrom[0]: earlier key "airplane" is a current key, used at sections[0].items[0].key
          sections[0].items[2].renamedFrom[0]: earlier key "dnd" is claimed twice; first at sections[0].items[1].renamedFrom[1]
          sections[0].items[2].renamedFrom[1]: invalid earlier key "-."; use the full dot path of a key (keys of letters, digits, '-' and '_' joined by dots, such as "cellular.roaming")
          sections[0].items[3].renamedFrom[0]: an item with "renamedFrom" needs a "key"
          """)
    }
  }
}
