import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// The defaults a ``Settings`` keeps for its changes give the snapshot a walk of the items gives.
struct DocumentDefaultsTests {
  @Test(arguments: [
    [String](), ["airplane"], ["dnd", "theme"], ["dnd", "focus", "roaming", "cellular.roaming", "nope"],
  ])
  func aSnapshotFromTheKeptDefaultsIsTheWalkedOne(keys: [String]) throws {
    let document = try Evolution.document(Evolution.version2)
    let base = DocumentDefaults(document: document)
    #expect(
      SettingsSnapshot(base: base, keeping: Set(keys))
        == SettingsSnapshot(document: document, keeping: Set(keys)))
  }

  @Test func aSnapshotWithConditionsFromTheKeptDefaultsIsTheWalkedOne() throws {
    let document = try DocumentLoader.load(
      path: SystemPath(examplePath("phone-settings.json")), locales: ["en"])
    let contents = StoreContents(values: ["airplane": .bool(true), "dnd": .string("x"), "other": .bool(true)])
    let walked = SettingsSnapshot(document: document, contents: contents, storeName: "s")
    let kept = SettingsSnapshot(
      document: document, base: DocumentDefaults(document: document), contents: contents, storeName: "s")
    #expect(kept == walked)
    #expect(!walked.itemsByKey.isEmpty)
  }

  /// The kept items of the top page are where ``SettingsDocument/locate(_:)`` finds them, also for
  /// a key used twice (its first use) and a key on a child page (not kept: found by the walk).
  @Test func theKeptTopLevelItemsAreWhereLocateFindsThem() throws {
    var document = try DocumentLoader.load(
      path: SystemPath(examplePath("phone-settings.json")), locales: ["en"])
    var twin = document.sections[0].items[0]
    twin.title = "Twin"
    document.sections[document.sections.count - 1].items.append(twin)
    let kept = DocumentDefaults(document: document).topLevel
    var nested = 0
    for key in document.keys {
      if let located = kept[key] {
        #expect(located == document.locate(key))
      } else {
        nested += 1
        #expect(document.locate(key)?.ancestors.isEmpty == false)
      }
    }
    #expect(nested > 0)
    #expect(kept[twin.key ?? ""]?.item.title != "Twin")
    #expect(kept.count == document.sections.reduce(0) { $0 + Set($1.items.compactMap(\.key)).count } - 1)
  }

  /// The second change on and later ones use the kept defaults; every change is still checked
  /// against conditions and moves values under earlier keys.
  @Test func repeatedChangesKeepTheirRules() throws {
    let (settings, store) = try Evolution.settings(["dnd": .bool(true)])
    #expect(settings.keptDefaults == nil)
    #expect(try settings.toggle("airplane") == true)
    #expect(settings.keptDefaults == nil)
    #expect(try settings.toggle("airplane") == false)
    #expect(settings.keptDefaults != nil)
    #expect(try settings.toggle("focus") == false)
    #expect(try store.read().values == ["airplane": .bool(false), "focus": .bool(false)])
  }

  /// With the kept defaults, a store holding a secure text field's value is found by key, as the
  /// walk of every item finds it (the store file is then kept private).
  @Test(arguments: [
    ([String: JSONValue](), false), (["airplane": .bool(true)], false), (["pin": .string("1234")], true),
    (["airplane": .bool(true), "pin": .string("1")], true), (["other": .string("x")], false),
  ])
  func aSecureValueIsFoundFromTheKeptDefaults(values: [String: JSONValue], holds: Bool) throws {
    let document = try Evolution.document(
      """
      {"id": "d", "sections": [{"items": [
      {"key": "airplane", "type": "switch", "title": "Airplane"},
      {"key": "pin", "type": "textField", "title": "PIN", "secure": true}
      ]}]}
      """)
    let settings = Settings(document: document, store: MemoryStore())
    let contents = StoreContents(values: values)
    #expect(settings.holdsSecureValue(contents) == holds)
    #expect(settings.holdsSecureValue(contents, base: DocumentDefaults(document: document)) == holds)
  }
}
