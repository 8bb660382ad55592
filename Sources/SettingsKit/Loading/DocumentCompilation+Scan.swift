import SettingsPOSIX

extension DocumentCompilation {
  /// What the decoder hands each item to while it compiles (``DocumentDecoder/compiling``): of each
  /// top-level item and its pages' items, what the compiled form keeps (the row) and their searched
  /// texts, made from the parts the decoder read (``ItemParts``), with no ``SettingItem`` built.
  struct Collector {
    /// The rows of each top-page section, by its index (empty for a section not reached).
    private(set) var rows: [[Row]] = []
    /// Each row's value in the decoder's map (nil for an items file's), to read it again when a
    /// condition names an item of it.
    private(set) var values: [[JSONMap.Value?]] = []
    /// The searched texts of each top-page section, by its index.
    private(set) var search: [SettingsSearchIndex] = []
    /// Where each full key stands (its section, row, and place in the row's ``Row/owned``), and
    /// every full key in ``SettingsDocument/forEachItem(_:)`` order: made when conditions are
    /// resolved (``keys()``), not for every document.
    private var places: [String: (section: Int, row: Int, owned: Int)]?
    private var orderedKeys: [String] = []
    /// The fields of the rows read again for ``fields(withKey:decoder:)``, by section and row.
    private var reread: [Int: [Int: [CompiledRow]]] = [:]

    /// One item of the top-level item being read: what the row keeps of it, its fields (for its
    /// searched texts) and where it stands: how many pages deep, and its section and row there.
    struct Entry {
      var owned: Owned?
      var fields: CompiledRow?
      var depth: Int
      var section: UInt32
      var row: UInt32
    }
    /// The items of the top-level item being read, in ``SettingsDocument/forEachItem(_:)`` order.
    private(set) var subtree: [Entry] = []
    /// How many items are being read (the item and the items whose pages lead to it).
    private var depth = 0

    /// The number of rows kept so far in section `index`.
    func rowCount(of index: Int) -> Int { index < rows.count ? rows[index].count : 0 }

    /// Starts reading the item at `row` of section `section` of its page (of the top page when no
    /// item is being read): its entry stands before those of its page's items. Gives its slot.
    mutating func open(section: Int, row: Int) -> Int {
      subtree.append(Entry(owned: nil, fields: nil, depth: depth, section: UInt32(section), row: UInt32(row)))
      depth += 1
      return subtree.count - 1
    }

    /// Ends reading the item of `slot` with its `parts`; nil (an item that is not valid) drops it
    /// and its page's items.
    mutating func close(_ slot: Int, _ parts: ItemParts?) {
      depth -= 1
      guard let parts else {
        subtree.removeSubrange(slot...)
        return
      }
      subtree[slot].owned = parts.owned
      subtree[slot].fields = parts.fields
    }

    /// Keeps the row of the top-level item just read, decoded from `value`, in top-page section
    /// `section`, with its searched texts.
    mutating func keepRow(section: Int, value: JSONMap.Value?) {
      while rows.count <= section {
        rows.append([])
        values.append([])
        search.append(SettingsSearchIndex())
      }
      var owned: [Owned] = []
      owned.reserveCapacity(subtree.count)
      // The section and row of each page on the way to an item, then its own.
      var steps: [(section: UInt32, row: UInt32)] = []
      for entry in subtree {
        guard let kept = entry.owned, let fields = entry.fields else { continue }
        owned.append(kept)
        steps.removeLast(steps.count - entry.depth)
        steps.append((entry.section, entry.row))
        search[section].add(fields, steps: steps)
      }
      let hasIcon = Icon.text(for: subtree.first?.fields?.imageName) != nil
      rows[section].append(Row(hasIcon: hasIcon, owned: owned))
      values[section].append(value)
      subtree.removeAll(keepingCapacity: true)
      places = nil
    }

    /// The rows of section `index`.
    func rows(of index: Int) -> [Row] { index < rows.count ? rows[index] : [] }

    /// Keeps the rows of top-page section `section` as an earlier compile of the same bytes read
    /// them, with their values in the decoder's map and their searched texts.
    mutating func keepRows(
      section: Int, rows kept: [Row], values read: [JSONMap.Value], search texts: SettingsSearchIndex
    ) {
      while rows.count <= section {
        rows.append([])
        values.append([])
        search.append(SettingsSearchIndex())
      }
      rows[section] = kept
      values[section] = read
      search[section] = texts
      places = nil
    }

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

    /// The fields of the item with full key `key`, read again from the map by `decoder` (a decoder
    /// of the same map and source, whose own state is not used) as the compiler reads them, with no
    /// ``SettingItem`` built; nil when no item has it.
    mutating func fields(withKey key: String, decoder: DocumentDecoder) -> CompiledRow? {
      index()
      guard let place = places?[key], let value = values[place.section][place.row] else { return nil }
      let subtree: [CompiledRow]
      if let known = reread[place.section]?[place.row] {
        subtree = known
      } else {
        var scratch = decoder
        scratch.compiling = Collector()
        guard scratch.compileItem(value, at: "", section: place.section, row: place.row),
          let read = scratch.compiling?.subtree.compactMap(\.fields)
        else { return nil }
        reread[place.section, default: [:]][place.row] = read
        subtree = read
      }
      return place.owned < subtree.count ? subtree[place.owned] : nil
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

  /// The compilation of the document in `source`, read once from its bytes: each item is read and
  /// checked by the document decoder as a whole load decodes it, and kept as its row, with no
  /// ``SettingItem`` built (``DocumentDecoder/compileItem(_:at:section:row:)``); `itemsFiles` gives
  /// each section's items file by section index (its path as the loader resolves it, its source
  /// index, its bytes and line ranges). Also the document's own fields and sections (without
  /// items), the decoder's map, and how many ``SettingItem``s the reading built (none: the count is
  /// what ``ItemDecodeCount/compilerBuilt`` shows).
  ///
  /// - Throws: the errors of ``DocumentLoader/decode(_:itemsFilesIn:locales:)`` for the same bytes,
  ///   in the same order.
  /// - Returns: nil when the skeleton does not match the document, or a section's items file is
  ///   not given (the caller then decodes the document whole, for its errors).
  static func scan(
    _ source: SourceText, skeleton: DocumentSkeleton,
    itemsFiles: [Int: (path: SystemPath, source: Int, bytes: [UInt8], lines: [Range<Int>])],
    locales: [String]
  ) throws(DocumentError) -> (
    compilation: DocumentCompilation, expected: DocumentCacheFile.Expected, built: Int
  )? {
    try scan(
      source, skeleton: skeleton, itemsFiles: itemsFiles, locales: locales, reusing: nil, leaving: false
    ).map { ($0.compilation, $0.expected, $0.built) }
  }

  /// What ``scan(_:skeleton:itemsFiles:locales:reusing:)`` gives.
  struct Scanned {
    var compilation: DocumentCompilation
    var expected: DocumentCacheFile.Expected
    /// How many ``SettingItem``s the reading built.
    var built: Int
    /// How many items (with their pages' items) were taken from `previous` and not read.
    var reused: Int
    /// What this compile leaves for the next one; nil unless asked for.
    var reusable: Reusable?
  }

  /// ``scan(_:skeleton:itemsFiles:locales:)``, taking from `previous` (what the compile of an
  /// earlier version left) each top-page section whose items have the same bytes at the same index
  /// and touch nothing other sections read but their keys, instead of reading it again; the
  /// result is the one a compile without `previous` gives. When the compile finds a problem, it
  /// is made again without `previous`, so that the errors are exactly those of a full compile.
  /// With `leaving`, the result says what this compile leaves for the next (``Scanned/reusable``).
  ///
  /// - Throws: the errors of ``scan(_:skeleton:itemsFiles:locales:)``.
  static func scan(
    _ source: SourceText, skeleton: DocumentSkeleton,
    itemsFiles: [Int: (path: SystemPath, source: Int, bytes: [UInt8], lines: [Range<Int>])],
    locales: [String], reusing previous: Reusable?, leaving: Bool
  ) throws(DocumentError) -> Scanned? {
    let reused = reused(from: previous, skeleton: skeleton, bytes: source.bytes, locales: locales)
    guard !reused.isEmpty else {
      return try compile(
        source, skeleton: skeleton, itemsFiles: itemsFiles, locales: locales, reusing: [:], leaving: leaving)
    }
    do {
      return try compile(
        source, skeleton: skeleton, itemsFiles: itemsFiles, locales: locales, reusing: reused,
        leaving: leaving)
    } catch {
      return try compile(
        source, skeleton: skeleton, itemsFiles: itemsFiles, locales: locales, reusing: [:], leaving: leaving)
    }
  }

  /// The body of ``scan(_:skeleton:itemsFiles:locales:reusing:)``, with the sections to take.
  private static func compile(
    _ source: SourceText, skeleton: DocumentSkeleton,
    itemsFiles: [Int: (path: SystemPath, source: Int, bytes: [UInt8], lines: [Range<Int>])],
    locales: [String], reusing reused: [Int: Reused], leaving: Bool
  ) throws(DocumentError) -> Scanned? {
    var decoder = try DocumentLoader.decoder(for: source, locales: locales)
    decoder.compiling = Collector()
    decoder.reusing = reused
    // One table for every top-level key, made once: not grown and copied as sections are taken.
    decoder.firstKeyUse.reserveCapacity(skeleton.sections?.reduce(0) { $0 + ($1.items?.count ?? 0) } ?? 0)
    let document = try DocumentLoader.decodeDocument(with: &decoder)
    // The items files' lines replace the decoder's map and source: the document's are kept here.
    let scratch = DocumentDecoder(map: decoder.map, source: decoder.source, locales: locales)
    let parts = skeleton.sections ?? []
    guard parts.count == document.sections.count else { return nil }
    for index in document.sections.indices where document.sections[index].itemsFile != nil {
      guard let file = itemsFiles[index] else { return nil }
      try ItemsFile(path: file.path, bytes: file.bytes, locales: locales)
        .compileItems(section: index, decoder: &decoder)
    }
    let collector = decoder.compiling ?? Collector()
    decoder.compiling = nil
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
      if decoder.takenSections.contains(index) { sections[index].copied = reused[index]?.records }
      if index < collector.search.count { search.append(collector.search[index]) }
    }
    let root = DocumentSkeleton.object(skeleton.members, leaving: "sections", in: source.bytes)
    let compilation = DocumentCompilation(root: root, sections: sections, search: search)
    var taken = 0
    for index in decoder.takenSections {
      for row in collector.rows(of: index) { taken += row.owned.count }
    }
    return Scanned(
      compilation: compilation,
      expected: compilation.expected(
        fields: document, decoder: scratch, values: collector.values, itemsFiles: itemsFiles),
      built: decoder.builtItems, reused: taken,
      reusable: !leaving
        ? nil
        : reusable(
          decoder: decoder, collector: collector, skeleton: skeleton, bytes: source.bytes, locales: locales))
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
      keys: { section in
        let owned = rows[section].flatMap(\.owned).compactMap { entry in
          entry.key.map { (key: $0, defaultValue: entry.defaultValue) }
        }
        return (rows[section].map { $0.owned[0].key }, owned)
      },
      row: { section, row in
        var item: SettingItem?
        if section < values.count, let value = values[section][row] {
          var decoder = scratch
          item = decoder.decodeItem(value, at: "")
        } else if let file = itemsFiles[section] {
          let lines = ItemsFile(path: file.path, bytes: file.bytes, locales: scratch.locales)
          var decoder = lines.lineDecoder()
          item = try? lines.decodedItems(in: row..<row + 1, decoder: &decoder).first
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
