import SettingsKitTesting
import TestSupport
import Testing

@testable import SettingsEtcd
@testable import SettingsKit

/// The etcd store keeps the contract of every store and the journal's, checked by the same kit as
/// the file and memory stores (`SettingsKitTests`' `StoreConformanceTests`), each check on a new
/// etcd cluster.
@Suite(.serialized)
struct EtcdConformanceTests {
  @Test(arguments: StoreConformanceTest.Check.allCases)
  func etcdStore(check: StoreConformanceTest.Check) async throws {
    // A new etcd cluster is at revision 1, and etcd keeps its history.
    let configuration = StoreConformanceTest.Configuration(
      emptyRevision: StoreRevision(1), replaysHistory: true)
    let test = StoreConformanceTest(configuration: configuration) {
      guard EtcdCluster.isInstalled else { throw LoopbackError(EtcdCluster.missingMessage) }
      let cluster = try EtcdCluster.start()
      let store = try EtcdStore(endpoints: try EtcdEndpoint.list(cluster.endpointList), documentID: "app")
      return StoreUnderTest(store, remove: { #expect(cluster.stop() == []) })
    }
    try await test.run(check)
  }

  @Test(arguments: JournalConformanceTest.Check.allCases)
  func etcdStoreJournal(check: JournalConformanceTest.Check) async throws {
    try await JournalConformanceTest { try JournalSubject(.etcd).underTest }.run(check)
  }
}
