import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// The store policy an embedder shares with `settings`: which store, from what was given and the
/// environment, and the errors when there is none.
struct StorePolicyTests {
  /// A store that is not a file, chosen by `REMOTE_STORE`; its store holds the address it was
  /// asked for and the document's id, so a test sees which were passed.
  struct RemoteBackend: StoreBackend {
    var address: String?
    var environmentVariable: String { "REMOTE_STORE" }

    func store(at address: String, forDocumentID id: String) throws(StoreError) -> any SettingsStore {
      MemoryStore(values: ["address": .string(address), "document": .string(id)])
    }
  }

  static func selection(
    _ environment: [String: String], storePath: String? = nil, backend: RemoteBackend? = nil,
    id: String = "app", forWriting: Bool = true
  ) throws(StoreError) -> StoreSelection {
    try StorePolicy(
      documentID: id, environment: environment, storePath: storePath.map { SystemPath($0) }, backend: backend
    ).selection(forWriting: forWriting)
  }

  @Test func anExplicitPathWinsOverSettingsStoreWhichWinsOverTheXDGLocation() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    var environment = [
      "SETTINGS_STORE": "/env/store.json", "XDG_CONFIG_HOME": "/xdg", "HOME": home.path,
    ]
    #expect(
      try Self.selection(environment, storePath: "/explicit.json")
        == .file(path: SystemPath("/explicit.json"), home: nil))
    // An empty explicit path is as none.
    #expect(
      try Self.selection(environment, storePath: "") == .file(path: SystemPath("/env/store.json"), home: nil))
    #expect(try Self.selection(environment) == .file(path: SystemPath("/env/store.json"), home: nil))
    environment["SETTINGS_STORE"] = ""
    #expect(try Self.selection(environment) == .file(path: SystemPath("/xdg/settings/app.json"), home: nil))
    // A relative XDG_CONFIG_HOME is ignored: HOME's `.config`, with the home kept for the store.
    environment["XDG_CONFIG_HOME"] = "relative"
    #expect(
      try Self.selection(environment)
        == .file(path: SystemPath(home.path + "/.config/settings/app.json"), home: SystemPath(home.path)))
    let store = try StorePolicy(documentID: "app", environment: environment).store(forWriting: true)
    #expect((store as? FileStore)?.path == SystemPath(home.path + "/.config/settings/app.json"))
    #expect((store as? FileStore)?.home == SystemPath(home.path))
  }

  @Test func withoutALocationAReaderSeesTheDefaultsAndAWriterIsToldWhy() throws {
    let neither = StoreError.noLocation(reason: "neither XDG_CONFIG_HOME nor HOME is set to an absolute path")
    #expect(try Self.selection(["HOME": "relative"], forWriting: false) == .defaults)
    #expect(throws: neither) { try Self.selection(["HOME": "relative"]) }
    #expect(throws: neither) { try StorePolicy(documentID: "app", environment: [:]).writableFilePath() }
    #expect(StorePolicy(documentID: "app", environment: [:]).filePath() == nil)
    let reader = try StorePolicy(documentID: "app", environment: [:]).store(forWriting: false)
    #expect(try reader.read().values == [:])
    #expect(reader is MemoryStore)

    let base = try TemporaryDirectory()
    defer { base.remove() }
    let missing = base.path + "/missing"
    #expect(try Self.selection(["HOME": missing], forWriting: false) == .defaults)
    #expect(
      throws: StoreError.noLocation(
        reason: "the home directory '\(missing)' (HOME) does not exist; settings does not create it: "
          + "set HOME to an existing directory, or XDG_CONFIG_HOME or SETTINGS_STORE to where settings are kept"
      )
    ) { try Self.selection(["HOME": missing]) }
    #expect(
      throws: StoreError.noLocation(
        reason: "document id \"a/b\" cannot name a store file; use ASCII letters, digits, '.', '-' and '_'")
    ) { try Self.selection(["XDG_CONFIG_HOME": "/xdg"], id: "a/b") }
    // A store path given explicitly needs no id that names a file.
    #expect(
      try Self.selection([:], storePath: "/s.json", id: "a/b")
        == .file(path: SystemPath("/s.json"), home: nil))
  }

  @Test func theBackendIsChosenByItsAddressThenByItsVariableUnlessAPathIsGiven() throws {
    let environment = ["REMOTE_STORE": "env-address", "SETTINGS_STORE": "/env/store.json"]
    let explicit = RemoteBackend(address: "explicit-address")
    // Its explicit address wins over an explicit path, SETTINGS_STORE and its variable.
    #expect(
      try Self.selection(environment, storePath: "/explicit.json", backend: explicit)
        == .backend(address: "explicit-address"))
    #expect(try Self.selection(environment, backend: RemoteBackend()) == .backend(address: "env-address"))
    // A path given explicitly, even empty, keeps the variable from choosing the backend.
    #expect(
      try Self.selection(environment, storePath: "/explicit.json", backend: RemoteBackend())
        == .file(path: SystemPath("/explicit.json"), home: nil))
    #expect(
      try Self.selection(environment, storePath: "", backend: RemoteBackend())
        == .file(path: SystemPath("/env/store.json"), home: nil))
    // An empty variable chooses nothing; without a backend the variable means nothing.
    #expect(
      try Self.selection(["REMOTE_STORE": "", "SETTINGS_STORE": "/s.json"], backend: RemoteBackend())
        == .file(path: SystemPath("/s.json"), home: nil))
    #expect(try Self.selection(environment) == .file(path: SystemPath("/env/store.json"), home: nil))

    let policy = StorePolicy(documentID: "app", environment: environment, backend: RemoteBackend())
    let store = try policy.store(forWriting: true)
    #expect(try store.read().values == ["address": .string("env-address"), "document": .string("app")])
    // The file location is still worked out, for what is kept beside the store.
    #expect(policy.filePath() == SystemPath("/env/store.json"))
  }

  @Test func aBackendSelectionWithoutABackendIsAnError() {
    #expect(throws: StoreError.noLocation(reason: "no store backend is given for the address 'x'")) {
      try StorePolicy(documentID: "app", environment: [:]).store(for: .backend(address: "x"))
    }
  }

  @Test func theLayersAreTheChosenStoreOverTheSystemFilesOfXDGConfigDirs() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileSystem.makeDirectories(SystemPath(directory.file("second/settings")))
    let system = try directory.write("second/settings/app.json", #"{"values": {"airplane": true}}"#)
    let policy = StorePolicy(
      documentID: "app",
      environment: [
        "XDG_CONFIG_DIRS": directory.file("first") + ":relative:" + directory.file("second"),
        "XDG_CONFIG_HOME": directory.file("config"),
      ])
    #expect(
      policy.systemDirectories == [SystemPath(directory.file("first")), SystemPath(directory.file("second"))])
    let layers = try policy.layers(forWriting: true)
    #expect((layers.user as? FileStore)?.path == SystemPath(directory.file("config/settings/app.json")))
    #expect(
      layers.systemPaths == [
        SystemPath(directory.file("first/settings/app.json")), SystemPath(system),
      ])
    #expect(layers.system.map(\.file) == [system])
    #expect(layers.system.first?.values.mapValues(\.kind) == ["airplane": .bool(true)])
    #expect(layers.ignored.isEmpty)
  }

  @Test func theCacheDirectoryIsXDGCacheHomeElseHomesCache() throws {
    func directory(_ environment: [String: String]) -> SystemPath? {
      StorePolicy(documentID: "app", environment: environment).cacheDirectory
    }
    let home = try TemporaryDirectory()
    defer { home.remove() }
    #expect(directory(["XDG_CACHE_HOME": "/cache", "HOME": home.path]) == SystemPath("/cache/settings"))
    #expect(
      directory(["XDG_CACHE_HOME": "relative", "HOME": home.path])
        == SystemPath(home.path).appending(".cache/settings"))
    #expect(directory(["HOME": ""]) == nil)
    // A home that does not exist is not made for a cache.
    #expect(directory(["HOME": home.file("missing")]) == nil)
  }

  @Test func pathsComeFromTheEnvironmentByteForByte() throws {
    var policy = StorePolicy(documentID: "app", environment: ["SETTINGS_STORE": "\u{FFFD}.json"])
    let bytes = SystemPath(bytes: [UInt8(ascii: "/"), 0xFF, UInt8(ascii: "j")])
    policy.environmentPaths["SETTINGS_STORE"] = bytes
    #expect(try policy.selection(forWriting: true) == .file(path: bytes, home: nil))
  }
}
