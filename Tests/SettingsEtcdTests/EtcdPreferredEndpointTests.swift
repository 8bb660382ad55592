import Foundation
import TestSupport
import Testing

@testable import SettingsEtcd
@testable import SettingsKit
@testable import SettingsPOSIX

/// A member that stops answering (stopped, black-holed) costs a read its 2 s timeout before the
/// next endpoint is tried; the endpoint that answered is remembered in the cache directory, so that
/// later commands start there and pay that once, not every time.
struct EtcdPreferredEndpointTests {
  @Test func theEndpointThatAnsweredIsWhereTheNextCommandStarts() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    // Two ways to the one member, each of which can go silent.
    let a = try TCPProxy(target: etcd.members[0].clientPort)
    defer { a.stop() }
    let b = try TCPProxy(target: etcd.members[0].clientPort)
    defer { b.stop() }
    let cache = try TemporaryDirectory()
    defer { cache.remove() }
    func command() throws -> EtcdStore {
      var store = try EtcdStore(
        endpoints: try EtcdEndpoint.list("\(a.endpoint),\(b.endpoint)"), documentID: "app")
      store.lastKnownGood = EtcdLastKnownGood(directory: SystemPath(cache.path))
      return store
    }
    func remembered() throws -> [String?] {
      try cache.contents().filter { $0.hasPrefix("preferred-") }.map { try cache.read($0) }
    }
    a.fault = .blackHole
    let first = try command()
    #expect(first.client.preferredIndex == 0)
    #expect(try first.read().values == [:])
    #expect(first.client.preferredIndex == 1)
    #expect(try remembered() == ["127.0.0.1:\(b.port)"])
    // The next command starts at the endpoint that answered.
    let second = try command()
    #expect(second.client.preferredIndex == 1)
    try second.update { $0.values["airplane"] = .bool(true) }
    #expect(second.client.movedPreference == nil)
    // When that one goes silent, the other answers and is remembered in its place.
    a.fault = .none
    b.fault = .blackHole
    let third = try command()
    #expect(third.client.preferredIndex == 1)
    #expect(try third.read().values == ["airplane": .bool(true)])
    #expect(third.client.preferredIndex == 0)
    #expect(try remembered() == ["127.0.0.1:\(a.port)"])
    #expect(try command().client.preferredIndex == 0)
  }
}
