import SettingsPOSIX

/// A compiled document cache's bytes (``DocumentCacheFormat``): written from a loaded document by
/// ``encode(document:skeleton:bytes:itemsFiles:sources:locales:fingerprint:)``, read a few bytes at a time
/// through `read` (an offset and a count; nil when they are not there), so that a lookup reads the
/// header, a slot or two and one record, whatever the document's size.
struct DocumentCacheFile {
  /// The file's length in bytes.
  let size: Int
  /// Exactly `count` bytes from `offset`, or nil.
  let read: (_ offset: Int, _ count: Int) -> [UInt8]?

  /// What the header and meta say: checked against the checksum.
  struct Meta {
    var locales: [String]
    var sources: [(path: SystemPath, identity: [UInt64])]
    /// The document object's JSON without "sections".
    var root: [UInt8]
    /// The full keys of the document's secure text fields: every partial document has them, so
    /// that a write knows whether the store holds a secure value (and keeps the file at 0600).
    var secureKeys: [String]
    /// The full keys of the items with earlier keys (`renamedFrom`): every partial document has
    /// them too, so that a write moves a value stored under an earlier key as a whole load does.
    var renamedKeys: [String]
    /// The search part (right after the meta).
    var search: Range<Int>
    /// The page part (right after the search part).
    var page: Range<Int>
    /// Where records and sections may stand: from the end of the meta to the table.
    var recordArea: Range<Int>
    var tableOffset: Int
    var slotCount: Int
  }

  /// One key's record.
  struct Record {
    var key: String
    var source: Int
    var itemRange: Range<Int>
    var sectionRecord: Range<Int>
    var section: Int
    var row: Int
    /// Where its top-level item's page node stands in the cache (``pageNode(of:in:owned:)``);
    /// empty for an item kept whole.
    var pageNode: Range<Int>
    var controllers: [String]
    var conditions: [UInt8]
  }

  /// The header and meta, when the magic, version, fingerprint, length and checksum are right.
  func meta(fingerprint: UInt64) -> Meta? {
    let headerSize = DocumentCacheFormat.headerSize
    guard size >= headerSize, let header = read(0, headerSize),
      Array(header[0..<8]) == DocumentCacheFormat.magic
    else { return nil }
    var cursor = CacheCursor(header, at: 8)
    guard cursor.u32() == DocumentCacheFormat.version, cursor.u32() == 0, cursor.u64() == fingerprint,
      let length = cursor.int(limit: Int.max), length == size,
      let metaLength = cursor.int(), metaLength <= size - headerSize,
      let tableOffset = cursor.int(limit: size), let slotCount = cursor.int(limit: size / 16),
      slotCount > 0, slotCount & (slotCount - 1) == 0, tableOffset >= headerSize + metaLength,
      size - tableOffset >= slotCount * 16,
      let checksum = cursor.u64(), let metaBytes = read(headerSize, metaLength),
      DocumentCacheFormat.hash(Array(header[0..<56]) + metaBytes) == checksum
    else { return nil }
    var meta = CacheCursor(metaBytes)
    guard let localeCount = meta.u32(), localeCount <= 1024 else { return nil }
    var locales: [String] = []
    for _ in 0..<localeCount {
      guard let locale = meta.string() else { return nil }
      locales.append(locale)
    }
    guard let sourceCount = meta.u32(), sourceCount >= 1, sourceCount <= 1 << 16 else { return nil }
    var sources: [(path: SystemPath, identity: [UInt64])] = []
    for _ in 0..<sourceCount {
      guard let path = meta.blob() else { return nil }
      var fields: [UInt64] = []
      for _ in 0..<6 {
        guard let field = meta.u64() else { return nil }
        fields.append(field)
      }
      sources.append((SystemPath(bytes: path), fields))
    }
    guard let root = meta.blob() else { return nil }
    var keyLists: [[String]] = []
    for _ in 0..<2 {
      guard let count = meta.u32(), count <= 1 << 16 else { return nil }
      var keys: [String] = []
      for _ in 0..<count {
        guard let key = meta.string() else { return nil }
        keys.append(key)
      }
      keyLists.append(keys)
    }
    let recordStart = headerSize + metaLength
    guard let searchLength = meta.int(limit: tableOffset - recordStart),
      let pageLength = meta.int(limit: tableOffset - recordStart - searchLength), meta.isAtEnd
    else { return nil }
    let pageStart = recordStart + searchLength
    return Meta(
      locales: locales, sources: sources, root: root, secureKeys: keyLists[0], renamedKeys: keyLists[1],
      search: recordStart..<pageStart, page: pageStart..<pageStart + pageLength,
      recordArea: recordStart..<tableOffset,
      tableOffset: tableOffset, slotCount: slotCount)
  }

  /// The record of `key`, or nil when no slot leads to a sound record of it.
  func record(for key: String, meta: Meta) -> Record? {
    let hash = DocumentCacheFormat.slotHash(key)
    let mask = meta.slotCount - 1
    var slot = Int(hash) & mask
    for _ in 0..<meta.slotCount {
      // Eight slots at a time, up to the table's end.
      let count = min(8, meta.slotCount - slot)
      guard let slots = read(meta.tableOffset + slot * 16, count * 16) else { return nil }
      var cursor = CacheCursor(slots)
      for _ in 0..<count {
        guard let slotHash = cursor.u32(), let length = cursor.u32(), let offset = cursor.u64() else {
          return nil
        }
        if slotHash == 0 { return nil }
        guard slotHash == hash else { continue }
        if let record = record(at: offset, length: Int(length), meta: meta), record.key == key {
          return record
        }
      }
      slot = (slot + count) & mask
    }
    return nil
  }

  /// The controllers and conditions of a top-level item's subtree, from its conditions block
  /// (``conditionsBlock(controllers:conditions:)``); nil when its checksum is wrong or it does not
  /// read whole.
  static func conditionsBlock(_ block: [UInt8]) -> (controllers: [String], conditions: [UInt8])? {
    var cursor = CacheCursor(block)
    guard cursor.u64() == DocumentCacheFormat.partChecksum(block), let count = cursor.u32(),
      Int(count) <= block.count / 4
    else { return nil }
    var controllers: [String] = []
    for _ in 0..<count {
      guard let controller = cursor.string() else { return nil }
      controllers.append(controller)
    }
    guard let conditions = cursor.blob(), cursor.isAtEnd else { return nil }
    return (controllers, conditions)
  }

  /// The conditions block of a top-level item whose subtree has conditions: checksum (u64), the
  /// full keys they name (u32 count, then each), the conditions as JSON (a blob). Written once
  /// before the records of the subtree's keys, which point to it: a record holding them itself
  /// made a page of N conditioned items N² bytes.
  static func conditionsBlock(controllers: [String], conditions: [UInt8]) -> [UInt8] {
    var block = CacheWriter()
    block.u64(0)
    block.u32(UInt32(controllers.count))
    for controller in controllers { block.string(controller) }
    block.blob(conditions)
    return block.sealed()
  }

  /// The record at `offset`, when it lies in the record area and its checksum is right.
  func record(at offset: UInt64, length: Int, meta: Meta) -> Record? {
    guard offset <= UInt64(Int.max), meta.recordArea.contains(Int(offset)), length >= 8,
      meta.recordArea.upperBound - Int(offset) >= length, let bytes = read(Int(offset), length)
    else { return nil }
    var cursor = CacheCursor(bytes)
    guard let checksum = cursor.u64(), DocumentCacheFormat.hash(Array(bytes[8...])) == checksum,
      let key = cursor.string(), let source = cursor.u32(), Int(source) < meta.sources.count,
      let itemOffset = cursor.int(limit: Int.max), let itemLength = cursor.int(),
      itemOffset <= Int.max - itemLength,
      let sectionOffset = cursor.int(limit: Int.max), let sectionLength = cursor.u32(),
      sectionOffset <= Int.max - Int(sectionLength),
      let section = cursor.u32(), let row = cursor.u32(),
      let nodeOffset = cursor.int(limit: meta.recordArea.upperBound), let nodeLength = cursor.u32(),
      Int(nodeLength) <= meta.recordArea.upperBound - nodeOffset,
      nodeLength == 0 || meta.recordArea.contains(nodeOffset),
      let blockOffset = cursor.int(limit: meta.recordArea.upperBound), let blockLength = cursor.u32(),
      Int(blockLength) <= meta.recordArea.upperBound - blockOffset, cursor.isAtEnd
    else { return nil }
    var controllers: [String] = []
    var conditions: [UInt8] = []
    if blockLength > 0 {
      guard meta.recordArea.contains(blockOffset), blockLength >= 8,
        let block = read(blockOffset, Int(blockLength)),
        let read = Self.conditionsBlock(block)
      else { return nil }
      (controllers, conditions) = read
    }
    return Record(
      key: key, source: Int(source), itemRange: itemOffset..<itemOffset + itemLength,
      sectionRecord: sectionOffset..<sectionOffset + Int(sectionLength), section: Int(section), row: Int(row),
      pageNode: nodeOffset..<nodeOffset + Int(nodeLength), controllers: controllers, conditions: conditions)
  }

  /// The section object's JSON without "items", when its checksum is right.
  func sectionJSON(_ range: Range<Int>, meta: Meta) -> [UInt8]? {
    guard range.count >= 8, meta.recordArea.contains(range.lowerBound),
      range.upperBound <= meta.recordArea.upperBound, let bytes = read(range.lowerBound, range.count)
    else { return nil }
    var cursor = CacheCursor(bytes)
    let json = Array(bytes[8...])
    guard let checksum = cursor.u64(), DocumentCacheFormat.hash(json) == checksum else { return nil }
    return json
  }

  /// The partial document that answers for `keys` (see ``DocumentCache/document(at:keys:locales:)``);
  /// `source` reads `count` bytes at an offset of a source by index.
  /// The rows of a child page that the document reads on demand later are added to `itemCount`
  /// as they are decoded.
  func document(
    keys: [String], meta: Meta, locales: [String], itemCount: ItemDecodeCount? = nil,
    source: (_ index: Int, _ offset: Int, _ count: Int) -> [UInt8]?
  ) -> SettingsDocument? {
    var records: [String: Record] = [:]
    var pending = keys + meta.secureKeys + meta.renamedKeys
    while let key = pending.popLast() {
      guard records[key] == nil else { continue }
      guard records.count < 4096, let record = record(for: key, meta: meta) else { return nil }
      records[key] = record
      pending += record.controllers
    }
    guard var document = Self.decodeRoot(meta.root, locales: locales) else { return nil }
    // Each top-level item once, in its section, in row order: the records sorted by section and
    // row, the keys of one item's page sharing its place. (Dictionaries of rows by section were
    // types the runtime builds on first use, at some 200 000 instructions of every `get`.)
    let ordered = records.values.sorted {
      $0.section != $1.section ? $0.section < $1.section : $0.row < $1.row
    }
    var placement = WholePlacement(sections: [], rows: [])
    var start = 0
    while start < ordered.count {
      let sectionIndex = ordered[start].section
      guard let json = sectionJSON(ordered[start].sectionRecord, meta: meta),
        var decoded = Self.decodeSection(json, locales: locales)
      else { return nil }
      var rows: [Int] = []
      var index = start
      while index < ordered.count, ordered[index].section == sectionIndex {
        let record = ordered[index]
        index += 1
        if rows.last == record.row { continue }
        rows.append(record.row)
        if !record.pageNode.isEmpty {
          // The item's fields, and its page read on demand from the document's bytes.
          guard let node = read(record.pageNode.lowerBound, record.pageNode.count),
            let bytes = source(record.source, record.itemRange.lowerBound, record.itemRange.count),
            let item = Self.decodePageNode(
              node, prefix: "", bytes: bytes, locales: locales, itemCount: itemCount)
          else { return nil }
          decoded.items.append(item)
          continue
        }
        guard let bytes = source(record.source, record.itemRange.lowerBound, record.itemRange.count),
          let item = Self.decodeItem(bytes, conditions: record.conditions, locales: locales)
        else { return nil }
        decoded.items.append(item)
      }
      placement.sections.append(sectionIndex)
      placement.rows.append(rows)
      document.sections.append(decoded)
      start = index
    }
    document.wholePlacement = placement
    // Every key must be where a full load finds it.
    for key in records.keys where document.locate(key) == nil { return nil }
    return document
  }

  // MARK: - Decoding parts with the document decoder

  static func decodeRoot(_ json: [UInt8], locales: [String]) -> SettingsDocument? {
    guard let map = try? JSONParser().scan(json) else { return nil }
    var decoder = DocumentDecoder(map: map, source: SourceText(name: "", bytes: json), locales: locales)
    guard let document = decoder.decodeDocument(map.root), decoder.issues.isEmpty else { return nil }
    return document
  }

  static func decodeSection(_ json: [UInt8], locales: [String]) -> SettingSection? {
    guard let map = try? JSONParser().scan(json) else { return nil }
    var decoder = DocumentDecoder(map: map, source: SourceText(name: "", bytes: json), locales: locales)
    guard let section = decoder.decodeSection(map.root, at: ""), decoder.issues.isEmpty else { return nil }
    return section
  }

  /// A top-level item from its JSON, with the conditions the full load resolved for it and its
  /// page's items (in ``SettingsDocument/forEachItem(_:)`` order).
  /// `prefix` is the page prefix of its key (its page's item's key and a dot; empty on the top page).
  static func decodeItem(_ json: [UInt8], conditions: [UInt8], prefix: String = "", locales: [String])
    -> SettingItem?
  {
    guard let map = try? JSONParser().scan(json) else { return nil }
    var decoder = DocumentDecoder(map: map, source: SourceText(name: "", bytes: json), locales: locales)
    decoder.keyPrefix = prefix
    guard let item = decoder.decodeItem(map.root, at: ""), decoder.issues.isEmpty else { return nil }
    var wrapper = SettingsDocument(id: "", title: "", sections: [SettingSection(items: [item])])
    if conditions.isEmpty {
      wrapper.updateEachItem { item, _ in
        item.enabledWhen = nil
        item.visibleWhen = nil
      }
      return wrapper.sections[0].items[0]
    }
    guard let parsed = try? JSONParser().parse(conditions), case .array(let entries) = parsed.kind else {
      return nil
    }
    var index = 0
    var sound = true
    wrapper.updateEachItem { item, _ in
      guard index < entries.count, case .array(let pair) = entries[index].kind, pair.count == 2,
        let enabled = conditionsValue(pair[0]), let visible = conditionsValue(pair[1])
      else {
        sound = false
        return
      }
      item.enabledWhen = enabled.value
      item.visibleWhen = visible.value
      index += 1
    }
    guard sound, index == entries.count else { return nil }
    return wrapper.sections[0].items[0]
  }

  /// `null` (no conditions) or an object of conditions by full key (``SettingCondition/json``);
  /// nil for anything else.
  static func conditionsValue(_ json: JSONValue) -> (value: [String: SettingCondition]?, Void)? {
    switch json.kind {
    case .null: return (nil, ())
    case .object(let members):
      var values: [String: SettingCondition] = [:]
      for member in members {
        guard let condition = SettingCondition(json: member.value) else { return nil }
        values[member.name] = condition
      }
      return (values, ())
    default: return nil
    }
  }

  // MARK: - Search

  /// The partial document that holds every item matching `text` as ``SettingsSearch`` matches
  /// (with the top-level items that hold them, and what their conditions name), from the search
  /// part; nil when the part is damaged, a match's top-level item has no key to find it by, or
  /// the matches need more records than ``document(keys:meta:locales:source:)`` reads.
  func searchDocument(
    matching text: String, meta: Meta, locales: [String], itemCount: ItemDecodeCount? = nil,
    source: (_ index: Int, _ offset: Int, _ count: Int) -> [UInt8]?
  ) -> SettingsDocument? {
    guard meta.search.count >= 8, let part = read(meta.search.lowerBound, meta.search.count) else {
      return nil
    }
    var cursor = CacheCursor(part)
    let checksum = cursor.u64()
    guard
      checksum
        == DocumentCacheFormat.partChecksum(part),
      let index = SettingsSearchIndex(reading: &cursor), let topCount = cursor.u32(),
      (part.count - cursor.position) / 16 >= Int(topCount)
    else { return nil }
    let table = cursor.position
    cursor.position += Int(topCount) * 16
    guard let keyLists = cursor.blob(), cursor.isAtEnd else { return nil }
    func entry(_ number: Int) -> [UInt32] {
      (0..<4).map { field in
        var reader = CacheCursor(part, at: table + number * 16 + field * 4)
        return reader.u32() ?? 0
      }
    }
    var keys: [String] = []
    for place in index.topLevelPlaces(matching: text) {
      // The table is in screen order: by section, then row.
      var low = 0
      var high = Int(topCount)
      while low < high {
        let middle = (low + high) / 2
        let found = entry(middle)
        if (Int(found[0]), Int(found[1])) < (place.section, place.row) {
          low = middle + 1
        } else {
          high = middle
        }
      }
      guard low < Int(topCount), case let found = entry(low), Int(found[0]) == place.section,
        Int(found[1]) == place.row, found[3] > 0, found[3] <= 1 << 16
      else { return nil }
      var list = CacheCursor(keyLists, at: Int(found[2]))
      for _ in 0..<found[3] {
        guard let key = list.string() else { return nil }
        keys.append(key)
      }
      guard keys.count <= 4096 else { return nil }
    }
    return document(keys: keys, meta: meta, locales: locales, itemCount: itemCount, source: source)
  }

  /// Calls `body` with `item`, then its page's items in walk order (``SettingsDocument/forEachItem(_:)``);
  /// an item without a page is not wrapped in a document first.
  static func forEachOwnedItem(of item: SettingItem, _ body: (SettingItem) -> Void) {
    guard item.page != nil else { return body(item) }
    SettingsDocument(id: "", title: "", sections: [SettingSection(items: [item])]).forEachItem { owned, _ in
      body(owned)
    }
  }

  /// The search part of a compilation's cache: checksum, index, top-level table and key lists
  /// (for each top-level item its section, row and the keys that find it: its first key, then
  /// those its subtree's conditions name).
  static func searchPart(of compilation: DocumentCompilation) -> [UInt8] {
    var part = CacheWriter()
    part.u64(0)
    compilation.search.write(to: &part)
    var table = CacheWriter()
    var lists = CacheWriter()
    var count = 0
    for (sectionIndex, section) in compilation.sections.enumerated() {
      for (row, entry) in section.rows.enumerated() {
        let first = entry.owned.lazy.compactMap(\.key).first
        let keys = first.map { [$0] + entry.controllers } ?? []
        table.u32(UInt32(sectionIndex))
        table.u32(UInt32(row))
        table.u32(UInt32(lists.bytes.count))
        table.u32(UInt32(keys.count))
        for key in keys { lists.string(key) }
        count += 1
      }
    }
    part.u32(UInt32(count))
    part.bytes += table.bytes
    part.blob(lists.bytes)
    return part.sealed()
  }

  // MARK: - Encoding

  /// The cache of `document`, loaded from `bytes` (whose skeleton is given) and the items files
  /// by section index (their source index, line ranges and bytes), compiled from the whole decode;
  /// nil when the skeleton does not match the document (it always does for a document that loaded).
  static func encode(
    document: SettingsDocument, skeleton: DocumentSkeleton, bytes: [UInt8],
    itemsFiles: [Int: (source: Int, lines: [Range<Int>], bytes: [UInt8])],
    sources: [(path: SystemPath, identity: [UInt64])], locales: [String], fingerprint: UInt64
  ) -> [UInt8]? {
    guard
      let compilation = DocumentCompilation(
        document: document, skeleton: skeleton, bytes: bytes,
        itemsFiles: itemsFiles.mapValues { ($0.source, $0.lines) })
    else { return nil }
    return encode(compilation, sources: sources, locales: locales, fingerprint: fingerprint)
  }

  /// The cache written from `compilation` (``DocumentCacheFormat``), for `sources` (the document,
  /// then its items files) read in `locales` by the build of `fingerprint`.
  static func encode(
    _ compilation: DocumentCompilation, sources: [(path: SystemPath, identity: [UInt64])],
    locales: [String], fingerprint: UInt64
  ) -> [UInt8] {
    encoding(compilation, sources: sources, locales: locales, fingerprint: fingerprint).bytes
  }

  /// A compiled form as ``encoding(_:sources:locales:fingerprint:)`` wrote it.
  struct Encoding {
    /// The compiled form: what ``encode(_:sources:locales:fingerprint:)`` gives.
    var bytes: [UInt8]
    /// Where each top-page section's records stand in ``bytes``, by index.
    var records: [Range<Int>]
    /// How many sections had their records copied (``DocumentCompilation/Section/copied``).
    var copiedSections: Int
  }

  /// ``encode(_:sources:locales:fingerprint:)``, copying the records of each section that has
  /// them from the encoding before (``DocumentCompilation/Section/copied``) with their offsets set
  /// again, instead of encoding them: the same bytes. A section whose copy does not fit its rows
  /// (a row with a page node or conditions, a record of another key length) is encoded.
  static func encoding(
    _ compilation: DocumentCompilation, sources: [(path: SystemPath, identity: [UInt64])],
    locales: [String], fingerprint: UInt64
  ) -> Encoding {
    var meta = CacheWriter()
    meta.u32(UInt32(locales.count))
    for locale in locales { meta.string(locale) }
    meta.u32(UInt32(sources.count))
    for source in sources {
      meta.blob(source.path.bytes)
      for field in source.identity { meta.u64(field) }
    }
    meta.blob(compilation.root)
    var secureKeys: [String] = []
    var renamedKeys: [String] = []
    compilation.forEachOwned { owned in
      if owned.isSecure, let key = owned.key { secureKeys.append(key) }
      if owned.isRenamed, let key = owned.key { renamedKeys.append(key) }
    }
    for keys in [secureKeys, renamedKeys] {
      meta.u32(UInt32(keys.count))
      for key in keys { meta.string(key) }
    }
    let search = searchPart(of: compilation)
    meta.u64(UInt64(search.count))
    let nodes = compilation.pageNodes
    let page = pagePart(of: compilation, nodes: nodes)
    meta.u64(UInt64(page.count))

    let recordBase = DocumentCacheFormat.headerSize + meta.bytes.count
    var body = CacheWriter()
    body.bytes = search + page
    body.bytes.reserveCapacity(compilation.sections.reduce(0) { $0 + $1.rows.count } * 64)
    var slots: [(hash: UInt32, offset: Int, length: Int)] = []
    var records: [Range<Int>] = []
    var copiedSections = 0
    for (sectionIndex, section) in compilation.sections.enumerated() {
      let sectionOffset = recordBase + body.bytes.count
      body.u64(DocumentCacheFormat.hash(section.json))
      body.bytes += section.json
      let sectionLength = 8 + section.json.count
      let first = body.bytes.count
      defer { records.append(recordBase + first..<recordBase + body.bytes.count) }
      if let copied = section.copied, nodes[sectionIndex].allSatisfy(\.isEmpty),
        copyRecords(
          copied, of: section, index: sectionIndex, at: sectionOffset, length: sectionLength,
          recordBase: recordBase, into: &body, slots: &slots)
      {
        copiedSections += 1
        continue
      }
      for (row, entry) in section.rows.enumerated() {
        let conditions = entry.conditionsJSON
        // An item on a page is shown and enabled only while the items that lead to it are
        // ("conditions compose through hidden items"): every record of a top-level item's subtree
        // names every key the subtree's conditions name, so that a partial document has them.
        let controllers = entry.controllers
        // A row kept as a page node: the node once, before the records of its keys, which point to it.
        let node = nodes[sectionIndex][row]
        let nodeOffset = node.isEmpty ? 0 : recordBase + body.bytes.count
        body.bytes += node
        // The subtree's conditions once, before its records, which point to them.
        let block =
          controllers.isEmpty && conditions.isEmpty
          ? [] : Self.conditionsBlock(controllers: controllers, conditions: conditions)
        let blockOffset = block.isEmpty ? 0 : recordBase + body.bytes.count
        body.bytes += block
        for owned in entry.owned {
          guard let key = owned.key else { continue }
          let start = body.bytes.count
          body.u64(0)
          body.string(key)
          body.u32(UInt32(section.source))
          body.u64(UInt64(section.ranges[row].lowerBound))
          body.u64(UInt64(section.ranges[row].count))
          body.u64(UInt64(sectionOffset))
          body.u32(UInt32(sectionLength))
          body.u32(UInt32(sectionIndex))
          body.u32(UInt32(row))
          body.u64(UInt64(nodeOffset))
          body.u32(UInt32(node.count))
          body.u64(UInt64(blockOffset))
          body.u32(UInt32(block.count))
          let checksum = body.bytes.withUnsafeBytes {
            DocumentCacheFormat.hash(UnsafeRawBufferPointer(rebasing: $0[(start + 8)...]))
          }
          body.set(checksum, at: start)
          slots.append((DocumentCacheFormat.slotHash(key), recordBase + start, body.bytes.count - start))
        }
      }
    }
    var slotCount = 16
    while slotCount < slots.count * 2 { slotCount *= 2 }
    var table = [UInt8](repeating: 0, count: slotCount * 16)
    for slot in slots {
      var index = Int(slot.hash) & (slotCount - 1)
      while table[index * 16] != 0 || table[index * 16 + 1] != 0 || table[index * 16 + 2] != 0
        || table[index * 16 + 3] != 0
      {
        index = (index + 1) & (slotCount - 1)
      }
      var entry = CacheWriter()
      entry.u32(slot.hash)
      entry.u32(UInt32(slot.length))
      entry.u64(UInt64(slot.offset))
      table.replaceSubrange(index * 16..<index * 16 + 16, with: entry.bytes)
    }

    let tableOffset = recordBase + body.bytes.count
    var header = CacheWriter()
    header.bytes = DocumentCacheFormat.magic
    header.u32(DocumentCacheFormat.version)
    header.u32(0)
    header.u64(fingerprint)
    header.u64(UInt64(tableOffset + table.count))
    header.u64(UInt64(meta.bytes.count))
    header.u64(UInt64(tableOffset))
    header.u64(UInt64(slotCount))
    header.u64(DocumentCacheFormat.hash(header.bytes + meta.bytes))
    return Encoding(
      bytes: header.bytes + meta.bytes + body.bytes + table, records: records, copiedSections: copiedSections)
  }

  /// The length of a record's fields after its key: source, item offset and length, section
  /// offset and length, section index, row, page node offset and length, conditions offset and
  /// length.
  static let recordTailLength = 4 + 8 + 8 + 8 + 4 + 4 + 4 + 8 + 4 + 8 + 4

  /// Appends `copied` (the records of `section`, top-page section `index`, as an encoding before
  /// wrote them) to `body`, each with its item's offset and length, its section's offset and
  /// length, its section index and row set to what they are now and its checksum made again, and
  /// their slots to `slots`. False, with nothing appended, when the records do not fit the rows:
  /// each keyed row has one record, of its key's length, and no page node or conditions.
  static func copyRecords(
    _ copied: DocumentCompilation.CopiedRecords, of section: DocumentCompilation.Section, index: Int,
    at sectionOffset: Int, length sectionLength: Int, recordBase: Int, into body: inout CacheWriter,
    slots: inout [(hash: UInt32, offset: Int, length: Int)]
  ) -> Bool {
    let start = body.bytes.count
    let slotCount = slots.count
    body.bytes.append(contentsOf: copied.bytes)
    let fits = body.bytes.withUnsafeMutableBytes { raw -> Bool in
      func put(_ value: UInt64, _ count: Int, at offset: Int) {
        for byte in 0..<count { raw[offset + byte] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(byte))) }
      }
      var at = start
      for (row, entry) in section.rows.enumerated() {
        guard entry.owned.count == 1, entry.owned[0].enabledWhen == nil, entry.owned[0].visibleWhen == nil
        else { return false }
        guard let key = entry.owned[0].key else { continue }
        guard at + 12 <= raw.count else { return false }
        var keyLength = 0
        for byte in 0..<4 { keyLength |= Int(raw[at + 8 + byte]) << (8 * byte) }
        let tail = at + 12 + keyLength
        let end = tail + recordTailLength
        guard keyLength == key.utf8.count, end <= raw.count else { return false }
        put(UInt64(section.source), 4, at: tail)
        put(UInt64(section.ranges[row].lowerBound), 8, at: tail + 4)
        put(UInt64(section.ranges[row].count), 8, at: tail + 12)
        put(UInt64(sectionOffset), 8, at: tail + 20)
        put(UInt64(sectionLength), 4, at: tail + 28)
        put(UInt64(index), 4, at: tail + 32)
        put(UInt64(row), 4, at: tail + 36)
        put(0, 8 + 4 + 8 + 4, at: tail + 40)
        put(DocumentCacheFormat.hash(UnsafeRawBufferPointer(rebasing: raw[(at + 8)..<end])), 8, at: at)
        slots.append(
          (
            DocumentCacheFormat.slotHash(UnsafeRawBufferPointer(rebasing: raw[(at + 12)..<tail])),
            recordBase + at, end - at
          ))
        at = end
      }
      return at == raw.count
    }
    guard fits else {
      body.bytes.removeSubrange(start...)
      slots.removeSubrange(slotCount...)
      return false
    }
    return true
  }
}
