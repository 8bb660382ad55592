/// The kind of cell an item is shown as, as a UITableView settings screen has them.
///
/// - `detailTitle`: a title with an optional subtitle under it; navigates (a chevron).
/// - `switch`: a title with an on/off switch as its accessory; its state is a stored value.
/// - `rightDetail`: a title with a value on the right; navigates (a chevron).
/// - `textField`, `number`, `slider`: a title with an edited value on the right.
/// - `list`: a title with the count of its elements, which the user adds, removes and orders
///   (``SettingList``); navigates (a chevron).
public enum CellType: String, Codable, Sendable, CaseIterable, Equatable {
  /// A title and subtitle that navigates, shown with a chevron.
  case detailTitle
  /// An on/off switch.
  case `switch`
  /// A title with a value on the right, and a chevron.
  case rightDetail
  /// A text value that the user types (Settings.bundle's text field), shown on the right.
  case textField
  /// An exact decimal value with an optional range, step and unit, shown on the right.
  case number
  /// A number with a required range, drawn as a bar.
  case slider
  /// A list of values or records that the user builds (``SettingItem/list``), shown with its count.
  case list

  /// Whether a row of this type shows a disclosure chevron (it navigates somewhere).
  public var isNavigational: Bool { self == .detailTitle || self == .rightDetail }
}
