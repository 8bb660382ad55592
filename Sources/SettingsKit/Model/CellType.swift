/// The kind of cell an item is shown as, from the multi-section seed.
///
/// - `detailTitle`: a title with an optional subtitle under it; navigates (a chevron).
/// - `switch`: a title with an on/off switch as its accessory; its state is a stored value.
/// - `rightDetail`: a title with a value on the right; navigates (a chevron).
public enum CellType: String, Codable, Sendable, CaseIterable, Equatable {
  /// A title and subtitle that navigates, shown with a chevron.
  case detailTitle
  /// An on/off switch.
  case `switch`
  /// A title with a value on the right, and a chevron.
  case rightDetail

  /// Whether a row of this type shows a disclosure chevron (it navigates somewhere).
  public var isNavigational: Bool { self != .switch }
}
