/// The page part of a cache (``DocumentCacheFormat``): the top page section by section, so that a
/// screen opens a large document by decoding its sections' own fields and only the rows it shows.
extension DocumentCacheFile {
  /// How a section's items are read from the page part.
  enum PageKind: UInt32 {
    /// On demand (``CompiledItems``): nothing outside its rows depends on them.
    case onDemand = 0
    /// With the document: an item has conditions, is named by one, is secure or has earlier
    /// keys, or the section has pages, so the values and the table need every item at once.
    case withDocument = 1
    /// From its items file, as ``ItemsFile`` reads it.
    case itemsFile = 2
  }

  /// One section of the page part, as read: its own fields, how its items are read, and its item
  /// list (each item's place in its source, its key and its resolved conditions), still encoded.
  struct PageSection {
    var json: [UInt8]
    var kind: PageKind
    var hasIcons: Bool
    var count: Int
    var items: [UInt8]
    /// The full key and default of every keyed item of it and its items' pages, still encoded
    /// (``ownedKeys(_:)``).
    var owned: [UInt8]
  }

  /// The page part of a compilation: a checksum of the rest, then each section's entry (kind,
  /// whether an item has an icon, the section's JSON without "items", the item count, the item
  /// list as a blob: for each top-level item its offset and length in the document (u64, u32), its
  /// key (empty for none), its conditions as records hold them and its page node from `nodes` (by
  /// section and row, empty for none: ``DocumentCompilation/pageNodes``); and, as a blob, the full key and
  /// default of every keyed item of an on-demand section and its pages (``ownedKeys(_:)``), which a
  /// snapshot of the values and `settings show KEY` read without decoding the items).
  static func pagePart(of compilation: DocumentCompilation, nodes: [[[UInt8]]]) -> [UInt8] {
    var named = Set<String>()
    compilation.forEachOwned { owned in
      named.formUnion((owned.enabledWhen ?? [:]).keys)
      named.formUnion((owned.visibleWhen ?? [:]).keys)
    }
    var part = CacheWriter()
    part.u64(0)
    part.u32(UInt32(compilation.sections.count))
    for (sectionIndex, section) in compilation.sections.enumerated() {
      var kind = PageKind.onDemand
      if section.isItemsFile {
        kind = .itemsFile
      } else if section.hasPageSize {
        kind = .withDocument
      }
      var list = CacheWriter()
      var ownedKeys = CacheWriter()
      var ownedCount: UInt32 = 0
      var hasIcons = false
      for (row, entry) in section.rows.enumerated() where kind != .itemsFile {
        if entry.hasIcon { hasIcons = true }
        for owned in entry.owned {
          if let key = owned.key {
            ownedKeys.string(key)
            Self.write(owned.defaultValue, to: &ownedKeys)
            ownedCount += 1
          }
          let dependent =
            owned.enabledWhen != nil || owned.visibleWhen != nil || owned.isSecure || owned.isRenamed
            || owned.key.map(named.contains) == true
          if dependent { kind = .withDocument }
        }
        list.u64(UInt64(section.ranges[row].lowerBound))
        list.u32(UInt32(section.ranges[row].count))
        list.string(entry.owned[0].key ?? "")
        list.blob(entry.conditionsJSON)
        list.blob(nodes[sectionIndex][row])
      }
      part.u32(kind.rawValue)
      part.u32(hasIcons ? 1 : 0)
      part.blob(section.json)
      part.u32(UInt32(kind == .itemsFile ? 0 : section.rows.count))
      part.blob(list.bytes)
      var keys = CacheWriter()
      keys.u32(kind == .onDemand ? ownedCount : 0)
      if kind == .onDemand { keys.bytes += ownedKeys.bytes }
      part.blob(keys.bytes)
    }
    return part.sealed()
  }

  /// The sections of the page part, when its checksum is right and every entry reads whole.
  func pageSections(meta: Meta) -> [PageSection]? {
    guard meta.page.count >= 12, let part = read(meta.page.lowerBound, meta.page.count) else { return nil }
    var cursor = CacheCursor(part)
    let checksum = cursor.u64()
    guard
      checksum
        == DocumentCacheFormat.partChecksum(part),
      let count = cursor.u32(), Int(count) <= part.count / 16
    else { return nil }
    var sections: [PageSection] = []
    sections.reserveCapacity(Int(count))
    for _ in 0..<count {
      guard let kindValue = cursor.u32(), let kind = PageKind(rawValue: kindValue), let flags = cursor.u32(),
        let json = cursor.blob(), let itemCount = cursor.u32(), let items = cursor.blob(),
        let owned = cursor.blob()
      else { return nil }
      sections.append(
        PageSection(
          json: json, kind: kind, hasIcons: flags & 1 != 0, count: Int(itemCount), items: items,
          owned: owned))
    }
    guard cursor.isAtEnd else { return nil }
    return sections
  }

  /// Writes a default as the page part keeps it: a u32 tag (0 none, 1 off, 2 on, 3 text, 4 number
  /// as its exact decimal text, 5 a list of texts: a u32 count, then each; 6 a list item's
  /// elements: a u32 count, then each as this writes it; 7 a record: a u32 count, then each field's
  /// key and value).
  static func write(_ value: SettingValue?, to writer: inout CacheWriter) {
    switch value {
    case nil: writer.u32(0)
    case .bool(let flag): writer.u32(flag ? 2 : 1)
    case .string(let text):
      writer.u32(3)
      writer.string(text)
    case .number(let number):
      writer.u32(4)
      writer.string(number.description)
    case .strings(let texts):
      writer.u32(5)
      writer.u32(UInt32(texts.count))
      for text in texts { writer.string(text) }
    case .list(let elements):
      writer.u32(6)
      writer.u32(UInt32(elements.count))
      for element in elements { write(element, to: &writer) }
    case .record(let fields):
      writer.u32(7)
      writer.u32(UInt32(fields.count))
      for key in fields.keys.sorted() {
        writer.string(key)
        write(fields[key], to: &writer)
      }
    }
  }

  /// Reads a default as ``write(_:to:)`` writes it; `.some(nil)` for none, nil when it does not
  /// read (`depth` bounds the nesting of lists and records).
  static func readValue(_ cursor: inout CacheCursor, depth: Int = 0) -> SettingValue?? {
    guard depth < 4, let tag = cursor.u32() else { return nil }
    switch tag {
    case 0: return .some(nil)
    case 1, 2: return .bool(tag == 2)
    case 3:
      guard let text = cursor.string() else { return nil }
      return .string(text)
    case 4:
      guard let text = cursor.string(), let number = ExactDecimal(text) else { return nil }
      return .number(number)
    case 5:
      guard let listCount = cursor.u32(), Int(listCount) <= cursor.bytes.count / 4 else { return nil }
      var texts: [String] = []
      for _ in 0..<listCount {
        guard let text = cursor.string() else { return nil }
        texts.append(text)
      }
      return .strings(texts)
    case 6:
      guard let count = cursor.u32(), Int(count) <= cursor.bytes.count / 4 else { return nil }
      var elements: [SettingValue] = []
      for _ in 0..<count {
        guard let element = readValue(&cursor, depth: depth + 1), let element else { return nil }
        elements.append(element)
      }
      return .list(elements)
    case 7:
      guard let count = cursor.u32(), Int(count) <= cursor.bytes.count / 8 else { return nil }
      var fields: [String: SettingValue] = [:]
      for _ in 0..<count {
        guard let key = cursor.string(), let value = readValue(&cursor, depth: depth + 1), let value else {
          return nil
        }
        fields[key] = value
      }
      return .record(fields)
    default: return nil
    }
  }

  /// The owned keys of an on-demand section's entry (``PageSection/owned``): a u32 count, then each
  /// item's full key and its default as ``write(_:to:)`` writes it; nil when it does not read whole.
  static func ownedKeys(_ bytes: [UInt8]) -> [(key: String, defaultValue: SettingValue?)]? {
    var cursor = CacheCursor(bytes)
    guard let count = cursor.u32(), Int(count) <= bytes.count / 8 else { return nil }
    var owned: [(key: String, defaultValue: SettingValue?)] = []
    owned.reserveCapacity(Int(count))
    for _ in 0..<count {
      guard let key = cursor.string(), let value = readValue(&cursor) else { return nil }
      owned.append((key, value))
    }
    return cursor.isAtEnd ? owned : nil
  }

  /// The entries of an item list (``pagePart(of:nodes:)``): each item's range in its
  /// source, key and conditions; nil when the list does not read whole or a range is not in
  /// `0..<sourceCount`.
  static func pageItems(_ list: [UInt8], count: Int, sourceCount: Int) -> [(
    range: Range<Int>, key: String?, conditions: [UInt8], node: [UInt8]
  )]? {
    var cursor = CacheCursor(list)
    var entries: [(range: Range<Int>, key: String?, conditions: [UInt8], node: [UInt8])] = []
    entries.reserveCapacity(count)
    for _ in 0..<count {
      guard let offset = cursor.int(limit: sourceCount), let length = cursor.u32(),
        Int(length) <= sourceCount - offset, let key = cursor.string(), let conditions = cursor.blob(),
        let node = cursor.blob()
      else { return nil }
      entries.append((offset..<offset + Int(length), key.isEmpty ? nil : key, conditions, node))
    }
    return cursor.isAtEnd ? entries : nil
  }

  /// The elements of the items at `ranges` of `bytes` (elements of one `"items"` array, in order),
  /// scanned as one array from the first to the last, and a decoder over them; nil when the ranges
  /// run backwards or the scan does not give one element per range.
  static func elementDecoder(
    in bytes: [UInt8], at ranges: [Range<Int>], locales: [String]
  ) -> (elements: [JSONMap.Value], decoder: DocumentDecoder)? {
    guard let first = ranges.first, let last = ranges.last, first.lowerBound <= last.upperBound else {
      return nil
    }
    var json: [UInt8] = [UInt8(ascii: "[")]
    json.reserveCapacity(last.upperBound - first.lowerBound + 2)
    json += bytes[first.lowerBound..<last.upperBound]
    json.append(UInt8(ascii: "]"))
    guard let map = try? JSONParser().scan(json), let elements = map.elements(of: map.root),
      elements.count == ranges.count
    else { return nil }
    return (elements, DocumentDecoder(map: map, source: SourceText(name: "", bytes: json), locales: locales))
  }

  /// The items at `ranges` of `bytes` (elements of one `"items"` array, in order, none with
  /// conditions), scanned and decoded together: the elements from the first to the last, with
  /// what stands between them, make an array. Decoded one by one when that does not give one item
  /// per range (a range list that is not one array's run of elements).
  /// `prefix` is the items' page prefix (their page's item's key and a dot; empty on the top page).
  static func decodeItems(
    in bytes: [UInt8], at ranges: [Range<Int>], prefix: String = "", locales: [String]
  ) -> [SettingItem] {
    guard !ranges.isEmpty else { return [] }
    if let scanned = elementDecoder(in: bytes, at: ranges, locales: locales) {
      var decoder = scanned.decoder
      decoder.keyPrefix = prefix
      let items = scanned.elements.compactMap { decoder.decodeItem($0, at: "") }
      if items.count == ranges.count, decoder.issues.isEmpty { return items }
    }
    return ranges.compactMap {
      decodeItem(Array(bytes[$0]), conditions: [], prefix: prefix, locales: locales)
    }
  }

  /// What the rows of the items at `entries` of `bytes` show (elements of one `"items"` array, in
  /// order, as ``decodeItems(in:at:locales:)`` takes them), read without decoding the items: one
  /// scan of the elements from the first to the last. Nil when that does not give one row per
  /// entry.
  static func readRows(
    in bytes: [UInt8], at entries: [(range: Range<Int>, key: String?)], locales: [String]
  ) -> [CompiledRow]? {
    guard !entries.isEmpty else { return [] }
    guard let scanned = elementDecoder(in: bytes, at: entries.map(\.range), locales: locales) else {
      return nil
    }
    var decoder = scanned.decoder
    var rows: [CompiledRow] = []
    rows.reserveCapacity(entries.count)
    for (element, entry) in zip(scanned.elements, entries) {
      guard let row = decoder.decodeRow(element, key: entry.key) else { return nil }
      rows.append(row)
    }
    return rows
  }

  /// The document with its top page from the page part: its own fields and sections, the items of
  /// `withDocument` sections decoded now, and a ``CompiledItems`` for each `onDemand` section (the
  /// document's section reads its items from it when they are first asked for). `bytes` are the document's, as read; nil when the part is
  /// damaged, a section has an items file, or anything does not decode.
  ///
  /// `decodingItems` says which `withDocument` sections get their items decoded (all by default;
  /// the compiler's read-back check decodes a sample, not the whole document again). The items
  /// decoded, now and when a section's rows are first read, are added to `itemCount`.
  func pagedDocument(
    meta: Meta, bytes: [UInt8], locales: [String], decodingItems: (Int) -> Bool = { _ in true },
    itemCount: ItemDecodeCount? = nil
  ) -> (document: SettingsDocument, compiled: [Int: CompiledItems])? {
    guard let sections = pageSections(meta: meta),
      var document = Self.decodeRoot(meta.root, locales: locales)
    else { return nil }
    var compiled: [Int: CompiledItems] = [:]
    for (index, entry) in sections.enumerated() {
      guard entry.kind != .itemsFile, var section = Self.decodeSection(entry.json, locales: locales) else {
        return nil
      }
      switch entry.kind {
      case .withDocument:
        guard let items = Self.pageItems(entry.items, count: entry.count, sourceCount: bytes.count) else {
          return nil
        }
        for item in items where decodingItems(index) {
          let decoded =
            item.node.isEmpty
            ? Self.decodeItem(Array(bytes[item.range]), conditions: item.conditions, locales: locales)
            : Self.decodePageNode(
              item.node, prefix: "", bytes: Array(bytes[item.range]), locales: locales, itemCount: itemCount)
          guard let decoded else { return nil }
          section.items.append(decoded)
        }
      case .onDemand:
        let list = entry.items
        let count = entry.count
        let owned = entry.owned
        let rows = CompiledItems(
          count: count, hasIcons: entry.hasIcons, source: (bytes, locales),
          owned: {
            // The part's checksum was right when it was read; the list is the bytes it covered.
            Self.ownedKeys(owned) ?? []
          },
          entries: {
            // The part's checksum was right when it was read; the list is the bytes it covered.
            (Self.pageItems(list, count: count, sourceCount: bytes.count) ?? []).map { ($0.range, $0.key) }
          },
          decode: { ranges in
            // The document's bytes kept their identity while they were read (the caller checks):
            // they are the bytes the compiler decoded and validated. An item kept as a page node
            // gets its fields, and its page read on demand.
            var nodes: [Int: [UInt8]] = [:]
            for entry in Self.pageItems(list, count: count, sourceCount: bytes.count) ?? []
            where !entry.node.isEmpty {
              nodes[entry.range.lowerBound] = entry.node
            }
            let items = Self.decodeItems(
              in: bytes, at: ranges, nodes: nodes, onTopPage: true, locales: locales, itemCount: itemCount)
            itemCount?.addDecoded(items)
            return items
          },
          rows: { entries in Self.readRows(in: bytes, at: entries, locales: locales) })
        compiled[index] = rows
        section = SettingSection(fields: section, compiled: rows)
      case .itemsFile:
        return nil
      }
      document.sections.append(section)
    }
    if let itemCount {
      for section in document.sections where section.compiledItems == nil {
        itemCount.addDecoded(section.items)
      }
    }
    return (document, compiled)
  }
}
