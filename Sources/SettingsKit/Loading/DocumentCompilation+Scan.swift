import SettingsPOSIX

extension DocumentCompilation {
  /// What the decoder hands each top-page item to while it compiles (``DocumentDecoder/compiling``):
  /// the item's row and searched texts are kept, and the item is not.
  struct Collector {
    /// The rows of each top-page section, by its index (empty for a section not reached).
    private(set) var rows: [[Row]] = []
    /// Each row's value in the decoder's map (nil for an items file's), to decode it again when a
    /// condition names an item of it.
    private(set) var values: [[JSONMap.Value?]] = []
    /// The searched texts of each top-page section, by its index.
    private(set) var search: [SettingsSearchIndex] = []
    /// Where each full key stands (its section, row, and place in the row's ``Row/owned``), and
    /// every full key in ``SettingsDocument/forEachItem(_:)`` order: made when conditions are
    /// resolved (``keys()``), not for every document.
    private var places: [String: (section: Int, row: Int, owned: Int)]?
    private var orderedKeys: [String] = []
    /// Rows decoded again for ``item(withKey:decoder:)``, by section and row.
    private var decoded: [Int: [Int: SettingItem]] = [:]

    /// Keeps the row of `item`, the top-level item decoded from `value` in section `section`.
    mutating func add(_ item: SettingItem, value: JSONMap.Value?, section: Int) {
      while rows.count <= section {
        rows.append([])
        values.append([])
        search.append(SettingsSearchIndex())
      }
      search[section].add(item, section: section, row: rows[section].count)
      rows[section].append(Row(item))
      values[section].append(value)
      places = nil
    }

    /// The rows of section `index`.
    func rows(of index: Int) -> [Row] { index < rows.count ? rows[index] : [] }

    /// Every full key, in ``SettingsDocument/forEachItem(_:)`` order.
    mutating func keys() -> [String] {
      index()
      return orderedKeys
    }

    /// Makes ``places`` and the ordered keys, once.
    private mutating func index() {
      guard places == nil else { return }
      var found: [String: (section: Int, row: Int, owned: Int)] = [:]
      orderedKeys = []
      for (section, entries) in rows.enumerated() {
        for (row, entry) in entries.enumerated() {
          for (place, owned) in entry.owned.enumerated() {
            guard let key = owned.key else { continue }
            orderedKeys.append(key)
            found[key] = (section, row, place)
          }
        }
      }
      places = found
    }

    /// The item with full key `key`, decoded again from the map by `decoder` (a decoder of the
    /// same map and source, whose own state is not used); nil when no item has it.
    mutating func item(withKey key: String, decoder: DocumentDecoder) -> SettingItem? {
      index()
      guard let place = places?[key], let value = values[place.section][place.row] else { return nil }
      let top: SettingItem
      if let item = decoded[place.section]?[place.row] {
        top = item
      } else {
        var scratch = decoder
        guard let item = scratch.decodeItem(value, at: "") else { return nil }
        decoded[place.section, default: [:]][place.row] = item
        top = item
      }
      var found: SettingItem?
      var index = 0
      DocumentCacheFile.forEachOwnedItem(of: top) { owned in
        if index == place.owned { found = owned }
        index += 1
      }
      return found
    }

    /// Gives each keyed item the conditions resolved for it (by owner's full key, then field).
    mutating func apply(_ resolved: [String: [String: [String: SettingCondition]]]) {
      index()
      for (owner, fields) in resolved {
        guard let place = places?[owner] else { continue }
        rows[place.section][place.row].owned[place.owned].enabledWhen = fields["enabledWhen"]
        rows[place.section][place.row].owned[place.owned].visibleWhen = fields["visibleWhen"]
      }
    }
  }

  /// The compilation of the document in `source`, read once from its bytes: each item is decoded
  /// and checked by the document decoder as a whole load decodes it, kept as its row, and let go;
  /// `itemsFiles` gives each section's items file by section index (its path as the loader
  /// resolves it, its source index, its bytes and line ranges). Also the document's own fields and
  /// sections (without items) and the decoder's map.
  ///
  /// - Throws: the errors of ``DocumentLoader/decode(_:itemsFilesIn:locales:)`` for the same bytes,
  ///   in the same order.
  /// - Returns: nil when the skeleton does not match the document, or a section's items file is
  ///   not given (the caller then decodes the document whole, for its errors).
  static func scan(
    _ source: SourceText, skeleton: DocumentSkeleton,
    itemsFiles: [Int: (path: SystemPath, source: Int, bytes: [UInt8], lines: [Range<Int>])],
    locales: [String]
  ) throws(DocumentError) -> (compilation: DocumentCompilation, expected: DocumentCacheFile.Expected)? {
    var decoder = try DocumentLoader.decoder(for: source, locales: locales)
    decoder.compiling = Collector()
    let document = try DocumentLoader.decodeDocument(with: &decoder)
    var collector = decoder.compiling ?? Collector()
    decoder.compiling = nil
    // The items files' lines replace the decoder's map and source: the document's are kept here.
    let scratch = DocumentDecoder(map: decoder.map, source: decoder.source, locales: locales)
    let parts = skeleton.sections ?? []
    guard parts.count == document.sections.count else { return nil }
    for index in document.sections.indices where document.sections[index].itemsFile != nil {
      guard let file = itemsFiles[index] else { return nil }
      let items = try ItemsFile(path: file.path, bytes: file.bytes, locales: locales)
        .decodedItems(in: 0..<Int.max, decoder: &decoder)
      for item in items {
        collector.add(item, value: nil, section: index)
      }
    }
    var sections: [Section] = []
    var search = SettingsSearchIndex()
    for (index, fields) in document.sections.enumerated() {
      let file = itemsFiles[index].map { (source: $0.source, lines: $0.lines) }
      guard
        let section = Self.section(
          index, fields: fields, part: parts[index], bytes: source.bytes, itemsFile: file,
          rows: collector.rows(of: index))
      else { return nil }
      sections.append(section)
      if index < collector.search.count { search.append(collector.search[index]) }
    }
    let root = DocumentSkeleton.object(skeleton.members, leaving: "sections", in: source.bytes)
    let compilation = DocumentCompilation(root: root, sections: sections, search: search)
    return (
      compilation,
      compilation.expected(
        fields: document, decoder: scratch, values: collector.values, itemsFiles: itemsFiles)
    )
  }

  /// What the read-back check compares with, for a compilation made by ``scan(_:skeleton:itemsFiles:locales:)``:
  /// `fields` (the document without items), and each top-level item decoded again when asked, from
  /// its value in the map of `decoder` (a decoder of the document's map and source, whose own
  /// state is not used; `values` by section and row) or its line of an items file,
  /// with the conditions resolved for it.
  func expected(
    fields: SettingsDocument, decoder: DocumentDecoder, values: [[JSONMap.Value?]],
    itemsFiles: [Int: (path: SystemPath, source: Int, bytes: [UInt8], lines: [Range<Int>])]
  ) -> DocumentCacheFile.Expected {
    var firstConditioned: (section: Int, row: Int)?
    search: for (index, section) in sections.enumerated() {
      for (row, entry) in section.rows.enumerated() where entry.owned[0].enabledWhen != nil {
        firstConditioned = (index, row)
        break search
      }
    }
    let rows = sections.map(\.rows)
    let scratch = DocumentDecoder(map: decoder.map, source: decoder.source, locales: decoder.locales)
    return DocumentCacheFile.Expected(
      fields: fields, rowCounts: rows.map(\.count), firstConditioned: firstConditioned,
      row: { section, row in
        var item: SettingItem?
        if section < values.count, let value = values[section][row] {
          var decoder = scratch
          item = decoder.decodeItem(value, at: "")
        } else if let file = itemsFiles[section] {
          item = try? ItemsFile(path: file.path, bytes: file.bytes, locales: scratch.locales)
            .decodedItems(in: row..<row + 1).first
        }
        guard let item else { return nil }
        let owned = rows[section][row].owned
        var wrapper = SettingsDocument(id: "", title: "", sections: [SettingSection(items: [item])])
        var index = 0
        var sound = true
        wrapper.updateEachItem { item, _ in
          guard index < owned.count, owned[index].key == item.key else {
            sound = false
            return
          }
          item.enabledWhen = owned[index].enabledWhen
          item.visibleWhen = owned[index].visibleWhen
          index += 1
        }
        return sound && index == owned.count ? wrapper.sections[0].items[0] : nil
      })
  }
}
