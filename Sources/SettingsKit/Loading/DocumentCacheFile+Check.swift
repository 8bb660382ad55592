/// The compiler's read-back check: before a compiled form is kept, a sample of it is read back
/// through the reader and compared with what the decoder gives for the same items.
extension DocumentCacheFile {
  /// What the read-back check compares with: the document's fields and its sections' (without
  /// items), and its top-level items, given when asked, as a whole load decodes them (with their
  /// resolved conditions), so that a compilation made from the bytes decodes only the sample.
  struct Expected {
    /// The document with its sections' fields and no items.
    var fields: SettingsDocument
    /// How many top-level items each top-page section has.
    var rowCounts: [Int]
    /// The first top-level item with an `enabledWhen`, by section and row.
    var firstConditioned: (section: Int, row: Int)?
    /// The keys of a section's top-level items, and the key and default of every keyed item of
    /// the section and of its items' pages (``CompiledItems/ownedKeys``), without decoding it.
    var keys: (_ section: Int) -> (keys: [String?], owned: [(key: String, defaultValue: SettingValue?)])
    /// The top-level item at a section and row, as a whole load has it; nil when it cannot be had.
    var row: (_ section: Int, _ row: Int) -> SettingItem?

    /// The items of section `index`, in order; nil when one cannot be had.
    func items(of index: Int) -> [SettingItem]? {
      var items: [SettingItem] = []
      items.reserveCapacity(rowCounts[index])
      for number in 0..<rowCounts[index] {
        guard let item = row(index, number) else { return nil }
        items.append(item)
      }
      return items
    }

    /// Where a whole load finds `key`, which is the key of `item` (the top-level item at `section`
    /// and `row`) or of an item of its pages.
    static func locate(_ key: String, in item: SettingItem, section: Int, row: Int) -> LocatedItem? {
      let wrapper = SettingsDocument(id: "", title: "", sections: [SettingSection(items: [item])])
      guard var located = wrapper.locate(key) else { return nil }
      if located.ancestors.isEmpty {
        located.section = section
        located.row = row
      }
      return located
    }
  }

  /// Reads a sample of keys back through the reader and compares what it gives with `expected`:
  /// true when every one matches (items with their pages and conditions, their sections' other
  /// fields, and the document's).
  static func check(
    _ encoded: [UInt8], against expected: Expected, locales: [String], fingerprint: UInt64,
    itemCount: ItemDecodeCount? = nil, sources: (Int) -> [UInt8]?
  ) -> Bool {
    let file = DocumentCacheFile(size: encoded.count) { offset, count in
      guard offset >= 0, count >= 0, offset <= encoded.count - count else { return nil }
      return Array(encoded[offset..<offset + count])
    }
    guard let meta = file.meta(fingerprint: fingerprint) else { return false }
    // The first, the last and evenly spread top-level items, and the first item with conditions.
    var top: [(section: Int, row: Int)] = []
    for (section, count) in expected.rowCounts.enumerated() {
      for row in 0..<count { top.append((section, row)) }
    }
    var picks = Set<Int>()
    if !top.isEmpty {
      for step in 0..<8 { picks.insert(step * (top.count - 1) / 7) }
    }
    if let conditioned = expected.firstConditioned,
      let index = top.firstIndex(where: { $0 == conditioned })
    {
      picks.insert(index)
    }
    // Each picked item is read back once, with up to 8 of its keys (the first, the last and evenly
    // spread ones): a child page of thousands of keys costs one read, not one per key.
    var groups: [(keys: [String], item: SettingItem, section: Int, row: Int)] = []
    for pick in picks.sorted() {
      guard let item = expected.row(top[pick].section, top[pick].row) else { return false }
      var owned: [String] = []
      forEachOwnedItem(of: item) { if let key = $0.key { owned.append(key) } }
      guard !owned.isEmpty else { continue }
      let spread = Set((0..<8).map { $0 * (owned.count - 1) / 7 }).sorted().map { owned[$0] }
      groups.append((spread, item, top[pick].section, top[pick].row))
    }
    var sourceBytes: [Int: [UInt8]] = [:]
    var bare = expected.fields
    bare.sections = []
    for (keys, item, sectionIndex, row) in groups {
      itemCount?.add(readBack: 1)
      guard
        let partial = file.document(
          keys: keys, meta: meta, locales: locales,
          source: { index, offset, count in
            if sourceBytes[index] == nil { sourceBytes[index] = sources(index) }
            guard let bytes = sourceBytes[index], offset >= 0, count >= 0, offset <= bytes.count - count
            else {
              return nil
            }
            return Array(bytes[offset..<offset + count])
          })
      else { return false }
      var partialBare = partial
      partialBare.sections = []
      guard bare == partialBare else { return false }
      for key in keys {
        guard let located = partial.locate(key),
          let wanted = Expected.locate(key, in: item, section: sectionIndex, row: row),
          located.section == wanted.section, located.row == wanted.row,
          sameRows([located.item] + located.ancestors, [wanted.item] + wanted.ancestors),
          let record = file.record(for: key, meta: meta),
          record.section == sectionIndex, expected.fields.sections.indices.contains(record.section),
          let section = partial.sections.first(where: {
            $0.items.contains { $0.key == wanted.ancestors.first?.key ?? key }
          })
        else { return false }
        var cached = section
        cached.items = []
        guard expected.fields.sections[record.section] == cached else { return false }
      }
    }
    return checkPage(file, meta: meta, against: expected, locales: locales, bytes: sources(0))
  }

  /// Reads the page part back (``pagedDocument(meta:bytes:locales:decodingItems:)``) and compares
  /// it with `expected`: the document's fields, every section's, and the items of up to 8 sections
  /// read on demand and 8 decoded with the document, each spread evenly (decoding them all would
  /// load the document a second time). A document with items files has no paged reading to check.
  static func checkPage(
    _ file: DocumentCacheFile, meta: Meta, against expected: Expected, locales: [String],
    bytes: [UInt8]?
  ) -> Bool {
    if expected.fields.sections.contains(where: { $0.itemsFile != nil }) { return true }
    let count = expected.fields.sections.count
    var picks = Set<Int>()
    if count > 0 {
      for step in 0..<8 { picks.insert(step * (count - 1) / 7) }
    }
    // The sections read on demand are known only once read: each is sampled below as well.
    guard let bytes,
      let (paged, compiled) = file.pagedDocument(
        meta: meta, bytes: bytes, locales: locales, decodingItems: picks.contains),
      paged.sections.count == count
    else { return false }
    var bare = expected.fields
    bare.sections = []
    var pagedBare = paged
    pagedBare.sections = []
    guard bare == pagedBare else { return false }
    let onDemand = compiled.keys.sorted()
    var onDemandPicks = Set<Int>()
    if !onDemand.isEmpty {
      for step in 0..<8 { onDemandPicks.insert(onDemand[step * (onDemand.count - 1) / 7]) }
    }
    for index in 0..<count {
      let wanted = expected.fields.sections[index]
      var got = paged.sections[index]
      if let items = compiled[index] {
        guard items.count == expected.rowCounts[index] else { return false }
        if onDemandPicks.contains(index) {
          // Every row's keys and defaults, from what the compiler kept; three rows decoded both
          // ways (the first, the middle and the last), so that a cold open decodes a sample, not
          // the sections it reads on demand.
          let (keys, owned) = expected.keys(index)
          guard items.keys == keys,
            items.ownedKeys.elementsEqual(
              owned, by: { $0.key == $1.key && $0.defaultValue == $1.defaultValue })
          else { return false }
          for row in Set([0, items.count / 2, items.count - 1]) where (0..<items.count).contains(row) {
            guard let item = items.item(at: row), let wanted = expected.row(index, row),
              sameItem(item, wanted)
            else { return false }
          }
        }
        // The fields alone: the rows were compared above when sampled.
        got.items = []
      } else if picks.contains(index) {
        guard let sectionItems = expected.items(of: index), sameRows(got.items, sectionItems) else {
          return false
        }
        got.items = []
      }
      guard got == wanted else { return false }
    }
    return true
  }

  /// Whether `rows` are `wanted`, item by item, where a child page's section still read on demand
  /// (a page node) is compared by its fields and row count, not decoded to be checked: the
  /// sample's keys on pages check their rows.
  static func sameRows(_ rows: [SettingItem], _ wanted: [SettingItem]) -> Bool {
    rows.count == wanted.count && zip(rows, wanted).allSatisfy(sameItem)
  }

  /// ``sameRows(_:_:)`` of one item.
  static func sameItem(_ item: SettingItem, _ wanted: SettingItem) -> Bool {
    var bare = item
    var bareWanted = wanted
    bare.page = nil
    bareWanted.page = nil
    guard bare == bareWanted else { return false }
    guard let page = item.page, let wantedPage = wanted.page else { return item.page == wanted.page }
    guard page.sections.count == wantedPage.sections.count else { return false }
    for (section, wantedSection) in zip(page.sections, wantedPage.sections) {
      var fields = section
      var wantedFields = wantedSection
      fields.items = []
      wantedFields.items = []
      guard fields == wantedFields else { return false }
      if let compiled = section.compiledItems {
        guard compiled.count == wantedSection.items.count else { return false }
      } else {
        guard sameRows(section.items, wantedSection.items) else { return false }
      }
    }
    return true
  }
}

extension DocumentCacheFile.Expected {
  /// What a document decoded whole gives the check.
  init(document: SettingsDocument) {
    var fields = document
    fields.sections = document.sections.map { section in
      var bare = section
      bare.items = []
      return bare
    }
    self.fields = fields
    rowCounts = document.sections.map(\.items.count)
    firstConditioned = nil
    for (section, value) in document.sections.enumerated() {
      if let row = value.items.firstIndex(where: { $0.enabledWhen != nil }) {
        firstConditioned = (section, row)
        break
      }
    }
    let sections = document.sections
    row = { section, row in sections[section].items[row] }
    keys = { index in
      var owned: [(key: String, defaultValue: SettingValue?)] = []
      for item in sections[index].items {
        DocumentCacheFile.forEachOwnedItem(of: item) { item in
          if let key = item.key { owned.append((key, item.defaultValue)) }
        }
      }
      return (sections[index].items.map(\.key), owned)
    }
  }
}
