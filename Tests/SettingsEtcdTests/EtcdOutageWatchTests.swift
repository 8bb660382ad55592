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
  private let readCount = Atomic<Int>(0)

  /// How many reads were made.
  var reads: Int { readCount.load(ordering: .sequentiallyConsistent) }

  /// Whether a watch follows the change stream.
  var isFollowed: Bool { feed.withLock { $0 != nil } }

  var name: String { "scripted" }

  /// What the following reads give.
  func answer(_ result: Result<StoreContents, StoreError>) { next.withLock { $0 = result } }

  /// Delivers `change` on the change stream.
  func send(_ change: StoreChange) { _ = feed.withLock { $0?.yield(change) } }

  func read() throws(StoreError) -> StoreContents {
    readCount.add(1, ordering: .sequentiallyConsistent)
    return try next.withLock { $0 }.get()
  }

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
  /// Waits up to 20 s for `condition`.
  static func waitUntil(_ condition: () -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(20)
    while !condition() && ContinuousClock.now < deadline { try? await Task.sleep(for: .milliseconds(5)) }
  }

  /// Sends `change` and waits until the watch has read the store after it.
  static func send(_ change: StoreChange, to store: ScriptedStore) async {
    let reads = store.reads
    store.send(change)
    await waitUntil { store.reads > reads }
  }

  /// What `recorder` got before a change of beta that the store's stream delivers: nothing more
  /// came before it.
  static func settle(_ recorder: Recorder<SettingsEvent>, _ store: ScriptedStore) async throws
    -> [SettingsEvent]
  {
    let contents = StoreContents(
      values: ["alpha": .bool(true), "beta": .bool(true)], revision: StoreRevision(10))
    store.answer(.success(contents))
    return try await recorder.settle(
      marking: { store.send(.changed(contents, keys: ["beta"])) },
      until: { if case .changed(let change) = $0 { change.key == "beta" } else { false } })
  }

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
    await Self.waitUntil { store.isFollowed }
    store.answer(.failure(Self.unreachable("no leader")))
    store.send(.unavailable(Self.unreachable("no leader")))
    _ = await recorder.wait(count: 1)
    // Back at one endpoint, but the watch's read finds another one down: still the same outage.
    store.answer(.failure(Self.unreachable("connection refused")))
    await Self.send(.available, to: store)
    store.send(.unavailable(Self.unreachable("timed out")))
    store.answer(.success(StoreContents(values: ["alpha": .bool(true)], revision: StoreRevision(9))))
    store.send(.available)
    let events = await recorder.wait(count: 3)
    #expect(
      events == [
        .storeFailed(.store(Self.unreachable("no leader"))), .storeRecovered,
        .changed(
          SettingChange(key: "alpha", oldValue: .bool(false), newValue: .bool(true), origin: .elsewhere)),
      ])
    #expect(try await Self.settle(recorder, store) == events)
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
    await Self.waitUntil { store.isFollowed }
    store.answer(.failure(Self.unreachable("no leader")))
    store.send(.unavailable(Self.unreachable("no leader")))
    _ = await recorder.wait(count: 1)
    await Self.send(.available, to: store)
    // The leader is elected; the stream has nothing more to say.
    store.answer(.success(StoreContents(values: ["alpha": .bool(true)], revision: StoreRevision(9))))
    let events = await recorder.wait(count: 3)
    #expect(
      events == [
        .storeFailed(.store(Self.unreachable("no leader"))), .storeRecovered,
        .changed(
          SettingChange(key: "alpha", oldValue: .bool(false), newValue: .bool(true), origin: .elsewhere)),
      ])
    #expect(try await Self.settle(recorder, store) == events)
  }
}
