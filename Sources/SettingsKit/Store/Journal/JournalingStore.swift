/// A store that keeps a journal of its changes, written in the same atomic update as the change:
/// no entry for a write that did not land, and no landed write without its entry.
///
/// ``FileStore`` keeps it in a file beside the store (`FileJournal`); a store on a server (etcd)
/// implements it by writing the entry in the same transaction as the change. ``Settings`` journals
/// every change it makes through a store that conforms, with its ``Settings/writeContext``.
public protocol JournalingStore: SettingsStore {
  /// The journal, reconciled with the store as it is now: an entry whose write never landed is
  /// left out; a change made behind the tool's back appears as an `outside` entry, which is
  /// recorded as ``recordOutsideChanges(secureKeys:)`` records it (when that fails, for a reader
  /// who may not write, the next write records it). `secureKeys` are the keys whose values are
  /// never recorded, and `KEY[].FIELD` for a record list whose field `FIELD` is secure: the list
  /// is recorded without that field's text (``JournalChange/changedSecrets``).
  ///
  /// - Throws: ``StoreError`` when the store or the journal cannot be read
  ///   (``StoreError/journalUnreadable(journal:reason:writing:)``).
  func journal(secureKeys: Set<String>) throws(StoreError) -> StoreJournal

  /// Records a change made behind the tool's back (a hand edit, `etcdctl put`) as one `outside`
  /// entry, under the store's lock (in a transaction), so that however many readers and watches
  /// notice it, it is recorded once; does nothing when the store is where the journal left it or
  /// there is no journal yet. A watch calls it when it notices a change.
  ///
  /// - Throws: ``StoreError`` when the store or the journal cannot be read or written (the lock is
  ///   busy, the user may only read).
  func recordOutsideChanges(secureKeys: Set<String>) throws(StoreError)

  /// ``SettingsStore/update(_:)``, recording what changed as one entry made by `context`; `body`
  /// also gets the journal (reconciled, read under the same lock) when it asks for it.
  ///
  /// - Returns: `body`'s result, and the number of the entry the change made (its
  ///   ``JournalEntry/sequence``); nil when it changed nothing, or the journal keeps no entry (a
  ///   journal limit of 0).
  func update<T, Refusal: Error>(
    context: WriteContext, secureKeys: Set<String>,
    _ body: (inout StoreContents, () -> StoreJournal) throws(Refusal) -> T
  ) throws(StoreUpdateError<Refusal>) -> (result: T, entry: Int?)
}
