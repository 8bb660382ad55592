extension SettingsSchema {
  /// The schema of `document`'s store: one property per key (the dot path the store keeps), with
  /// its type, allowed values, default and the item's title; other keys are allowed, as the store
  /// keeps keys the document does not know. Every store `settings` writes validates against it.
  package static func store(for document: SettingsDocument) -> JSONValue {
    var properties: [(String, JSONValue)] = [("$schema", schemaMember)]
    for located in document.allItems {
      guard let key = located.item.key, let property = property(for: located.item) else { continue }
      properties.append((key, property))
    }
    return .object([
      ("$schema", .string(draft)),
      ("title", .string("settings store of \(document.id)")),
      (
        "description",
        .string(
          "The values changed from the defaults of the document \(document.id), by key; keys the document "
            + "does not know are kept.")
      ),
      ("type", .string("object")),
      ("properties", .object(properties)),
      ("additionalProperties", .bool(true)),
    ])
  }

  /// The property of an item that has a value, one function per kind of item; nil for an item
  /// without a value (a detailTitle row).
  static func property(for item: SettingItem) -> JSONValue? {
    switch item.type {
    case .switch: return switchProperty(item)
    case .rightDetail where ValueRules.isMultiple(item): return multipleProperty(item, item.choices ?? [])
    case .rightDetail: return item.choices.map { choiceProperty(item, $0) } ?? detailProperty(item)
    case .textField: return textProperty(item)
    case .number, .slider: return numberProperty(item)
    case .list: return item.list.map { listProperty(item, $0) }
    case .detailTitle: return nil
    }
  }

  /// A list item: an array of its element's values, or of objects of its fields, with its counts
  /// (`minItems`, `maxItems`) and `uniqueItems` for a unique value list. A field's uniqueness among
  /// records is left to `settings check`.
  static func listProperty(_ item: SettingItem, _ list: SettingList) -> JSONValue {
    var schema: [(String, JSONValue)] = [("type", .string("array"))]
    if let fields = list.fields {
      schema.append(
        (
          "items",
          .object([
            ("type", .string("object")),
            (
              "properties",
              // A field's earlier keys too: a record stored under one reads as the field's.
              .object(
                fields.flatMap { field -> [(String, JSONValue)] in
                  guard let schema = elementSchema(field) else { return [] }
                  return ([field.key].compactMap { $0 } + (field.renamedFrom ?? [])).map { ($0, schema) }
                })
            ),
            ("additionalProperties", .bool(false)),
          ])
        ))
    } else if let element = list.element, let items = elementSchema(element, inValueList: true) {
      schema.append(("items", items))
    }
    if let minimum = list.minCount { schema.append(("minItems", .integer(minimum))) }
    if let maximum = list.maxCount { schema.append(("maxItems", .integer(maximum))) }
    if list.isUnique { schema.append(("uniqueItems", .bool(true))) }
    if !item.isSecure { schema.append(("default", .array(list.defaultValue.map(\.json)))) }
    return itemDescribed(item, "\(item.title): \(ValueRules.listExpected(list)).", schema)
  }

  /// The schema of one element of a value list (`inValueList`: a text is never empty), or of one
  /// field of a record, without its title.
  static func elementSchema(_ declaration: SettingItem, inValueList: Bool = false) -> JSONValue? {
    var schema: [(String, JSONValue)]
    switch declaration.type {
    case .switch: schema = [("type", .string("boolean"))]
    case .rightDetail: schema = [("type", .string("string"))] + enumeration(declaration.choices ?? [])
    case .textField:
      schema = [("type", .string("string"))]
      if inValueList { schema.append(("minLength", .integer(1))) }
      if let pattern = declaration.pattern {
        schema.append(("pattern", .string("^(?:\(pattern))$" + (inValueList ? "" : "|^$"))))
      }
    case .number, .slider:
      schema = [("type", .string("number"))]
      if let minimum = declaration.min { schema.append(("minimum", JSONValue(.number(minimum.description)))) }
      if let maximum = declaration.max { schema.append(("maximum", JSONValue(.number(maximum.description)))) }
    default: return nil
    }
    return .object(schema)
  }

  /// A text field: a string, matching its pattern (anchored, as `set` matches the whole text) or
  /// empty (empty text is always accepted: it means "no value", and is the default of most).
  /// `maxLength` is left to `settings check`: JSON Schema counts code points, and a text of 20
  /// grapheme clusters may have more.
  static func textProperty(_ item: SettingItem) -> JSONValue {
    var schema: [(String, JSONValue)] = [("type", .string("string"))]
    if let pattern = item.pattern { schema.append(("pattern", .string("^(?:\(pattern))$|^$"))) }
    if !item.isSecure { schema.append(("default", .string(item.value ?? ""))) }
    var text = "\(item.title) (text"
    if let maximum = item.maxLength { text += "; at most \(maximum) characters, which settings check counts" }
    if item.isSecure { text += "; secure" }
    return itemDescribed(item, text + ").", schema)
  }

  /// A number or slider: a number within its range. `multipleOf` only for a whole step from a whole
  /// base: validators compute it in binary floating point, where 0.3 is not a multiple of 0.1.
  static func numberProperty(_ item: SettingItem) -> JSONValue {
    let step = ValueRules.step(of: item)
    let base = ValueRules.base(of: item)
    let whole = step.scale == 0 && base.scale == 0
    // Whole steps from a whole base are whole numbers: `integer` says all of a step of 1, and with
    // `multipleOf` all of a step from 0; any other step is checked by `settings check` alone.
    let expressed = whole && (step == ExactDecimal(1) || base == ExactDecimal(0))
    var schema: [(String, JSONValue)] = [("type", .string(whole ? "integer" : "number"))]
    if let minimum = item.min { schema.append(("minimum", JSONValue(.number(minimum.description)))) }
    if let maximum = item.max { schema.append(("maximum", JSONValue(.number(maximum.description)))) }
    if whole, base == ExactDecimal(0), step != ExactDecimal(1) {
      schema.append(("multipleOf", JSONValue(.number(step.description))))
    }
    if let value = item.numberValue { schema.append(("default", JSONValue(.number(value.description)))) }
    let unit = item.unit.map { ", in \($0)" } ?? ""
    let note = expressed ? "" : "; the step is checked by settings check"
    return itemDescribed(
      item, "\(item.title): \(ValueRules.expected(by: item) ?? "a number")\(unit)\(note).", schema)
  }

  /// A multiple choice item: an array of distinct choice values.
  static func multipleProperty(_ item: SettingItem, _ choices: [SettingChoice]) -> JSONValue {
    let titles = choices.map { "\($0.value) (\($0.title))" }.joined(separator: ", ")
    var schema: [(String, JSONValue)] = [
      ("type", .string("array")), ("uniqueItems", .bool(true)),
      ("items", .object([("type", .string("string"))] + enumeration(choices))),
    ]
    schema.append(("default", .array((item.multipleValue ?? []).map(JSONValue.string))))
    return itemDescribed(item, "\(item.title): any of \(titles).", schema)
  }

  /// A switch: true or false.
  static func switchProperty(_ item: SettingItem) -> JSONValue {
    itemDescribed(
      item, "\(item.title) (a switch).",
      [("type", .string("boolean")), ("default", .bool(item.defaultIsOn))])
  }

  /// An item with choices: one of their values.
  static func choiceProperty(_ item: SettingItem, _ choices: [SettingChoice]) -> JSONValue {
    let titles = choices.map { "\($0.value) (\($0.title))" }.joined(separator: ", ")
    var schema: [(String, JSONValue)] = [("type", .string("string"))] + enumeration(choices)
    if let value = item.value { schema.append(("default", .string(value))) }
    return itemDescribed(item, "\(item.title): one of \(titles).", schema)
  }

  /// A rightDetail row without choices: text that `settings set` does not change.
  static func detailProperty(_ item: SettingItem) -> JSONValue {
    var schema: [(String, JSONValue)] = [("type", .string("string"))]
    if let detail = item.rightDetail { schema.append(("default", .string(detail))) }
    return itemDescribed(
      item, "\(item.title) (text shown on the right; settings set does not change it).", schema)
  }

  /// `schema` described by `summary` (what the store takes), then the item's own description, as
  /// an editor shows them on hover.
  static func itemDescribed(_ item: SettingItem, _ summary: String, _ schema: [(String, JSONValue)])
    -> JSONValue
  {
    // The title first, as an editor shows it above the description (VS Code's hover).
    .object(
      [
        ("title", .string(item.title)),
        ("description", .string(item.description.map { "\(summary) \($0)" } ?? summary)),
      ]
        + schema)
  }

  /// The choices' values as `enum`, which decides what is valid, and their titles as
  /// `enumDescriptions`, which VS Code shows beside each value (draft 2020-12 ignores the
  /// keyword, so validation is unchanged).
  static func enumeration(_ choices: [SettingChoice]) -> [(String, JSONValue)] {
    [
      ("enum", .array(choices.map { .string($0.value) })),
      ("enumDescriptions", .array(choices.map { .string($0.title) })),
    ]
  }
}
