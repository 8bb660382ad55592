import Synchronization

/// Keeps a ``Settings``' own writes and its watches' reads of the store apart, so that a watch
/// never mistakes a change made through that object for one made elsewhere.
///
/// A write and the recording of its changes in every watch run under one lock, and a watch reads
/// and compares the store under the same lock: it reads either before the write, or after the
/// write's changes are recorded (and then finds nothing new). Observers are called after the lock
/// is released, so an observer may change settings.
final class LocalWrites: Sendable {
  private let gate = Mutex<Void>(())
  private let listeners = Mutex<[Int: @Sendable (LocalWrite) -> Void]>([:])
  private let nextID = Atomic<Int>(0)

  /// Runs a write and hands what it reports to every listener, under the lock.
  func perform(_ write: () throws(SettingsError) -> LocalWrite) throws(SettingsError) -> [SettingChange] {
    try gate.withLock { _ throws(SettingsError) -> [SettingChange] in
      let written = try write()
      if !written.changes.isEmpty {
        let current = listeners.withLock { $0.sorted { $0.key < $1.key }.map(\.value) }
        for listener in current { listener(written) }
      }
      return written.changes
    }
  }

  /// Runs `body` (a watch's read and comparison) where no write of this object runs.
  func excluding<T>(_ body: () -> T) -> T {
    gate.withLock { _ in body() }
  }

  /// Registers `listener` for the changes of every later write; returns its number for ``remove(_:)``.
  func add(_ listener: @escaping @Sendable (LocalWrite) -> Void) -> Int {
    let id = nextID.add(1, ordering: .relaxed).newValue
    listeners.withLock { $0[id] = listener }
    return id
  }

  /// Stops calling the listener registered as `id`.
  func remove(_ id: Int) {
    _ = listeners.withLock { $0.removeValue(forKey: id) }
  }
}

/// What one write through a ``Settings`` did: the changes it reports and the store's contents it
/// left, so that a watch can tell the store's notification of this write from a change made
/// elsewhere without comparing every value again.
struct LocalWrite: Sendable {
  /// The values that changed.
  var changes: [SettingChange]
  /// The number of the journal entry the write made; nil when it made none (it changed nothing,
  /// the store keeps no journal) or when unknown.
  var entry: Int?
  /// The store's contents as the write read them (under its lock); nil when unknown.
  var read: StoreContents?
  /// The store's contents after the write; nil when unknown.
  var contents: StoreContents?
}
