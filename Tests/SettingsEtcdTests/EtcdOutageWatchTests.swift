import Foundation
import Synchronization
import TestSupport
import Testing

@testable import SettingsEtcd
@testable import SettingsKit

/// A store that reads what the test gives it and whose change stream the test feeds.
final class ScriptedStore: SettingsStore {
  private let next = Mutex<Result<StoreContents, StoreError>>(.success(StoreContents()))
  private let feed = Mutex<AsyncStream<StoreChange>.Continuation?>(nil)

  var name: String { "scripted" }

  /// What the following reads give.
  func answer(_ result: Result<StoreContents, StoreError>) { next.withLock { $0 = result } }

  /// Delivers `change` on the change stream.
  func send(_ change: StoreChange) { _ = feed.withLock { $0?.yield(change) } }

  func read() throws(StoreError) -> StoreContents { try next.withLock { $0 }.get() }

  func update<T, Refusal: Error>(
    _ body: (inout StoreContents) throws(Refusal) -> T
  ) throws(StoreUpdateError<Refusal>) -> T {
    var contents = StoreContents()
    do throws(Refusal) { return try body(&contents) } catch { throw .refused(error) }
  }

  func changes(after revision: StoreRevision) -> AsyncStream<StoreChange> {
    let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self)
    feed.withLock { $0 = continuation }
    return stream
  }
}

/// One etcd outage is one report, however its reasons change.
struct EtcdOutageWatchTests {
  static func unreachable(_ reason: String) -> StoreError {
    .etcd(.unreachable([EtcdError.Unreachable(endpoint: "127.0.0.1:2379", reason: reason)]))
  }

  /// `settings watch` once printed `lost etcd: …` again each time a read in the same outage failed
  /// for another reason (`no leader`, then `connection refused` at the next endpoint), with no
  /// `etcd back` between them.
  @Test func anOutageWhoseReasonsChangeIsReportedOnceThenItsEnd() async throws {
    let document = try DocumentLoader.decode(
      SourceText(name: "d.json", bytes: Array(watchTestDocument().utf8)))
    let store = ScriptedStore()
    let settings = Settings(document: document, store: store)
    let recorder = Recorder(settings.changes())
    defer { recorder.stop() }
    // The watch's first read, then its change stream.
    try await Task.sleep(for: .milliseconds(200))
    store.answer(.failure(Self.unreachable("no leader")))
    store.send(.unavailable(Self.unreachable("no leader")))
    _ = await recorder.wait(count: 1)
    // Back at one endpoint, but the watch's read finds another one down: still the same outage.
    store.answer(.failure(Self.unreachable("connection refused")))
    store.send(.available)
    _ = await recorder.settle()
    store.send(.unavailable(Self.unreachable("timed out")))
    _ = await recorder.settle()
    store.answer(.success(StoreContents(values: ["alpha": .bool(true)], revision: StoreRevision(9))))
    store.send(.available)
    let events = await recorder.wait(count: 3)
    #expect(
      events == [
        .storeFailed(.store(Self.unreachable("no leader"))), .storeRecovered,
        .changed(
          SettingChange(key: "alpha", oldValue: .bool(false), newValue: .bool(true), origin: .elsewhere)),
      ])
    #expect(await recorder.settle() == events)
  }

  /// A leader killed: the member's stream came back (`available`) while the cluster was still
  /// electing, so the watch's read failed, and nothing read again until the next change: `etcd
  /// back` came late or never.
  @Test func aReadThatStillFailsAfterTheStreamIsBackIsTriedAgain() async throws {
    let document = try DocumentLoader.decode(
      SourceText(name: "d.json", bytes: Array(watchTestDocument().utf8)))
    let store = ScriptedStore()
    let settings = Settings(document: document, store: store)
    let recorder = Recorder(settings.changes())
    defer { recorder.stop() }
    try await Task.sleep(for: .milliseconds(200))
    store.answer(.failure(Self.unreachable("no leader")))
    store.send(.unavailable(Self.unreachable("no leader")))
    _ = await recorder.wait(count: 1)
    store.send(.available)
    try await Task.sleep(for: .milliseconds(300))
    // The leader is elected; the stream has nothing more to say.
    store.answer(.success(StoreContents(values: ["alpha": .bool(true)], revision: StoreRevision(9))))
    let events = await recorder.wait(count: 3)
    #expect(
      events == [
        .storeFailed(.store(Self.unreachable("no leader"))), .storeRecovered,
        .changed(
          SettingChange(key: "alpha", oldValue: .bool(false), newValue: .bool(true), origin: .elsewhere)),
      ])
    #expect(await recorder.settle() == events)
  }
}
