import SettingsKit
import SettingsPOSIX

/// etcd as the `StoreBackend` of a `StorePolicy`: chosen by ``address`` (`settings --etcd`) or
/// by `SETTINGS_ETCD`, a comma-separated list of endpoints, and giving an ``EtcdStore`` set up as
/// this value says.
///
/// ```swift
/// var policy = StorePolicy(documentID: document.id, environment: ProcessInfo.processInfo.environment)
/// policy.backend = EtcdStoreBackend(cacheDirectory: policy.cacheDirectory)
/// ```
public struct EtcdStoreBackend: StoreBackend {
  /// `SETTINGS_ETCD`.
  public var environmentVariable: String { "SETTINGS_ETCD" }
  /// The endpoints given explicitly, which choose etcd over any file; nil lets `SETTINGS_ETCD` decide.
  public var address: String?
  /// The key prefix of every document (``EtcdStore/defaultPrefix`` by default); it must end with
  /// `/`, or ``store(endpoints:forDocumentID:)`` throws ``EtcdError/badPrefix(_:)``.
  public var prefix: String
  /// The user and password, or nil for a cluster without authentication.
  public var credentials: EtcdCredentials?
  /// Where the last-known-good copies are kept (``EtcdStore/lastKnownGood``), or nil for none.
  public var lastKnownGood: EtcdLastKnownGood?
  /// Whether reads answer from the last-known-good copy while no endpoint answers.
  public var allowsStaleReads: Bool
  /// Called when a read answered from the copy.
  public var onStaleRead: (@Sendable (StaleRead) -> Void)?

  /// etcd at `address` (nil: at `SETTINGS_ETCD`), with its copies in `<cacheDirectory>/etcd` when
  /// a cache directory is given.
  public init(
    address: String? = nil, prefix: String = EtcdStore.defaultPrefix, credentials: EtcdCredentials? = nil,
    cacheDirectory: SystemPath? = nil, allowsStaleReads: Bool = false
  ) {
    self.address = address
    self.prefix = prefix
    self.credentials = credentials
    self.lastKnownGood = cacheDirectory.map { EtcdLastKnownGood(directory: $0.appending(SystemPath("etcd"))) }
    self.allowsStaleReads = allowsStaleReads
  }

  /// The store of document `id` at the endpoints listed in `address`.
  ///
  /// - Throws: `StoreError.backend(_:)` with the ``EtcdError`` of the first endpoint that is not one,
  ///   or ``EtcdError/badPrefix(_:)`` when ``prefix`` does not end with `/`.
  public func store(at address: String, forDocumentID id: String) throws(StoreError) -> any SettingsStore {
    do throws(EtcdError) {
      return try store(endpoints: try EtcdEndpoint.list(address), forDocumentID: id)
    } catch {
      throw .backend(error)
    }
  }

  /// The store of document `id` at `endpoints`, set up as this value says.
  ///
  /// - Throws: ``EtcdError/badPrefix(_:)`` when ``prefix`` does not end with `/`.
  public func store(endpoints: [EtcdEndpoint], forDocumentID id: String) throws(EtcdError) -> EtcdStore {
    var store = try EtcdStore(endpoints: endpoints, prefix: prefix, documentID: id, credentials: credentials)
    store.lastKnownGood = lastKnownGood
    store.allowsStaleReads = allowsStaleReads
    store.onStaleRead = onStaleRead
    return store
  }
}
