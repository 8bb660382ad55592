import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsPOSIX

/// `get`, `set` and `toggle` through the compiled document cache, `--no-cache` and
/// `SETTINGS_CACHE=off`.
struct DocumentCacheCommandTests {
  @Test func getSetAndToggleUseTheCacheAndAnswerAsWithout() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try directory.write(
      "doc.json", try String(contentsOfFile: examplePath("phone-settings.json"), encoding: .utf8))
    // The cache trusts no source modified within 2 s of its reading (the racy window): none here.
    let environment = [
      "HOME": directory.path, "XDG_CACHE_HOME": directory.file("cache"),
      "SETTINGS_STORE": directory.file("store.json"), "SETTINGS_TEST_RACY_WINDOW_NS": "0",
    ]
    func cacheFiles() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: directory.file("cache/settings"))) ?? [])
        .sorted()
    }
    let full = try DocumentLoader.load(path: document)
    let key = try #require(full.keys.first { full.item(forKey: $0)?.type == .switch })

    #expect(runCLI(["-f", document, "get", "--no-cache", key], environment: environment).status == 0)
    var off = environment
    off["SETTINGS_CACHE"] = "off"
    #expect(runCLI(["-f", document, "get", key], environment: off).status == 0)
    #expect(cacheFiles() == [])

    let first = runCLI(["-f", document, "get", key], environment: environment)
    #expect(cacheFiles().count == 1)
    let cache = DocumentCache(
      directory: SystemPath(directory.file("cache/settings")), buildTag: CommandLineTool.version)
    #expect(cache.document(at: SystemPath(document), keys: [key], locales: []) != nil)
    #expect(first == runCLI(["-f", document, "get", "--no-cache", key], environment: environment))
    #expect(first == runCLI(["-f", document, "get", key], environment: environment))

    let toggled = runCLI(["-f", document, "toggle", key], environment: environment)
    #expect(toggled.status == 0)
    #expect(runCLI(["-f", document, "get", key], environment: environment).stdout == toggled.stdout)
    #expect(
      runCLI(["-f", document, "get", "--no-cache", key], environment: environment).stdout == toggled.stdout)
    let set = runCLI(
      ["-f", document, "set", "--json", "\(key)=\(first.stdout == "on\n" ? "on" : "off")"],
      environment: environment)
    let expected = runCLI(["-f", document, "get", "--no-cache", key], environment: environment)
    #expect(set.status == 0)
    #expect(runCLI(["-f", document, "get", key], environment: environment) == expected)
    #expect(expected.stdout == first.stdout)
    // An unknown key is answered by the full load, suggestion and all.
    #expect(
      runCLI(["-f", document, "get", key + "x"], environment: environment)
        == runCLI(["-f", document, "get", "--no-cache", key + "x"], environment: environment))
    #expect(cacheFiles().count == 1)
  }

  /// A divergence once: with the cache, a write left a value stored under an earlier key
  /// (`renamedFrom`) where it was; without it, the write moved it, as docs/GUIDE.md promises. Every
  /// partial document now holds the items with earlier keys, so both write the same bytes.
  @Test func aWriteThroughTheCacheMovesAValueStoredUnderAnEarlierKey() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try directory.write(
      "doc.json",
      """
      {"version": 1, "id": "renames", "sections": [{"items": [
        {"key": "focus", "type": "switch", "title": "Focus", "renamedFrom": ["dnd"]},
        {"key": "theme", "type": "rightDetail", "title": "Theme", "value": "light",
         "choices": [{"value": "light", "title": "Light"}, {"value": "dark", "title": "Dark"}]},
        {"key": "cellular", "type": "detailTitle", "title": "Cellular", "page": {"sections": [{"items": [
          {"key": "roaming", "type": "switch", "title": "Roaming", "renamedFrom": ["roaming"]}
        ]}]}}
      ]}]}
      """)
    var outcomes: [String] = []
    for cache in ["on", "off"] {
      for (name, before) in [
        ("a", #"{"dnd": true, "focus": false}"#), ("b", #"{"dnd": true, "roaming": true, "gone": 1}"#),
      ] {
        let store = try directory.write("\(name)-\(cache).json", before)
        let environment = [
          "HOME": directory.path, "XDG_CACHE_HOME": directory.file("cache"), "SETTINGS_STORE": store,
          "SETTINGS_CACHE": cache, "SETTINGS_TEST_RACY_WINDOW_NS": "0",
        ]
        // The first command builds the cache; the second is answered from it.
        #expect(runCLI(["-f", document, "get", "theme"], environment: environment).status == 0)
        let set = runCLI(["-f", document, "set", "theme", "dark"], environment: environment)
        #expect(set.status == 0, "\(set)")
        outcomes.append(try String(contentsOfFile: store, encoding: .utf8))
      }
    }
    #expect(
      outcomes == [
        "{\n  \"focus\": false,\n  \"theme\": \"dark\"\n}\n",
        "{\n  \"cellular.roaming\": true,\n  \"focus\": true,\n  \"gone\": 1,\n  \"theme\": \"dark\"\n}\n",
      ] + [
        "{\n  \"focus\": false,\n  \"theme\": \"dark\"\n}\n",
        "{\n  \"cellular.roaming\": true,\n  \"focus\": true,\n  \"gone\": 1,\n  \"theme\": \"dark\"\n}\n",
      ])
  }

  /// `describe` and `why` read one key from the cache: the item's place is numbered as in the whole
  /// document (section 3, row 2 here, where the cache's reduced document holds that section alone),
  /// and `--no-cache`, which every reading command takes, neither reads nor writes the cache.
  @Test func describeAndWhyAnswerFromTheCacheAsWithout() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try directory.write(
      "doc.json",
      """
      {"version": 1, "id": "places", "title": "Places", "sections": [
        {"items": [{"key": "a", "type": "switch", "title": "A"}]},
        {"items": [{"key": "b", "type": "switch", "title": "B"}]},
        {"header": "Third", "items": [
          {"key": "c", "type": "switch", "title": "C", "on": true},
          {"key": "d", "type": "switch", "title": "D", "enabledWhen": {"a": true}}
        ]}
      ]}
      """)
    let environment = [
      "HOME": directory.path, "XDG_CACHE_HOME": directory.file("cache"),
      "SETTINGS_STORE": directory.file("store.json"), "SETTINGS_TEST_RACY_WINDOW_NS": "0",
    ]
    func cacheFiles() -> [String] {
      (try? FileManager.default.contentsOfDirectory(atPath: directory.file("cache/settings"))) ?? []
    }
    let uncached = runCLI(["-f", document, "describe", "d", "--no-cache"], environment: environment)
    let whyUncached = runCLI(["-f", document, "why", "--no-cache", "d"], environment: environment)
    #expect(cacheFiles() == [])
    #expect(
      uncached.stdout == """
        key:           d
        title:         D
        type:          switch
        where:         Places › section 3, row 2
        default:       off
        value:         off
        modified:      no
        source:        default
        enabled when:  a = on
        enabled:       no (off while A is off)
        visible:       yes

        """)
    // The first builds the cache; the next are answered from it.
    #expect(runCLI(["-f", document, "describe", "d"], environment: environment) == uncached)
    #expect(cacheFiles().count == 1)
    let cache = DocumentCache(
      directory: SystemPath(directory.file("cache/settings")), buildTag: CommandLineTool.version)
    let reduced = try #require(cache.document(at: SystemPath(document), keys: ["d"], locales: []))
    #expect(reduced.sections.count == 2)
    #expect(runCLI(["-f", document, "describe", "d"], environment: environment) == uncached)
    #expect(runCLI(["-f", document, "why", "d"], environment: environment) == whyUncached)
    #expect(whyUncached.status == 0)
  }
}
