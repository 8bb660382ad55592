/// One row of a settings screen: a UITableView screen's `SettingItem`, with a key that names it on the command line.
public struct SettingItem: Codable, Sendable, Equatable {
  /// The item's name for the command line and the store. In a document it is letters, digits, `-`
  /// and `_`, unique among the items of its page; once loaded, an item inside a child page carries
  /// its full dot path (`cellular.roaming`), and encoding writes its own key back. Required on
  /// switches, choice items and items with a page.
  public var key: String?
  /// The cell type, which decides the row's accessory.
  public var type: CellType
  /// The row's title.
  public var title: String
  /// A second line under the title.
  public var subTitle: String?
  /// The value shown on the right of a `rightDetail` row.
  public var rightDetail: String?
  /// A switch's state as shipped: its default. Absent means off. Only switches have it.
  public var on: Bool?
  /// The row's icon: a name such as `airplane` (shown as a matching emoji) or an emoji itself.
  public var imageName: String?
  /// The child page this row opens (a detailTitle or rightDetail row), like iOS's "셀룰러 ›".
  public var page: SettingsPage?
  /// The values a rightDetail item can take (Settings.bundle's multi-value); its right detail shows
  /// the chosen one's title.
  public var choices: [SettingChoice]?
  /// A choice item's default: one of its choices' values.
  public var value: String?
  /// The values other items must have for this one to be enabled, by their full keys.
  public var enabledWhen: [String: SettingCondition]?
  /// The values other items must have for this one to be shown at all, by their full keys.
  public var visibleWhen: [String: SettingCondition]?
  /// Earlier keys of this item, as full dot paths (`roaming` for an item now at
  /// `cellular.roaming`): a value stored under one reads as this item's, and the next write moves it.
  public var renamedFrom: [String]?
  /// Why the item is retired and what to use instead; `show` marks its row and `set` warns.
  public var deprecated: String?

  // The fields of the value types (textField, number, slider, multiple choice); see
  // SettingItem+Values.swift.

  /// A longer help text, shown by `describe`, by the screen for the selected row and searched by
  /// `find`. Any item may have one.
  public var description: String?
  /// A text field's dimmed text while it is empty.
  public var placeholder: String?
  /// A text field's longest text, in user-perceived characters (grapheme clusters).
  public var maxLength: Int?
  /// A regular expression (Swift `Regex` syntax) that a text field's whole text must match.
  public var pattern: String?
  /// What a text field shows when its text does not match ``pattern``, such as `must look like host:port`.
  public var patternMessage: String?
  /// Whether a text field's value is masked wherever it is shown (a password). Only text fields.
  public var secure: Bool?
  /// Whether the item's value is a secret: a text field with `"secure": true`, or a list of records
  /// with such a field. Its value is masked wherever it is shown, left out of dumps unless asked
  /// for, and never written to the journal.
  public var isSecure: Bool { securesValue }
  /// A number's or slider's least value.
  public var min: ExactDecimal?
  /// A number's or slider's greatest value.
  public var max: ExactDecimal?
  /// A number's or slider's step (1 when absent): a value is ``min`` plus a whole number of steps.
  public var step: ExactDecimal?
  /// The display text after a number, such as `min` or `분`.
  public var unit: String?
  /// Whether a choice item takes any subset of its choices (`"multiple": true`).
  public var multiple: Bool?
  /// A number's or slider's default.
  public var numberValue: ExactDecimal?
  /// A multiple choice item's default: choice values, in the choices' order.
  public var multipleValue: [String]?
  /// A list item's element, rules and default (the fields `element`, `fields`, `titleField`,
  /// `subtitleField`, `minCount`, `maxCount`, `unique` and `value`); nil for other items.
  public var list: SettingList?

  /// Creates an item.
  public init(
    key: String? = nil, type: CellType, title: String, subTitle: String? = nil,
    rightDetail: String? = nil, on: Bool? = nil, imageName: String? = nil, page: SettingsPage? = nil,
    choices: [SettingChoice]? = nil, value: String? = nil, enabledWhen: [String: SettingCondition]? = nil,
    visibleWhen: [String: SettingCondition]? = nil, renamedFrom: [String]? = nil, deprecated: String? = nil
  ) {
    self.key = key
    self.type = type
    self.title = title
    self.subTitle = subTitle
    self.rightDetail = rightDetail
    self.on = on
    self.imageName = imageName
    self.page = page
    self.choices = choices
    self.value = value
    self.enabledWhen = enabledWhen
    self.visibleWhen = visibleWhen
    self.renamedFrom = renamedFrom
    self.deprecated = deprecated
  }

  /// The key's last component: the name it has in its own page (`roaming` for `cellular.roaming`).
  public var localKey: String? {
    guard let key else { return nil }
    guard let dot = key.lastIndex(of: ".") else { return key }
    return String(key[key.index(after: dot)...])
  }

  /// The choice whose value is `value`, if the item has choices.
  public func choice(withValue value: String) -> SettingChoice? { choosing(value) }

  /// The switch's default state: `on`, or off when absent.
  public var defaultIsOn: Bool { isOnByDefault }
}
