import Synchronization

/// The items of one top-page section read from the compiled form (``DocumentCache``), decoded the
/// first time a row of the section is needed, as UITableView asks its data source only for the
/// rows it shows.
///
/// A section is read this way only when nothing outside its rows depends on them: no item of it
/// (or of its child pages) has conditions, is named by one, is secure or has earlier keys, and
/// the section has no pages or items file (``DocumentCacheFile`` decides when it compiles).
/// Decoding is deterministic over bytes held in memory, so every copy of a table that holds this
/// gets the same items; the first one decodes them, under a lock.
public final class CompiledItems: Sendable {
  /// How many items the section has.
  public let count: Int
  /// Whether an item of the section has an icon (``Icon``), known without decoding.
  public let hasIcons: Bool
  private let entries: @Sendable () -> [(range: Range<Int>, key: String?)]
  private let decode: @Sendable ([Range<Int>]) -> [SettingItem]
  private let readPageKeys: @Sendable () -> Set<String>
  private let state = Mutex<(keys: [String?]?, items: [SettingItem]?, pageKeys: Set<String>?)>(
    (nil, nil, nil))

  init(
    count: Int, hasIcons: Bool, pageKeys: @escaping @Sendable () -> Set<String>,
    entries: @escaping @Sendable () -> [(range: Range<Int>, key: String?)],
    decode: @escaping @Sendable ([Range<Int>]) -> [SettingItem]
  ) {
    self.count = count
    self.hasIcons = hasIcons
    self.readPageKeys = pageKeys
    self.entries = entries
    self.decode = decode
  }

  /// The own keys (``SettingItem/localKey``) of the items on the pages of the section's items,
  /// read from the compiled form without decoding the items.
  public var pageKeys: Set<String> {
    state.withLock { state in
      if let keys = state.pageKeys { return keys }
      let keys = readPageKeys()
      state.pageKeys = keys
      return keys
    }
  }

  /// The section's items, in order: decoded now the first time, then kept.
  public var items: [SettingItem] {
    state.withLock { state in
      if let items = state.items { return items }
      let items = decode(entries().map(\.range))
      state.items = items
      return items
    }
  }

  /// The key of each item (nil for an item without one), read from the compiled form without
  /// decoding the items.
  public var keys: [String?] {
    state.withLock { state in
      if let keys = state.keys { return keys }
      if let items = state.items { return items.map(\.key) }
      let keys = entries().map(\.key)
      state.keys = keys
      return keys
    }
  }

  /// Whether ``items`` has been decoded.
  public var isDecoded: Bool { state.withLock { $0.items != nil } }
}
