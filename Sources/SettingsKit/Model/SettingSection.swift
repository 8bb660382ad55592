/// A group of rows with an optional header and footer, as in a grouped table view.
///
/// A section may be collapsible (the expandable-sections seed: its title row opens and closes it) and
/// paginated (the load-more seed: a trailing "more" row loads the next page).
public struct SettingSection: Codable, Sendable, Equatable {
  /// The section's name for the command line (`settings expand network`): letters, digits, `-`, `_`;
  /// unique in the document.
  public var id: String?
  /// The text above the section's rows.
  public var header: String?
  /// The text below the section's rows.
  public var footer: String?
  /// The section's rows, in order.
  public var items: [SettingItem]
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
    self.items = items
    self.collapsible = collapsible
    self.expanded = expanded
    self.pageSize = pageSize
    self.itemsFile = itemsFile
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
}
