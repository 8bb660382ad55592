/// What a `list` item holds: its element (one value type, or a record of fields) and the rules of
/// the whole list.
///
/// A value list declares ``element``: a text field (with its `pattern` and `maxLength`), a number
/// or slider (with its range), or a choice (a `rightDetail` declaration with `choices`), without a
/// key or a title. A record list declares ``fields``: item declarations with keys (text fields,
/// secure text fields, numbers, switches and choices), one of which, ``titleField``, titles an
/// element. A list's value is a ``SettingValue/list(_:)`` of such values, or of
/// ``SettingValue/record(_:)``s.
public struct SettingList: Sendable, Equatable {
  /// The element of a value list, kept in an array so that an item can hold a list of items.
  private var elementStorage: [SettingItem]
  /// The fields of a record list, in the order the document declares them; nil for a value list.
  public var fields: [SettingItem]?
  /// The key of the field whose value titles a record (the row of an element); records only.
  public var titleField: String?
  /// The key of the field shown under a record's title; records only, optional.
  public var subtitleField: String?
  /// The fewest elements the list may hold; nil for none.
  public var minCount: Int?
  /// The most elements the list may hold; nil for no limit.
  public var maxCount: Int?
  /// Whether no two elements of a value list may be equal (`"unique": true`).
  public var isUnique: Bool
  /// The key of the field that no two records may share (`"unique": "name"`); records only.
  public var uniqueField: String?
  /// The list as shipped: its elements, each a value of the element's type or a record.
  public var defaultValue: [SettingValue]

  /// The element of a value list: a declaration without key or title; nil for a record list.
  public var element: SettingItem? {
    get { elementStorage.first }
    set { elementStorage = newValue.map { [$0] } ?? [] }
  }

  /// Creates a list declaration: give `element` for a list of values, or `fields` for a list of records.
  public init(
    element: SettingItem? = nil, fields: [SettingItem]? = nil, titleField: String? = nil,
    subtitleField: String? = nil, minCount: Int? = nil, maxCount: Int? = nil, isUnique: Bool = false,
    uniqueField: String? = nil, defaultValue: [SettingValue] = []
  ) {
    self.elementStorage = element.map { [$0] } ?? []
    self.fields = fields
    self.titleField = titleField
    self.subtitleField = subtitleField
    self.minCount = minCount
    self.maxCount = maxCount
    self.isUnique = isUnique
    self.uniqueField = uniqueField
    self.defaultValue = defaultValue
  }

  /// Whether the elements are records (the list declares ``fields``).
  public var holdsRecords: Bool { fields != nil }

  /// The record field whose key is `key`.
  public func field(_ key: String) -> SettingItem? { fields?.first { $0.key == key } }

  /// Why `field` cannot title a record (a switch's `on`, a number, a secret would title it), or
  /// nil: a record's title is a text field that is not secure, by which `remove KEY TITLE` finds it.
  package static func titleProblem(of field: SettingItem) -> String? {
    guard field.type != .textField || field.securesValue else { return nil }
    let kind = field.type == .textField ? "a secure text field" : "a \(field.type.rawValue)"
    return
      "\"titleField\" names \"\(field.key ?? "")\", \(kind); a record's title is a text field that is not secure"
  }
}
