/// Where a document's overrides live: the defaults stay in the document, the store holds only
/// the user's changes (as GSettings keeps defaults in the schema and changes in dconf).
public protocol SettingsStore: Sendable {
  /// A short description of where the store is, for messages (a path, or "memory").
  var name: String { get }

  /// The current overrides.
  ///
  /// - Throws: ``StoreError`` when the store exists but cannot be read or parsed.
  func read() throws(StoreError) -> StoreContents

  /// Reads, lets `body` change the overrides, and writes them back when they changed, as one
  /// step that no other writer can interleave with.
  ///
  /// - Throws: ``SettingsError/store(_:)`` from reading or writing (the store is unchanged then),
  ///   or what `body` throws (nothing is written then).
  func update<T>(_ body: (inout StoreContents) throws(SettingsError) -> T) throws(SettingsError) -> T
}
