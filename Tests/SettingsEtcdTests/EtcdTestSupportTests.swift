import Foundation
import TestSupport
import Testing

/// The test support for etcd: members started on free loopback ports and killed
/// by pid, a three-member cluster, and the faulty proxy.
@Suite(.serialized)
struct EtcdTestSupportTests {
  @Test func oneMemberStartsLockedDownAndIsKilledAtTheEnd() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    let port = etcd.members[0].clientPort
    #expect(Loopback.get(port: port, path: "/version")?.contains("\"etcdserver\":\"3.") == true)
    // A Host outside the whitelist is refused, and no page may read the answers.
    let foreign = Loopback.exchange(
      port: port,
      request: "GET /version HTTP/1.0\r\nHost: evil.example\r\nOrigin: http://evil.example\r\n\r\n")
    #expect(foreign?.hasPrefix("HTTP/1.0 200") == false)
    let put = try etcd.etcdctl(["put", "/settings/app/airplane", "true"])
    #expect(put.stdout == "OK\n")
    #expect(try etcd.etcdctl(["get", "--print-value-only", "/settings/app/airplane"]).stdout == "true\n")
    #expect(etcd.stop() == [])
    #expect(Loopback.connect(port: port) == nil)
  }

  @Test func threeMembersElectALeaderAndKeepQuorumWithOneKilled() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start(members: 3)
    defer { #expect(etcd.stop() == []) }
    let leader = try #require(try etcd.leader())
    etcd.kill(leader)
    // The two left elect a new leader within seconds; until then a put times out.
    var put = try etcd.etcdctl(["put", "k", "v"])
    let deadline = Date().addingTimeInterval(15)
    while put.status != 0 && Date() < deadline { put = try etcd.etcdctl(["put", "k", "v"]) }
    #expect(put.status == 0, "\(put)")
    try etcd.restart(leader)
    #expect(
      try etcd.etcdctl(["get", "--print-value-only", "k", "--endpoints", etcd.endpoints[leader]]).stdout
        == "v\n")
  }

  @Test func theProxyPassesDelaysResetsBlackHolesAndDropsTheNthAnswer() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    let proxy = try TCPProxy(target: etcd.members[0].clientPort)
    defer { proxy.stop() }
    #expect(Loopback.get(port: proxy.port, path: "/health") == #"{"health":"true"}"#)
    proxy.fault = .delay(milliseconds: 300)
    let start = Date()
    #expect(Loopback.get(port: proxy.port, path: "/health") == #"{"health":"true"}"#)
    #expect(Date().timeIntervalSince(start) >= 0.3)
    proxy.fault = .reset
    #expect(Loopback.get(port: proxy.port, path: "/health") == nil)
    proxy.fault = .blackHole
    #expect(
      Loopback.exchange(port: proxy.port, request: "GET /health HTTP/1.0\r\n\r\n", timeoutSeconds: 1) == nil)
    proxy.fault = .dropAnswer(toRequest: proxy.requestCount + 1)
    let body = #"{"key":"YQ==","value":"Yg=="}"#
    let request =
      "POST /v3/kv/put HTTP/1.0\r\nHost: 127.0.0.1\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    #expect(Loopback.exchange(port: proxy.port, request: request).map { $0.isEmpty } ?? true)
    #expect(proxy.droppedRequests.count == 1)
    // The request went through although its answer was dropped.
    #expect(try etcd.etcdctl(["get", "--print-value-only", "a"]).stdout == "b\n")
  }
}
