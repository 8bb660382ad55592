import Synchronization

/// The default of every keyed item of a document, shared by the snapshots of that document: the
/// decoded items' defaults by key, and the rows still in the compiled form read by position from
/// their section's ``CompiledItems/ownedKeys``, so that no dictionary of every key is built.
///
/// A key of a section in the compiled form is found through one sorted array of
/// (hash of the key, section, row), 16 bytes a key, made the first time such a key is looked up
/// and checked against the key the row holds. Two tables are equal when every key has the same
/// default in both.
struct DefaultsTable: Sendable, Equatable {
  private let storage: Storage

  /// Where a key of a section in the compiled form stands.
  struct Position: Sendable, Equatable {
    /// The index of the section in ``DefaultsTable/sections``.
    var section: Int
    /// The index of the key in that section's ``CompiledItems/ownedKeys``.
    var row: Int
  }

  private struct Entry: Sendable {
    var hash: Int
    var section: UInt32
    var row: UInt32
  }

  private final class Storage: Sendable {
    let decoded: [String: SettingValue]
    let sections: [(index: Int, items: CompiledItems)]
    let index = Mutex<[Entry]?>(nil)

    init(decoded: [String: SettingValue], sections: [(index: Int, items: CompiledItems)]) {
      self.decoded = decoded
      self.sections = sections
    }
  }

  /// A table of `decoded`, the defaults of the decoded keyed items by key, and of `sections`, the
  /// top-page sections still in the compiled form with their index in the document.
  init(decoded: [String: SettingValue], sections: [(index: Int, items: CompiledItems)]) {
    storage = Storage(decoded: decoded, sections: sections)
  }

  /// The defaults of the decoded keyed items, by key.
  var decoded: [String: SettingValue] { storage.decoded }

  /// The top-page sections still in the compiled form, each with its index in the document.
  var sections: [(index: Int, items: CompiledItems)] { storage.sections }

  /// The default of `key`'s item; nil when no item of the document's loaded items has that key,
  /// or the item has no value (a detailTitle).
  func defaultValue(forKey key: String) -> SettingValue? {
    if let value = storage.decoded[key] { return value }
    guard let position = position(ofKey: key) else { return nil }
    return storage.sections[position.section].items.ownedKeys[position.row].defaultValue
  }

  /// Where `key` stands in a section in the compiled form; nil when no such section holds it.
  func position(ofKey key: String) -> Position? {
    guard !storage.sections.isEmpty else { return nil }
    let index = keyIndex()
    let hash = key.hashValue
    var low = 0
    var high = index.count
    while low < high {
      let middle = (low + high) / 2
      if index[middle].hash < hash { low = middle + 1 } else { high = middle }
    }
    while low < index.count, index[low].hash == hash {
      let entry = index[low]
      let owned = storage.sections[Int(entry.section)].items.ownedKeys
      if owned[Int(entry.row)].key == key {
        return Position(section: Int(entry.section), row: Int(entry.row))
      }
      low += 1
    }
    return nil
  }

  /// Calls `body` with every keyed item's key and default, the decoded items' first, then the
  /// sections in the compiled form in document order; items without a value are left out.
  func forEachDefault(_ body: (_ key: String, _ defaultValue: SettingValue) throws -> Void) rethrows {
    for (key, value) in storage.decoded { try body(key, value) }
    for section in storage.sections {
      for (key, value) in section.items.ownedKeys {
        if let value { try body(key, value) }
      }
    }
  }

  /// The keys whose default differs between `self` and `other` (present in one only, or
  /// different), without a dictionary of every key: a section in the compiled form at the same
  /// index and from the same bytes in both (``CompiledItems/isSame(as:)``) is skipped.
  func changedKeys(from other: DefaultsTable) -> Set<String> {
    if storage === other.storage { return [] }
    var before: [String: SettingValue?] = [:]
    var after: [String: SettingValue?] = [:]
    for (key, value) in other.storage.decoded { before[key] = value }
    for (key, value) in storage.decoded { after[key] = value }
    let old = other.storage.sections
    let new = storage.sections
    for index in 0..<max(old.count, new.count) {
      if index < old.count, index < new.count, old[index].index == new[index].index,
        old[index].items.isSame(as: new[index].items)
      {
        continue
      }
      if index < old.count { for (key, value) in old[index].items.ownedKeys { before[key] = value } }
      if index < new.count { for (key, value) in new[index].items.ownedKeys { after[key] = value } }
    }
    var changed: Set<String> = []
    for (key, value) in after {
      // A key on one side only may stand in a section skipped on the other: looked up there.
      let previous = before[key] ?? other.defaultValue(forKey: key)
      if previous != value { changed.insert(key) }
    }
    for (key, value) in before where after[key] == nil {
      if defaultValue(forKey: key) != value { changed.insert(key) }
    }
    return changed
  }

  static func == (lhs: DefaultsTable, rhs: DefaultsTable) -> Bool {
    if lhs.storage === rhs.storage { return true }
    if lhs.storage.decoded == rhs.storage.decoded, lhs.storage.sections.count == rhs.storage.sections.count,
      zip(lhs.storage.sections, rhs.storage.sections).allSatisfy({ $0.items.isSame(as: $1.items) })
    {
      return true
    }
    return lhs.changedKeys(from: rhs).isEmpty
  }

  /// The sorted index of the keys of the sections in the compiled form, made on first use.
  private func keyIndex() -> [Entry] {
    storage.index.withLock { index in
      if let index { return index }
      var made: [Entry] = []
      made.reserveCapacity(storage.sections.reduce(0) { $0 + $1.items.ownedKeys.count })
      for (section, compiled) in storage.sections.enumerated() {
        for (row, owned) in compiled.items.ownedKeys.enumerated() {
          made.append(Entry(hash: owned.key.hashValue, section: UInt32(section), row: UInt32(row)))
        }
      }
      made.sort { $0.hash < $1.hash }
      index = made
      return made
    }
  }
}
