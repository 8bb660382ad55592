import Foundation
import TestSupport
import Testing

@testable import SettingsKit

extension EtcdStoreTests {
  /// A member stopped with SIGSTOP keeps its sockets open and sends nothing: the watch once waited
  /// on it for as long as it stayed stopped (over a minute by hand), missing every change made
  /// through the other members.
  @Test func aWatchOnAStoppedMemberMovesToAnotherAndMissesNothing() async throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start(members: 3)
    defer { #expect(etcd.stop() == []) }
    let store = try Self.store(etcd.endpointList)
    try store.update { $0.values["n"] = .integer(0) }
    let start = try store.read()
    // The watch starts at the endpoint that answered last: the first.
    #expect(store.client.preferredIndex == 0)
    let recorder = Recorder(store.changes(after: start.revision))
    defer { recorder.stop() }
    let others = try Self.store(etcd.endpoints[1...].joined(separator: ","))
    try others.update { $0.values["n"] = .integer(1) }
    _ = await recorder.wait { texts(StoreConformanceTests.fold($0, from: start.values).values) == ["n": "1"] }
    etcd.pause(0)
    defer { etcd.resume(0) }
    var written = false
    let deadline = Date().addingTimeInterval(15)
    while !written && Date() < deadline {
      written = (try? others.update { $0.values["n"] = .integer(2) }) != nil
    }
    #expect(written)
    let events = await recorder.wait(seconds: 30) {
      texts(StoreConformanceTests.fold($0, from: start.values).values) == ["n": "2"]
    }
    let folded = StoreConformanceTests.fold(events, from: start.values)
    #expect(texts(folded.values) == ["n": "2"])
    #expect(folded.repeated == [])
    #expect(events.contains { if case .unavailable = $0 { true } else { false } }, "\(events)")
    #expect(events.contains(.available))
  }
}
