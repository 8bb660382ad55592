import TestSupport
import Testing

@testable import SettingsEtcd
@testable import SettingsKit
@testable import SettingsPOSIX

/// etcd as a store policy's backend: chosen by `SETTINGS_ETCD` or an explicit address, and the
/// `EtcdStore` it gives. Nothing here is sent: a store sends nothing until its first read.
struct EtcdStoreBackendTests {
  @Test func settingsEtcdChoosesEtcdAtItsEndpointsUnderThePrefix() throws {
    var policy = StorePolicy(
      documentID: "app",
      environment: [
        "SETTINGS_ETCD": "http://127.0.0.1:2379, http://etcd-b:22379", "SETTINGS_STORE": "/s.json",
        "XDG_CACHE_HOME": "/cache",
      ])
    policy.backend = EtcdStoreBackend(
      prefix: "/fleet/", cacheDirectory: policy.cacheDirectory, allowsStaleReads: true)
    #expect(
      try policy.selection(forWriting: true)
        == .backend(address: "http://127.0.0.1:2379, http://etcd-b:22379"))
    let store = try #require(try policy.store(forWriting: true) as? EtcdStore)
    #expect(store.name == "etcd 127.0.0.1:2379,etcd-b:22379 /fleet/app/")
    #expect(store.lastKnownGood?.directory == SystemPath("/cache/settings/etcd"))
    #expect(store.allowsStaleReads)
    // The file location stays what it would be, for what is kept beside the store.
    #expect(policy.filePath() == SystemPath("/s.json"))
  }

  @Test func anExplicitAddressWinsAndAnExplicitPathKeepsTheVariableOut() throws {
    let environment = ["SETTINGS_ETCD": "http://env:2379", "SETTINGS_STORE": "/s.json"]
    let explicit = StorePolicy(
      documentID: "app", environment: environment, storePath: SystemPath("/explicit.json"),
      backend: EtcdStoreBackend(address: "http://explicit:2379"))
    #expect(try explicit.selection(forWriting: true) == .backend(address: "http://explicit:2379"))
    #expect((try explicit.store(forWriting: true) as? EtcdStore)?.name == "etcd explicit:2379 /settings/app/")
    let file = StorePolicy(
      documentID: "app", environment: environment, storePath: SystemPath("/explicit.json"),
      backend: EtcdStoreBackend())
    #expect(try file.selection(forWriting: true) == .file(path: SystemPath("/explicit.json"), home: nil))
    #expect(try file.store(forWriting: true) is FileStore)
  }

  @Test func aBadEndpointIsTheBackendsError() {
    let policy = StorePolicy(
      documentID: "app", environment: ["SETTINGS_ETCD": "127.0.0.1:2379"], backend: EtcdStoreBackend())
    do {
      _ = try policy.store(forWriting: false)
      Issue.record("a bad endpoint was accepted")
    } catch {
      guard case .backend(let failure) = error else {
        Issue.record("not a backend error: \(error)")
        return
      }
      #expect(failure is EtcdError)
      #expect(!failure.isUnreachable)
      #expect(error.message == "'127.0.0.1:2379' is not an etcd endpoint; give http://host:port")
    }
  }
}

extension EtcdStoreBackendTests {
  /// The document's id follows the prefix: `/kiosks` would keep document `fleet` under
  /// `/kiosksfleet/`, so every way to an `EtcdStore` refuses it, before anything is sent.
  @Test func aPrefixWithoutItsTrailingSlashIsRefusedByEveryWayToAStore() throws {
    let endpoints = try EtcdEndpoint.list("http://127.0.0.1:1")
    #expect(throws: EtcdError.badPrefix("/kiosks")) {
      try EtcdStore(endpoints: endpoints, prefix: "/kiosks", documentID: "fleet")
    }
    #expect(throws: EtcdError.badPrefix("/kiosks")) {
      try EtcdStoreBackend(prefix: "/kiosks").store(endpoints: endpoints, forDocumentID: "fleet")
    }
    let policy = StorePolicy(
      documentID: "fleet", environment: ["SETTINGS_ETCD": "http://127.0.0.1:1"],
      backend: EtcdStoreBackend(prefix: "/kiosks"))
    #expect(throws: StoreError.etcd(.badPrefix("/kiosks"))) { try policy.store(forWriting: true) }
    #expect(
      EtcdError.badPrefix("/kiosks").message
        == "the key prefix is '/kiosks'; a prefix ends with '/' (the document's id follows it): give '/kiosks/'"
    )
    #expect(EtcdStoreBackend().prefix == "/settings/")
    #expect(try EtcdStore(endpoints: endpoints, documentID: "fleet").documentPrefix == "/settings/fleet/")
  }
}
