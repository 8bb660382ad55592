/// Child pages in the compiled form (``DocumentCacheFormat``): a top-level item whose page holds
/// items is kept as a page node, so that a key on its page, at any depth, decodes that item's
/// fields and the one row of each page on the way to the key, not the whole page.
///
/// A page node is a checksum of the rest (u64), then: the item's JSON without `"page"` (a blob),
/// the page's section count (u32), and for each section its JSON without `"items"` (a blob),
/// whether an item of it has an icon (u32), its item count (u32), its item list (a blob: for each
/// item its offset and length in its top-level item's JSON (u64, u32), its full key (empty for none) and its
/// own page node (a blob, empty for an item without one)) and the full key and default of every
/// keyed item of it and its pages (a blob, as ``ownedKeys(_:)`` reads it).
extension DocumentCacheFile {
  /// A page node, as read: the item's JSON without `"page"`, and its page's sections.
  struct PageNode {
    struct Section {
      var json: [UInt8]
      var hasIcons: Bool
      var count: Int
      var items: [UInt8]
      var owned: [UInt8]
    }

    var shell: [UInt8]
    var sections: [Section]
  }

  /// The page node of the item at `range` of `bytes`, whose subtree's items are `owned` (the item,
  /// then its pages' items in ``SettingsDocument/forEachItem(_:)`` order); nil when it has no page,
  /// or a section of its pages has a page size or an items file (such an item is kept whole), or
  /// the bytes do not give one item per entry of `owned`.
  static func pageNode(of range: Range<Int>, in bytes: [UInt8], owned: [DocumentCompilation.Owned])
    -> [UInt8]?
  {
    var next = 0
    guard let node = pageNode(of: range, in: bytes, base: range.lowerBound, owned: owned, next: &next),
      !node.isEmpty,
      next == owned.count
    else { return nil }
    return node
  }

  /// The node of the item at `range`, whose entry is `owned[next]`; `next` moves past its subtree.
  /// Empty for an item without a page; nil when the subtree cannot be kept so.
  private static func pageNode(
    of range: Range<Int>, in bytes: [UInt8], base: Int, owned: [DocumentCompilation.Owned], next: inout Int
  ) -> [UInt8]? {
    guard next < owned.count, let members = objectMembers(at: range.lowerBound, in: bytes) else { return nil }
    next += 1
    guard let page = members.first(where: { $0.member.name == "page" }) else { return [] }
    guard let pageMembers = objectMembers(at: page.value.lowerBound, in: bytes),
      let sectionsValue = pageMembers.first(where: { $0.member.name == "sections" }),
      let sectionRanges = arrayElements(at: sectionsValue.value.lowerBound, in: bytes)
    else { return nil }
    var node = CacheWriter()
    node.u64(0)
    node.blob(DocumentSkeleton.object(members.map(\.member), leaving: "page", in: bytes))
    node.u32(UInt32(sectionRanges.count))
    for sectionRange in sectionRanges {
      guard let sectionMembers = objectMembers(at: sectionRange.lowerBound, in: bytes),
        !sectionMembers.contains(where: { $0.member.name == "pageSize" || $0.member.name == "itemsFile" })
      else { return nil }
      var itemRanges: [Range<Int>] = []
      if let items = sectionMembers.first(where: { $0.member.name == "items" }) {
        guard let ranges = arrayElements(at: items.value.lowerBound, in: bytes) else { return nil }
        itemRanges = ranges
      }
      var list = CacheWriter()
      var keys = CacheWriter()
      var keyCount: UInt32 = 0
      var hasIcons = false
      for itemRange in itemRanges {
        let first = next
        guard let child = pageNode(of: itemRange, in: bytes, base: base, owned: owned, next: &next) else {
          return nil
        }
        if owned[first].hasIcon { hasIcons = true }
        for entry in owned[first..<next] {
          guard let key = entry.key else { continue }
          keys.string(key)
          write(entry.defaultValue, to: &keys)
          keyCount += 1
        }
        list.u64(UInt64(itemRange.lowerBound - base))
        list.u32(UInt32(itemRange.count))
        list.string(owned[first].key ?? "")
        list.blob(child)
      }
      node.blob(DocumentSkeleton.object(sectionMembers.map(\.member), leaving: "items", in: bytes))
      node.u32(hasIcons ? 1 : 0)
      node.u32(UInt32(itemRanges.count))
      node.blob(list.bytes)
      var ownedKeys = CacheWriter()
      ownedKeys.u32(keyCount)
      ownedKeys.bytes += keys.bytes
      node.blob(ownedKeys.bytes)
    }
    return node.sealed()
  }

  /// The members of the object at `start` of `bytes`, each with its value's range; nil when it is
  /// not an object that ``DocumentSkeleton`` reads.
  static func objectMembers(at start: Int, in bytes: [UInt8]) -> [(
    member: DocumentSkeleton.Member, value: Range<Int>
  )]? {
    bytes.withUnsafeBufferPointer { buffer in
      var walker = DocumentSkeleton.Walker(bytes: buffer, index: start)
      var members: [(member: DocumentSkeleton.Member, value: Range<Int>)] = []
      let read = walker.object { walker, name, nameStart in
        let valueStart = walker.index
        guard walker.skipValue() else { return false }
        members.append(
          (DocumentSkeleton.Member(name: name, range: nameStart..<walker.index), valueStart..<walker.index))
        return true
      }
      return read ? members : nil
    }
  }

  /// The range of each element of the array at `start` of `bytes`; nil when it is not an array.
  static func arrayElements(at start: Int, in bytes: [UInt8]) -> [Range<Int>]? {
    bytes.withUnsafeBufferPointer { buffer in
      var walker = DocumentSkeleton.Walker(bytes: buffer, index: start)
      var elements: [Range<Int>] = []
      let read = walker.array { walker in
        let elementStart = walker.index
        guard walker.skipValue() else { return false }
        elements.append(elementStart..<walker.index)
        return true
      }
      return read ? elements : nil
    }
  }

  /// The items at `ranges` of `bytes` as ``decodeItems(in:at:prefix:locales:)`` decodes them,
  /// where an item whose range starts at a key of `nodes` is decoded from that page node
  /// (``decodePageNode(_:prefix:bytes:locales:itemCount:)``): on the top page `bytes` are the
  /// document's, and the node's offsets are relative to its item's start; on a child page
  /// (`onTopPage` false) `bytes` are its top-level item's JSON, which its offsets are relative to.
  /// Empty when one does not decode.
  static func decodeItems(
    in bytes: [UInt8], at ranges: [Range<Int>], prefix: String = "", nodes: [Int: [UInt8]],
    onTopPage: Bool, locales: [String], itemCount: ItemDecodeCount?
  ) -> [SettingItem] {
    guard !nodes.isEmpty else { return decodeItems(in: bytes, at: ranges, prefix: prefix, locales: locales) }
    let plain = ranges.filter { nodes[$0.lowerBound] == nil }
    var decoded = decodeItems(in: bytes, at: plain, prefix: prefix, locales: locales)[...]
    var items: [SettingItem] = []
    items.reserveCapacity(ranges.count)
    for range in ranges {
      if let node = nodes[range.lowerBound] {
        guard
          let item = decodePageNode(
            node, prefix: prefix, bytes: onTopPage ? Array(bytes[range]) : bytes, locales: locales,
            itemCount: itemCount)
        else { return [] }
        items.append(item)
      } else {
        guard let item = decoded.popFirst() else { return [] }
        items.append(item)
      }
    }
    return items
  }

  /// The page node in `bytes`, when its checksum is right and it reads whole.
  static func readPageNode(_ bytes: [UInt8]) -> PageNode? {
    guard bytes.count >= 8 else { return nil }
    var cursor = CacheCursor(bytes)
    let checksum = cursor.u64()
    guard
      checksum
        == DocumentCacheFormat.partChecksum(bytes),
      let shell = cursor.blob(), let count = cursor.u32(), Int(count) <= bytes.count / 16
    else { return nil }
    var sections: [PageNode.Section] = []
    for _ in 0..<count {
      guard let json = cursor.blob(), let flags = cursor.u32(), let itemCount = cursor.u32(),
        let items = cursor.blob(), let owned = cursor.blob()
      else { return nil }
      sections.append(
        PageNode.Section(
          json: json, hasIcons: flags & 1 != 0, count: Int(itemCount), items: items, owned: owned))
    }
    guard cursor.isAtEnd else { return nil }
    return PageNode(shell: shell, sections: sections)
  }

  /// The entries of a page node section's item list: each item's range in its top-level item's
  /// JSON, its key
  /// and its own node (empty for none); nil when the list does not read whole or a range is not
  /// in `0..<sourceCount`.
  static func nodeItems(_ list: [UInt8], count: Int, sourceCount: Int) -> [(
    range: Range<Int>, key: String?, node: [UInt8]
  )]? {
    var cursor = CacheCursor(list)
    var entries: [(range: Range<Int>, key: String?, node: [UInt8])] = []
    entries.reserveCapacity(count)
    for _ in 0..<count {
      guard let offset = cursor.int(limit: sourceCount), let length = cursor.u32(),
        Int(length) <= sourceCount - offset, let key = cursor.string(), let node = cursor.blob()
      else { return nil }
      entries.append((offset..<offset + Int(length), key.isEmpty ? nil : key, node))
    }
    return cursor.isAtEnd ? entries : nil
  }

  /// The item of a page node (`node`, checked), its key's page prefix `prefix` (empty on the top
  /// page): its own fields decoded from the node's JSON, and its page with each section's rows
  /// read on demand (``CompiledItems``) from `bytes`, its top-level item's JSON. Decoded items are added to
  /// `itemCount` as they are decoded; nil when the node or the item's JSON does not decode.
  static func decodePageNode(
    _ node: [UInt8], prefix: String, bytes: [UInt8], locales: [String], itemCount: ItemDecodeCount?
  ) -> SettingItem? {
    guard let read = readPageNode(node),
      var item = decodeItem(read.shell, conditions: [], prefix: prefix, locales: locales),
      let key = item.key
    else { return nil }
    var sections: [SettingSection] = []
    for section in read.sections {
      guard let fields = decodeSection(section.json, locales: locales) else { return nil }
      let rows = pageRows(section, prefix: key + ".", bytes: bytes, locales: locales, itemCount: itemCount)
      sections.append(SettingSection(fields: fields, compiled: rows))
    }
    item.page = SettingsPage(sections: sections)
    return item
  }

  /// The rows of a page node's section, read on demand from `bytes` (its top-level item's JSON);
  /// `prefix` is its items' page
  /// prefix (the page's item's key and a dot).
  static func pageRows(
    _ section: PageNode.Section, prefix: String, bytes: [UInt8], locales: [String],
    itemCount: ItemDecodeCount?
  ) -> CompiledItems {
    let list = section.items
    let count = section.count
    let owned = section.owned
    // The node's checksum was right when it was read; the lists are the bytes it covered.
    let entries: @Sendable () -> [(range: Range<Int>, key: String?, node: [UInt8])] = {
      nodeItems(list, count: count, sourceCount: bytes.count) ?? []
    }
    return CompiledItems(
      count: count, hasIcons: section.hasIcons, source: (bytes, locales),
      owned: { ownedKeys(owned) ?? [] },
      entries: { entries().map { ($0.range, $0.key) } },
      decode: { ranges in
        var nodes: [Int: [UInt8]] = [:]
        for entry in entries() where !entry.node.isEmpty { nodes[entry.range.lowerBound] = entry.node }
        let items = decodeItems(
          in: bytes, at: ranges, prefix: prefix, nodes: nodes, onTopPage: false, locales: locales,
          itemCount: itemCount)
        itemCount?.addDecoded(items)
        return items
      },
      rows: { entries in readRows(in: bytes, at: entries, locales: locales) })
  }
}
