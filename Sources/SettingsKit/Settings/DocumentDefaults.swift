/// What every snapshot of one document starts from, worked out in one walk of its items: the
/// defaults, the keys that conditions name, the earlier keys (`renamedFrom`), the items by key and
/// the secure text fields' keys.
///
/// A ``Settings`` keeps it after its first change, so that each later change (the interactive
/// screen's toggles on a large document) builds its snapshot from it instead of walking every item
/// again: the snapshot is the same, its dictionaries shared rather than rebuilt.
struct DocumentDefaults: Sendable {
  /// Every keyed item's default value, shared by the snapshots built from this.
  private(set) var table = DefaultsTable(decoded: [:], sections: [])
  /// The keys that items' `enabledWhen` and `visibleWhen` name.
  var controllers: Set<String> = []
  /// For each earlier key, the keys of the items that list it in `renamedFrom`, in document order.
  var renamedTo: [String: [String]] = [:]
  /// Every decoded keyed item by its key (the last in document order, as a walk that keeps each
  /// would); see ``item(forKey:)``.
  private(set) var items: [String: SettingItem] = [:]
  /// The keys of the secure text fields.
  var secureKeys: Set<String> = []
  /// The items of the top page by key, the first in document order, where they stand: what
  /// ``SettingsDocument/locate(_:)`` finds for such a key, without its walk of the sections (on
  /// the screen's toggle of the last item of 100 000, most of a key's time).
  private(set) var topLevel: [String: LocatedItem] = [:]

  /// Walks `document`'s items once; rows still in the compiled form give their keys and defaults
  /// without being decoded (none of them has conditions, earlier keys or a secure field).
  init(document: SettingsDocument) {
    var defaults: [String: SettingValue] = [:]
    // The top-page sections and child pages whose rows are still in the compiled form: a section
    // is decoded when one of its keys is looked up, found through the table's index of their keys.
    var undecoded: [(index: Int, items: CompiledItems)] = []
    document.forEachDecodedItem { item, position in
      guard let key = item.key else {
        for conditions in [item.enabledWhen, item.visibleWhen] {
          if let conditions { controllers.formUnion(conditions.keys) }
        }
        return
      }
      if let value = SettingsSnapshot.defaultValue(of: item) { defaults[key] = value }
      for conditions in [item.enabledWhen, item.visibleWhen] {
        if let conditions { controllers.formUnion(conditions.keys) }
      }
      for old in item.renamedFrom ?? [] { renamedTo[old, default: []].append(key) }
      items[key] = item
      if item.isSecure { secureKeys.insert(key) }
      if position.ancestors.isEmpty, topLevel[key] == nil {
        topLevel[key] = LocatedItem(item: item, ancestors: [], section: position.section, row: position.row)
      }
    } undecoded: { section, compiled in
      undecoded.append((section, compiled))
    } undecodedChildPage: { compiled, _ in
      // A child page's rows in the compiled form: no section of the top page (-1).
      undecoded.append((-1, compiled))
      childPages = document
    }
    table = DefaultsTable(decoded: defaults, sections: undecoded)
  }

  /// The document, when a child page of it is still in the compiled form: its keys are found
  /// with ``SettingsDocument/locate(_:)``, which decodes only their rows.
  private var childPages: SettingsDocument?

  /// The keyed item whose full key is `key`, on any page; a section read on demand is decoded
  /// when it holds it.
  func item(forKey key: String) -> SettingItem? {
    if let item = items[key] { return item }
    guard let position = table.position(ofKey: String(key.prefix { $0 != "." })),
      table.sections[position.section].index >= 0
    else {
      return childPages?.locate(key)?.item
    }
    let compiled = table.sections[position.section].items
    return SettingsDocument(id: "", title: "", sections: [SettingSection(items: compiled.items)]).item(
      forKey: key)
  }

  /// The top-page item whose key is `key`, where it stands (``SettingsDocument/locate(_:)`` for
  /// such a key).
  func topLevelItem(_ key: String) -> LocatedItem? {
    if let located = topLevel[key] { return located }
    guard let position = table.position(ofKey: key) else { return nil }
    let (section, compiled) = table.sections[position.section]
    guard section >= 0, let row = compiled.keys.firstIndex(of: key) else { return nil }
    return LocatedItem(item: compiled.items[row], ancestors: [], section: section, row: row)
  }
}
