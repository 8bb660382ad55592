import Synchronization

extension FileStore {
  /// The changes to the store file after `revision`, noticed by a `FileWatcher` on its directory
  /// (a replace, an edit in place, a deletion, which empties the store): each time the file may
  /// have changed it is read again and compared with what was last delivered, so a rewrite that
  /// changes no value reports nothing. A file that does not read or parse is
  /// ``StoreChange/unavailable(_:)`` (once per distinct error), followed by
  /// ``StoreChange/available`` and the differences once it reads again.
  public func changes(after revision: StoreRevision) -> AsyncStream<StoreChange> {
    let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self)
    let follower = FileStoreFollower(store: self, continuation: continuation)
    let watcher = FileWatcher(paths: [path], mechanism: .automatic) { follower.check() }
    follower.start(after: revision)
    continuation.onTermination = { _ in watcher.stop() }
    return stream
  }
}

/// What a stream of ``FileStore/changes(after:)`` last delivered, compared with each read.
private final class FileStoreFollower: Sendable {
  private struct State {
    var started = false
    /// The values last delivered, or nil when none were (the first read failed).
    var values: [String: JSONValue]?
    var revision: StoreRevision
    var error: StoreError?
  }

  private let store: FileStore
  private let continuation: AsyncStream<StoreChange>.Continuation
  private let state = Mutex(State(revision: .initial))

  init(store: FileStore, continuation: AsyncStream<StoreChange>.Continuation) {
    self.store = store
    self.continuation = continuation
  }

  /// The first read: a resynced when the file is no longer at `revision`.
  func start(after revision: StoreRevision) {
    state.withLock { state in
      state.started = true
      do throws(StoreError) {
        let contents = try store.read()
        state.values = contents.values
        state.revision = contents.revision
        if contents.revision != revision { continuation.yield(.resynced(contents)) }
      } catch {
        state.error = error
        continuation.yield(.unavailable(error))
      }
    }
  }

  /// Reads the file again and delivers what differs.
  func check() {
    state.withLock { state in
      guard state.started else { return }
      let contents: StoreContents
      do throws(StoreError) {
        contents = try store.read()
      } catch {
        guard error != state.error else { return }
        state.error = error
        continuation.yield(.unavailable(error))
        return
      }
      if state.error != nil {
        state.error = nil
        continuation.yield(.available)
      }
      state.revision = contents.revision
      guard let values = state.values else {
        state.values = contents.values
        continuation.yield(.resynced(contents))
        return
      }
      let keys = StoreChange.differingKeys(values, contents.values)
      guard !keys.isEmpty else { return }
      state.values = contents.values
      continuation.yield(.changed(contents, keys: keys))
    }
  }
}
