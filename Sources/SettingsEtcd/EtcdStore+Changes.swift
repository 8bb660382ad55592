import Dispatch
import SettingsKit
import SettingsPOSIX
import Synchronization

extension EtcdStore {
  /// The changes after `revision`, from one `POST /v3/watch` on the prefix (with `prev_kv` and
  /// `Grpc-Metadata-hasleader: true`) that recovers by itself.
  ///
  /// The contents at `revision` are read first (a compacted revision gives a
  /// `StoreChange.resynced(_:)` of the latest); each revision's events then come as one
  /// `StoreChange.changed(_:keys:)` (the head's own events are not changes). On the stream's
  /// end, a transport error, an `{"error": …}` line or a cancel, the connection is closed, the
  /// store is reported `StoreChange.unavailable(_:)` once per outage, and after 100 ms (doubling up to 5 s,
  /// with jitter) the watch resumes at the next endpoint from the last revision seen + 1, reporting
  /// `StoreChange.available` once it is back. After a compaction the whole prefix is read again
  /// and delivered as `StoreChange.resynced(_:)`.
  public func changes(after revision: StoreRevision) -> AsyncStream<StoreChange> {
    let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self)
    let follower = EtcdFollower(store: self, continuation: continuation)
    continuation.onTermination = { _ in follower.stop() }
    DispatchQueue(label: "SettingsKit.EtcdStore.changes").async { follower.run(after: revision.number) }
    return stream
  }
}

/// The loop behind ``EtcdStore/changes(after:)``, on a thread of its own.
final class EtcdFollower: Sendable {
  private let store: EtcdStore
  private let continuation: AsyncStream<StoreChange>.Continuation
  private let stopped = Atomic<Bool>(false)
  /// How long a watch may stay silent before its endpoint is asked whether it still answers
  /// (``EtcdClient/probe(_:timeoutMilliseconds:)``): with `--experimental-watch-progress-notify-interval=1s`
  /// an idle watch hears from etcd every second.
  static let silence = Duration.seconds(3)

  init(store: EtcdStore, continuation: AsyncStream<StoreChange>.Continuation) {
    self.store = store
    self.continuation = continuation
  }

  /// Ends the loop within half a second.
  func stop() { stopped.store(true, ordering: .sequentiallyConsistent) }

  private var isStopped: Bool { stopped.load(ordering: .sequentiallyConsistent) }

  /// What the loop knows: the values last delivered, the last revision seen, whether the store was
  /// reported unavailable.
  private struct Position {
    var values: [String: JSONValue] = [:]
    var revision: Int64 = 0
    var unavailable: StoreError?
    var endpoint = 0
    var backoffMilliseconds: Int64 = 100
    var known = false
  }

  func run(after revision: Int64) {
    var position = Position()
    position.endpoint = store.client.preferredIndex
    var starting = true
    while !isStopped {
      if !position.known {
        // The contents at the starting revision; the latest after a compaction.
        do throws(EtcdClient.Failure) {
          var read: EtcdStore.PrefixRead
          if starting && revision > 0 {
            do throws(EtcdClient.Failure) {
              read = try store.readPrefix(revision: revision)
              // The answer's header gives the latest revision; the contents are those at `revision`.
              read.contents.revision = StoreRevision(revision)
            } catch {
              guard case .compacted = error else { throw error }
              read = try store.readPrefix(revision: nil)
              continuation.yield(.resynced(read.contents))
            }
          } else {
            read = try store.readPrefix(revision: nil)
            if !starting || read.contents.revision.number != revision {
              continuation.yield(.resynced(read.contents))
            }
          }
          starting = false
          position.values = read.contents.values
          position.revision = read.contents.revision.number
          position.known = true
        } catch {
          fail(error, &position)
          continue
        }
      }
      follow(&position)
    }
    continuation.finish()
  }

  /// Holds one watch until it fails or the loop stops.
  private func follow(_ position: inout Position) {
    let endpoint = store.endpoints[position.endpoint % store.endpoints.count]
    let request = JSONValue.object([
      ("key", EtcdMessages.key(store.documentPrefix)),
      ("range_end", .string(EtcdMessages.rangeEnd(of: store.documentPrefix))),
      ("start_revision", .string(String(position.revision + 1))), ("prev_kv", .bool(true)),
      ("progress_notify", .bool(true)),
    ])
    var watch: EtcdWatchConnection
    do throws(EtcdClient.Failure) {
      watch = try EtcdWatchConnection(
        client: store.client, endpoint: endpoint, createRequest: request, timeoutMilliseconds: 2000)
    } catch {
      fail(error, &position)
      return
    }
    defer { watch.close() }
    var heard = ContinuousClock.now
    while !isStopped {
      let line: JSONValue?
      do throws(EtcdClient.Failure) {
        line = try watch.next(timeoutMilliseconds: 500)
      } catch {
        fail(error, &position)
        return
      }
      guard let line else {
        // A member stopped (SIGSTOP) or stuck keeps the connection open and sends nothing, not
        // even the progress notifications of an idle watch: after a silence, ask it directly.
        if heard.duration(to: .now) >= Self.silence {
          if let failure = store.client.probe(endpoint, timeoutMilliseconds: 2000) {
            fail(failure, &position)
            return
          }
          heard = .now
        }
        continue
      }
      heard = .now
      if let message = EtcdClient.errorMessage(line), line[member: "result"] == nil {
        // An expired token: authenticate once more before the watch resumes.
        if message.contains("invalid auth token") { store.client.reauthenticate(at: endpoint) }
        fail(
          .unreachable([
            EtcdError.Unreachable(endpoint: endpoint.description, reason: EtcdClient.trimmed(message))
          ]), &position)
        return
      }
      guard let result = line[member: "result"] else { continue }
      if EtcdMessages.int64(result[member: "compact_revision"]) > 0 {
        // Events were lost to a compaction: read everything again and resync.
        position.known = false
        return
      }
      if EtcdMessages.flag(result[member: "canceled"]) {
        let reason = (result[member: "cancel_reason"]).flatMap {
          if case .string(let text) = $0.kind { text } else { nil }
        }
        fail(
          .unreachable([
            EtcdError.Unreachable(endpoint: endpoint.description, reason: reason ?? "the watch was cancelled")
          ]), &position)
        return
      }
      if EtcdMessages.flag(result[member: "created"]) {
        if position.unavailable != nil {
          position.unavailable = nil
          continuation.yield(.available)
        }
        position.backoffMilliseconds = 100
        position.endpoint %= max(1, store.endpoints.count)
        continue
      }
      guard case .array(let events)? = result[member: "events"]?.kind, !events.isEmpty else {
        // A progress notification: every event up to its revision was delivered.
        position.revision = max(position.revision, EtcdMessages.revision(result))
        continue
      }
      apply(events, &position)
    }
  }

  /// Applies a response's events, one change per revision.
  private func apply(_ events: [JSONValue], _ position: inout Position) {
    let (values, revision, changes) = Self.changes(from: events, after: position.values, in: store)
    position.values = values
    position.revision = max(position.revision, revision)
    for change in changes { continuation.yield(change) }
  }

  /// What a watch response's `events` change, from `values`: one `StoreChange.changed(_:keys:)`
  /// per revision that changed an item's value (the head's events and values equal to those known
  /// change nothing), whose contents name the journal entry put in that revision
  /// (`StoreContents.journalSequence`), the values after them, and the last revision seen.
  static func changes(from events: [JSONValue], after values: [String: JSONValue], in store: EtcdStore) -> (
    values: [String: JSONValue], revision: Int64, changes: [StoreChange]
  ) {
    var current = values
    var last: Int64 = 0
    var changes: [StoreChange] = []
    var index = 0
    while index < events.count {
      let revision = EtcdMessages.int64(events[index][member: "kv"]?[member: "mod_revision"])
      var next = current
      let first = index
      while index < events.count,
        EtcdMessages.int64(events[index][member: "kv"]?[member: "mod_revision"]) == revision
      {
        let event = events[index]
        index += 1
        guard let pair = event[member: "kv"].flatMap(EtcdMessages.keyValue),
          let name = store.itemKey(pair.key)
        else {
          continue
        }
        if case .string("DELETE")? = event[member: "type"]?.kind {
          next[name] = nil
        } else if let value = try? JSONParser(maximumDepth: 64).parse(pair.value) {
          next[name] = value
        } else {
          next[name] = nil
        }
      }
      last = max(last, revision)
      let keys = StoreChange.differingKeys(current, next)
      current = next
      if !keys.isEmpty {
        var contents = StoreContents(values: next, revision: StoreRevision(revision))
        // The entry the write put in the same transaction as its change.
        contents.journalSequence = store.journalSequence(inEventsOf: Array(events[first..<index]))
        changes.append(.changed(contents, keys: keys))
      }
    }
    return (current, last, changes)
  }

  /// Reports the store unavailable (once per outage, with its first reason), waits with a
  /// jittered backoff and moves to the next endpoint.
  private func fail(_ failure: EtcdClient.Failure, _ position: inout Position) {
    let error = StoreError.etcd(EtcdStore.error(failure))
    if case .etcd(let etcd) = failure, !etcd.isUnreachable {
      // Not a transport problem (permissions, not etcd): still reported, still retried slowly.
      position.backoffMilliseconds = 5000
    }
    // One report per outage: the first reason; the next is `available`.
    if position.unavailable == nil {
      position.unavailable = error
      continuation.yield(.unavailable(error))
    }
    let jittered = position.backoffMilliseconds / 2 + Int64.random(in: 0...position.backoffMilliseconds / 2)
    var waited: Int64 = 0
    while waited < jittered && !isStopped {
      let step = min(100, jittered - waited)
      systemSleep(nanoseconds: step * 1_000_000)
      waited += step
    }
    position.backoffMilliseconds = min(5000, position.backoffMilliseconds * 2)
    position.endpoint += 1
  }
}
