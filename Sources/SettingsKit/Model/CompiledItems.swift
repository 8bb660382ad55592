import Synchronization

/// The items of one section read from the compiled form (<doc:CompiledDocument>), on the top page
/// or on a child page, decoded the first time a row of the section is needed, as UITableView asks
/// its data source only for the rows it shows.
///
/// A section is read this way only when nothing outside its rows depends on them: no item of it
/// (or of its child pages) has conditions, is named by one, is secure or has earlier keys, and
/// the section has no page size or items file (`DocumentCacheFile` decides when it compiles).
/// Its keys and their defaults are known without decoding the items (``ownedKeys``), so that a
/// snapshot of the document's values does not decode them. Decoding is deterministic over bytes
/// held in memory, so every copy of a document or table that holds this gets the same items; the
/// first one decodes them, under a lock.
public final class CompiledItems: Sendable {
  /// How many items the section has.
  public let count: Int
  /// Whether an item of the section has an icon (`Icon`), known without decoding.
  public let hasIcons: Bool
  private let entries: @Sendable () -> [(range: Range<Int>, key: String?)]
  private let decode: @Sendable ([Range<Int>]) -> [SettingItem]
  private let scanRows: @Sendable ([(range: Range<Int>, key: String?)]) -> [CompiledRow]?
  private let readOwned: @Sendable () -> [(key: String, defaultValue: SettingValue?)]
  /// The bytes the rows' ranges (``entries``) are in, and the locales they decode in.
  private let source: (bytes: [UInt8], locales: [String])
  private let state = Mutex<State>(State())

  private struct State {
    var keys: [String?]?
    var items: [SettingItem]?
    var pageKeys: Set<String>?
    var owned: [(key: String, defaultValue: SettingValue?)]?
    var rows: [CompiledRow]?
    /// Whether ``rows`` were read and did not read whole, so that they are not read again.
    var rowsFailed = false
    var entries: [(range: Range<Int>, key: String?)]?
    /// Rows decoded one at a time (``item(at:)``) before ``items`` were, by index.
    var single: [Int: SettingItem] = [:]
  }

  init(
    count: Int, hasIcons: Bool, source: (bytes: [UInt8], locales: [String]),
    owned: @escaping @Sendable () -> [(key: String, defaultValue: SettingValue?)],
    entries: @escaping @Sendable () -> [(range: Range<Int>, key: String?)],
    decode: @escaping @Sendable ([Range<Int>]) -> [SettingItem],
    rows: @escaping @Sendable ([(range: Range<Int>, key: String?)]) -> [CompiledRow]? = { _ in nil }
  ) {
    self.count = count
    self.hasIcons = hasIcons
    self.source = source
    self.readOwned = owned
    self.entries = entries
    self.decode = decode
    self.scanRows = rows
  }

  /// The full key and default (``SettingsSnapshot/defaultValue(of:)``) of every keyed item of the
  /// section and of its items' pages, in the order of `SettingsDocument.forEachItem(_:)`; read
  /// from the compiled form without decoding the items.
  public var ownedKeys: [(key: String, defaultValue: SettingValue?)] {
    state.withLock { state in
      if let owned = state.owned { return owned }
      let owned = readOwned()
      state.owned = owned
      return owned
    }
  }

  /// The own keys (``SettingItem/localKey``) of the items on the pages of the section's items,
  /// without decoding the items.
  public var pageKeys: Set<String> {
    if let keys = state.withLock({ $0.pageKeys }) { return keys }
    let top = Set(keys.compactMap { $0 })
    var keys = Set<String>()
    for (key, _) in ownedKeys where !top.contains(key) {
      keys.insert(String(key[key.index(after: key.lastIndex(of: ".") ?? key.startIndex)...]))
    }
    state.withLock { $0.pageKeys = keys }
    return keys
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

  /// Item `index` alone: from ``items`` when they were decoded, else decoded from its bytes alone
  /// the first time and kept (a key looked up on a child page of 50 000 items decodes that one);
  /// nil when `index` is out of range or it does not decode.
  package func item(at index: Int) -> SettingItem? {
    state.withLock { state in
      if let items = state.items { return items.indices.contains(index) ? items[index] : nil }
      if let item = state.single[index] { return item }
      let entries = Self.entries(&state, entries)
      guard entries.indices.contains(index), let item = decode([entries[index].range]).first else {
        return nil
      }
      state.single[index] = item
      return item
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

  /// Whether these rows and `other`'s are the same, known without decoding either: the same
  /// rows, or rows read from equal bytes at the same places in them, in the same locales (decoding
  /// is deterministic over those). False means not known, not different: a document reloaded from
  /// a new version of its file finds its unchanged sections the same this way.
  func isSame(as other: CompiledItems) -> Bool {
    if self === other { return true }
    guard count == other.count, source.locales == other.source.locales else { return false }
    let ranges = entries().map(\.range)
    let otherRanges = other.entries().map(\.range)
    guard let start = ranges.first?.lowerBound, let end = ranges.last?.upperBound,
      let otherStart = otherRanges.first?.lowerBound, let otherEnd = otherRanges.last?.upperBound
    else { return ranges.isEmpty && otherRanges.isEmpty }
    // The decoder reads no rows from a list that runs backwards; such lists are not compared.
    guard start <= end, otherStart <= otherEnd else { return false }
    return end - start == otherEnd - otherStart
      && source.bytes[start..<end].hasSameBytes(as: other.source.bytes[otherStart..<otherEnd])
      && ranges.elementsEqual(otherRanges) {
        $0.lowerBound - start == $1.lowerBound - otherStart && $0.count == $1.count
      }
  }

  /// What each row of the section shows, read from the items' bytes without decoding them
  /// (``CompiledRow``), the first time for all of them at once, then kept; nil when they do not
  /// read (the rows are then drawn from ``items``).
  package var rows: [CompiledRow]? {
    state.withLock { state in
      if let rows = state.rows { return rows }
      if state.rowsFailed { return nil }
      let entries = Self.entries(&state, entries)
      let rows = scanRows(entries)
      if let rows, rows.count == count { state.rows = rows } else { state.rowsFailed = true }
      return state.rows
    }
  }

  /// What each row of the section shows, as ``rows`` gives it, read now and not kept (unless
  /// ``rows`` kept them already): for one walk over every row, such as `settings show`'s, which
  /// then holds a section's rows only while it draws them.
  package func readRows() -> [CompiledRow]? {
    let entries: [(range: Range<Int>, key: String?)]? = state.withLock { state in
      if state.rows != nil || state.rowsFailed { return nil }
      return Self.entries(&state, self.entries)
    }
    guard let entries else { return state.withLock { $0.rows } }
    guard let rows = scanRows(entries), rows.count == count else { return nil }
    return rows
  }

  /// What row `index` shows: from ``rows`` when they were read, else from that item's bytes alone
  /// (a screen that draws a few rows of a large section reads only those); nil when it does not
  /// read.
  package func row(_ index: Int) -> CompiledRow? {
    state.withLock { state in
      if let rows = state.rows { return rows.indices.contains(index) ? rows[index] : nil }
      if state.rowsFailed { return nil }
      let entries = Self.entries(&state, entries)
      guard entries.indices.contains(index) else { return nil }
      return scanRows([entries[index]])?.first
    }
  }

  /// The rows' ranges and keys, read from the compiled form once and kept.
  private static func entries(
    _ state: inout State, _ read: () -> [(range: Range<Int>, key: String?)]
  ) -> [(range: Range<Int>, key: String?)] {
    if let entries = state.entries { return entries }
    let entries = read()
    state.entries = entries
    return entries
  }

  /// Whether ``items`` has been decoded.
  public var isDecoded: Bool { state.withLock { $0.items != nil } }
}
