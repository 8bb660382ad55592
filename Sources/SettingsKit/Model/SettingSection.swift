/// A group of rows with an optional header and footer, as in a grouped table view.
///
/// A section may be collapsible (as an expandable list: its title row opens and closes it) and
/// paginated ("load more": a trailing "more" row loads the next page).
public struct SettingSection: Codable, Sendable, Equatable {
  /// Where the rows are: decoded, or in the compiled form until first asked for.
  private enum Storage: Sendable {
    case decoded([SettingItem])
    case compiled(CompiledItems)
  }
  /// The section's name for the command line (`settings expand network`): letters, digits, `-`, `_`;
  /// unique in the document.
  public var id: String?
  /// The text above the section's rows.
  public var header: String?
  /// The text below the section's rows.
  public var footer: String?
  private var storage: Storage

  /// The section's rows, in order. A section opened from the compiled form decodes them the first
  /// time they are read (``compiledItems``); every reader sees the same rows either way.
  public var items: [SettingItem] {
    get {
      switch storage {
      case .decoded(let items): items
      case .compiled(let compiled): compiled.items
      }
    }
    set { storage = .decoded(newValue) }
    // Changed in place: a row changed through a copy of the array would copy every row.
    _modify {
      var items: [SettingItem]
      switch storage {
      case .decoded(let decoded): items = decoded
      case .compiled(let compiled): items = compiled.items
      }
      storage = .decoded([])
      defer { storage = .decoded(items) }
      yield &items
    }
  }

  /// The compiled form of the rows while they have not been decoded into this section: nil once
  /// they are (or when the section was decoded whole, or its rows were set).
  public var compiledItems: CompiledItems? {
    guard case .compiled(let compiled) = storage, !compiled.isDecoded else { return nil }
    return compiled
  }
  /// Whether the section's title row opens and closes it.
  public var collapsible: Bool?
  /// A collapsible section's state as shipped; absent means closed.
  public var expanded: Bool?
  /// How many items a page shows before a "more" row; absent means all at once.
  public var pageSize: Int?
  /// A JSON Lines file, relative to the document, whose lines are this section's items.
  public var itemsFile: String?

  /// Creates a section.
  public init(
    id: String? = nil, header: String? = nil, footer: String? = nil, items: [SettingItem],
    collapsible: Bool? = nil, expanded: Bool? = nil, pageSize: Int? = nil, itemsFile: String? = nil
  ) {
    self.id = id
    self.header = header
    self.footer = footer
    self.storage = .decoded(items)
    self.collapsible = collapsible
    self.expanded = expanded
    self.pageSize = pageSize
    self.itemsFile = itemsFile
  }

  /// A section whose rows are read from `compiled` when first asked for.
  init(fields section: SettingSection, compiled: CompiledItems) {
    self = section
    storage = .compiled(compiled)
  }

  /// Whether the section is collapsible.
  public var isCollapsible: Bool { collapsible ?? false }
  /// Whether a collapsible section is open as shipped.
  public var isExpandedByDefault: Bool { expanded ?? false }

  /// How many items a page of a section with an `itemsFile` shows when it gives no `pageSize`.
  public static let defaultItemsFilePageSize = 50

  /// How many items a page shows: `pageSize`, else ``defaultItemsFilePageSize`` for a section
  /// with an `itemsFile`; nil when every item is shown at once. The one rule for this.
  public var effectivePageSize: Int? {
    pageSize ?? (itemsFile != nil ? Self.defaultItemsFilePageSize : nil)
  }

  /// Whether two sections have the same fields and rows; rows read from the same compiled form, or
  /// from equal bytes of two (`CompiledItems.isSame(as:)`), are the same without decoding them.
  public static func == (lhs: SettingSection, rhs: SettingSection) -> Bool {
    guard lhs.id == rhs.id, lhs.header == rhs.header, lhs.footer == rhs.footer,
      lhs.collapsible == rhs.collapsible, lhs.expanded == rhs.expanded, lhs.pageSize == rhs.pageSize,
      lhs.itemsFile == rhs.itemsFile
    else { return false }
    if case .compiled(let left) = lhs.storage, case .compiled(let right) = rhs.storage, left.isSame(as: right)
    {
      return true
    }
    return lhs.items == rhs.items
  }
}
