/// The settings screen as a table data source, in `UITableViewDataSource` and `UITableViewDelegate`
/// terms: sections, rows per section, the row at a ``TableIndexPath``, and selection.
///
/// It joins the three seeds: the multi-section screen (items by cell type), the expandable list (a
/// collapsible section's row 0 is its title row; rows = items + 1 when open, 1 when closed), and
/// the load-more list (a paginated section ends in a "more" row, always last, that loads the next
/// page and disappears once everything is shown). Selection reports which sections changed, so a
/// UI reloads only those, as the seed's `reloadSections` does.
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

  /// The page size of an `itemsFile` section that declares none.
  public static let defaultItemsFilePageSize = 50

  struct Section: Sendable {
    var spec: SettingSection
    /// The items from `offset` on: all of them for inline items, those fetched so far from a provider.
    var items: [SettingItem]
    var total: Int
    var offset: Int
    var visibleCount: Int
    var pageSize: Int?
    var provider: (any ItemsProvider)?
    var state: LoadState

    var remaining: Int { max(0, total - offset - visibleCount) }
    var hasMoreRow: Bool {
      switch state {
      case .loading, .failed: true
      default: remaining > 0
      }
    }
  }

  /// The document the table shows.
  public private(set) var document: SettingsDocument
  /// The values the rows show.
  public private(set) var snapshot: SettingsSnapshot
  /// Which collapsible sections are open.
  public private(set) var viewState: ViewState
  /// Where switch rows are toggled; nil for a read-only table.
  public let settings: Settings?
  var sections: [Section]

  /// Builds the table.
  ///
  /// - Parameters:
  ///   - itemsFiles: for sections (by index) whose `itemsFile` is read lazily, the opened file; their
  ///     requested pages are decoded now. Sections not listed show their `items`.
  ///   - pages: which pages each paginated section shows; `.through(1)` when not listed.
  /// - Throws: ``DocumentError`` when a line of an items file on a requested page is not a valid item.
  public init(
    document: SettingsDocument, snapshot: SettingsSnapshot, viewState: ViewState = ViewState(),
    settings: Settings? = nil, itemsFiles: [Int: ItemsFile] = [:], pages: [Int: Pages] = [:]
  ) throws(DocumentError) {
    self.document = document
    self.snapshot = snapshot
    self.viewState = viewState
    self.settings = settings
    sections = []
    for (index, spec) in document.sections.enumerated() {
      let file = itemsFiles[index]
      // Hidden items (visibleWhen) are neither shown nor counted.
      let inline =
        spec.items.contains { $0.visibleWhen != nil }
        ? spec.items.filter { snapshot.state(of: $0).isVisible } : spec.items
      let total = file?.itemCount ?? inline.count
      let pageSize = spec.pageSize ?? (spec.itemsFile != nil ? Self.defaultItemsFilePageSize : nil)
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
      // for an items file.
      // From the start, the (visible) items' array is shared rather than copied.
      let items =
        try file?.decodedItems(in: window)
        ?? (window.lowerBound == 0 ? inline : Array(inline[window.lowerBound...]))
      var section = Section(
        spec: spec, items: items, total: total, offset: window.lowerBound, visibleCount: window.count,
        pageSize: pageSize, provider: file, state: .idle)
      section.state = section.remaining > 0 ? .moreAvailable(remaining: section.remaining) : .exhausted
      sections.append(section)
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
    let changed = section.items.filter { snapshot.value(of: $0).isModified }.count
    let items = section.total == 1 ? "1 item" : "\(section.total) items"
    return changed > 0 ? "\(items), \(changed) changed" : items
  }

  /// The pagination of a section: the first shown item's index, how many are shown, how many in all.
  public func pagination(ofSection index: Int) -> (offset: Int, shown: Int, total: Int) {
    (sections[index].offset, sections[index].visibleCount, sections[index].total)
  }

  // MARK: - Delegate

  /// Performs the row's action, as `tableView(_:didSelectRowAt:)` would, and reports what changed.
  ///
  /// A section title row opens or closes its section; a switch row toggles it through the store
  /// (a table without ``settings`` ignores it); a "more" row loads the next page; other rows do
  /// nothing here (a UI navigates).
  ///
  /// - Throws: ``SettingsError`` when toggling fails; the table is unchanged then.
  public mutating func didSelectRow(at indexPath: TableIndexPath) async throws(SettingsError) -> TableUpdate {
    switch row(at: indexPath) {
    case .sectionTitle(let index, _, let isExpanded, _):
      setExpanded(!isExpanded, section: index)
      return TableUpdate(reloadedSections: [index])
    case .item(let item, _, _):
      guard item.type == .switch, let key = item.key, let settings else { return .none }
      let before = snapshot.value(of: item).value
      try settings.toggle(key)
      snapshot = try settings.snapshot()
      refreshVisibility()
      let after = snapshot.value(of: item).value
      let change = before.flatMap { old in after.map { SettingChange(key: key, oldValue: old, newValue: $0) }
      }
      return TableUpdate(reloadedSections: sectionsShowing(key: key), change: change)
    case .more(let index, _, _):
      await loadNextPage(inSection: index)
      return TableUpdate(reloadedSections: [index])
    }
  }

  /// Opens or closes a collapsible section (records it in ``viewState``; saving it is the caller's).
  public mutating func setExpanded(_ isExpanded: Bool, section index: Int) {
    guard sections[index].spec.isCollapsible else { return }
    viewState.expanded[ViewState.name(of: sections[index].spec, at: index)] = isExpanded
  }

  /// Shows the next page of a paginated section, fetching it from the section's provider if it has one.
  ///
  /// A failed fetch leaves the shown items as they were and sets the state to `.failed`; calling
  /// again retries.
  public mutating func loadNextPage(inSection index: Int) async {
    var section = sections[index]
    guard section.remaining > 0 || section.state != .exhausted else { return }
    let pageSize = section.pageSize ?? section.remaining
    if let provider = section.provider {
      let start = section.offset + section.items.count
      section.state = .loading
      sections[index] = section
      do {
        let page = try await provider.items(in: start..<start + max(0, min(pageSize, section.total - start)))
        section.items += page
        section.visibleCount = section.items.count
      } catch {
        section.state = .failed(Self.message(for: error))
        sections[index] = section
        return
      }
    } else {
      let count = section.items.count
      section.visibleCount = min(count, section.visibleCount + min(pageSize, count))
    }
    section.state = section.remaining > 0 ? .moreAvailable(remaining: section.remaining) : .exhausted
    sections[index] = section
  }

  /// Makes a section take its items from `provider`: counts them and fetches the first page.
  public mutating func setProvider(_ provider: any ItemsProvider, forSection index: Int) async {
    var section = sections[index]
    section.provider = provider
    section.items = []
    section.offset = 0
    section.visibleCount = 0
    section.pageSize = section.pageSize ?? Self.defaultItemsFilePageSize
    do {
      section.total = try await provider.count()
      section.state = .idle
    } catch {
      section.total = 0
      section.state = .failed(Self.message(for: error))
    }
    sections[index] = section
    if case .failed = section.state { return }
    await loadNextPage(inSection: index)
  }

  /// Re-reads the values from ``settings`` (after changes made elsewhere).
  public mutating func reloadValues() throws(SettingsError) {
    guard let settings else { return }
    snapshot = try settings.snapshot()
    refreshVisibility()
  }

  /// Re-applies `visibleWhen` to inline sections after the values changed: hidden items leave the
  /// rows and the counts; the number of pages shown stays.
  mutating func refreshVisibility() {
    for index in sections.indices where sections[index].provider == nil {
      let visible = sections[index].spec.items.filter { snapshot.state(of: $0).isVisible }
      let offset = min(sections[index].offset, visible.count)
      let wasShowingAll = sections[index].remaining == 0
      sections[index].items = Array(visible[offset...])
      sections[index].total = visible.count
      sections[index].offset = offset
      sections[index].visibleCount =
        wasShowingAll
        ? sections[index].items.count : min(sections[index].items.count, sections[index].visibleCount)
      let remaining = sections[index].remaining
      sections[index].state = remaining > 0 ? .moreAvailable(remaining: remaining) : .exhausted
    }
  }

  func sectionsShowing(key: String) -> [Int] {
    sections.indices.filter { index in sections[index].items.contains { $0.key == key } }
  }

  /// `a * b`, or `Int.max` when that overflows (both are at least 0).
  static func product(_ a: Int, _ b: Int) -> Int {
    let (result, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? Int.max : result
  }

  static func message(for error: any Error) -> String {
    switch error {
    case let error as DocumentError: error.messages.joined(separator: "; ")
    case let error as SettingsError: error.message
    default: "\(error)"
    }
  }
}
