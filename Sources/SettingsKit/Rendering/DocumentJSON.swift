/// The document as JSON for `show --json`: the document's own field names, with each valued
/// item's current value in place of its default and a `modified` flag.
public enum DocumentJSON {
  /// The JSON value of `document` as it stands with `snapshot`'s values.
  public static func value(of document: SettingsDocument, snapshot: SettingsSnapshot) -> JSONValue {
    .object([
      ("version", .integer(document.version)), ("id", .string(document.id)),
      ("title", .string(document.title)),
      ("sections", .array(document.sections.map { section(of: $0, snapshot: snapshot) })),
    ])
  }

  static func section(of section: SettingSection, snapshot: SettingsSnapshot) -> JSONValue {
    var pairs: [(String, JSONValue)] = []
    if let id = section.id { pairs.append(("id", .string(id))) }
    if let header = section.header { pairs.append(("header", .string(header))) }
    if let footer = section.footer { pairs.append(("footer", .string(footer))) }
    pairs.append(("items", .array(section.items.map { item(of: $0, snapshot: snapshot) })))
    return .object(pairs)
  }

  static func item(of item: SettingItem, snapshot: SettingsSnapshot) -> JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("type", .string(item.type.rawValue)), ("title", .string(item.title)),
    ]
    if let key = item.key { pairs.append(("key", .string(key))) }
    if let subTitle = item.subTitle { pairs.append(("subTitle", .string(subTitle))) }
    if let imageName = item.imageName { pairs.append(("imageName", .string(imageName))) }
    let value = item.key.flatMap { snapshot.values[$0] } ?? SettingsSnapshot.defaultValue(of: item)
    switch value {
    case .bool(let flag)?: pairs.append(("on", .bool(flag)))
    case .string(let text)?: pairs.append(("rightDetail", .string(text)))
    case nil: break
    }
    if value != nil {
      pairs.append(("modified", .bool(item.key.map { snapshot.modified.contains($0) } ?? false)))
    }
    return .object(pairs)
  }
}
