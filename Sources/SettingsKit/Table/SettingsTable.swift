/// The settings screen as a table data source, in `UITableViewDataSource` terms: sections, rows per
/// section, the row at a ``TableIndexPath``. It holds data only: the sections, the values they show
/// (a ``SettingsSnapshot``), which sections are open (a ``ViewState``) and which pages are shown.
/// What rows do (toggling through a store, fetching a page) is ``TableActions``'s.
///
/// It joins three UITableView settings screens: the multi-section screen (items by cell type), the expandable list (a
/// collapsible section's row 0 is its title row; rows = items + 1 when open, 1 when closed), and
/// the load-more list (a paginated section ends in a "more" row, always last, that loads the next
/// page and disappears once everything is shown). Every change reports the sections whose rows
/// changed, so a UI reloads only those, as UITableView's `reloadSections` does.
public struct SettingsTable: Sendable {
  /// Which pages of a paginated section to show.
  public enum Pages: Sendable, Equatable {
    /// Pages 1 through N (the table's normal state: N grows as the "more" row is selected).
    case through(Int)
    /// Only page N (1-based), as `settings show SECTION --page N` prints it.
    case only(Int)
    /// Every item.
    case all
  }

  struct Section: Sendable {
    var spec: SettingSection
    /// The items from `offset` on: all of them for inline items, those fetched so far from a
    /// provider, those of ``compiled`` (decoded on first use) for a section read on demand.
    var items: [SettingItem] {
      get { compiled?.items ?? fetched }
      set { fetched = newValue }
    }
    var fetched: [SettingItem]
    /// The section's items read on demand from the compiled form; never paged, filtered or
    /// appended to (``CompiledItems`` says which sections these are).
    var compiled: CompiledItems?
    var total: Int
    var offset: Int
    var visibleCount: Int
    var pageSize: Int?
    var provider: (any ItemsProvider)?
    var state: LoadState
    /// Whether an item of the section (as declared, or fetched so far) has conditions, so that a
    /// change of any value can change its rows.
    var hasConditions = false
    /// Whether an item of the section as declared has `visibleWhen`, so that a change of values
    /// can hide or show rows.
    var hasVisibility = false

    var remaining: Int { max(0, total - offset - visibleCount) }
    /// How many items the next page brings: the page size, else all that remain.
    var nextPageSize: Int { pageSize ?? remaining }
    var hasMoreRow: Bool {
      switch state {
      case .loading, .failed: true
      default: remaining > 0
      }
    }

    mutating func settle() {
      state = remaining > 0 ? .moreAvailable(remaining: remaining) : .exhausted
    }
  }

  /// The values the rows show.
  public private(set) var snapshot: SettingsSnapshot
  /// Which collapsible sections are open.
  public private(set) var viewState: ViewState
  /// Whether any item of the sections has an icon, so that rows reserve the icon column.
  public let showsIcons: Bool
  var sections: [Section]

  /// Builds the table of a list of sections: a document's, or a child page's.
  ///
  /// - Parameters:
  ///   - specs: the sections, top to bottom.
  ///   - snapshot: the values the rows show.
  ///   - viewState: which collapsible sections are open.
  ///   - itemsFiles: for sections (by index) whose `itemsFile` is read lazily, the opened file
  ///     (``LoadedDocument/itemsFiles``); their requested pages are decoded now. Sections not
  ///     listed show their `items`.
  ///   - pages: which pages each paginated section shows; `.through(1)` when not listed.
  /// - Throws: ``DocumentError`` when a line of an items file on a requested page is not a valid item.
  public init(
    sections specs: [SettingSection], snapshot: SettingsSnapshot, viewState: ViewState = ViewState(),
    itemsFiles: [Int: ItemsFile] = [:], pages: [Int: Pages] = [:]
  ) throws(DocumentError) {
    self.snapshot = snapshot
    self.viewState = viewState
    // A section whose rows are still in the compiled form (``SettingSection/compiledItems``) is
    // decoded when a row of it is first needed, as UITableView asks for the rows it shows.
    let compiled = specs.map(\.compiledItems)
    showsIcons = specs.indices.contains { index in
      compiled[index]?.hasIcons ?? specs[index].items.contains { Icon.text(for: $0.imageName) != nil }
    }
    sections = []
    for (index, spec) in specs.enumerated() {
      if let items = compiled[index] {
        var section = Section(
          spec: spec, fetched: [], compiled: items, total: items.count, offset: 0, visibleCount: items.count,
          pageSize: nil, provider: nil, state: .idle)
        section.settle()
        sections.append(section)
        continue
      }
      let file = itemsFiles[index]
      // Hidden items (visibleWhen) are neither shown nor counted.
      let inline =
        spec.items.contains { $0.visibleWhen != nil }
        ? spec.items.filter { snapshot.state(of: $0).isVisible } : spec.items
      let total = file?.itemCount ?? inline.count
      let pageSize = spec.effectivePageSize
      var window = 0..<total
      if let pageSize {
        switch pages[index] ?? .through(1) {
        // Page sizes and numbers come from documents and command lines: saturate, never overflow.
        case .through(let count): window = 0..<min(total, Self.product(pageSize, max(1, count)))
        case .only(let page):
          let start = min(total, Self.product(pageSize, max(0, page - 1)))
          window = start..<start + min(pageSize, total - start)
        case .all: break
        }
      }
      // Items are kept from the window's start: all that follow for inline items, the decoded window
      // for an items file. From the start, the (visible) items' array is shared rather than copied.
      let items =
        try file?.decodedItems(in: window)
        ?? (window.lowerBound == 0 ? inline : Array(inline[window.lowerBound...]))
      if file != nil { self.snapshot.lockItems(items, ofSection: spec) }
      var section = Section(
        spec: spec, fetched: items, total: total, offset: window.lowerBound, visibleCount: window.count,
        pageSize: pageSize, provider: file, state: .idle)
      section.hasVisibility = spec.items.contains { $0.visibleWhen != nil }
      section.hasConditions =
        section.hasVisibility || Self.haveConditions(spec.items) || Self.haveConditions(items)
      section.settle()
      sections.append(section)
    }
  }

  /// Builds the table of a document's top page; see ``init(sections:snapshot:viewState:itemsFiles:pages:)``.
  public init(
    document: SettingsDocument, snapshot: SettingsSnapshot, viewState: ViewState = ViewState(),
    itemsFiles: [Int: ItemsFile] = [:], pages: [Int: Pages] = [:]
  ) throws(DocumentError) {
    try self.init(
      sections: document.sections, snapshot: snapshot, viewState: viewState, itemsFiles: itemsFiles,
      pages: pages)
  }

  /// Builds the table of a child page (its sections have no items files, so this cannot fail).
  public init(page: SettingsPage, snapshot: SettingsSnapshot, viewState: ViewState = ViewState()) {
    do {
      try self.init(sections: page.sections, snapshot: snapshot, viewState: viewState)
    } catch {
      preconditionFailure("without items files nothing is decoded, so nothing can fail")
    }
  }

  // MARK: - Data source

  /// The number of sections.
  public var numberOfSections: Int { sections.count }

  /// The number of rows in a section: a collapsible section's title row, then (when open) its shown
  /// items and, while items remain, the "more" row.
  public func numberOfRows(inSection index: Int) -> Int {
    let section = sections[index]
    let title = section.spec.isCollapsible ? 1 : 0
    if title == 1, !isExpanded(index) { return 1 }
    return title + section.visibleCount + (section.hasMoreRow ? 1 : 0)
  }

  /// The row at `indexPath`, which must be within ``numberOfRows(inSection:)``.
  public func row(at indexPath: TableIndexPath) -> TableRow {
    var row = indexPath.row
    if sections[indexPath.section].spec.isCollapsible {
      if row == 0 {
        return .sectionTitle(
          section: indexPath.section, title: title(ofSection: indexPath.section),
          isExpanded: isExpanded(indexPath.section), summary: summary(ofSection: indexPath.section))
      }
      row -= 1
    }
    if row < sections[indexPath.section].visibleCount {
      let item = sections[indexPath.section].items[row]
      let (value, isModified) = snapshot.value(of: item)
      return .item(item, value: value, isModified: isModified)
    }
    let section = sections[indexPath.section]
    return .more(section: indexPath.section, remaining: section.remaining, state: section.state)
  }

  /// All rows of a section, in order.
  public func rows(inSection index: Int) -> [TableRow] {
    (0..<numberOfRows(inSection: index)).map { row(at: TableIndexPath(row: $0, section: index)) }
  }

  /// The index path of the shown row of the item `key`, if it is shown.
  public func indexPath(ofKey key: String) -> TableIndexPath? {
    for index in sections.indices where isExpanded(index) {
      let first = sections[index].spec.isCollapsible ? 1 : 0
      if let row = shownKeys(inSection: index).firstIndex(of: key) {
        return TableIndexPath(row: first + row, section: index)
      }
    }
    return nil
  }

  /// The keys of a section's shown items (nil for an item without one), without decoding the
  /// items of a section read on demand.
  func shownKeys(inSection index: Int) -> [String?] {
    if let compiled = sections[index].compiled { return compiled.keys }
    return sections[index].items.prefix(sections[index].visibleCount).map(\.key)
  }

  /// Whether a section's items are read on demand and have not been decoded yet: its rows were
  /// never asked for.
  func isUnread(_ index: Int) -> Bool { sections[index].compiled.map { !$0.isDecoded } ?? false }

  /// The items of a section that its rows show when it is open, whether it is open or not: those
  /// `visibleWhen` leaves, on the pages shown. Machine output (`show --json`) lists these, so
  /// that a closed section's items are data as much as an open one's.
  public func shownItems(inSection index: Int) -> [SettingItem] {
    Array(sections[index].items.prefix(sections[index].visibleCount))
  }

  /// The section as declared.
  public func section(_ index: Int) -> SettingSection { sections[index].spec }

  /// Whether a collapsible section is open (always true for other sections).
  public func isExpanded(_ index: Int) -> Bool {
    let spec = sections[index].spec
    return !spec.isCollapsible || viewState.isExpanded(spec, at: index)
  }

  /// A section's title: its header, else its id, else "Section N" (1-based).
  public func title(ofSection index: Int) -> String {
    let spec = sections[index].spec
    return spec.header ?? spec.id ?? "Section \(index + 1)"
  }

  /// What a section holds, for a closed section's title row: "4 items, 1 changed".
  public func summary(ofSection index: Int) -> String {
    let section = sections[index]
    let changed =
      compiledChangedCount(inSection: index)
      ?? section.items.filter { snapshot.value(of: $0).isModified }.count
    let items = section.total == 1 ? "1 item" : "\(section.total) items"
    return changed > 0 ? "\(items), \(changed) changed" : items
  }

  /// The pagination of a section: the first shown item's index, how many are shown, how many in all.
  public func pagination(ofSection index: Int) -> (offset: Int, shown: Int, total: Int) {
    (sections[index].offset, sections[index].visibleCount, sections[index].total)
  }

  /// The source a section's pages are fetched from, if it has one (an items file or a provider).
  public func provider(ofSection index: Int) -> (any ItemsProvider)? { sections[index].provider }

  // MARK: - Changing what is shown

  /// Opens or closes a collapsible section (records it in ``viewState``; saving it is the caller's).
  ///
  /// - Returns: the section, when it changed.
  @discardableResult
  public mutating func setExpanded(_ isExpanded: Bool, section index: Int) -> TableUpdate {
    guard sections[index].spec.isCollapsible, self.isExpanded(index) != isExpanded else { return .none }
    viewState.expanded[ViewState.name(of: sections[index].spec, at: index)] = isExpanded
    return TableUpdate(reloadedSections: [index])
  }

  /// Shows new values: re-applies `visibleWhen` (hidden items leave the rows and the counts; the
  /// number of pages shown stays) and reports the sections whose rows changed.
  @discardableResult
  public mutating func apply(_ snapshot: SettingsSnapshot) -> TableUpdate {
    var snapshot = snapshot
    // The locks of items-file sections on the items read so far (a new snapshot has not seen them).
    for section in sections where section.provider != nil {
      snapshot.lockItems(section.items, ofSection: section.spec)
    }
    guard snapshot != self.snapshot else { return .none }
    return reloading(Array(sections.indices)) { $0.snapshot = snapshot }
  }

  /// Makes `change`, re-applies `visibleWhen` and reports which of `candidates` (the sections whose
  /// rows the change can touch) now draw differently. Only those sections' rows are compared.
  mutating func reloading(_ candidates: [Int], _ change: (inout SettingsTable) -> Void) -> TableUpdate {
    // A section read on demand whose rows were never asked for was never drawn: it shows the new
    // values when it first is.
    let candidates = candidates.filter { !isUnread($0) }
    let before = candidates.map {
      (rows(inSection: $0), conditionStates(inSection: $0), rejectedKeys(inSection: $0))
    }
    change(&self)
    refreshVisibility()
    // A row also changes when a condition disables it (its reason is drawn), or when its rejected
    // stored value is replaced (its `!` goes), with the same value.
    let reloaded = zip(candidates, before).filter { index, before in
      before.0 != rows(inSection: index) || before.1 != conditionStates(inSection: index)
        || before.2 != rejectedKeys(inSection: index)
    }
    return TableUpdate(reloadedSections: reloaded.map(\.0))
  }

  /// The keys of the shown items whose stored value is rejected (``SettingsSnapshot/problem(of:)``).
  func rejectedKeys(inSection index: Int) -> [String] {
    guard !snapshot.problems.isEmpty || !snapshot.otherOverrides.isEmpty else { return [] }
    return sections[index].items.prefix(sections[index].visibleCount).compactMap { item in
      snapshot.problem(of: item) == nil ? nil : item.key
    }
  }

  /// The states of the shown items that have conditions.
  func conditionStates(inSection index: Int) -> [ItemState] {
    sections[index].items.prefix(sections[index].visibleCount).compactMap { item in
      item.enabledWhen == nil && item.visibleWhen == nil ? nil : snapshot.state(of: item)
    }
  }

  /// Shows one new value of `key`, as a change made through ``Settings`` left it; see ``apply(_:)``.
  /// A stored value of `key` that was rejected is no longer a problem: the change replaced it.
  ///
  /// - Parameters:
  ///   - value: the key's new value.
  ///   - key: the key, as the store keeps it (a full dot path).
  ///   - isOverride: whether the value is now stored (false after a reset).
  ///
  /// Only the sections that show `key` or have items with conditions are compared before and
  /// after, and the values are changed in place: the cost does not grow with the other sections.
  @discardableResult
  public mutating func apply(_ value: SettingValue, forKey key: String, isOverride: Bool) -> TableUpdate {
    let candidates = sections.indices.filter { index in
      sections[index].hasConditions || shownKeys(inSection: index).contains(key)
    }
    return reloading(candidates) { table in
      table.snapshot.setValue(value, forKey: key)
      if isOverride { table.snapshot.modified.insert(key) } else { table.snapshot.modified.remove(key) }
      table.snapshot.sources[key] = isOverride ? .user : table.snapshot.sourceWithoutOverride(ofKey: key)
      table.snapshot.otherOverrides[key] = nil
      table.snapshot.removeProblem(forKey: key)
    }
  }

  /// Whether any of `items` has `enabledWhen` or `visibleWhen`.
  static func haveConditions(_ items: [SettingItem]) -> Bool {
    items.contains { $0.enabledWhen != nil || $0.visibleWhen != nil }
  }

  /// Re-applies `visibleWhen` to inline sections after the values changed (only sections with
  /// such items can change).
  mutating func refreshVisibility() {
    for index in sections.indices where sections[index].provider == nil && sections[index].hasVisibility {
      let visible = sections[index].spec.items.filter { snapshot.state(of: $0).isVisible }
      let offset = min(sections[index].offset, visible.count)
      let wasShowingAll = sections[index].remaining == 0
      sections[index].items = Array(visible[offset...])
      sections[index].total = visible.count
      sections[index].offset = offset
      sections[index].visibleCount =
        wasShowingAll
        ? sections[index].items.count : min(sections[index].items.count, sections[index].visibleCount)
      sections[index].settle()
    }
  }

  /// Shows the next page of an inline section (whose items are all at hand).
  mutating func showNextInlinePage(inSection index: Int) {
    let count = sections[index].items.count
    sections[index].visibleCount = min(
      count, sections[index].visibleCount + min(sections[index].nextPageSize, count))
    sections[index].settle()
  }

  /// The range of items the next page of a provided section holds.
  func nextPageRange(inSection index: Int) -> Range<Int> {
    let section = sections[index]
    let start = section.offset + section.items.count
    return start..<start + max(0, min(section.nextPageSize, section.total - start))
  }

  /// Marks a section as fetching its next page.
  mutating func setLoading(section index: Int) {
    sections[index].state = .loading
  }

  /// Appends a fetched page to a section.
  mutating func append(_ page: [SettingItem], toSection index: Int) {
    snapshot.lockItems(page, ofSection: sections[index].spec)
    if Self.haveConditions(page) { sections[index].hasConditions = true }
    sections[index].items += page
    sections[index].visibleCount = sections[index].items.count
    sections[index].settle()
  }

  /// Records a failed fetch: the shown items stay; the "more" row offers a retry.
  mutating func setFailed(_ message: String, section index: Int) {
    sections[index].state = .failed(message)
  }

  /// Makes a section's items come from `provider` with `total` items, none shown yet.
  mutating func setProvider(_ provider: any ItemsProvider, total: Int, section index: Int) {
    sections[index].provider = provider
    sections[index].items = []
    sections[index].offset = 0
    sections[index].visibleCount = 0
    sections[index].pageSize = sections[index].pageSize ?? SettingSection.defaultItemsFilePageSize
    sections[index].total = total
    sections[index].state = .idle
  }

  /// Sets a provided section's total, after its source was opened again.
  mutating func setTotal(_ total: Int, section index: Int, provider: any ItemsProvider) {
    sections[index].provider = provider
    sections[index].total = max(total, sections[index].offset + sections[index].items.count)
  }

  func sectionsShowing(key: String) -> [Int] {
    sections.indices.filter { index in
      sections[index].compiled.map { $0.keys.contains(key) }
        ?? sections[index].items.contains { $0.key == key }
    }
  }

  /// `a * b`, or `Int.max` when that overflows (both are at least 0).
  static func product(_ a: Int, _ b: Int) -> Int {
    let (result, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? Int.max : result
  }
}
