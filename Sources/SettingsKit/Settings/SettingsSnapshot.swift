/// The values of a document's items at one moment: defaults merged with a store's overrides.
///
/// A key's value and default are read with ``value(forKey:)`` and ``defaultValue(forKey:)``, and
/// every key's with ``forEachValue(_:)``. The snapshot holds by key only the values that are not
/// defaults (the user's, system files', renamed keys'); the defaults are shared by the snapshots of
/// one document, and those of the items still in the compiled form are read from it by position.
public struct SettingsSnapshot: Sendable, Equatable {
  /// The defaults of the document's keyed items, shared by its snapshots.
  var defaultsTable: DefaultsTable
  /// The value of each key whose value is not its default: from the store, a system file, or a
  /// change being checked (``setValue(_:forKey:)``).
  var overriddenValues: [String: SettingValue] = [:]
  /// Keys whose value comes from the store.
  public var modified: Set<String>
  /// Stored values the document's items do not accept, by key order; those items read as their
  /// defaults (see ``StoredValueProblem``). Items decoded later (from an items file) are checked
  /// by ``problem(of:)``.
  public private(set) var problems: [StoredValueProblem] = []
  /// The index in ``problems`` of each key's problem.
  var problemIndex: [String: Int] = [:]
  /// Stored values of keys the document's loaded items do not have: items of an items file that
  /// were not decoded (see ``value(of:)``), or keys from an older document.
  public var otherOverrides: [String: JSONValue] = [:]
  /// Values stored under an earlier key of an item (`renamedFrom`), by earlier key; see
  /// ``RenamedValue``. The item reads the first of them in its `renamedFrom` order unless its own
  /// key is stored too.
  public var renamedValues: [RenamedValue] = []
  /// Each earlier key's current item key, from the document.
  var renamedKeys: [String: String] = [:]
  /// The store's name and text, to locate a problem found by ``problem(of:)``.
  var storeName = ""
  var storeSource: SourceText?
  /// The store's ``StoreContents/keyNamePrefix``.
  var storeKeyNamePrefix: String?
  /// The source of each key whose value does not come from the default (see ``source(of:)``).
  public var sources: [String: ValueSource] = [:]
  /// The lock on each locked item of the document, by key (see ``lock(of:)``).
  public var locks: [String: SettingLock] = [:]
  /// Values in system files that their items do not accept, file by file in key order; each is
  /// ignored, and the layers under it give the value.
  public var systemProblems: [StoredValueProblem] = []
  /// The system layers, highest first.
  public internal(set) var system: [SystemLayer] = []
  /// The value and source of each key that the system layers give or lock, without the user's
  /// override (what a reset leaves).
  var systemValues: [String: SettingValue] = [:]
  /// The lock of each items-file section that a system file locks, by the file's name.
  var itemsFileLocks: [String: SettingLock] = [:]
  var systemSources: [String: ValueSource] = [:]

  /// The defaults of `document`, with no overrides; child pages included.
  public init(document: SettingsDocument) {
    self.init(document: document, keeping: [])
  }

  /// The defaults, keeping the items that later steps need by key: those named in `keys`, and the
  /// items other items' `enabledWhen`/`visibleWhen` depend on. Keeping every item would copy a
  /// large document's items once more.
  init(document: SettingsDocument, keeping keys: Set<String>) {
    var defaults: [String: SettingValue] = [:]
    var controllers = keys
    var renamedKeys: [String: String] = [:]
    // Rows still in the compiled form give their keys and defaults without being decoded, read by
    // position when asked for; none of them has conditions or earlier keys (``CompiledItems``).
    var undecoded: [(index: Int, items: CompiledItems)] = []
    document.forEachDecodedItem { item, _ in
      if let key = item.key, let value = Self.defaultValue(of: item) { defaults[key] = value }
      for conditions in [item.enabledWhen, item.visibleWhen] {
        if let conditions { controllers.formUnion(conditions.keys) }
      }
      if let key = item.key, let earlier = item.renamedFrom {
        for old in earlier where keys.contains(old) {
          renamedKeys[old] = key
          controllers.insert(key)
        }
      }
    } undecoded: { index, compiled in
      undecoded.append((index, compiled))
    } undecodedChildPage: { compiled, _ in
      // A child page's rows in the compiled form: no section of the top page (-1).
      undecoded.append((-1, compiled))
    }
    // The items that open the pages holding a controller: a controller on a hidden page is hidden.
    controllers.formUnion(Self.openers(of: controllers))
    var items: [String: SettingItem] = [:]
    if !controllers.isEmpty {
      document.forEachDecodedItem { item, _ in
        if let key = item.key, controllers.contains(key) { items[key] = item }
      } undecoded: { _, _ in
      }
      // Only the sections read on demand that hold a kept key are decoded: on a child page, only
      // the rows of the kept keys (``SettingsDocument/locate(_:)``).
      for (_, compiled) in undecoded
      where compiled.ownedKeys.contains(where: { controllers.contains($0.key) }) {
        for (key, _) in compiled.ownedKeys where controllers.contains(key) && items[key] == nil {
          if let item = document.locate(key)?.item { items[key] = item }
        }
      }
    }
    self.defaultsTable = DefaultsTable(decoded: defaults, sections: undecoded)
    self.modified = []
    self.itemsByKey = items
    self.renamedKeys = renamedKeys
  }

  /// The items kept by key: stored keys' items, the items that others depend on, and the items
  /// that open the pages holding those.
  var itemsByKey: [String: SettingItem] = [:]

  /// The keys of the items that open the pages holding `keys`: `net` and `net.adv` for
  /// `net.adv.deep` (a key on a child page is its full dot path).
  static func openers(of keys: Set<String>) -> Set<String> {
    var openers: Set<String> = []
    for key in keys where key.contains(".") {
      var prefix = ""
      for part in key.split(separator: ".").dropLast() {
        prefix = prefix.isEmpty ? String(part) : prefix + "." + part
        openers.insert(prefix)
      }
    }
    return openers
  }

  /// The defaults from `base` (worked out for `document` once), keeping what
  /// ``init(document:keeping:)`` keeps: the same snapshot, without a walk of the items.
  init(base: DocumentDefaults, keeping keys: Set<String>) {
    var controllers = keys.union(base.controllers)
    var renamedKeys: [String: String] = [:]
    for old in keys {
      guard let news = base.renamedTo[old], let last = news.last else { continue }
      renamedKeys[old] = last
      controllers.formUnion(news)
    }
    // As the walk keeps them: the items that open the pages holding a kept key.
    controllers.formUnion(Self.openers(of: controllers))
    var items: [String: SettingItem] = [:]
    for key in controllers {
      if let item = base.item(forKey: key) { items[key] = item }
    }
    self.defaultsTable = base.table
    self.modified = []
    self.itemsByKey = items
    self.renamedKeys = renamedKeys
  }

  /// Merges `contents` and the `system` layers (highest first) over the defaults of `document`.
  ///
  /// A stored value that its item does not accept (a choice value the document no longer offers, a
  /// value of the wrong type) is not an error: the item reads as what the layers under the store
  /// give (its default, or a system file's value) and the value is listed in ``problems``; a system
  /// file's such value is listed in ``systemProblems``. A locked item's override is kept in the
  /// store but not used. Keys the document does not know are kept in ``otherOverrides``.
  public init(
    document: SettingsDocument, contents: StoreContents, storeName: String, system: [SystemLayer] = []
  ) {
    self.init(document: document, base: nil, contents: contents, storeName: storeName, system: system)
  }

  /// ``init(document:contents:storeName:system:)``, from `base` when it was worked out for `document`.
  init(
    document: SettingsDocument, base: DocumentDefaults?, contents: StoreContents, storeName: String,
    system: [SystemLayer] = []
  ) {
    var keeping = Set(contents.values.keys).union(contents.unparsed.keys)
    for layer in system {
      keeping.formUnion(layer.values.keys)
      keeping.formUnion(layer.locked.keys)
    }
    if let base {
      self.init(base: base, keeping: keeping)
    } else {
      self.init(document: document, keeping: keeping)
    }
    self.storeName = storeName
    storeSource = contents.source
    storeKeyNamePrefix = contents.keyNamePrefix
    apply(system: system, document: document)
    var rejected: [(key: String, stored: JSONValue, item: SettingItem)] = []
    var renamed: [String: [(old: String, stored: JSONValue)]] = [:]
    for (key, stored) in contents.values {
      guard let item = itemsByKey[key] else {
        if let new = renamedKeys[key] {
          renamed[new, default: []].append((key, stored))
        } else {
          otherOverrides[key] = stored
        }
        continue
      }
      guard let value = Self.accepted(stored, by: item) else {
        rejected.append((key, stored, item))
        continue
      }
      // Under a lock the override is kept in the store, not used.
      guard locks[key] == nil else { continue }
      overriddenValues[key] = value
      modified.insert(key)
      sources[key] = .user
    }
    for (key, entries) in renamed.sorted(by: { $0.key < $1.key }) {
      guard let item = itemsByKey[key] else { continue }
      let order = item.renamedFrom ?? []
      let sorted = entries.sorted {
        (order.firstIndex(of: $0.old) ?? 0) < (order.firstIndex(of: $1.old) ?? 0)
      }
      for (index, entry) in sorted.enumerated() {
        let isRead = index == 0 && contents.values[key] == nil
        renamedValues.append(
          RenamedValue(oldKey: entry.old, key: key, storedValue: entry.stored, isRead: isRead))
        guard isRead else { continue }
        if let value = Self.accepted(entry.stored, by: item) {
          // Under a lock the value waiting under an earlier key is kept, not used, as the key's own.
          guard locks[key] == nil else { continue }
          overriddenValues[key] = value
          modified.insert(key)
          // A value read under an earlier key is the user's override.
          sources[key] = .user
        } else {
          rejected.append((key, entry.stored, item))
        }
      }
    }
    renamedValues.sort { $0.oldKey < $1.oldKey }
    var unparsed: [StoredValueProblem] = []
    for (key, reason) in contents.unparsed where contents.values[key] == nil {
      guard let item = itemsByKey[key] else { continue }
      var problem = problem(key: key, stored: .null, item: item, location: SourceLocation(line: 1, column: 1))
      problem.notJSON = reason
      unparsed.append(problem)
    }
    guard !rejected.isEmpty || !unparsed.isEmpty else { return }
    // One scan of the store text locates every problem, however many there are.
    let locator = contents.source.map(SourceLocator.init)
    problems = rejected.sorted { $0.key < $1.key }.map { entry in
      problem(
        key: entry.key, stored: entry.stored, item: entry.item,
        location: locator?.location(ofOffset: entry.stored.offset) ?? SourceLocation(line: 1, column: 1))
    }
    if !unparsed.isEmpty { problems = (problems + unparsed).sorted { $0.key < $1.key } }
    problemIndex = Dictionary(uniqueKeysWithValues: problems.enumerated().map { ($1.key, $0) })
  }

  /// An item's current value and whether it is an override, also for an item decoded after the
  /// snapshot was taken (from an items file). A stored value the item does not accept reads as the
  /// default, not modified.
  public func value(of item: SettingItem) -> (value: SettingValue?, isModified: Bool) {
    guard let key = item.key else { return (Self.defaultValue(of: item), false) }
    if let value = self.value(forKey: key) { return (value, modified.contains(key)) }
    let lock = system.isEmpty ? nil : lock(of: item)
    if lock == nil, let stored = otherOverrides[key], let value = Self.accepted(stored, by: item) {
      return (value, true)
    }
    // An item decoded later (from an items file) reads a value under its first stored earlier key.
    if lock == nil, otherOverrides[key] == nil,
      let stored = item.renamedFrom?.lazy.compactMap({ otherOverrides[$0] }).first,
      let value = Self.accepted(stored, by: item)
    {
      return (value, true)
    }
    if system.isEmpty { return (Self.defaultValue(of: item), false) }
    return (systemValue(of: item, key: key, lock: lock).value, false)
  }

  /// The stored value of `item` that it does not accept, if any; also for an item decoded after the
  /// snapshot was taken (from an items file).
  public func problem(of item: SettingItem) -> StoredValueProblem? {
    guard let key = item.key, !problems.isEmpty || !otherOverrides.isEmpty else { return nil }
    if let index = problemIndex[key] { return problems[index] }
    guard let stored = otherOverrides[key], Self.accepted(stored, by: item) == nil else { return nil }
    return problem(
      key: key, stored: stored, item: item,
      location: storeSource?.location(ofOffset: stored.offset) ?? SourceLocation(line: 1, column: 1))
  }

  /// Drops the problem of `key`, once a change has written a value the item accepts (or removed
  /// the rejected one).
  mutating func removeProblem(forKey key: String) {
    guard problemIndex[key] != nil else { return }
    problems.removeAll { $0.key == key }
    problemIndex = Dictionary(uniqueKeysWithValues: problems.enumerated().map { ($1.key, $0) })
  }

  private func problem(key: String, stored: JSONValue, item: SettingItem, location: SourceLocation)
    -> StoredValueProblem
  {
    StoredValueProblem(
      key: key, file: storeKeyNamePrefix.map { $0 + key } ?? storeName, location: location,
      storedValue: stored,
      expected: StoredValueProblem.expected(by: item), defaultValue: valueWithoutOverride(of: item),
      isSecure: item.isSecure, namesStoredKey: storeKeyNamePrefix != nil)
  }

  /// An item's default value: a switch's `on`, a right-detail item's text, a text field's, number's or
  /// multiple choice item's `value` (in the choices' order, whatever order the document gives); nil
  /// for detailTitle.
  public static func defaultValue(of item: SettingItem) -> SettingValue? {
    item.defaultValue
  }

}
