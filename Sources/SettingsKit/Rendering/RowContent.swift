/// What one table row shows, before it is laid out at a width.
public struct RowContent: Sendable, Equatable {
  /// What stands at the right edge of a row.
  public enum Accessory: Sendable, Equatable {
    /// Nothing.
    case none
    /// A switch's state: `on` or `off`.
    case switchState(Bool)
    /// A disclosure chevron `›`: the row navigates.
    case chevron
    /// A value followed by a chevron, as a right-detail row shows it.
    case detail(String)
    /// Plain text, such as a closed section's summary.
    case text(String)
  }

  /// Whether the row's value comes from the store (marked `*` in the left margin).
  public var isModified: Bool
  /// Whether the store holds a value the item does not accept, so the row shows its default
  /// (marked `!` in the left margin, over `*`).
  public var hasRejectedStoredValue = false
  /// The icon (an emoji, 2 columns), or nil.
  public var icon: String?
  /// The title.
  public var title: String
  /// A second line under the title.
  public var subTitle: String?
  /// The right-edge content.
  public var accessory: Accessory
  /// Why the row is disabled; shown dimmed on a line of its own under the title.
  public var disabledReason: String?

  /// Whether a system file locks the item (marked `🔒` in the left margin, over `!` and `*`).
  public var isLocked = false

  /// The lock sign: an emoji of 2 columns, the whole margin.
  static let lockSign = "🔒"

  /// The left margin's mark: the lock sign for a locked item, `!` for a rejected stored value, `*`
  /// for an override, else none.
  var marker: String? {
    isLocked ? Self.lockSign : hasRejectedStoredValue ? "!" : isModified ? "*" : nil
  }

  /// Creates row content.
  public init(
    isModified: Bool = false, icon: String? = nil, title: String, subTitle: String? = nil,
    accessory: Accessory = .none
  ) {
    self.isModified = isModified
    self.icon = icon
    self.title = title
    self.subTitle = subTitle
    self.accessory = accessory
  }

  /// The content of an item's row, given its current value and whether that value is an override.
  public init(item: SettingItem, value: SettingValue?, isModified: Bool) {
    let accessory: Accessory =
      switch (item.type, value) {
      case (.switch, .bool(let flag)?): .switchState(flag)
      case (.switch, _): .switchState(item.defaultIsOn)
      case (.rightDetail, .string(let text)?): .detail(item.choice(withValue: text)?.title ?? text)
      case (.rightDetail, let value?): .detail(value.description)
      case (.rightDetail, nil): .detail(item.rightDetail ?? "")
      case (.detailTitle, _): .chevron
      }
    self.init(
      isModified: isModified, icon: Icon.text(for: item.imageName), title: item.title,
      subTitle: item.subTitle,
      accessory: accessory)
  }
}
