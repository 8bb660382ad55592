import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// The file-backed store: format, kept keys, refusal to overwrite what does not parse.
@Suite(.serialized)
struct FileStoreTests {
  @Test func firstWriteCreatesDirectoriesAndWritesSortedPrettyUTF8() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = FileStore(path: directory.file("a/b/store.json"))
    try store.update {
      $0.values["zeta"] = .string("켬")
      $0.values["alpha"] = .bool(true)
    }
    #expect(try directory.read("a/b/store.json") == "{\n  \"alpha\": true,\n  \"zeta\": \"켬\"\n}\n")
    #expect(try directory.contents() == ["a"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.file("a/b")).sorted() == [
        "store.json", "store.json.lock",
      ])
  }

  @Test func unknownKeysAndTheirValuesAreKeptExactly() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("s.json", #"{"legacy": {"n": 1.50, "list": [1, "두"]}, "airplane": false}"#)
    let settings = Settings(document: .embeddedDefault, store: FileStore(path: path))
    try settings.set("airplane", to: .bool(true))
    #expect(
      try directory.read("s.json") == """
        {
          "airplane": true,
          "legacy": {
            "list": [
              1,
              "두"
            ],
            "n": 1.50
          }
        }

        """)
  }

  @Test func aStoreThatDoesNotParseIsNeverOverwritten() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let broken = "{\n  \"airplane\": true,\n}\n"
    let path = try directory.write("s.json", broken)
    let settings = Settings(document: .embeddedDefault, store: FileStore(path: path))
    #expect(
      throws: SettingsError.store(
        .syntax(
          file: path, location: SourceLocation(line: 3, column: 1),
          message: "trailing comma before '}'; remove the comma after the last member"))
    ) {
      try settings.set("airplane", to: .bool(false))
    }
    #expect(try directory.read("s.json") == broken)
  }

  @Test func aStoreThatIsNotAnObjectIsRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("s.json", "[true]")
    #expect(throws: StoreError.notAnObject(file: path, found: "an array")) {
      try FileStore(path: path).read()
    }
    #expect(
      StoreError.notAnObject(file: "s.json", found: "an array").message
        == "s.json: expected the store to be a JSON object of overrides; found an array; the store was left unchanged: fix or remove it"
    )
  }

  @Test func anEmptyStoreFileIsAnEmptyStore() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("s.json", "")
    #expect(try FileStore(path: path).read().values == [:])
  }

  @Test func storeLocationFollowsXDG() throws {
    #expect(
      try StoreLocation.path(forDocumentID: "ios-settings", explicit: nil, environment: ["HOME": "/home/kim"])
        == "/home/kim/.config/settings/ios-settings.json")
    #expect(
      try StoreLocation.path(
        forDocumentID: "x", explicit: nil, environment: ["HOME": "/h", "XDG_CONFIG_HOME": "/cfg"])
        == "/cfg/settings/x.json")
    #expect(
      try StoreLocation.path(
        forDocumentID: "x", explicit: nil, environment: ["HOME": "/h", "XDG_CONFIG_HOME": "rel"])
        == "/h/.config/settings/x.json")
    #expect(
      try StoreLocation.path(forDocumentID: "x", explicit: nil, environment: ["SETTINGS_STORE": "/s.json"])
        == "/s.json")
    #expect(
      try StoreLocation.path(
        forDocumentID: "x", explicit: "/o.json", environment: ["SETTINGS_STORE": "/s.json"]) == "/o.json")
    #expect(
      throws: StoreError.noLocation(
        reason:
          "document id \"..\" cannot name a store file; use ASCII letters, digits, '.', '-' and '_'"
      )
    ) {
      try StoreLocation.path(forDocumentID: "..", explicit: nil, environment: ["HOME": "/h"])
    }
    #expect(
      throws: StoreError.noLocation(
        reason: "neither XDG_CONFIG_HOME nor HOME is set to an absolute path")
    ) {
      try StoreLocation.path(forDocumentID: "x", explicit: nil, environment: [:])
    }
  }
  /// A store whose path was built from a home that does not exist creates nothing: the rule lives
  /// in the engine, not only in the command line.
  @Test func aStoreBelowAHomeThatDoesNotExistCreatesNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let home = directory.path + "/nonexistent"
    let store = try StoreLocation.store(
      forDocumentID: "x", explicit: nil, environment: ["HOME": home, "XDG_CONFIG_HOME": ""])
    #expect(store.path == SystemPath(home + "/.config/settings/x.json") && store.home == SystemPath(home))
    let settings = Settings(document: .embeddedDefault, store: store)
    #expect(
      throws: SettingsError.store(
        .noLocation(
          reason:
            "the home directory '\(home)' (HOME) does not exist; settings does not create it: set HOME to an "
            + "existing directory, or XDG_CONFIG_HOME or SETTINGS_STORE to where settings are kept"))
    ) {
      try settings.toggle("airplane")
    }
    #expect(try directory.contents() == [])
    #expect(try settings.isOn("airplane") == false)
  }

  @Test func aStoreBelowAnExistingHomeCreatesItsFoldersWithMode700() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let store = try StoreLocation.store(forDocumentID: "x", explicit: nil, environment: ["HOME": home.path])
    try Settings(document: .embeddedDefault, store: store).toggle("airplane")
    for folder in ["/.config", "/.config/settings"] {
      #expect(FileSystem.status(of: SystemPath(home.path + folder))?.permissions == 0o700, "\(folder)")
    }
    #expect(try home.read(".config/settings/x.json") == "{\n  \"airplane\": true\n}\n")
  }

  @Test func aHomeThatIsAFileIsNotADirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let home = try directory.write("passwd", "root:x:0:0\n")
    let store = FileStore(path: SystemPath(home + "/.config/settings/x.json"), home: SystemPath(home))
    #expect(
      throws: SettingsError.store(
        .noLocation(
          reason: "the home directory '\(home)' (HOME) is not a directory: set HOME to an "
            + "existing directory, or XDG_CONFIG_HOME or SETTINGS_STORE to where settings are kept"))
    ) {
      try Settings(document: .embeddedDefault, store: store).toggle("airplane")
    }
  }
}
