/// What a compiled form (``DocumentCacheFile``) is written from: the document's JSON without its
/// sections, each top-page section's JSON without its items, where each top-level item stands, and
/// for each top-level item and the items of its pages what the records and the page part hold
/// (key, default, resolved conditions, whether it is secure or has earlier keys) and the texts a
/// search reads.
///
/// It is made two ways, which give the same compiled form: from a document decoded whole
/// (``init(document:skeleton:bytes:itemsFiles:)``, for a caller that has one and as the tests'
/// oracle), or from the document's bytes (``scan(_:skeleton:itemsFiles:locales:)``), which runs the
/// decoder's rules on each item as it is read and builds no ``SettingItem``.
struct DocumentCompilation {
  /// One item of a top-level item's subtree (the item itself, then its pages' items in
  /// ``SettingsDocument/forEachItem(_:)`` order): what the compiled form keeps of it.
  struct Owned: Equatable {
    /// The full key; nil for an item without one.
    var key: String?
    /// ``SettingItem/defaultValue``.
    var defaultValue: SettingValue?
    /// ``SettingItem/isSecure``.
    var isSecure: Bool
    /// Whether it has earlier keys (`renamedFrom`).
    var isRenamed: Bool
    /// The resolved `enabledWhen`, by full key.
    var enabledWhen: [String: SettingCondition]?
    /// The resolved `visibleWhen`, by full key.
    var visibleWhen: [String: SettingCondition]?
    /// Whether the item itself has an icon (``Icon/text(for:)``): what a child page's section
    /// read on demand says of its rows (``CompiledItems/hasIcons``).
    var hasIcon: Bool

    init(key: String?, defaultValue: SettingValue?, isSecure: Bool, isRenamed: Bool, hasIcon: Bool) {
      self.key = key
      self.defaultValue = defaultValue
      self.isSecure = isSecure
      self.isRenamed = isRenamed
      self.hasIcon = hasIcon
    }

    init(_ item: SettingItem) {
      key = item.key
      hasIcon = Icon.text(for: item.imageName) != nil
      defaultValue = item.defaultValue
      isSecure = item.isSecure
      isRenamed = item.renamedFrom?.isEmpty == false
      enabledWhen = item.enabledWhen
      visibleWhen = item.visibleWhen
    }
  }

  /// One top-level item.
  struct Row: Equatable {
    /// Whether the item itself has an icon (``Icon/text(for:)``).
    var hasIcon: Bool
    /// The item, then its pages' items.
    var owned: [Owned]

    init(hasIcon: Bool, owned: [Owned]) {
      self.hasIcon = hasIcon
      self.owned = owned
    }

    /// The row of `item` (with its pages), as it stands: its conditions as resolved so far.
    init(_ item: SettingItem) {
      hasIcon = Icon.text(for: item.imageName) != nil
      owned = []
      DocumentCacheFile.forEachOwnedItem(of: item) { owned.append(Owned($0)) }
    }

    /// The keys that the conditions of the item and its pages' items name, sorted.
    var controllers: [String] {
      // Most rows have no conditions: no set is made for them.
      guard owned.contains(where: { $0.enabledWhen != nil || $0.visibleWhen != nil }) else { return [] }
      var named = Set<String>()
      for entry in owned {
        named.formUnion((entry.enabledWhen ?? [:]).keys)
        named.formUnion((entry.visibleWhen ?? [:]).keys)
      }
      return named.sorted()
    }

    /// The conditions of the item and its pages' items in walk order, as JSON; empty when none
    /// has any (``DocumentCacheFile/decodeItem(_:conditions:locales:)`` reads it).
    var conditionsJSON: [UInt8] {
      if owned.count == 1, owned[0].enabledWhen == nil, owned[0].visibleWhen == nil { return [] }
      var any = false
      func json(_ conditions: [String: SettingCondition]?) -> JSONValue {
        guard let conditions else { return JSONValue.null }
        any = true
        return JSONValue.object(conditions.map { ($0.key, $0.value.json) })
      }
      let entries = owned.map { JSONValue.array([json($0.enabledWhen), json($0.visibleWhen)]) }
      return any ? Array(JSONWriter().string(JSONValue.array(entries)).utf8) : []
    }
  }

  /// One top-page section.
  struct Section {
    /// The section object's JSON without `"items"`.
    var json: [UInt8]
    /// Whether it reads its items from an items file.
    var isItemsFile: Bool
    /// Whether it has a `pageSize`.
    var hasPageSize: Bool
    /// The index of the source its items stand in (0 for the document, else its items file's).
    var source: Int
    /// Where each top-level item's JSON stands in that source: an element of `"items"` or a line.
    var ranges: [Range<Int>]
    var rows: [Row]
    /// For each row, the page node of its item (``DocumentCacheFile/pageNode(of:in:owned:)``): its
    /// JSON without `"page"` and its page's sections and items, read on demand; empty for a row
    /// without a page, or one whose page cannot be read so (the item is then kept whole).
    var pages: [[UInt8]]
    /// For a section taken from the compile before, its records as that compile's encoding wrote
    /// them; nil when they are encoded.
    var copied: CopiedRecords? = nil
  }

  /// The document object's JSON without `"sections"`.
  var root: [UInt8]
  var sections: [Section]
  /// The lowercased texts of every item, in screen order.
  var search: SettingsSearchIndex

  /// The compilation of `document`, decoded whole from `bytes` (whose skeleton is given) and the
  /// items files by section index (their source index and line ranges); nil when the skeleton does
  /// not match the document (it always does for a document that loaded).
  init?(
    document: SettingsDocument, skeleton: DocumentSkeleton, bytes: [UInt8],
    itemsFiles: [Int: (source: Int, lines: [Range<Int>])]
  ) {
    let parts = skeleton.sections ?? []
    guard parts.count == document.sections.count else { return nil }
    root = DocumentSkeleton.object(skeleton.members, leaving: "sections", in: bytes)
    sections = []
    sections.reserveCapacity(parts.count)
    for (index, section) in document.sections.enumerated() {
      guard
        let made = Self.section(
          index, fields: section, part: parts[index], bytes: bytes, itemsFile: itemsFiles[index],
          rows: section.items.map(Row.init))
      else { return nil }
      sections.append(made)
    }
    search = SettingsSearchIndex(document: document)
  }

  init(root: [UInt8], sections: [Section], search: SettingsSearchIndex) {
    self.root = root
    self.sections = sections
    self.search = search
  }

  /// Section `index` from its decoded fields, its part of the skeleton and its rows; nil when its
  /// items do not stand one to a range (a section with an items file that was not read).
  static func section(
    _ index: Int, fields: SettingSection, part: DocumentSkeleton.Section, bytes: [UInt8],
    itemsFile: (source: Int, lines: [Range<Int>])?, rows: [Row]
  ) -> Section? {
    var ranges: [Range<Int>] = []
    var source = 0
    if let itemsFile {
      ranges = itemsFile.lines
      source = itemsFile.source
    } else if fields.itemsFile == nil {
      ranges = part.items ?? []
    }
    guard ranges.count == rows.count else { return nil }
    var pages = [[UInt8]](repeating: [], count: rows.count)
    if source == 0, fields.itemsFile == nil {
      // Only an item with items on its page has a node; any other is read whole, as cheaply.
      for (row, entry) in rows.enumerated() where entry.owned.count > 1 {
        pages[row] = DocumentCacheFile.pageNode(of: ranges[row], in: bytes, owned: entry.owned) ?? []
      }
    }
    return Section(
      json: DocumentSkeleton.object(part.members, leaving: "items", in: bytes),
      isItemsFile: fields.itemsFile != nil, hasPageSize: fields.pageSize != nil, source: source,
      ranges: ranges, rows: rows, pages: pages)
  }

  /// The page node each row is kept as, by section and row (``Section/pages``): empty for a row
  /// kept whole, which is also every row with an item that has conditions, is named by one, is
  /// secure or has earlier keys (the values and the table need those decoded with the document).
  var pageNodes: [[[UInt8]]] {
    var named = Set<String>()
    forEachOwned { owned in
      named.formUnion((owned.enabledWhen ?? [:]).keys)
      named.formUnion((owned.visibleWhen ?? [:]).keys)
    }
    return sections.map { section in
      zip(section.rows, section.pages).map { row, node in
        guard !node.isEmpty else { return [] }
        let independent = row.owned.allSatisfy {
          $0.enabledWhen == nil && $0.visibleWhen == nil && !$0.isSecure && !$0.isRenamed
            && $0.key.map(named.contains) != true
        }
        return independent ? node : []
      }
    }
  }

  /// Calls `body` with every item of every row, in ``SettingsDocument/forEachItem(_:)`` order.
  func forEachOwned(_ body: (Owned) -> Void) {
    for section in sections {
      for row in section.rows {
        for owned in row.owned { body(owned) }
      }
    }
  }
}
