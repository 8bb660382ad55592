extension DocumentDecoder {
  /// A condition waiting for every key to be known: `"enabledWhen": {"airplane": false}`.
  struct PendingCondition {
    /// The full key of the item that has the condition.
    var ownerKey: String
    /// `enabledWhen` or `visibleWhen`.
    var field: String
    /// The key as written.
    var key: String
    var value: SettingValue
    var path: String
    var source: SourceText
    var nameOffset: Int
    var valueOffset: Int
    /// The full key prefix of the owner's page, for resolving a sibling's local key first.
    var pagePrefix: String
  }

  /// An item, validated; `itemPath` is spelled out only for messages.
  mutating func decodeItem(_ value: JSONValue, at itemPath: @escaping @autoclosure () -> String)
    -> SettingItem?
  {
    var spelled: String?
    func path() -> String {
      if let spelled { return spelled }
      let text = itemPath()
      spelled = text
      return text
    }
    guard let members = members(of: value, at: path(), what: "an item") else { return nil }
    checkFields(members, known: Self.itemFields, at: path())
    let typeName = string(value[member: "type"], at: Self.join(path(), "type"))
    var type: CellType?
    if let typeName {
      type = CellType(rawValue: typeName)
      if type == nil, let typeValue = value[member: "type"] {
        let names = CellType.allCases.map(\.rawValue)
        let hint = Suggestion.closest(to: typeName, in: names).map { "did you mean \(shown($0))? " } ?? ""
        report(
          Self.join(path(), "type"), typeValue.offset,
          "unknown type \(shown(typeName)); \(hint)expected one of " + names.joined(separator: ", "))
      }
    } else if value[member: "type"] == nil {
      report(path(), value.offset, "missing \"type\"; expected one of detailTitle, switch, rightDetail")
    }
    let title = text(value[member: "title"], at: Self.join(path(), "title"))
    if value[member: "title"] == nil {
      report(path(), value.offset, "missing \"title\"; every item needs a title")
    }
    var key: String?
    if let keyValue = value[member: "key"], let text = string(keyValue, at: Self.join(path(), "key")) {
      let fullKey = keyPrefix + text
      if !Self.isName(text, allowingDots: false) {
        report(
          Self.join(path(), "key"), keyValue.offset,
          "invalid key \(shown(text)); use at most 128 letters, digits, '-' and '_'")
      } else if let first = firstKeyUse[fullKey] {
        report(
          Self.join(path(), "key"), keyValue.offset,
          "duplicate key \(shown(text)); first used at \(describe(first))")
      } else {
        firstKeyUse[fullKey] = FirstUse(
          path: {
            let item = itemPath()
            return item.isEmpty ? "" : Self.join(item, "key")
          }, source: source, offset: keyValue.offset)
        key = fullKey
      }
    } else if value[member: "key"] == nil {
      let need: String? =
        if type == .switch {
          "a switch needs a key to store its state, such as \"key\": \"airplane\""
        } else if value[member: "choices"] != nil {
          "an item with choices needs a key to store its value"
        } else if value[member: "page"] != nil {
          "an item with a page needs a key to address it, such as \"key\": \"cellular\""
        } else { nil }
      if let need { report(path(), value.offset, "missing \"key\"; \(need)") }
    }
    let on = bool(value[member: "on"], at: Self.join(path(), "on"))
    if let type, type != .switch, let onValue = value[member: "on"] {
      report(
        Self.join(path(), "on"), onValue.offset,
        "\"on\" applies only to switch items; this item is a \(type.rawValue)")
    }
    let rightDetail = text(value[member: "rightDetail"], at: Self.join(path(), "rightDetail"))
    if type == .detailTitle, let detailValue = value[member: "rightDetail"] {
      report(
        Self.join(path(), "rightDetail"), detailValue.offset,
        "a detailTitle item shows no right detail; use type rightDetail, or subTitle for a second line")
    }
    if type == .switch, let detailValue = value[member: "rightDetail"] {
      report(
        Self.join(path(), "rightDetail"), detailValue.offset,
        "a switch shows its state on the right; use type rightDetail for a value, or subTitle for a note")
    }
    let (choices, defaultValue) = decodeChoices(value, type: type, at: path())
    let page = decodePage(value[member: "page"], type: type, key: key, at: Self.join(path(), "page"))
    var item = SettingItem(
      key: key, type: type ?? .detailTitle, title: title ?? "",
      subTitle: text(value[member: "subTitle"], at: Self.join(path(), "subTitle")),
      rightDetail: rightDetail, on: on,
      imageName: string(value[member: "imageName"], at: Self.join(path(), "imageName")), page: page,
      choices: choices, value: defaultValue)
    for field in ["enabledWhen", "visibleWhen"] {
      guard let conditions = value[member: field] else { continue }
      guard
        let conditionMembers = self.members(
          of: conditions, at: Self.join(path(), field), what: "conditions such as {\"airplane\": false}")
      else { continue }
      guard let ownerKey = key else {
        report(Self.join(path(), field), conditions.offset, "an item with \"\(field)\" needs a \"key\"")
        continue
      }
      guard source.firstLine == 1 else {
        report(Self.join(path(), field), conditions.offset, "\"\(field)\" is not supported in an items file")
        continue
      }
      var placeholder: [String: SettingValue] = [:]
      for member in conditionMembers {
        let expected: SettingValue
        switch member.value.kind {
        case .bool(let flag): expected = .bool(flag)
        case .string(let text): expected = .string(text)
        default:
          report(
            Self.join(Self.join(path(), field), member.name), member.value.offset,
            "expected true or false (a switch) or a choice value; found \(member.value.typeDescription)")
          continue
        }
        placeholder[member.name] = expected
        pendingConditions.append(
          PendingCondition(
            ownerKey: ownerKey, field: field, key: member.name, value: expected,
            path: Self.join(path(), field),
            source: source, nameOffset: member.nameOffset, valueOffset: member.value.offset,
            pagePrefix: keyPrefix))
      }
      if field == "enabledWhen" { item.enabledWhen = placeholder } else { item.visibleWhen = placeholder }
    }
    guard type != nil, title != nil else { return nil }
    return item
  }

  /// The choices and default value of a choice item, validated.
  mutating func decodeChoices(_ value: JSONValue, type: CellType?, at path: String) -> (
    [SettingChoice]?, String?
  ) {
    let defaultValue = string(value[member: "value"], at: Self.join(path, "value"))
    guard let choicesValue = value[member: "choices"] else {
      if let valueMember = value[member: "value"] {
        report(Self.join(path, "value"), valueMember.offset, "\"value\" applies only with \"choices\"")
      }
      return (nil, nil)
    }
    if let type, type != .rightDetail {
      report(
        Self.join(path, "choices"), choicesValue.offset,
        "\"choices\" apply only to rightDetail items; this item is a \(type.rawValue)")
    }
    if let detail = value[member: "rightDetail"] {
      report(
        Self.join(path, "rightDetail"), detail.offset,
        "a choice item shows its chosen choice's title; remove \"rightDetail\"")
    }
    guard case .array(let elements) = choicesValue.kind, !elements.isEmpty else {
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
      guard let members = members(of: element, at: choicePath, what: "a choice") else { continue }
      checkFields(members, known: ["value", "title"], at: choicePath)
      let choiceValue = string(element[member: "value"], at: Self.join(choicePath, "value"))
      let title = text(element[member: "title"], at: Self.join(choicePath, "title"))
      if element[member: "value"] == nil {
        report(choicePath, element.offset, "missing \"value\"; a choice needs the value to store")
      }
      if element[member: "title"] == nil {
        report(choicePath, element.offset, "missing \"title\"; a choice needs the text to show")
      }
      guard let choiceValue, let title else { continue }
      if let first = firstOffset[choiceValue] {
        report(
          Self.join(choicePath, "value"), element[member: "value"]!.offset,
          "duplicate choice value \(shown(choiceValue)); first used at \(location(ofOffset: first))")
        continue
      }
      firstOffset[choiceValue] = element[member: "value"]!.offset
      if let first = firstTitleOffset[title.lowercased()] {
        report(
          Self.join(choicePath, "title"), element[member: "title"]!.offset,
          "duplicate choice title \(shown(title)); first used at \(location(ofOffset: first)); "
            + "`set` takes a title, so titles must differ")
        continue
      }
      firstTitleOffset[title.lowercased()] = element[member: "title"]!.offset
      choices.append(SettingChoice(value: choiceValue, title: title))
    }
    if let defaultValue {
      if !choices.isEmpty, !choices.contains(where: { $0.value == defaultValue }) {
        report(
          Self.join(path, "value"), value[member: "value"]!.offset,
          "default \(shown(defaultValue)) is not one of the choices: "
            + choices.map { shown($0.value) }.joined(separator: ", "))
      }
    } else if value[member: "value"] == nil {
      report(
        path, value.offset, "missing \"value\"; a choice item needs its default, one of its choices' values")
    }
    return (choices, defaultValue)
  }

  /// A child page, validated; its items' keys get the owner's key as a prefix.
  mutating func decodePage(_ value: JSONValue?, type: CellType?, key: String?, at path: String)
    -> SettingsPage?
  {
    guard let value else { return nil }
    if type == .switch {
      report(path, value.offset, "a switch cannot open a page; use type detailTitle or rightDetail")
    }
    guard let members = members(of: value, at: path, what: "a page such as {\"sections\": […]}") else {
      return nil
    }
    checkFields(members, known: ["sections"], at: path)
    let savedPrefix = keyPrefix
    keyPrefix = (key ?? "?") + "."
    defer { keyPrefix = savedPrefix }
    guard let sectionsValue = value[member: "sections"] else {
      report(path, value.offset, "missing \"sections\"; a page holds sections like the top page")
      return SettingsPage(sections: [])
    }
    let sections = decodeSections(sectionsValue, at: Self.join(path, "sections"))
    return SettingsPage(sections: sections)
  }
}
