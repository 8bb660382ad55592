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

extension SettingsDocument {
  /// Every item on every page, depth first in screen order (a page's items right after its row).
  public var allItems: [LocatedItem] {
    var result: [LocatedItem] = []
    func walk(_ sections: [SettingSection], _ ancestors: [SettingItem]) {
      for (sectionIndex, section) in sections.enumerated() {
        for (row, item) in section.items.enumerated() {
          result.append(LocatedItem(item: item, ancestors: ancestors, section: sectionIndex, row: row))
          if let page = item.page { walk(page.sections, ancestors + [item]) }
        }
      }
    }
    walk(sections, [])
    return result
  }

  /// The item whose full key is `key`, on any page.
  public func item(forKey key: String) -> SettingItem? {
    locatedItem(forKey: key)?.item
  }

  /// The item whose full key is `key`, with where it stands.
  public func locatedItem(forKey key: String) -> LocatedItem? {
    var sections = self.sections
    var ancestors: [SettingItem] = []
    var prefix = ""
    // Follow the path's components page by page instead of walking everything.
    while true {
      for (sectionIndex, section) in sections.enumerated() {
        for (row, item) in section.items.enumerated() where item.key == key {
          return LocatedItem(item: item, ancestors: ancestors, section: sectionIndex, row: row)
        }
      }
      let rest = key.dropFirst(prefix.count)
      guard let dot = rest.firstIndex(of: ".") else { return nil }
      let parentKey = prefix + rest[..<dot]
      guard let parent = sections.lazy.flatMap(\.items).first(where: { $0.key == parentKey }),
        let page = parent.page
      else { return nil }
      ancestors.append(parent)
      sections = page.sections
      prefix = parentKey + "."
    }
  }

  /// All item keys (full dot paths), in screen order, pages included.
  public var keys: [String] { allItems.compactMap(\.item.key) }
}
