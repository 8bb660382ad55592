import SettingsPOSIX

/// One thing a watch of ``Settings`` reports: the element of ``Settings/changes(_:)``, the one
/// stream an app observes (a value's change is its ``changed(_:)``, with a ``SettingChange``).
public enum SettingsEvent: Sendable, Equatable {
  /// A setting's value changed. Several writes close together may be reported as one change per
  /// key, but the last value of every key is always reported, and no change twice.
  ///
  /// The change names the journal entry that made it (``SettingChange/journalSequence``) when the
  /// store keeps a journal (``JournalingStore``): for a file store, the entry whose after-digest is
  /// that of the bytes the watch read, found in the journal once per update; for etcd, the entry
  /// that the write put in the same transaction, which the read holds. Writes close together that
  /// one read found name the last of them, the one that left the values reported. A change made
  /// through the watched settings names the entry its write made.
  case changed(SettingChange)
  /// The store can no longer be read (a half-finished hand edit that does not parse, a store that
  /// is not a JSON object, no permission). Values stay as last read; reported once per distinct
  /// error. When the store reads again, ``storeRecovered`` comes, then a ``changed(_:)`` for each key
  /// whose value really differs.
  case storeFailed(SettingsError)
  /// The store reads again after ``storeFailed(_:)``.
  case storeRecovered
  /// The document file changed on disk and was reloaded and validated: the new document, and the
  /// keys whose defaults differ (added and removed items included), in the new document's order.
  /// A ``changed(_:)`` follows for each key whose value differs as a result. Give the document to a
  /// new ``Settings`` to change values under its rules. A watch that does not read items files
  /// (``WatchOptions/loadingItemsFiles`` false) reports it when one of them changed, though the
  /// document it gives is the same: open the items files again.
  case documentReloaded(SettingsDocument, changedDefaults: [String])
  /// The document file changed on disk but does not load or validate; the last good document
  /// stays in use. Reported once per distinct error.
  case documentFailed(DocumentError)
  /// A stored value that its item accepted (or that was not there) is now one it does not accept:
  /// the document changed its rules, or the store was edited by hand. The item shows its default
  /// (or a system file's value), as `settings show` warns. Reported when the problem appears or
  /// changes, not again while it stays.
  case storedValueRejected(StoredValueProblem)
  /// A stored value reported by ``storedValueRejected(_:)`` is accepted now, or gone, and the
  /// item's value did not change: a value equal to the one in effect was written over it, or it was
  /// removed by hand. The item's warning goes. One that goes with a new value is reported by that
  /// value's ``changed(_:)`` alone.
  case storedValueAccepted(key: String)
  /// The lock on an item changed without its value changing (a system file that locks it
  /// appeared, changed its reason, or went): the lock now, nil when the item is no longer locked.
  /// A lock that comes with a new value is reported by that value's ``changed(_:)`` too.
  case lockChanged(key: String, lock: SettingLock?)
  /// The stored value, a system file's value or the lock of a key that the document's own items
  /// do not have changed: an item of an items file (whose items a watch does not decode, see
  /// ``SettingsSnapshot/otherOverrides``), or a key of another version of the document. The watch
  /// cannot say the value (the item's type is in its items file): a consumer that shows the item
  /// reads it again (``SettingsSnapshot/value(of:)``). One event per key, in key order, after the
  /// other events of the same read.
  case otherKeyChanged(key: String)
  /// A system file can no longer be used: it was changed into one that does not parse or cannot
  /// be read. The layers under it apply (its values and locks go, and are reported as such);
  /// ``IgnoredSystemFile/message`` is the warning `settings show` gives. Reported once per
  /// distinct problem, before the read of the store that follows it.
  case systemFileIgnored(IgnoredSystemFile)
}

/// What a watch of ``Settings`` watches, and how.
public struct WatchOptions: Sendable {
  /// The document's file, to reload when it or an items file of its top page changes on disk (an
  /// application upgrade); nil to watch only the store.
  public var documentPath: SystemPath?
  /// How a new version of the document is opened: give the options the settings' document was
  /// opened with (``DocumentLoader/open(_:options:)-(SystemPath,_)``), so that its locales, and its compiled form
  /// when it came from the cache, are those of the document it replaces. Through the cache, the
  /// rows of its sections are decoded when read, and sections whose bytes did not change compare
  /// equal without being decoded; a version just written is too recent to be cached on disk, and is
  /// compiled in memory and read the same way. No locales and no cache by default (the whole
  /// document is read and decoded); the document and the events are the same either way.
  public var document: DocumentOptions
  /// How changes are noticed; ``WatchMechanism/automatic`` by default.
  public var mechanism: WatchMechanism
  /// Whether a reloaded document's items files are read (true by default): false for settings
  /// whose document was opened without them (a screen that reads them a page at a time), whose
  /// keys the watch then reports by ``SettingsEvent/otherKeyChanged(key:)``. A document reloaded
  /// the other way would differ from theirs in every items file's items.
  public var loadingItemsFiles = true

  /// Creates options.
  public init(
    documentPath: SystemPath? = nil, document: DocumentOptions = DocumentOptions(cache: .none),
    mechanism: WatchMechanism = .automatic
  ) {
    self.documentPath = documentPath
    self.document = document
    self.mechanism = mechanism
  }
}
