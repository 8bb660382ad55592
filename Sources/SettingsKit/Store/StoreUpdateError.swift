/// Why ``SettingsStore/update(_:)`` changed nothing: the store failed, or the body refused.
///
/// The store names no error of the layers above it: the body's own refusal (a ``SettingsError``
/// when ``Settings`` writes, or `Never` for a body that cannot refuse) comes back as it was thrown.
public enum StoreUpdateError<Refusal: Error>: Error {
  /// Reading, locking or writing the store failed; the store is unchanged.
  case store(StoreError)
  /// The body threw; nothing was written.
  case refused(Refusal)

  /// The store's error, or nil when the body refused.
  public var storeError: StoreError? {
    if case .store(let error) = self { return error }
    return nil
  }
}

extension StoreUpdateError: Equatable where Refusal: Equatable {}

extension StoreUpdateError: CustomStringConvertible, ExplainedError where Refusal: ExplainedError {
  /// The store's message, or the refusal's.
  public var message: String {
    switch self {
    case .store(let error): error.message
    case .refused(let error): error.message
    }
  }

  /// The store's messages, or the refusal's.
  public var messages: [String] {
    switch self {
    case .store(let error): error.messages
    case .refused(let error): error.messages
    }
  }

  /// The store's hint, or the refusal's.
  public var hint: String? {
    switch self {
    case .store(let error): error.hint
    case .refused(let error): error.hint
    }
  }
}
