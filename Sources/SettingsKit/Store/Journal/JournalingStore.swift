/// A store that keeps a journal of its changes, written in the same atomic update as the change:
/// no entry for a write that did not land, and no landed write without its entry.
///
/// ``FileStore`` keeps it in a file beside the store (``FileJournal``); a store on a server (etcd)
/// implements it by writing the entry in the same transaction as the change. ``Settings`` journals
/// every change it makes through a store that conforms, with its ``Settings/writeContext``.
public protocol JournalingStore: SettingsStore {
  /// The journal, reconciled with the store as it is now: an entry whose write never landed is
  /// left out; a change made behind the tool's back appears as an `outside` entry (recorded at the
  /// next write). `secureKeys` are the keys whose values are never recorded.
  ///
  /// - Throws: ``StoreError`` when the store or the journal cannot be read.
  func journal(secureKeys: Set<String>) throws(StoreError) -> StoreJournal

  /// ``SettingsStore/update(_:)``, recording what changed as one entry made by `context`; `body`
  /// also gets the journal (reconciled, read under the same lock) when it asks for it.
  func update<T, Refusal: Error>(
    context: WriteContext, secureKeys: Set<String>,
    _ body: (inout StoreContents, () -> StoreJournal) throws(Refusal) -> T
  ) throws(StoreUpdateError<Refusal>) -> T
}
