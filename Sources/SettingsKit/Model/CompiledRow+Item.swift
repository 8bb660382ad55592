extension CompiledRow {
  /// The fields of a decoded `item` (every field but its page, conditions and earlier keys).
  package init(fieldsOf item: SettingItem) {
    self.init(key: item.key, type: item.type, title: item.title)
    subTitle = item.subTitle
    rightDetail = item.rightDetail
    on = item.on
    imageName = item.imageName
    choices = item.choices
    value = item.value
    multiple = item.multiple
    multipleValue = item.multipleValue
    numberValue = item.numberValue
    min = item.min
    max = item.max
    step = item.step
    unit = item.unit
    maxLength = item.maxLength
    pattern = item.pattern
    patternMessage = item.patternMessage
    placeholder = item.placeholder
    secure = item.secure
    deprecated = item.deprecated
    description = item.description
    hasPage = item.page != nil
    list = item.list
  }
}
