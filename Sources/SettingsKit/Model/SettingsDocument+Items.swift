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
package struct ItemPosition: Sendable, Equatable {
  /// The items whose child pages lead to this one, outermost first (empty on the top page).
  package var ancestors: [SettingItem]
  /// The section's index in its page.
  package var section: Int
  /// The row's index in its section.
  package var row: Int
}

extension SettingsDocument {
  /// Calls `body` with every item on every page, depth first in screen order (a page's items right
  /// after its row), and where it stands.
  ///
  /// This is the one walk over a document's items; everything that needs every item uses it.
  package func forEachItem(_ body: (SettingItem, ItemPosition) throws -> Void) rethrows {
    try forEachItem(body) { _, _ in true }
  }

  /// ``forEachItem(_:)`` over the rows decoded so far: each top-page section whose rows are still
  /// in the compiled form (``SettingSection/compiledItems``) is given to `undecoded` with its index
  /// instead of being walked, so that a walk that needs only keys and defaults decodes nothing.
  ///
  /// A child page's section still in the compiled form is not walked either: it is given to
  /// `undecodedChildPage` (with the items whose pages lead to it).
  package func forEachDecodedItem(
    _ body: (SettingItem, ItemPosition) throws -> Void, undecoded: (Int, CompiledItems) throws -> Void,
    undecodedChildPage: (CompiledItems, [SettingItem]) -> Void = { _, _ in }
  ) rethrows {
    try forEachItem(body) { index, compiled in
      try undecoded(index, compiled)
      return false
    } decodingChildPage: { compiled, ancestors in
      undecodedChildPage(compiled, ancestors)
      return false
    }
  }

  /// ``forEachItem(_:)``, where a top-page section whose rows are still in the compiled form is
  /// walked (and so decoded) only when `decoding` says so, in its place in the walk.
  ///
  /// A section of a child page whose rows are still in the compiled form (an item kept as a page
  /// node, see ``CompiledItems``) is walked only when `decodingChildPage` says so, given the items
  /// whose pages lead to it; by default always.
  func forEachItem(
    _ body: (SettingItem, ItemPosition) throws -> Void, decoding: (Int, CompiledItems) throws -> Bool,
    decodingChildPage: (CompiledItems, [SettingItem]) -> Bool = { _, _ in true }
  ) rethrows {
    var position = ItemPosition(ancestors: [], section: 0, row: 0)
    func walk(_ sections: [SettingSection]) throws {
      for sectionIndex in sections.indices {
        if let compiled = sections[sectionIndex].compiledItems {
          // A child page's section read on demand is walked only when it must be decoded anyway.
          let walking =
            position.ancestors.isEmpty
            ? try decoding(sectionIndex, compiled) : decodingChildPage(compiled, position.ancestors)
          if !walking { continue }
        }
        let items = sections[sectionIndex].items
        for row in items.indices {
          position.section = sectionIndex
          position.row = row
          try body(items[row], position)
          if let page = items[row].page {
            position.ancestors.append(items[row])
            try walk(page.sections)
            position.ancestors.removeLast()
          }
        }
      }
    }
    try walk(sections)
  }

  /// Lets `body` change every item on every page, in the order of ``forEachItem(_:)``; an item's
  /// page is walked after `body` changed the item, and its ancestors are given as changed (without
  /// their pages, which are being changed).
  package mutating func updateEachItem(_ body: (inout SettingItem, ItemPosition) throws -> Void) rethrows {
    var position = ItemPosition(ancestors: [], section: 0, row: 0)
    func walk(_ sections: inout [SettingSection]) throws {
      for sectionIndex in sections.indices {
        for row in sections[sectionIndex].items.indices {
          position.section = sectionIndex
          position.row = row
          try body(&sections[sectionIndex].items[row], position)
          guard var page = sections[sectionIndex].items[row].page else { continue }
          sections[sectionIndex].items[row].page = nil  // keeps the page's storage unique while it changes
          position.ancestors.append(sections[sectionIndex].items[row])
          try walk(&page.sections)
          position.ancestors.removeLast()
          sections[sectionIndex].items[row].page = page
        }
      }
    }
    try walk(&sections)
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

  /// ``allItems``, where a top-page section whose rows are still in the compiled form is walked
  /// (and so decoded) only when it or its items' pages hold one of `keys` (full keys): what a
  /// caller looking for the items of a few keys (a store's overrides) needs of a large document.
  public func allItems(decodingSectionsHolding keys: Set<String>) -> [LocatedItem] {
    var result: [LocatedItem] = []
    forEachItem { item, position in
      result.append(
        LocatedItem(item: item, ancestors: position.ancestors, section: position.section, row: position.row))
    } decoding: { _, compiled in
      compiled.ownedKeys.contains { keys.contains($0.key) }
    } decodingChildPage: { compiled, _ in
      compiled.ownedKeys.contains { keys.contains($0.key) }
    }
    return result
  }

  /// All item keys (full dot paths), in screen order, pages included; rows still in the compiled
  /// form give theirs without being decoded.
  public var keys: [String] {
    var keys: [String] = []
    forEachDecodedItem { item, _ in
      if let key = item.key { keys.append(key) }
    } undecoded: { _, compiled in
      keys += compiled.ownedKeys.map(\.key)
    } undecodedChildPage: { compiled, _ in
      keys += compiled.ownedKeys.map(\.key)
    }
    return keys
  }

  /// The full keys of the secure text fields (`secure` is a text field's alone), in one walk of
  /// the items (rows still in the compiled form have none, and are not decoded).
  public var secureKeys: Set<String> {
    var keys: Set<String> = []
    forEachDecodedItem { item, _ in
      if item.isSecure, let key = item.key { keys.insert(key) }
    } undecoded: { _, _ in
    }
    return keys
  }

  /// Every item on every page whose own key (``SettingItem/localKey``) is `key`, in screen order;
  /// of the rows still in the compiled form, only the sections that have such an item are decoded.
  public func items(withOwnKey key: String) -> [LocatedItem] {
    var result: [LocatedItem] = []
    forEachItem { item, position in
      guard item.localKey == key else { return }
      result.append(
        LocatedItem(item: item, ancestors: position.ancestors, section: position.section, row: position.row))
    } decoding: { _, compiled in
      compiled.keys.contains(key) || compiled.pageKeys.contains(key)
    } decodingChildPage: { compiled, _ in
      compiled.ownedKeys.contains { $0.key == key || $0.key.hasSuffix("." + key) }
    }
    return result
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
    var sections = self.sections
    var ancestors: [SettingItem] = []
    var prefix = ""
    while true {
      var parent: SettingItem?
      let rest = key.dropFirst(prefix.count)
      let parentKey = rest.firstIndex(of: ".").map { prefix + rest[..<$0] }
      // Rows are read in place: copying every item on the way costs a retain per field.
      for sectionIndex in sections.indices {
        // Rows still in the compiled form are decoded only for the section that has the key; on a
        // child page, only the row of the key or of the item whose page leads to it.
        if let compiled = sections[sectionIndex].compiledItems {
          let keys = compiled.keys
          if !ancestors.isEmpty {
            if let row = keys.firstIndex(where: { $0 == key }) {
              guard let item = compiled.item(at: row) else { return nil }
              return LocatedItem(item: item, ancestors: ancestors, section: sectionIndex, row: row)
            }
            if parent == nil, let parentKey, let row = keys.firstIndex(where: { $0 == parentKey }) {
              parent = compiled.item(at: row)
            }
            continue
          }
          if !keys.contains(where: { $0 == key || ($0 != nil && $0 == parentKey) }) { continue }
        }
        let items = sections[sectionIndex].items
        for row in items.indices {
          if items[row].key == key {
            var place = (section: sectionIndex, row: row)
            if ancestors.isEmpty, let wholePlacement {
              place = wholePlacement.whole(section: sectionIndex, row: row)
            }
            return LocatedItem(item: items[row], ancestors: ancestors, section: place.section, row: place.row)
          }
          if parent == nil, let parentKey, items[row].key == parentKey { parent = items[row] }
        }
      }
      guard let parentKey, let parent, let page = parent.page else { return nil }
      ancestors.append(parent)
      sections = page.sections
      prefix = parentKey + "."
    }
  }
}
