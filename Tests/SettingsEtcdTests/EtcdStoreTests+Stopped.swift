import Foundation
import SettingsKitTesting
import TestSupport
import Testing

@testable import SettingsEtcd
@testable import SettingsKit
@testable import SettingsPOSIX

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
    _ = await recorder.wait { texts(fold($0, from: start.values).values) == ["n": "1"] }
    etcd.pause(0)
    defer { etcd.resume(0) }
    var written = false
    let deadline = Date().addingTimeInterval(15)
    while !written && Date() < deadline {
      written = (try? others.update { $0.values["n"] = .integer(2) }) != nil
    }
    #expect(written)
    let events = await recorder.wait(seconds: 30) {
      texts(fold($0, from: start.values).values) == ["n": "2"]
    }
    let folded = fold(events, from: start.values)
    #expect(texts(folded.values) == ["n": "2"])
    #expect(folded.repeated == [])
    #expect(events.contains { if case .unavailable = $0 { true } else { false } }, "\(events)")
    #expect(events.contains(.available))
  }
}

extension EtcdStoreTests {
  /// An etcd whose `--max-txn-ops` or `--max-request-bytes` is lower than the store's limits
  /// refuses the transaction itself: the message once said "etcd allows 128 … nothing was sent"
  /// for the first, and "etcd at …: request is too large" with exit 69 (unreachable) for the second.
  @Test func etcdsOwnLowerLimitsAreNamedWithTheirFlags() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start(arguments: ["--max-txn-ops=3", "--max-request-bytes=4096"])
    defer { #expect(etcd.stop() == []) }
    let store = try Self.store(etcd.endpointList)
    let tooMany = #expect(throws: SettingsError.self) {
      try store.updateSettings { contents in
        for index in 0..<4 { contents.values["k\(index)"] = .integer(index) }
      }
    }
    #expect(tooMany == .store(.etcd(.tooManyOperations(count: 5, limit: 0))))
    #expect(
      tooMany?.message
        == "the change needs 5 operations in one etcd transaction; etcd refused that many "
        + "(its --max-txn-ops flag is lower); nothing was written")
    let big = String(repeating: "x", count: 5000)
    let tooLarge = #expect(throws: SettingsError.self) {
      try store.updateSettings { $0.values["big"] = .string(big) }
    }
    let bytes = try #require(
      {
        if case .requestTooLarge(let bytes, 0)? = etcdFailure(tooLarge) { bytes } else { nil }
      }(), "\(String(describing: tooLarge))")
    #expect(bytes > 5000)
    #expect(
      tooLarge?.message
        == "the change is a request of \(bytes) bytes; etcd refused it as too large "
        + "(its --max-request-bytes flag is lower); nothing was written")
    #expect(try etcd.etcdctl(["get", "--prefix", "--keys-only", "/settings/app/"]).stdout == "")
  }
}

extension EtcdStoreTests {
  /// The gateway ends a watch whose member lost its leader with `{"error": {… "etcdserver: no
  /// leader" …}}` and no newline: that last line was dropped, and the watch said "the watch stream
  /// ended" instead of docs/ETCD.md's `lost etcd: no leader; retrying`.
  @Test func aWatchWhoseMemberLosesItsLeaderSaysNoLeader() async throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start(members: 3)
    defer { #expect(etcd.stop() == []) }
    let store = try Self.store(etcd.endpointList)
    let start = try store.read()
    #expect(store.client.preferredIndex == 0)
    let recorder = Recorder(store.changes(after: start.revision))
    defer { recorder.stop() }
    // The watch is in place once it reports a write made after it started.
    try store.update { $0.values["airplane"] = .bool(true) }
    let watching = await recorder.wait(seconds: 15) {
      $0.contains { if case .changed = $0 { true } else { false } }
    }
    #expect(watching.count == 1, "\(watching)")
    etcd.kill(1)
    etcd.kill(2)
    let events = await recorder.wait(seconds: 15) {
      $0.contains { if case .unavailable = $0 { true } else { false } }
    }
    let member = String(etcd.endpoints[0].dropFirst("http://".count))
    #expect(
      events.first { if case .unavailable = $0 { true } else { false } }
        == .unavailable(.etcd(.unreachable([EtcdError.Unreachable(endpoint: member, reason: "no leader")]))))
  }
}

extension EtcdStoreTests {
  /// The random part of a write id lost the leading zeros of its four groups: 13 to 16 digits
  /// instead of docs/ETCD.md's 16.
  @Test func aWriteIDEndsWith16HexDigits() {
    for _ in 0..<200 {
      let random = EtcdStore.writerID().split(separator: "/").last ?? ""
      #expect(random.count == 16 && random.allSatisfy(\.isHexDigit), "\(random)")
    }
  }
}

extension EtcdStoreTests {
  /// A copy from last week read "values as of revision 812, 12:04:31", like one from this morning.
  @Test func aStaleReadFromAnotherDayGivesItsDate() {
    let reason = EtcdError.unreachable([
      EtcdError.Unreachable(endpoint: "127.0.0.1:2379", reason: "connection refused")
    ])
    // 2026-03-14 12:00:00 UTC; the time zone of the test run decides the local time, so it is
    // worked out the same way here.
    let copy: Int64 = 1_773_489_600
    let local = systemLocalTime(seconds: copy)
    func two(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }
    let clock = "\(two(local.hour)):\(two(local.minute)):\(two(local.second))"
    let read = StaleRead(reason: reason, revision: 812, time: copy)
    #expect(
      read.message(now: copy + 60)
        == "etcd at 127.0.0.1:2379 unreachable (connection refused); values as of revision 812, \(clock)")
    #expect(
      read.message(now: copy + 3 * 86_400)
        == "etcd at 127.0.0.1:2379 unreachable (connection refused); values as of revision 812, "
        + "\(local.year)-\(two(local.month))-\(two(local.day)) \(clock)")
  }
}

extension EtcdStoreTests {
  /// A key under the prefix that is not UTF-8 read as `bad\u{FFFD}key`: `check --fix
  /// --drop-unknown` announced removing it, deleted that other name, and left the key.
  @Test func aKeyThatIsNotUTF8IsNoItemKey() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    let store = try Self.store(etcd.endpointList)
    for (key, value) in [
      (Array("/settings/app/bad".utf8) + [0xFF] + Array("key".utf8), "1"),
      (Array("/settings/app/extra".utf8), "2"),
    ] {
      _ = try store.client.call(
        "/v3/kv/put",
        .object([("key", .string(Base64.encode(key))), ("value", .string(Base64.encode(Array(value.utf8))))]),
        timeoutMilliseconds: 2000, isWrite: true)
    }
    #expect(try store.read().values.keys.sorted() == ["extra"])
    // Resetting everything still removes it.
    try store.update { $0.values = [:] }
    #expect(
      try etcd.etcdctl(["get", "--prefix", "--keys-only", "/settings/app/"]).stdout
        == "/settings/app/.head\n\n")
  }
}
