extension DocumentDecoder {
  /// The fields of a list item that no other item has.
  static let listFields = DocumentFields.item.filter { $0.applies == .only([.list]) }.map(\.name)
  /// The fields a list's element declaration may have.
  static let elementFields = DocumentFields.listElement
  /// The fields a record list's field declaration may have.
  static let recordFieldFields = DocumentFields.listRecordField

  /// A list item's declaration (``SettingList``), checked: an element or fields (not both), the
  /// title and subtitle fields naming fields, the counts, `unique`, and a default that keeps every
  /// rule. Nil for other items, after reporting any list field they have.
  mutating func decodeList(_ fields: Fields, type: CellType?, at path: @autoclosure () -> String)
    -> SettingList?
  {
    guard type == .list else {
      if let type {
        for field in DocumentFields.item where Self.listFields.contains(field.name) {
          guard let value = fields[field.name] else { continue }
          // A value of the wrong kind is reported as such first, as for every other field.
          let before = issues.count
          switch field.kind {
          case .name: _ = string(value, at: Self.join(path(), field.name))
          case .wholeNumber(let minimum, _):
            _ = integer(value, at: Self.join(path(), field.name), minimum: minimum)
          default: break
          }
          guard issues.count == before else { continue }
          report(
            Self.join(path(), field.name), value.offset,
            "\"\(field.name)\" applies only to list items; this item is a \(type.rawValue)")
        }
      }
      return nil
    }
    if let detail = fields["rightDetail"] {
      report(
        Self.join(path(), "rightDetail"), detail.offset,
        "a list shows the count of its elements on the right; remove \"rightDetail\"")
    }
    if let page = fields["page"] {
      report(Self.join(path(), "page"), page.offset, "a list opens the page of its elements; remove \"page\"")
    }
    var list = SettingList()
    switch (fields["element"], fields["fields"]) {
    case (nil, nil):
      report(
        path(), fields.offset,
        "missing \"element\" or \"fields\"; a list declares what it holds, such as \"element\": {\"type\": \"textField\"}"
      )
    case (_?, let recordFields?):
      report(
        Self.join(path(), "fields"), recordFields.offset,
        "a list holds values (\"element\") or records (\"fields\"), not both")
    case (let element?, nil):
      list.element = decodeListDeclaration(element, at: Self.join(path(), "element"), isField: false)
    case (nil, let recordFields?):
      list.fields = decodeRecordFields(recordFields, at: Self.join(path(), "fields"))
    }
    let keys = list.fields?.compactMap(\.key) ?? []
    for name in ["titleField", "subtitleField"] {
      guard let value = fields[name], let key = string(value, at: Self.join(path(), name)) else { continue }
      if list.fields == nil {
        report(
          Self.join(path(), name), value.offset, "\"\(name)\" applies only to a list of records (\"fields\")")
      } else if !keys.contains(key) {
        // With no field read (each already reported), there is nothing to name.
        guard !keys.isEmpty else { continue }
        report(
          Self.join(path(), name), value.offset,
          "\(shown(key)) is not one of the fields: " + keys.map(shown).joined(separator: ", "))
      } else if name == "titleField" {
        if let field = list.field(key), let problem = SettingList.titleProblem(of: field) {
          report(Self.join(path(), name), value.offset, problem)
        }
        list.titleField = key
      } else {
        list.subtitleField = key
      }
    }
    if list.fields != nil, fields["titleField"] == nil {
      report(
        path(), fields.offset,
        "missing \"titleField\"; a list of records names the field that titles a record")
    }
    list.minCount = integer(fields["minCount"], at: Self.join(path(), "minCount"), minimum: 0)
    list.maxCount = integer(fields["maxCount"], at: Self.join(path(), "maxCount"), minimum: 1)
    if let minimum = list.minCount, let maximum = list.maxCount, minimum > maximum,
      let value = fields["maxCount"]
    {
      report(
        Self.join(path(), "maxCount"), value.offset,
        "\"maxCount\" \(maximum) is below \"minCount\" \(minimum)")
      list.maxCount = nil
    }
    if let value = fields["unique"] {
      if let flag = map.bool(value) {
        list.isUnique = flag
      } else if let key = map.string(value), list.fields != nil {
        if keys.contains(key) {
          list.uniqueField = key
        } else if !keys.isEmpty {
          report(
            Self.join(path(), "unique"), value.offset,
            "\(shown(key)) is not one of the fields: " + keys.map(shown).joined(separator: ", "))
        }
      } else {
        report(
          Self.join(path(), "unique"), value.offset,
          list.fields == nil
            ? "expected true or false; found \(map.typeDescription(of: value))"
            : "expected true, false or a field's key; found \(map.typeDescription(of: value))")
      }
    }
    if let value = fields["value"], list.element != nil || list.fields != nil {
      switch ValueRules.listValue(map.tree(value), by: list) {
      case .success(.list(let elements)): list.defaultValue = elements
      case .success: break
      case .failure(let problem):
        report(Self.join(path(), "value"), value.offset, "default value: \(problem.message)")
      }
    } else if list.minCount ?? 0 > 0, list.element != nil || list.fields != nil {
      report(
        path(), fields.offset,
        "missing \"value\"; a list with \"minCount\" \(list.minCount ?? 0) needs a default of as many elements"
      )
    }
    return list
  }

  /// A record list's fields: each a declaration with a key, unique in the record.
  mutating func decodeRecordFields(_ value: JSONMap.Value, at path: String) -> [SettingItem] {
    guard let elements = map.elements(of: value), !elements.isEmpty else {
      report(
        path, value.offset,
        "expected a non-empty array of fields such as {\"key\": \"server\", \"type\": \"textField\", \"title\": \"Server\"}"
      )
      return []
    }
    var result: [SettingItem] = []
    var firstOffset: [String: Int] = [:]
    for (index, element) in elements.enumerated() {
      let fieldPath = "\(path)[\(index)]"
      guard let field = decodeListDeclaration(element, at: fieldPath, isField: true), let key = field.key
      else {
        continue
      }
      if let first = firstOffset[key] {
        let keyOffset = map.members(of: element)?.first { $0.name == "key" }?.value.offset ?? element.offset
        report(
          Self.join(fieldPath, "key"), keyOffset,
          "duplicate field key \(shown(key)); first used at \(location(ofOffset: first))")
        continue
      }
      firstOffset[key] = map.members(of: element)?.first { $0.name == "key" }?.value.offset ?? element.offset
      result.append(field)
    }
    return result
  }

  /// An element declaration (`isField` false: no key, no title, no default) or a record field's
  /// (a key, a title and a default), as an item of one of the types a list takes.
  mutating func decodeListDeclaration(_ value: JSONMap.Value, at path: String, isField: Bool) -> SettingItem?
  {
    guard let fields = fields(of: value, at: path, what: isField ? "a field" : "an element") else {
      return nil
    }
    checkFields(fields, known: isField ? Self.recordFieldFields : Self.elementFields, at: path)
    guard let type = decodeType(fields, at: path) else { return nil }
    let allowed: [CellType] =
      isField ? [.textField, .number, .switch, .rightDetail] : [.textField, .number, .slider, .rightDetail]
    guard allowed.contains(type) else {
      report(
        Self.join(path, "type"), fields["type"]?.offset ?? fields.offset,
        "a list's \(isField ? "field" : "element") is "
          + allowed.map { $0 == .rightDetail ? "rightDetail with choices" : $0.rawValue }.joined(
            separator: ", ")
          + "; found \(type.rawValue)")
      return nil
    }
    var key: String?
    var title = ""
    if isField {
      if let keyValue = fields["key"], let text = string(keyValue, at: Self.join(path, "key")) {
        if let problem = DocumentName.keyProblem(text) {
          report(Self.join(path, "key"), keyValue.offset, "invalid key \(shown(text)); \(problem)")
        } else {
          key = text
        }
      } else if fields["key"] == nil {
        report(path, fields.offset, "missing \"key\"; a record's field needs a key to store its value")
      }
      title = text(fields["title"], at: Self.join(path, "title")) ?? ""
      if fields["title"] == nil {
        report(path, fields.offset, "missing \"title\"; a record's field needs a title")
      }
    }
    let (choices, choiceDefault) = decodeChoices(fields, type: type, at: path, requiresDefault: isField)
    if type == .rightDetail, fields["choices"] == nil {
      report(
        path, fields.offset, "missing \"choices\"; a rightDetail \(isField ? "field" : "element") is a choice"
      )
    }
    var row = CompiledRow(key: key, type: type, title: title)
    row.choices = choices
    row.value = choiceDefault
    row.on = bool(fields["on"], at: Self.join(path, "on"))
    if type != .switch, let onValue = fields["on"] {
      report(Self.join(path, "on"), onValue.offset, "\"on\" applies only to switch fields")
    }
    decodeValueFields(fields, type: type, into: &row, at: path, requiresDefault: isField)
    var renamedFrom: [String]?
    if let renamed = fields["renamedFrom"] {
      renamedFrom = map.string(renamed).map { [$0] } ?? strings(renamed, at: Self.join(path, "renamedFrom"))
    }
    guard !isField || key != nil else { return nil }
    return ItemParts(fields: row, renamedFrom: renamedFrom, page: nil).item()
  }
}
