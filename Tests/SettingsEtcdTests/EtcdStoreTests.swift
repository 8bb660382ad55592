import Foundation
import SettingsKitTesting
import Synchronization
import TestSupport
import Testing

@testable import SettingsEtcd
@testable import SettingsKit

/// The etcd store's faults against a real etcd (issue 20, items 3, 5 and 6): conflicting writers,
/// a garbled head, values that are not JSON, answers that are too large, a watch cut off while a
/// compaction happens, and quorum lost and regained.
@Suite(.serialized)
struct EtcdStoreTests {
  static func store(_ endpoints: String, id: String = "app") throws -> EtcdStore {
    try EtcdStore(endpoints: try EtcdEndpoint.list(endpoints), documentID: id)
  }

  @Test func aWriterThatKeepsLosingTheCompareGivesUpAfterFiveAttemptsNamingTheKey() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    let store = try Self.store(etcd.endpointList)
    let runs = Mutex(0)
    // Each run of the body races a raw etcdctl put under the prefix: every compare fails.
    let error = #expect(throws: SettingsError.self) {
      try store.updateSettings { contents in
        let run = runs.withLock { count -> Int in
          count += 1
          return count
        }
        _ = try? etcd.etcdctl(["put", "/settings/app/other", "\(run)"])
        contents.values["airplane"] = .bool(true)
      }
    }
    #expect(error == .store(.etcd(.conflict(key: "airplane", attempts: 5))))
    #expect(
      error?.message
        == "'airplane' was changed by other writers during each of 5 attempts; nothing was written")
    #expect(runs.withLock { $0 } == 5)
    #expect(try etcd.etcdctl(["get", "--print-value-only", "/settings/app/airplane"]).stdout == "")
  }

  @Test func aGarbledHeadAndAValueThatIsNotJSONSpareEverythingElse() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    #expect(try etcd.etcdctl(["put", "/settings/app/.head", "{not json"]).status == 0)
    #expect(try etcd.etcdctl(["put", "/settings/app/airplane", "yes please"]).status == 0)
    #expect(try etcd.etcdctl(["put", "/settings/app/wifi", "\"켬\""]).status == 0)
    #expect(try etcd.etcdctl(["put", "/settings/apple/airplane", "true"]).status == 0)
    let store = try Self.store(etcd.endpointList)
    #expect(texts(try store.read().values) == ["wifi": "\"켬\""])
    #expect(try store.read().unparsed == ["airplane": "unexpected 'y'; expected a value"])
    try store.update { $0.values["airplane"] = .bool(false) }
    #expect(texts(try store.read().values) == ["airplane": "false", "wifi": "\"켬\""])
    #expect(try store.read().unparsed == [:])
    let head = try etcd.etcdctl(["get", "--print-value-only", "/settings/app/.head"]).stdout
    #expect(head.hasPrefix(#"{"writer":""#))
  }

  @Test func changesOverEtcdsLimitsAreRefusedBeforeAnythingIsSent() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    let store = try Self.store(etcd.endpointList)
    let tooMany = #expect(throws: SettingsError.self) {
      try store.updateSettings { contents in
        for index in 0..<128 { contents.values["k\(index)"] = .integer(index) }
      }
    }
    #expect(tooMany == .store(.etcd(.tooManyOperations(count: 129, limit: 128))))
    #expect(
      tooMany?.message
        == "the change needs 129 operations in one etcd transaction; etcd allows 128 (its --max-txn-ops flag); "
        + "nothing was sent")
    let tooLarge = #expect(throws: SettingsError.self) {
      try store.updateSettings { $0.values["big"] = .string(String(repeating: "x", count: 1_200_000)) }
    }
    guard case .requestTooLarge(let bytes, 1_572_864)? = etcdFailure(tooLarge) else {
      Issue.record("expected requestTooLarge, got \(String(describing: tooLarge))")
      return
    }
    #expect(bytes > 1_572_864)
    #expect(try etcd.etcdctl(["get", "--prefix", "--keys-only", "/settings/app/"]).stdout == "")
    // 127 keys and the head fit.
    try store.update { contents in
      for index in 0..<127 { contents.values["k\(index)"] = .integer(index) }
    }
    #expect(try store.read().values.count == 127)
  }

  /// What became of one toggle, as the store reported it.
  enum ToggleReport: Sendable, Equatable {
    case applied, conflicted, unknown
    /// A read's answer was dropped: nothing was sent (exit 69).
    case notSent
  }

  /// Toggles `airplane` ten times through `settings`, reporting each.
  static func toggleTenTimes(_ settings: Settings) throws -> [ToggleReport] {
    var reports: [ToggleReport] = []
    for _ in 0..<10 {
      do throws(SettingsError) {
        _ = try settings.toggle("airplane")
        reports.append(.applied)
      } catch {
        switch etcdFailure(error) {
        case .unknownOutcome?: reports.append(.unknown)
        case .conflict?: reports.append(.conflicted)
        case .unreachable?: reports.append(.notSent)
        default: throw error
        }
      }
    }
    return reports
  }

  @Test func togglesWhoseAnswersAreDroppedAreNeverDoubledNorLost() async throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    let proxy = try TCPProxy(target: etcd.members[0].clientPort)
    defer { proxy.stop() }
    proxy.fault = .dropEveryAnswer(every: 9)
    // Four writers, each with its own client (as separate machines), toggle one key ten times.
    var writers: [Settings] = []
    for _ in 0..<4 {
      writers.append(Settings(document: .embeddedDefault, store: try Self.store(proxy.endpoint)))
    }
    let reports = try await withThrowingTaskGroup(of: [ToggleReport].self) { group in
      for settings in writers {
        group.addTask { try Self.toggleTenTimes(settings) }
      }
      var all: [ToggleReport] = []
      for try await part in group { all += part }
      return all
    }
    #expect(reports.count == 40)
    #expect(!proxy.droppedRequests.isEmpty)
    let applied = reports.filter { $0 == .applied }.count
    let unknown = reports.filter { $0 == .unknown }.count
    // Each toggle reported applied flipped the value once (the head is rewritten once per write);
    // none reported as conflicting or not sent did; an unknown one may have.
    let head = try etcd.etcdctl(["get", "-w", "json", "/settings/app/.head"]).stdout
    let version = Int(head.components(separatedBy: "\"version\":").last?.prefix { $0.isNumber } ?? "") ?? -1
    #expect((applied...(applied + unknown)).contains(version), "\(reports): \(head)")
    let stored = try etcd.etcdctl(["get", "--print-value-only", "/settings/app/airplane"]).stdout
    #expect(stored == (version % 2 == 1 ? "true\n" : "false\n"), "\(version) writes, stored \(stored)")
  }

  @Test func anExpiredTokenIsRenewedOnce() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    // Simple tokens that expire after one second.
    let etcd = try EtcdCluster.start(arguments: ["--auth-token-ttl=1"])
    defer { #expect(etcd.stop() == []) }
    for arguments in [
      ["user", "add", "root:rootpw", "--interactive=false"], ["role", "add", "fleet"],
      ["role", "grant-permission", "fleet", "--prefix=true", "readwrite", "/settings/app/"],
      ["user", "add", "alice:alicepw", "--interactive=false"], ["user", "grant-role", "alice", "fleet"],
      ["auth", "enable"],
    ] {
      let outcome = try etcd.etcdctl(arguments)
      #expect(outcome.status == 0, "\(arguments): \(outcome)")
    }
    let store = try EtcdStore(
      endpoints: try EtcdEndpoint.list(etcd.endpointList), documentID: "app",
      credentials: EtcdCredentials(user: "alice", password: "alicepw"))
    try store.update { $0.values["airplane"] = .bool(true) }
    let token = store.client.token
    #expect(token != nil)
    // A test of time: the token's one-second life, and etcd's check of it, are waited out.
    Thread.sleep(forTimeInterval: 3)
    // The token expired: the next call is refused with "invalid auth token", and answered after
    // one new authentication.
    #expect(texts(try store.read().values) == ["airplane": "true"])
    #expect(store.client.token != token)
    let stranger = try EtcdStore(
      endpoints: try EtcdEndpoint.list(etcd.endpointList), documentID: "app",
      credentials: EtcdCredentials(user: "alice", password: "wrong"))
    #expect(
      throws: StoreError.etcd(
        .authenticationFailed(
          user: "alice", prefix: "/settings/app/",
          reason: "authentication failed, invalid user ID or password"))
    ) { try stranger.read() }
  }

  @Test func anAnswerOver64MiBIsRefused() throws {
    let server = try FakeHTTPServer(
      answer: Array(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 70000000\r\n\r\n{".utf8))
    defer { server.stop() }
    let store = try Self.store(server.endpoint)
    #expect(throws: StoreError.etcd(.answerTooLarge(endpoint: "127.0.0.1:\(server.port)", limit: 64 << 20))) {
      try store.read()
    }
    #expect(
      StoreError.etcd(.answerTooLarge(endpoint: "127.0.0.1:\(server.port)", limit: 64 << 20)).message
        == "etcd at 127.0.0.1:\(server.port) sent an answer over 64 MiB; refused")
  }

  @Test func aWatchCutOffWhileWritesAndACompactionHappenResyncsToEtcdsValues() async throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    let proxy = try TCPProxy(target: etcd.members[0].clientPort)
    defer { proxy.stop() }
    let direct = try Self.store(etcd.endpointList)
    try direct.update { $0.values["n"] = .integer(0) }
    let watched = try Self.store(proxy.endpoint)
    let start = try watched.read()
    let recorder = Recorder(watched.changes(after: start.revision))
    defer { recorder.stop() }
    try direct.update { $0.values["n"] = .integer(1) }
    _ = await recorder.wait(count: 1)
    // Cut the watch off: every connection is reset until the proxy is healed.
    proxy.fault = .reset
    proxy.cutConnections()
    _ = await recorder.wait { $0.contains { if case .unavailable = $0 { true } else { false } } }
    for step in 2...1001 {
      try direct.update { contents in
        contents.values["n"] = .integer(step)
        contents.values["k\(step % 10)"] = .integer(step)
        if step == 500 { contents.values["gone"] = .bool(true) }
        if step == 900 { contents.values["gone"] = nil }
      }
    }
    let revision = try direct.read().revision.number
    #expect(try etcd.etcdctl(["compact", String(revision)]).status == 0)
    proxy.fault = .none
    let final = try direct.read()
    let events = await recorder.wait(seconds: 15) {
      texts(fold($0, from: start.values).values) == texts(final.values)
    }
    let folded = fold(events, from: start.values)
    #expect(texts(folded.values) == texts(final.values))
    #expect(folded.resyncs == 1)
    #expect(folded.repeated == [])
    #expect(events.contains(.available))
  }

  @Test func quorumLostRefusesWritesWithin8SecondsAndTheWatchResumesWithNothingLost() async throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start(members: 3)
    defer { #expect(etcd.stop() == []) }
    let store = try Self.store(etcd.endpointList)
    try store.update { $0.values["n"] = .integer(0) }
    let start = try store.read()
    let recorder = Recorder(store.changes(after: start.revision))
    defer { recorder.stop() }
    etcd.kill(1)
    etcd.kill(2)
    let began = Date()
    let refused = #expect(throws: SettingsError.self) {
      try store.updateSettings { $0.values["n"] = .integer(1) }
    }
    #expect(Date().timeIntervalSince(began) < 8)
    // Nothing was sent: the first read already failed (exit 69), each endpoint saying why.
    guard case .unreachable(let endpoints)? = etcdFailure(refused) else {
      Issue.record("expected unreachable, got \(String(describing: refused))")
      return
    }
    #expect(endpoints.map(\.endpoint) == etcd.endpoints.map { String($0.dropFirst("http://".count)) })
    let lost = await recorder.wait(seconds: 5) {
      $0.contains { if case .unavailable = $0 { true } else { false } }
    }
    #expect(lost.contains { if case .unavailable = $0 { true } else { false } }, "\(lost)")
    try etcd.restart(1, waitForHealth: false)
    try etcd.restart(2)
    var written = false
    let deadline = Date().addingTimeInterval(15)
    while !written && Date() < deadline {
      written = (try? store.update { $0.values["n"] = .integer(2) }) != nil
    }
    #expect(written)
    let events = await recorder.wait(seconds: 15) {
      texts(fold($0, from: start.values).values) == ["n": "2"]
    }
    #expect(texts(fold(events, from: start.values).values) == ["n": "2"])
    #expect(events.contains(.available))
  }
}
