import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// A snapshot of a document opened through its compiled form reads the defaults of the rows still
/// in that form by position, and holds by key only the values that are not defaults; every key
/// reads as it does in a snapshot of the whole decode, and as the generator says it should.
struct SettingsSnapshotByPositionTests {
  /// A generated document with its store, a system file, and what each key should read.
  struct Case {
    var document: String
    var store: String
    var system: SystemLayer
    /// Every full key, in document order.
    var keys: [String]
    /// Each valued key's default.
    var defaults: [String: SettingValue]
    /// Each key whose value is not its default's source: the user's accepted value, else the
    /// system file's.
    var overridden: [String: SettingValue]
    /// The valued keys of the top-level items of the sections that other items depend on (decoded
    /// with the document; their child pages stay in the compiled form).
    var decodedKeys: Set<String>
    var sectionCount: Int
  }

  /// `sections` sections of 100 items: switches, choice items, and a page of two switches at the
  /// head of some sections; with `dependent`, every tenth section has an item enabled by another
  /// and one read under an earlier key, so that the compiled form leaves it decoded. About 300
  /// stored values (some refused, some of unknown keys) and 100 values of a system file.
  static func generate(seed: UInt64, sections: Int, dependent: Bool) -> Case {
    var random = SeededRandom(state: seed)
    var keys: [String] = []
    var defaults: [String: SettingValue] = [:]
    var kinds: [String: Bool] = [:]  // true for a switch, false for a choice item
    var decodedKeys: Set<String> = []
    var renamed: [String: String] = [:]
    var sectionTexts: [String] = []
    for section in 0..<sections {
      let isDependent = dependent && section % 10 == 3
      var items: [String] = []
      for row in 0..<100 {
        let key = "k\(section)-\(row)"
        keys.append(key)
        if row == 0, random.chance(30) {
          let children = ["a", "b"].map { child -> String in
            let on = random.chance(50)
            keys.append("\(key).\(child)")
            defaults["\(key).\(child)"] = .bool(on)
            kinds["\(key).\(child)"] = true
            return #"{"key": "\#(child)", "type": "switch", "title": "C", "on": \#(on)}"#
          }
          items.append(
            #"{"key": "\#(key)", "type": "detailTitle", "title": "P", "page": {"sections": [{"items": [\#(children.joined(separator: ", "))]}]}}"#
          )
          continue
        }
        var extra = ""
        if isDependent, row == 2 { extra = #", "enabledWhen": {"k\#(section)-1": true}"# }
        if isDependent, row == 4 {
          extra = #", "renamedFrom": ["old\#(section)"]"#
          renamed["old\(section)"] = key
        }
        if isDependent { decodedKeys.insert(key) }
        // The item a condition names is a switch.
        if random.chance(60) || (isDependent && row == 1) {
          let on = random.chance(50)
          defaults[key] = .bool(on)
          kinds[key] = true
          items.append(#"{"key": "\#(key)", "type": "switch", "title": "S\#(row)", "on": \#(on)\#(extra)}"#)
        } else {
          let value = random.pick(["x", "y"])
          defaults[key] = .string(value)
          kinds[key] = false
          items.append(
            #"{"key": "\#(key)", "type": "rightDetail", "title": "R\#(row)", "value": "\#(value)", "choices": [{"value": "x", "title": "X"}, {"value": "y", "title": "Y"}]\#(extra)}"#
          )
        }
      }
      sectionTexts.append(#"{"items": [\#(items.joined(separator: ",\n"))]}"#)
    }
    let valued = keys.filter { defaults[$0] != nil }
    var stored: [String: String] = [:]
    var user: [String: SettingValue] = [:]
    for _ in 0..<300 {
      let key = random.pick(valued)
      if random.chance(10) {
        stored[key] = #""refused""#
        if kinds[key] == false { stored[key] = "7" }
        user[key] = nil
        continue
      }
      let value: SettingValue =
        kinds[key] == true ? .bool(random.chance(50)) : .string(random.pick(["x", "y"]))
      stored[key] = kinds[key] == true ? "\(value == .bool(true))" : #""\#(value.description)""#
      user[key] = value
    }
    for number in 0..<10 { stored["gone\(number)"] = "true" }
    // A value under an earlier key, read by its item when the item's own key is not stored.
    for (old, key) in renamed.sorted(by: { $0.key < $1.key }) where stored[key] == nil {
      stored[old] = kinds[key] == true ? "true" : #""y""#
      user[key] = kinds[key] == true ? .bool(true) : .string("y")
    }
    var system: [String: JSONValue] = [:]
    var systemValues: [String: SettingValue] = [:]
    for _ in 0..<100 {
      let key = random.pick(valued)
      let on = random.chance(50)
      if kinds[key] == true {
        system[key] = JSONValue(.bool(on))
        systemValues[key] = .bool(on)
      } else {
        system[key] = .string(on ? "x" : "y")
        systemValues[key] = .string(on ? "x" : "y")
      }
    }
    let overridden = systemValues.merging(user) { _, user in user }
    let store =
      "{\n"
      + stored.sorted { $0.key < $1.key }.map { #"  "\#($0.key)": \#($0.value)"# }
      .joined(separator: ",\n") + "\n}\n"
    let document =
      #"{"version": 1, "id": "snap\#(seed)", "title": "T", "sections": [\#(sectionTexts.joined(separator: ",\n"))]}"#
      + "\n"
    return Case(
      document: document, store: store, system: SystemLayer(file: "system.json", values: system), keys: keys,
      defaults: defaults, overridden: overridden, decodedKeys: decodedKeys.filter { defaults[$0] != nil },
      sectionCount: sections)
  }

  /// The snapshots of `testCase` from its compiled form (opened through a cache) and from its whole
  /// decode, and the compiled form's sections.
  func snapshots(of testCase: Case) throws -> (
    compiled: SettingsSnapshot, whole: SettingsSnapshot, sections: Int
  ) {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = SystemPath(try directory.write("doc.json", testCase.document))
    let options = DocumentOptions(
      cache: .directory(SystemPath(directory.file("cache"))), buildTag: "snapshot", keepsDocument: true)
    let opened = try DocumentLoader.open(path, options: options)
    let whole = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(testCase.document.utf8)))
    let contents = try StoreContents.parse(SourceText(name: "store.json", bytes: Array(testCase.store.utf8)))
    return (
      SettingsSnapshot(
        document: opened.document, contents: contents, storeName: "store.json", system: [testCase.system]),
      SettingsSnapshot(
        document: whole, contents: contents, storeName: "store.json", system: [testCase.system]),
      opened.compiledItems.count
    )
  }

  /// Every key reads the generator's value and default in both snapshots, and both visit the same
  /// values.
  func expectSameReads(_ testCase: Case, _ compiled: SettingsSnapshot, _ whole: SettingsSnapshot) {
    var wrong: [String] = []
    for key in testCase.keys {
      let expected = testCase.overridden[key] ?? testCase.defaults[key]
      if compiled.value(forKey: key) != expected || whole.value(forKey: key) != expected
        || compiled.defaultValue(forKey: key) != testCase.defaults[key]
        || whole.defaultValue(forKey: key) != testCase.defaults[key]
      {
        wrong.append(key)
      }
    }
    #expect(wrong == [])
    #expect(compiled.value(forKey: "gone0") == nil)
    let visited = compiled.allValues
    #expect(visited.count == testCase.defaults.count)
    #expect(visited == whole.allValues)
    #expect(compiled.modified == whole.modified)
    #expect(compiled.problems.map(\.message) == whole.problems.map(\.message))
    #expect(compiled == whole)
  }

  @Test func aSnapshotOfAHundredThousandKeysHoldsOnlyItsOverridesByKey() throws {
    let testCase = Self.generate(seed: 42, sections: 1000, dependent: false)
    #expect(testCase.keys.count >= 100_000)
    let (compiled, whole, sections) = try snapshots(of: testCase)
    // Every section is in the compiled form: their defaults are read by position.
    #expect(sections == 1000)
    #expect(compiled.keyedValueCount == testCase.overridden.count)
    // The whole decode's snapshot holds every default by key: the count tells them apart.
    #expect(whole.keyedValueCount == testCase.overridden.count + testCase.defaults.count)
    expectSameReads(testCase, compiled, whole)
    // Against the defaults alone, the keys that changed are those overridden with another value.
    let document = try DocumentLoader.decode(
      SourceText(name: "doc.json", bytes: Array(testCase.document.utf8)))
    let changed = compiled.keysWithChangedValues(from: SettingsSnapshot(document: document))
    #expect(changed == Set(testCase.overridden.filter { testCase.defaults[$0.key] != $0.value }.keys))
  }

  @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
  func sectionsThatOthersDependOnKeepTheirDefaultsByKey(seed: UInt64) throws {
    let testCase = Self.generate(seed: seed, sections: 30, dependent: true)
    let (compiled, whole, sections) = try snapshots(of: testCase)
    #expect(sections == 27)
    #expect(compiled.keyedValueCount == testCase.overridden.count + testCase.decodedKeys.count)
    expectSameReads(testCase, compiled, whole)
  }
}
