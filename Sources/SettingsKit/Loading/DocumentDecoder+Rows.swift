extension DocumentDecoder {
  /// What the row of an item shows (``CompiledRow``), read with the field reads that
  /// ``decodeItem(_:at:)`` uses (the same localized text, numbers and value fields) and none of its
  /// checks: for an item that the compiler decoded and validated already. `key` is the item's full
  /// key as the compiled form keeps it. Nil when a field the row needs does not read.
  mutating func decodeRow(_ value: JSONMap.Value, key: String?) -> CompiledRow? {
    guard let fields = fields(of: value, at: "", what: "an item"),
      let typeName = string(fields["type"], at: ""), let type = CellType(rawValue: typeName),
      let title = text(fields["title"], at: "")
    else { return nil }
    var row = CompiledRow(key: key, type: type, title: title)
    row.subTitle = text(fields["subTitle"], at: "")
    row.rightDetail = text(fields["rightDetail"], at: "")
    row.on = bool(fields["on"], at: "")
    row.imageName = string(fields["imageName"], at: "")
    row.deprecated = text(fields["deprecated"], at: "")
    row.description = storedText(fields, "description")
    row.hasPage = fields["page"] != nil
    if let choicesValue = fields["choices"], let elements = map.elements(of: choicesValue) {
      var choices: [SettingChoice] = []
      choices.reserveCapacity(elements.count)
      for element in elements {
        guard let choice = self.fields(of: element, at: "", what: "a choice"),
          let choiceValue = string(choice["value"], at: ""), let choiceTitle = text(choice["title"], at: "")
        else { return nil }
        choices.append(SettingChoice(value: choiceValue, title: choiceTitle))
      }
      row.choices = choices
    }
    row.placeholder = storedText(fields, "placeholder")
    row.unit = storedText(fields, "unit")
    row.pattern = storedText(fields, "pattern")
    row.patternMessage = storedText(fields, "patternMessage")
    row.maxLength = integer(fields["maxLength"], at: "", minimum: Int.min)
    row.step = decimal(fields["step"], at: "")
    row.secure = bool(fields["secure"], at: "")
    row.multiple = bool(fields["multiple"], at: "")
    row.min = decimal(fields["min"], at: "")
    row.max = decimal(fields["max"], at: "")
    // The default, read as the decoder reads it (``decodeChoices`` and ``decodeValueFields``).
    if valueIsTyped(fields, type: type) {
      switch type {
      case .number, .slider: row.numberValue = decimal(fields["value"], at: "")
      case .textField: row.value = string(fields["value"], at: "")
      case .rightDetail where row.isMultipleChoice: row.multipleValue = strings(fields["value"], at: "")
      default: break
      }
    } else if row.choices != nil {
      row.value = string(fields["value"], at: "")
    }
    if type == .list { row.list = decodeList(fields, type: type, at: "") }
    return issues.isEmpty ? row : nil
  }

  /// A text field of the item's value fields, read as ``decodeValueFields(_:type:into:at:)`` reads
  /// it: localized text when ``DocumentFields`` declares it text, else a plain string.
  mutating func storedText(_ fields: Fields, _ name: String) -> String? {
    guard let value = fields[name] else { return nil }
    return DocumentFields.named(name, in: DocumentFields.item)?.kind == .text
      ? text(value, at: "") : string(value, at: "")
  }
}
