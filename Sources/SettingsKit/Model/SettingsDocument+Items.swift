/// An item with where it stands: the items whose pages lead to it, and its section and row.
public struct LocatedItem: Sendable, Equatable {
  /// The item; its key is its full dot path.
  public var item: SettingItem
  /// The items whose child pages lead to this one, outermost first (empty on the top page).
  public var ancestors: [SettingItem]
  /// The section's index in its page.
  public var section: Int
  /// The row's index in its section.
  public var row: Int

  /// Titles from the top page down to the item's page: `[document title, ancestor titles…]`.
  public func breadcrumb(in document: SettingsDocument) -> [String] {
    [document.title] + ancestors.map(\.title)
  }
}

/// Where an item stands while a document is walked: the path of pages down to it, and its place.
public struct ItemPosition: Sendable, Equatable {
  /// The items whose child pages lead to this one, outermost first (empty on the top page).
  public var ancestors: [SettingItem]
  /// The section's index in its page.
  public var section: Int
  /// The row's index in its section.
  public var row: Int
}

extension SettingsDocument {
  /// Calls `body` with every item on every page, depth first in screen order (a page's items right
  /// after its row), and where it stands.
  ///
  /// This is the one walk over a document's items; everything that needs every item uses it.
  public func forEachItem(_ body: (SettingItem, ItemPosition) throws -> Void) rethrows {
    var position = ItemPosition(ancestors: [], section: 0, row: 0)
    func walk(_ sections: [SettingSection]) throws {
      for (sectionIndex, section) in sections.enumerated() {
        for (row, item) in section.items.enumerated() {
          position.section = sectionIndex
          position.row = row
          try body(item, position)
          if let page = item.page {
            position.ancestors.append(item)
            try walk(page.sections)
            position.ancestors.removeLast()
          }
        }
      }
    }
    try walk(sections)
  }

  /// Every item on every page, depth first in screen order (a page's items right after its row).
  public var allItems: [LocatedItem] {
    var result: [LocatedItem] = []
    forEachItem { item, position in
      result.append(
        LocatedItem(item: item, ancestors: position.ancestors, section: position.section, row: position.row))
    }
    return result
  }

  /// All item keys (full dot paths), in screen order, pages included.
  public var keys: [String] {
    var keys: [String] = []
    forEachItem { item, _ in
      if let key = item.key { keys.append(key) }
    }
    return keys
  }

  /// The item whose full key is `key`, on any page.
  public func item(forKey key: String) -> SettingItem? {
    locate(key)?.item
  }

  /// The item whose full key (`cellular.roaming`) is `key`, with where it stands.
  ///
  /// The key is resolved once, page by page along its dot path: the items of the pages that do
  /// not lead to it are not looked at.
  public func locate(_ key: String) -> LocatedItem? {
    route(to: key).map { route in
      LocatedItem(item: route.item, ancestors: route.ancestors, section: route.section, row: route.row)
    }
  }

  /// Changes the item whose full key is `key`, on any page; does nothing when there is none.
  public mutating func updateItem(forKey key: String, _ change: (inout SettingItem) -> Void) {
    guard let route = route(to: key) else { return }
    func update(_ sections: inout [SettingSection], depth: Int) {
      if depth == route.rows.count {
        change(&sections[route.section].items[route.row])
        return
      }
      let (section, row) = route.rows[depth]
      guard var page = sections[section].items[row].page else { return }
      sections[section].items[row].page = nil  // keeps the page's storage unique while it changes
      update(&page.sections, depth: depth + 1)
      sections[section].items[row].page = page
    }
    update(&sections, depth: 0)
  }

  /// The way to the item whose full key is `key`: each ancestor's section and row, then its own.
  func route(to key: String) -> (
    item: SettingItem, ancestors: [SettingItem], rows: [(Int, Int)], section: Int, row: Int
  )? {
    var sections = self.sections
    var ancestors: [SettingItem] = []
    var rows: [(Int, Int)] = []
    var prefix = ""
    while true {
      var parent: (item: SettingItem, section: Int, row: Int)?
      let rest = key.dropFirst(prefix.count)
      let parentKey = rest.firstIndex(of: ".").map { prefix + rest[..<$0] }
      for (sectionIndex, section) in sections.enumerated() {
        for (row, item) in section.items.enumerated() {
          if item.key == key { return (item, ancestors, rows, sectionIndex, row) }
          if parent == nil, let parentKey, item.key == parentKey { parent = (item, sectionIndex, row) }
        }
      }
      guard let parentKey, let parent, let page = parent.item.page else { return nil }
      ancestors.append(parent.item)
      rows.append((parent.section, parent.row))
      sections = page.sections
      prefix = parentKey + "."
    }
  }
}
