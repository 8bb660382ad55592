/// A source of a section's items, fetched a page at a time (a "load more" section's API).
///
/// ``ItemsFile`` is the provider that ships; a tool may supply its own (a network list, a
/// database) through ``TableActions/setProvider(_:forSection:of:)``.
public protocol ItemsProvider: Sendable {
  /// How many items there are in all.
  func count() async throws -> Int
  /// The items at `range`, clamped to what there is.
  func items(in range: Range<Int>) async throws -> [SettingItem]
}

extension ItemsFile: ItemsProvider {
  /// The number of non-blank lines.
  public func count() async throws -> Int { lines.count }

  /// Decodes the lines at `range`; see ``decodedItems(in:)``.
  public func items(in range: Range<Int>) async throws -> [SettingItem] {
    let decoded = try decodedItems(in: range)
    return decoded
  }
}
