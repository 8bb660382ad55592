/// Where a document's overrides live: the defaults stay in the document, the store holds only
/// the user's changes (as GSettings keeps defaults in the schema and changes in dconf).
///
/// Every store (``MemoryStore``, ``FileStore``, the etcd store) keeps the same contract, which one
/// shared conformance suite checks: reads give the values with the ``StoreRevision`` they were
/// read at, updates are atomic and all or nothing, and ``changes(after:)`` reports every change
/// made after a revision, none lost and none twice.
public protocol SettingsStore: Sendable {
  /// A short description of where the store is, for messages (a path, or "memory").
  var name: String { get }

  /// The current overrides, with the revision they were read at (``StoreContents/revision``).
  ///
  /// - Throws: ``StoreError`` when the store exists but cannot be read or parsed.
  func read() throws(StoreError) -> StoreContents

  /// Reads, lets `body` change the overrides, and writes them back when they changed, as one
  /// step that no other writer can interleave with: all of the change is made, or none.
  ///
  /// `body` may run more than once (after a conflicting write, or as a dry run before a lock is
  /// taken), each time on freshly read contents, so it must have no side effects: what it returns
  /// from its last run is returned.
  ///
  /// - Throws: ``StoreUpdateError/store(_:)`` from reading or writing (the store is unchanged
  ///   then), or ``StoreUpdateError/refused(_:)`` with what `body` throws (nothing is written then).
  func update<T, Refusal: Error>(
    _ body: (inout StoreContents) throws(Refusal) -> T
  ) throws(StoreUpdateError<Refusal>) -> T

  /// The changes made after `revision` (from ``read()``), as they happen, until the iterating task
  /// is cancelled or the stream is released.
  ///
  /// When the store is no longer at `revision` as the stream starts, a store that keeps its history
  /// (etcd) first replays the changes made since; one that does not (a file, memory), or whose
  /// history no longer reaches back that far, first yields ``StoreChange/resynced(_:)`` with the
  /// current contents.
  ///
  /// What a store implements and a watch of ``Settings`` follows (for a store that is not a file);
  /// an app observes ``Settings/changes(_:)``, which reports these as ``SettingsEvent``s.
  func changes(after revision: StoreRevision) -> AsyncStream<StoreChange>
}
