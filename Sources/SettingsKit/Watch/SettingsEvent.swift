import SettingsPOSIX

/// One thing a watch of ``Settings`` reports; see ``Settings/changes(_:)``.
public enum SettingsEvent: Sendable, Equatable {
  /// A setting's value changed. Several writes close together may be reported as one change per
  /// key, but the last value of every key is always reported, and no change twice.
  case changed(SettingChange)
  /// The store can no longer be read (a half-finished hand edit that does not parse, a store that
  /// is not a JSON object, no permission). Values stay as last read; reported once per distinct
  /// error. When the store reads again, ``storeRecovered`` comes, then a ``changed`` for each key
  /// whose value really differs.
  case storeFailed(SettingsError)
  /// The store reads again after ``storeFailed``.
  case storeRecovered
  /// The document file changed on disk and was reloaded and validated: the new document, and the
  /// keys whose defaults differ (added and removed items included), in the new document's order.
  /// A ``changed`` follows for each key whose value differs as a result. Give the document to a
  /// new ``Settings`` to change values under its rules.
  case documentReloaded(SettingsDocument, changedDefaults: [String])
  /// The document file changed on disk but does not load or validate; the last good document
  /// stays in use. Reported once per distinct error.
  case documentFailed(DocumentError)
}

/// What a watch of ``Settings`` watches, and how.
public struct WatchOptions: Sendable {
  /// The document's file, to reload when it changes on disk (an application upgrade); nil to
  /// watch only the store.
  public var documentPath: SystemPath?
  /// The locales to load the document's text in, as for ``DocumentLoader/load(path:loadingItemsFiles:locales:)``.
  public var locales: [String]
  /// How changes are noticed; ``WatchMechanism/automatic`` by default.
  public var mechanism: WatchMechanism

  /// Creates options.
  public init(documentPath: SystemPath? = nil, locales: [String] = [], mechanism: WatchMechanism = .automatic)
  {
    self.documentPath = documentPath
    self.locales = locales
    self.mechanism = mechanism
  }
}
