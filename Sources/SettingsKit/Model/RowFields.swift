/// The fields of an item that its row shows and its values are worded by: what a decoded
/// ``SettingItem`` and a ``CompiledRow`` read from the compiled form both have, so that one set
/// of rules (the default, the accessory, the wording of values) serves both.
package protocol RowFields {
  /// The full key, or nil.
  var key: String? { get }
  /// The cell type.
  var type: CellType { get }
  /// The title, in the document's chosen locale.
  var title: String { get }
  /// The second line under the title.
  var subTitle: String? { get }
  /// A rightDetail item's shipped text.
  var rightDetail: String? { get }
  /// A switch's `on`.
  var on: Bool? { get }
  /// The icon's name or emoji.
  var imageName: String? { get }
  /// A choice item's choices.
  var choices: [SettingChoice]? { get }
  /// A single choice item's or text field's default text.
  var value: String? { get }
  /// Whether a choice item takes any subset of its choices.
  var multiple: Bool? { get }
  /// A multiple choice item's default.
  var multipleValue: [String]? { get }
  /// A number's or slider's default.
  var numberValue: ExactDecimal? { get }
  /// A number's or slider's least value.
  var min: ExactDecimal? { get }
  /// A number's or slider's greatest value.
  var max: ExactDecimal? { get }
  /// A number's or slider's step.
  var step: ExactDecimal? { get }
  /// The text after a number.
  var unit: String? { get }
  /// A text field's longest text.
  var maxLength: Int? { get }
  /// The expression a text field's whole text must match.
  var pattern: String? { get }
  /// What a text field shows when its text does not match ``pattern``.
  var patternMessage: String? { get }
  /// A text field's dimmed text while it is empty.
  var placeholder: String? { get }
  /// Whether a text field is masked.
  var secure: Bool? { get }
  /// Why the item is retired, if it is.
  var deprecated: String? { get }
  /// A list item's declaration.
  var list: SettingList? { get }
}

extension RowFields {
  /// Whether the value is a secret (``SettingItem/isSecure``): a text field with `"secure": true`,
  /// or a list of records with such a field.
  package var securesValue: Bool {
    switch type {
    case .textField: secure ?? false
    case .list: list?.fields?.contains { $0.securesValue } ?? false
    default: false
    }
  }

  /// The switch's default state (``SettingItem/defaultIsOn``): `on`, or off when absent.
  package var isOnByDefault: Bool { on ?? false }

  /// The choice whose value is `value` (``SettingItem/choice(withValue:)``).
  package func choosing(_ value: String) -> SettingChoice? {
    choices?.first { $0.value == value }
  }

  /// Whether the item is a multiple choice item.
  package var isMultipleChoice: Bool { multiple == true && choices != nil }

  /// The default value (``SettingItem/defaultValue``): a switch's `on`, a right-detail item's
  /// text, a text field's, number's or multiple choice item's `value` (in the choices' order,
  /// whatever order the document gives), a list's default elements; nil for detailTitle.
  package var shippedValue: SettingValue? {
    switch type {
    case .switch: .bool(isOnByDefault)
    case .rightDetail where isMultipleChoice:
      .strings(ValueRules.ordered(multipleValue ?? [], in: choices ?? []))
    case .rightDetail: .string(choices != nil ? value ?? "" : rightDetail ?? "")
    case .textField: .string(value ?? "")
    case .number, .slider: .number(numberValue ?? min ?? ExactDecimal(0))
    case .list: .list(list?.defaultValue ?? [])
    case .detailTitle: nil
    }
  }
}
