extension SettingsSchema {
  /// The schema of `document`'s store: one property per key (the dot path the store keeps), with
  /// its type, allowed values, default and the item's title; other keys are allowed, as the store
  /// keeps keys the document does not know. Every store `settings` writes validates against it.
  public static func store(for document: SettingsDocument) -> JSONValue {
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
    case .rightDetail: return item.choices.map { choiceProperty(item, $0) } ?? detailProperty(item)
    case .detailTitle: return nil
    }
  }

  /// A switch: true or false.
  static func switchProperty(_ item: SettingItem) -> JSONValue {
    described(
      "\(item.title) (a switch).",
      [("type", .string("boolean")), ("default", .bool(item.defaultIsOn))])
  }

  /// An item with choices: one of their values.
  static func choiceProperty(_ item: SettingItem, _ choices: [SettingChoice]) -> JSONValue {
    let titles = choices.map { "\($0.value) (\($0.title))" }.joined(separator: ", ")
    var schema: [(String, JSONValue)] = [
      ("type", .string("string")), ("enum", .array(choices.map { .string($0.value) })),
    ]
    if let value = item.value { schema.append(("default", .string(value))) }
    return described("\(item.title): one of \(titles).", schema)
  }

  /// A rightDetail row without choices: text that `settings set` does not change.
  static func detailProperty(_ item: SettingItem) -> JSONValue {
    var schema: [(String, JSONValue)] = [("type", .string("string"))]
    if let detail = item.rightDetail { schema.append(("default", .string(detail))) }
    return described("\(item.title) (text shown on the right; settings set does not change it).", schema)
  }
}
