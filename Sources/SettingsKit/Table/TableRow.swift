/// What stands at one index path of a ``SettingsTable``.
public enum TableRow: Sendable, Equatable {
  /// A collapsible section's title row (row 0): selecting it opens or closes the section.
  ///
  /// `summary` says what a closed section holds, such as "4 items, 1 changed".
  case sectionTitle(section: Int, title: String, isExpanded: Bool, summary: String)
  /// An item with its current value (nil for a detailTitle) and whether that value is an override.
  case item(SettingItem, value: SettingValue?, isModified: Bool)
  /// The trailing "more" row of a paginated section: selecting it loads the next page.
  case more(section: Int, remaining: Int, state: LoadState)
}

/// The loading states of a paginated section, as a "load more" section's loading cell shows them.
public enum LoadState: Sendable, Equatable {
  /// Nothing loaded yet.
  case idle
  /// A page is being fetched.
  case loading
  /// Pages remain; `remaining` items are not shown yet.
  case moreAvailable(remaining: Int)
  /// Every item is shown.
  case exhausted
  /// The last fetch failed with this message; selecting the "more" row retries.
  case failed(String)
}

/// What an action or a change of values did to a table, so that a UI reloads only what changed (as
/// UITableView's `reloadSections`).
public struct TableUpdate: Sendable, Equatable {
  /// The sections whose rows changed, ascending.
  public var reloadedSections: [Int]
  /// The value change the action made, if any.
  public var change: SettingChange?

  /// Creates an update.
  public init(reloadedSections: [Int] = [], change: SettingChange? = nil) {
    self.reloadedSections = reloadedSections
    self.change = change
  }

  /// Nothing changed.
  public static let none = TableUpdate()
}
