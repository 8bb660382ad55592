extension DocumentDecoder {
  /// An item, validated; `itemPath` is spelled out only for messages (see
  /// ``decodeItemParts(_:at:)``).
  mutating func decodeItem(_ value: JSONMap.Value, at itemPath: @escaping @autoclosure () -> String)
    -> SettingItem?
  {
    guard let parts = decodeItemParts(value, at: itemPath()) else { return nil }
    builtItems += 1
    return parts.item()
  }

  /// An item read and checked, at `row` of section `section` of its page, for ``compiling``: what
  /// the compiled form keeps of it and of its page's items goes to the collector, and no
  /// ``SettingItem`` is built. False when the item is not valid (its problems are reported).
  mutating func compileItem(
    _ value: JSONMap.Value, at itemPath: @escaping @autoclosure () -> String, section: Int, row: Int
  ) -> Bool {
    let slot = compiling?.open(section: section, row: row) ?? 0
    let parts = decodeItemParts(value, at: itemPath())
    compiling?.close(slot, parts)
    return parts != nil
  }

  /// The parts of an item, validated; `itemPath` is spelled out only for messages. While
  /// ``compiling``, the page's items go to the collector, and the parts have no page.
  ///
  /// Each concern has its own step, in the order their problems are reported: the fields, the
  /// type, the title, the key, the fields that depend on the cell type, the choices, the page, and
  /// the conditions (kept as data, resolved once every key is known).
  mutating func decodeItemParts(
    _ value: JSONMap.Value, at itemPath: @escaping @autoclosure () -> String
  ) -> ItemParts? {
    var spelled: String?
    func path() -> String {
      if let spelled { return spelled }
      let text = itemPath()
      spelled = text
      return text
    }
    guard let fields = fields(of: value, at: path(), what: "an item") else { return nil }
    checkFields(fields, known: Self.itemFields, at: path())
    let type = decodeType(fields, at: path())
    let title = text(fields["title"], at: Self.join(path(), "title"))
    if fields["title"] == nil {
      report(path(), fields.offset, "missing \"title\"; every item needs a title")
    }
    let key = decodeKey(fields, type: type, at: path(), itemPath: itemPath)
    let (on, rightDetail) = decodeCellFields(fields, type: type, at: path())
    let (choices, defaultValue) = decodeChoices(fields, type: type, at: path())
    let page = decodePage(fields["page"], type: type, key: key, at: Self.join(path(), "page"))
    var row = CompiledRow(key: key, type: type ?? .detailTitle, title: title ?? "")
    row.subTitle = text(fields["subTitle"], at: Self.join(path(), "subTitle"))
    row.rightDetail = rightDetail
    row.on = on
    row.imageName = string(fields["imageName"], at: Self.join(path(), "imageName"))
    row.hasPage = fields["page"] != nil
    row.choices = choices
    row.value = defaultValue
    let renamedFrom: [String]?
    (renamedFrom, row.deprecated) = decodeEvolution(fields, key: key, at: path())
    decodeValueFields(fields, type: type, into: &row, at: path())
    row.list = decodeList(fields, type: type, at: path())
    decodeConditions(fields, ownerKey: key, at: path())
    guard type != nil, title != nil else { return nil }
    return ItemParts(fields: row, renamedFrom: renamedFrom, page: compiling == nil ? page : nil)
  }

  /// The cell type, or nil after reporting that it is missing or unknown.
  mutating func decodeType(_ fields: Fields, at path: @autoclosure () -> String) -> CellType? {
    guard let typeValue = fields["type"] else {
      report(
        path(), fields.offset,
        "missing \"type\"; expected one of " + CellType.allCases.map(\.rawValue).joined(separator: ", "))
      return nil
    }
    guard let typeName = string(typeValue, at: Self.join(path(), "type")) else { return nil }
    if let type = CellType(rawValue: typeName) { return type }
    let names = CellType.allCases.map(\.rawValue)
    let hint = Suggestion.closest(to: typeName, in: names).map { "did you mean \(shown($0))? " } ?? ""
    report(
      Self.join(path(), "type"), typeValue.offset,
      "unknown type \(shown(typeName)); \(hint)expected one of " + names.joined(separator: ", "))
    return nil
  }

  /// The item's full key (its page's prefix and its own key), or nil after reporting what is wrong;
  /// a switch, a choice item and an item with a page need one.
  mutating func decodeKey(
    _ fields: Fields, type: CellType?, at path: @autoclosure () -> String,
    itemPath: @escaping () -> String
  ) -> String? {
    guard let keyValue = fields["key"] else {
      let need: String? =
        if type == .switch {
          "a switch needs a key to store its state, such as \"key\": \"airplane\""
        } else if let type, type == .textField || type == .number || type == .slider || type == .list {
          "a \(type.rawValue) item needs a key to store its value"
        } else if fields["choices"] != nil {
          "an item with choices needs a key to store its value"
        } else if fields["page"] != nil {
          "an item with a page needs a key to address it, such as \"key\": \"cellular\""
        } else { nil }
      if let need { report(path(), fields.offset, "missing \"key\"; \(need)") }
      return nil
    }
    guard let text = string(keyValue, at: Self.join(path(), "key")) else { return nil }
    let fullKey = keyPrefix + text
    if let problem = DocumentName.keyProblem(text) {
      report(Self.join(path(), "key"), keyValue.offset, "invalid key \(shown(text)); \(problem)")
      return nil
    }
    if let first = firstKeyUse[fullKey] {
      report(
        Self.join(path(), "key"), keyValue.offset,
        "duplicate key \(shown(text)); first used at \(describe(first))")
      return nil
    }
    if let renamed = firstRenameUse[fullKey] {
      report(
        Self.join(path(), "key"), keyValue.offset,
        "key \(shown(fullKey)) is an earlier key of another item, renamed at \(describe(renamed))")
      return nil
    }
    firstKeyUse[fullKey] = FirstUse(
      path: {
        let item = itemPath()
        return item.isEmpty ? "" : Self.join(item, "key")
      }, source: source, offset: keyValue.offset)
    return fullKey
  }

  /// `on` and `rightDetail`, each checked against the cell type that shows it.
  mutating func decodeCellFields(_ fields: Fields, type: CellType?, at path: @autoclosure () -> String)
    -> (on: Bool?, rightDetail: String?)
  {
    let on = bool(fields["on"], at: Self.join(path(), "on"))
    if let type, type != .switch, let onValue = fields["on"] {
      report(
        Self.join(path(), "on"), onValue.offset,
        "\"on\" applies only to switch items; this item is a \(type.rawValue)")
    }
    let rightDetail = text(fields["rightDetail"], at: Self.join(path(), "rightDetail"))
    if type == .detailTitle, let detailValue = fields["rightDetail"] {
      report(
        Self.join(path(), "rightDetail"), detailValue.offset,
        "a detailTitle item shows no right detail; use type rightDetail, or subTitle for a second line")
    }
    if type == .switch, let detailValue = fields["rightDetail"] {
      report(
        Self.join(path(), "rightDetail"), detailValue.offset,
        "a switch shows its state on the right; use type rightDetail for a value, or subTitle for a note")
    }
    return (on, rightDetail)
  }

  /// The choices and default value of a choice item, validated.
  mutating func decodeChoices(_ item: Fields, type: CellType?, at path: String, requiresDefault: Bool = true)
    -> ([SettingChoice]?, String?)
  {
    let typedValue = valueIsTyped(item, type: type)
    let defaultValue = typedValue ? nil : string(item["value"], at: Self.join(path, "value"))
    guard let choicesValue = item["choices"] else {
      if !typedValue, let valueMember = item["value"] {
        report(Self.join(path, "value"), valueMember.offset, "\"value\" applies only with \"choices\"")
      }
      return (nil, nil)
    }
    if let type, type != .rightDetail {
      report(
        Self.join(path, "choices"), choicesValue.offset,
        "\"choices\" apply only to rightDetail items; this item is a \(type.rawValue)")
    }
    if let detail = item["rightDetail"] {
      report(
        Self.join(path, "rightDetail"), detail.offset,
        "a choice item shows its chosen choice's title; remove \"rightDetail\"")
    }
    guard let elements = map.elements(of: choicesValue), !elements.isEmpty else {
      report(
        Self.join(path, "choices"), choicesValue.offset,
        "expected a non-empty array of choices such as {\"value\": \"5g\", \"title\": \"5G\"}")
      return (nil, defaultValue)
    }
    var choices: [SettingChoice] = []
    var firstOffset: [String: Int] = [:]
    var firstTitleOffset: [String: Int] = [:]
    for (index, element) in elements.enumerated() {
      let choicePath = "\(Self.join(path, "choices"))[\(index)]"
      guard let choice = fields(of: element, at: choicePath, what: "a choice") else { continue }
      checkFields(choice, known: Self.choiceFields, at: choicePath)
      let choiceValue = string(choice["value"], at: Self.join(choicePath, "value"))
      let title = text(choice["title"], at: Self.join(choicePath, "title"))
      if choice["value"] == nil {
        report(choicePath, choice.offset, "missing \"value\"; a choice needs the value to store")
      }
      if choice["title"] == nil {
        report(choicePath, choice.offset, "missing \"title\"; a choice needs the text to show")
      }
      guard let choiceValue, let title else { continue }
      if let first = firstOffset[choiceValue] {
        report(
          Self.join(choicePath, "value"), choice["value"]!.offset,
          "duplicate choice value \(shown(choiceValue)); first used at \(location(ofOffset: first))")
        continue
      }
      firstOffset[choiceValue] = choice["value"]!.offset
      if let first = firstTitleOffset[title.lowercased()] {
        report(
          Self.join(choicePath, "title"), choice["title"]!.offset,
          "duplicate choice title \(shown(title)); first used at \(location(ofOffset: first)); "
            + "`set` takes a title, so titles must differ")
        continue
      }
      firstTitleOffset[title.lowercased()] = choice["title"]!.offset
      choices.append(SettingChoice(value: choiceValue, title: title))
    }
    if typedValue {
      // A multiple choice item's default is checked with the value fields.
    } else if let defaultValue {
      if !choices.isEmpty, !choices.contains(where: { $0.value == defaultValue }) {
        report(
          Self.join(path, "value"), item["value"]!.offset,
          "default \(shown(defaultValue)) is not one of the choices: "
            + choices.map { shown($0.value) }.joined(separator: ", "))
      }
    } else if item["value"] == nil, requiresDefault {
      report(
        path, item.offset, "missing \"value\"; a choice item needs its default, one of its choices' values")
    }
    return (choices, defaultValue)
  }

  /// A child page, validated; its items' keys get the owner's key as a prefix.
  mutating func decodePage(_ value: JSONMap.Value?, type: CellType?, key: String?, at path: String)
    -> SettingsPage?
  {
    guard let value else { return nil }
    if type == .switch {
      report(path, value.offset, "a switch cannot open a page; use type detailTitle or rightDetail")
    }
    guard let page = fields(of: value, at: path, what: "a page such as {\"sections\": […]}") else {
      return nil
    }
    checkFields(page, known: Self.pageFields, at: path)
    let savedPrefix = keyPrefix
    keyPrefix = (key ?? "?") + "."
    defer { keyPrefix = savedPrefix }
    guard let sectionsValue = page["sections"] else {
      report(path, value.offset, "missing \"sections\"; a page holds sections like the top page")
      return SettingsPage(sections: [])
    }
    let sections = decodeSections(sectionsValue, at: Self.join(path, "sections"))
    return SettingsPage(sections: sections)
  }
}
