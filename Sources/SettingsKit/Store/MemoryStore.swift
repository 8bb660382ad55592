import Synchronization

/// A store kept in memory, for tests and for tools that persist elsewhere.
///
/// Updates are serialized by a mutex, so it is safe to share between tasks.
public final class MemoryStore: SettingsStore {
  private let contents: Mutex<StoreContents>

  /// Creates a store holding `values` as overrides.
  public init(values: [String: JSONValue] = [:]) {
    contents = Mutex(StoreContents(values: values))
  }

  /// "memory".
  public var name: String { "memory" }

  /// The current overrides; never throws.
  public func read() throws(StoreError) -> StoreContents {
    contents.withLock { $0 }
  }

  /// Applies `body` to the overrides under the mutex; on a throw nothing changes.
  public func update<T>(_ body: (inout StoreContents) throws(SettingsError) -> T) throws(SettingsError) -> T {
    let outcome: Result<T, SettingsError> = contents.withLock { current in
      var copy = current
      do throws(SettingsError) {
        let result = try body(&copy)
        current = copy
        return .success(result)
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }
}
