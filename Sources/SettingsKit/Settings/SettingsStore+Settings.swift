extension SettingsError {
  /// The settings error of an update whose body refuses with settings errors: the store's failure
  /// as ``store(_:)``, the body's refusal as it was thrown.
  public init(_ error: StoreUpdateError<SettingsError>) {
    switch error {
    case .store(let error): self = .store(error)
    case .refused(let error): self = error
    }
  }
}

extension SettingsStore {
  /// ``SettingsStore/update(_:)`` for a body that refuses with settings errors, throwing one
  /// ``SettingsError`` either way (``SettingsError/init(_:)``).
  public func updateSettings<T>(
    _ body: (inout StoreContents) throws(SettingsError) -> T
  ) throws(SettingsError) -> T {
    do throws(StoreUpdateError<SettingsError>) {
      return try update(body)
    } catch {
      throw SettingsError(error)
    }
  }
}

extension SettingsStore {
  /// ``updateSettings(_:)`` journaled with `context` when the store keeps a journal
  /// (``JournalingStore``); `body` gets the journal read under the same lock (empty otherwise).
  /// Returns `body`'s result and the number of the journal entry the change made (nil when it
  /// made none: see ``JournalingStore/update(context:secureKeys:_:)``, or no journal).
  func updateSettings<T>(
    context: WriteContext, secureKeys: Set<String>,
    _ body: (inout StoreContents, () -> StoreJournal) throws(SettingsError) -> T
  ) throws(SettingsError) -> (result: T, entry: Int?) {
    do throws(StoreUpdateError<SettingsError>) {
      if let journaling = self as? any JournalingStore {
        return try journaling.update(context: context, secureKeys: secureKeys, body)
      }
      let result = try update { (contents: inout StoreContents) throws(SettingsError) -> T in
        try body(&contents) { StoreJournal() }
      }
      return (result, nil)
    } catch {
      throw SettingsError(error)
    }
  }
}
