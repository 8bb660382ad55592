/// A store that is not a file (the fleet store on etcd, in `SettingsEtcd`), offered to a
/// ``StorePolicy``, which chooses it by an address given explicitly or by an environment variable.
///
/// The engine names no backend: a backend's target conforms to this protocol, and the policy asks
/// it for a store only once it has chosen it.
public protocol StoreBackend: Sendable {
  /// The environment variable whose value, when not empty, chooses this backend at that address
  /// when no store is given explicitly (`SETTINGS_ETCD` for etcd).
  var environmentVariable: String { get }

  /// The address given explicitly (as with `settings --etcd`), which chooses this backend over any
  /// file; nil lets the environment decide.
  var address: String? { get }

  /// The store of document `id` at `address` (the explicit one, or the environment variable's
  /// value); nothing need be sent until the store's first read.
  ///
  /// - Throws: ``StoreError/backend(_:)`` when `address` names no store (a malformed endpoint).
  func store(at address: String, forDocumentID id: String) throws(StoreError) -> any SettingsStore
}
