import Synchronization

@testable import SettingsKit

/// A journaling store that runs `interleave` once, inside the first run of the first update's
/// body: after that update has read the store and before it writes, so whatever `interleave`
/// writes lands between the two, as a second writer racing the first would.
///
/// The inner store must notice the write: etcd's compare fails and the body runs again on the
/// newer contents; a file store's dry run (the first run) takes no lock, and the run under the
/// lock reads the file again.
final class InterleavingStore: JournalingStore {
  let inner: any JournalingStore
  let interleave: @Sendable () -> Void
  /// How many times update bodies ran, and the contents each run was given.
  let runs = Mutex<[StoreContents]>([])

  init(_ inner: any JournalingStore, interleave: @escaping @Sendable () -> Void) {
    self.inner = inner
    self.interleave = interleave
  }

  var name: String { inner.name }

  func read() throws(StoreError) -> StoreContents { try inner.read() }

  func update<T, Refusal: Error>(
    _ body: (inout StoreContents) throws(Refusal) -> T
  ) throws(StoreUpdateError<Refusal>) -> T {
    try inner.update { (contents: inout StoreContents) throws(Refusal) -> T in
      interleaveOnFirstRun(contents)
      return try body(&contents)
    }
  }

  func changes(after revision: StoreRevision) -> AsyncStream<StoreChange> {
    inner.changes(after: revision)
  }

  func journal(secureKeys: Set<String>) throws(StoreError) -> StoreJournal {
    try inner.journal(secureKeys: secureKeys)
  }

  func recordOutsideChanges(secureKeys: Set<String>) throws(StoreError) {
    try inner.recordOutsideChanges(secureKeys: secureKeys)
  }

  func update<T, Refusal: Error>(
    context: WriteContext, secureKeys: Set<String>,
    _ body: (inout StoreContents, () -> StoreJournal) throws(Refusal) -> T
  ) throws(StoreUpdateError<Refusal>) -> (result: T, entry: Int?) {
    try inner.update(context: context, secureKeys: secureKeys) {
      (contents: inout StoreContents, journal: () -> StoreJournal) throws(Refusal) -> T in
      interleaveOnFirstRun(contents)
      return try withoutActuallyEscaping(journal) { (journal) throws(Refusal) -> T in
        try body(&contents, journal)
      }
    }
  }

  private func interleaveOnFirstRun(_ contents: StoreContents) {
    let first = runs.withLock { runs in
      runs.append(contents)
      return runs.count == 1
    }
    if first { interleave() }
  }
}
