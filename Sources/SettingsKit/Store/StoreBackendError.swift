/// A failure of a store that is not a file (the fleet store on etcd, or an embedder's own
/// ``SettingsStore``), as the engine sees it: a message, a hint, and whether it means the store is
/// out of reach for now.
///
/// The engine names no backend: a backend's error type conforms to this protocol and reaches the
/// engine as ``StoreError/backend(_:)``. A watch that finds the store out of reach
/// (``isUnreachable``) reads it again until it answers and reports one outage, not one per read.
public protocol StoreBackendError: ExplainedError {
  /// Whether the store could not be reached at all (no endpoint answered), so that the same
  /// request may succeed later; false for a refusal, a conflict or a bad answer.
  var isUnreachable: Bool { get }

  /// Whether `other` is the same failure (the same type and an equal value).
  func isSame(as other: any StoreBackendError) -> Bool
}

extension StoreBackendError where Self: Equatable {
  /// The same type and an equal value.
  public func isSame(as other: any StoreBackendError) -> Bool { (other as? Self) == self }
}
