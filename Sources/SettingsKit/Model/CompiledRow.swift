/// What one row of a section read on demand (``CompiledItems``) shows, read from its item's bytes
/// without decoding the item: the fields of ``RowFields``, read by the decoder's own field reads
/// (localized text in the document's locales, exact numbers), with none of its checks, for the
/// compiler checked the item when it wrote the compiled form.
///
/// A screen draws such a row as it draws the decoded item's; an edit, `describe`, `why` or a
/// condition decodes the item itself.
package struct CompiledRow: RowFields, Sendable, Equatable {
  package var key: String?
  package var type: CellType
  package var title: String
  package var subTitle: String?
  package var rightDetail: String?
  package var on: Bool?
  package var imageName: String?
  package var choices: [SettingChoice]?
  package var value: String?
  package var multiple: Bool?
  package var multipleValue: [String]?
  package var numberValue: ExactDecimal?
  package var min: ExactDecimal?
  package var max: ExactDecimal?
  package var step: ExactDecimal?
  package var unit: String?
  package var maxLength: Int?
  package var pattern: String?
  package var patternMessage: String?
  package var placeholder: String?
  package var secure: Bool?
  package var deprecated: String?
  /// A list item's declaration (``SettingItem/list``).
  package var list: SettingList?
  /// The item's help text (``SettingItem/description``).
  package var description: String?
  /// Whether the item opens a child page.
  package var hasPage = false

  /// A row of the given type and title, every other field absent.
  package init(key: String?, type: CellType, title: String) {
    self.key = key
    self.type = type
    self.title = title
  }
}
