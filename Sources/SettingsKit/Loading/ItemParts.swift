/// What the decoder reads and checks of one item (``DocumentDecoder/decodeItemParts(_:at:)``):
/// one set of rules, from which a whole decode builds the ``SettingItem`` and the compiler keeps
/// only the item's row of the compiled form (``DocumentCompilation/Owned``) and its searched texts.
struct ItemParts {
  /// Every field a row shows and the value rules read, the key as the full key.
  var fields: CompiledRow
  /// The earlier keys (`renamedFrom`), as full dot paths; nil when none.
  var renamedFrom: [String]?
  /// The child page with its items; nil without one, and always nil while compiling (its items
  /// went to ``DocumentDecoder/compiling`` as they were read).
  var page: SettingsPage?

  /// The item these parts make, its conditions not resolved yet.
  func item() -> SettingItem {
    var item = SettingItem(
      key: fields.key, type: fields.type, title: fields.title, subTitle: fields.subTitle,
      rightDetail: fields.rightDetail, on: fields.on, imageName: fields.imageName, page: page,
      choices: fields.choices, value: fields.value, renamedFrom: renamedFrom,
      deprecated: fields.deprecated)
    item.description = fields.description
    item.placeholder = fields.placeholder
    item.maxLength = fields.maxLength
    item.pattern = fields.pattern
    item.patternMessage = fields.patternMessage
    item.secure = fields.secure
    item.min = fields.min
    item.max = fields.max
    item.step = fields.step
    item.unit = fields.unit
    item.multiple = fields.multiple
    item.numberValue = fields.numberValue
    item.multipleValue = fields.multipleValue
    item.list = fields.list
    return item
  }

  /// What the compiled form keeps of the item (its conditions are given once resolved).
  var owned: DocumentCompilation.Owned {
    DocumentCompilation.Owned(
      key: fields.key, defaultValue: fields.shippedValue, isSecure: fields.securesValue,
      isRenamed: renamedFrom?.isEmpty == false, hasIcon: Icon.text(for: fields.imageName) != nil)
  }
}
