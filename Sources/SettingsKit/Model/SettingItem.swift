/// One row of a settings screen: the seed's `SettingItem`, with a key that names it on the command line.
public struct SettingItem: Codable, Sendable, Equatable {
  /// The item's name for the command line and the store: letters, digits, `-` and `_`, unique in the
  /// document. Required on switches; optional elsewhere.
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

  /// Creates an item.
  public init(
    key: String? = nil, type: CellType, title: String, subTitle: String? = nil,
    rightDetail: String? = nil, on: Bool? = nil, imageName: String? = nil
  ) {
    self.key = key
    self.type = type
    self.title = title
    self.subTitle = subTitle
    self.rightDetail = rightDetail
    self.on = on
    self.imageName = imageName
  }

  /// The switch's default state: `on`, or off when absent.
  public var defaultIsOn: Bool { on ?? false }
}
