@testable import SettingsEtcd
@testable import SettingsKit

/// The etcd error inside a settings error (``StoreError/backend(_:)``), for matching its case.
func etcdFailure(_ error: SettingsError?) -> EtcdError? {
  guard case .store(.backend(let backend))? = error else { return nil }
  return backend as? EtcdError
}
