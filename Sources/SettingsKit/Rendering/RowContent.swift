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
    /// A text field's or number's value, without a chevron: cut with `…` to a third of the width.
    case value(String)
    /// A text field's placeholder while it is empty: dimmed, cut as a value.
    case placeholder(String)
    /// A slider: a bar filled to `fraction` (0 to 1) that takes the row's free width, then `label`.
    case slider(fraction: Double, label: String)
    /// A multiple choice item's chosen titles, joined with `, `, or `N selected` when they do not
    /// fit; then a chevron.
    case choices([String])
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

  /// The content of an item's row, given its current value and whether that value is an override;
  /// a secure text field shows a fixed mask unless `reveal`.
  public init(item: SettingItem, value: SettingValue?, isModified: Bool, reveal: Bool = false) {
    self.init(row: item, value: value, isModified: isModified, reveal: reveal)
  }

  /// ``init(item:value:isModified:reveal:)`` for any item's fields: a decoded item's, or a row's
  /// read from the compiled form (``CompiledRow``).
  package init<Row: RowFields>(row item: Row, value: SettingValue?, isModified: Bool, reveal: Bool = false) {
    let accessory: Accessory =
      switch (item.type, value) {
      case (.switch, .bool(let flag)?): .switchState(flag)
      case (.switch, _): .switchState(item.isOnByDefault)
      case (.textField, .string(let text)?) where text.isEmpty: .placeholder(item.placeholder ?? "")
      case (.textField, .string(let text)?):
        .value(ValueRules.text(of: .string(text), forRow: item, style: .listed(reveal: reveal)))
      case (.textField, _): .placeholder(item.placeholder ?? "")
      case (.number, .number(let number)?), (.slider, .number(let number)?):
        Self.numberAccessory(item, number)
      case (.number, _), (.slider, _): .value(value?.description ?? "")
      case (.rightDetail, .strings(let values)?):
        .choices(values.map { ValueRules.text(of: .string($0), forRow: item, style: .row) })
      case (.rightDetail, .string(let text)?):
        .detail(ValueRules.text(of: .string(text), forRow: item, style: .row))
      case (.rightDetail, let value?): .detail(value.description)
      case (.rightDetail, nil): .detail(item.rightDetail ?? "")
      case (.detailTitle, _): .chevron
      case (.list, .list(let elements)?): .detail(ValueRules.countText(elements.count))
      case (.list, _): .detail(ValueRules.countText(item.list?.defaultValue.count ?? 0))
      }
    self.init(
      isModified: isModified, icon: Icon.text(for: item.imageName), title: item.title,
      subTitle: item.subTitle,
      accessory: accessory)
  }

  /// A number's value with its unit (`30 min`), or a slider's bar.
  static func numberAccessory<Row: RowFields>(_ item: Row, _ number: ExactDecimal) -> Accessory {
    let label = ValueRules.text(of: .number(number), forRow: item, style: ValueStyle(withUnit: true))
    guard item.type == .slider, let minimum = item.min, let maximum = item.max, minimum < maximum else {
      return .value(label)
    }
    let span = (maximum.subtracting(minimum)?.doubleValue ?? 1)
    let fraction = (number.subtracting(minimum)?.doubleValue ?? 0) / span
    return .slider(fraction: Swift.min(1, Swift.max(0, fraction)), label: label)
  }
}
