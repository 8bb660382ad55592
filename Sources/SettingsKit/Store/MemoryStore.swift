import Synchronization

/// A store kept in memory, for tests and for tools that persist elsewhere.
///
/// Updates are serialized by a mutex, so it is safe to share between tasks. Its revision counts
/// the updates that changed something; ``changes(after:)`` reports each of them.
public final class MemoryStore: SettingsStore {
  private struct State {
    var contents: StoreContents
    var subscribers: [Int: AsyncStream<StoreChange>.Continuation] = [:]
    var nextSubscriber = 0
  }

  private let state: Mutex<State>

  /// Creates a store holding `values` as overrides, at revision 0.
  public init(values: [String: JSONValue] = [:]) {
    state = Mutex(State(contents: StoreContents(values: values)))
  }

  /// "memory".
  public var name: String { "memory" }

  /// The current overrides and their revision; never throws.
  public func read() throws(StoreError) -> StoreContents {
    state.withLock { $0.contents }
  }

  /// Applies `body` to the overrides under the mutex, once; on a throw nothing changes. A change
  /// raises the revision by one and is handed to every stream of ``changes(after:)``.
  public func update<T, Refusal: Error>(
    _ body: (inout StoreContents) throws(Refusal) -> T
  ) throws(StoreUpdateError<Refusal>) -> T {
    let outcome: Result<T, StoreUpdateError<Refusal>> = state.withLock { state in
      var copy = state.contents
      do throws(Refusal) {
        let result = try body(&copy)
        let keys = StoreChange.differingKeys(state.contents.values, copy.values)
        guard !keys.isEmpty else { return .success(result) }
        copy.revision = StoreRevision(state.contents.revision.number + 1)
        state.contents = copy
        for continuation in state.subscribers.values { continuation.yield(.changed(copy, keys: keys)) }
        return .success(result)
      } catch {
        return .failure(.refused(error))
      }
    }
    return try outcome.get()
  }

  /// Every update after `revision`, one ``StoreChange/changed(_:keys:)`` each, in order; a
  /// ``StoreChange/resynced(_:)`` first when the store is no longer at `revision`.
  public func changes(after revision: StoreRevision) -> AsyncStream<StoreChange> {
    let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self)
    let id = state.withLock { state in
      if state.contents.revision != revision { continuation.yield(.resynced(state.contents)) }
      let id = state.nextSubscriber
      state.nextSubscriber += 1
      state.subscribers[id] = continuation
      return id
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
    }
    return stream
  }
}
