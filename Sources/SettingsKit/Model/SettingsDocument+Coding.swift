// A loaded document keeps each item's full key (`cellular.roaming`), which is what the store,
// the command line and conditions use; the document format has each item's own key (`roaming`)
// inside its page. Encoding writes the own keys and decoding puts the full keys back, so that a
// loaded document encodes to a document that loads back equal.

extension SettingItem {
  /// The item's fields, as ``DocumentFields/item`` declares them (a test holds them to it).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case key, type, title, subTitle, rightDetail, on, imageName, page, choices, value, enabledWhen
    case visibleWhen, renamedFrom, deprecated, description, placeholder, maxLength, pattern, patternMessage
    case secure, min, max, step, unit, multiple
    case element, fields, titleField, subtitleField, minCount, maxCount, unique
  }

  /// Encodes the item as the document format has it: its own key (``localKey``), not its full key.
  /// Conditions keep full keys, which the loader resolves as such.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(localKey, forKey: .key)
    try container.encode(type, forKey: .type)
    try container.encode(title, forKey: .title)
    try container.encodeIfPresent(subTitle, forKey: .subTitle)
    try container.encodeIfPresent(rightDetail, forKey: .rightDetail)
    try container.encodeIfPresent(on, forKey: .on)
    try container.encodeIfPresent(imageName, forKey: .imageName)
    try container.encodeIfPresent(page, forKey: .page)
    try container.encodeIfPresent(choices, forKey: .choices)
    try container.encodeIfPresent(value, forKey: .value)
    try container.encodeIfPresent(numberValue, forKey: .value)
    try container.encodeIfPresent(multipleValue, forKey: .value)
    try container.encodeIfPresent(enabledWhen, forKey: .enabledWhen)
    try container.encodeIfPresent(visibleWhen, forKey: .visibleWhen)
    try container.encodeIfPresent(renamedFrom, forKey: .renamedFrom)
    try container.encodeIfPresent(deprecated, forKey: .deprecated)
    try container.encodeIfPresent(description, forKey: .description)
    try container.encodeIfPresent(placeholder, forKey: .placeholder)
    try container.encodeIfPresent(maxLength, forKey: .maxLength)
    try container.encodeIfPresent(pattern, forKey: .pattern)
    try container.encodeIfPresent(patternMessage, forKey: .patternMessage)
    try container.encodeIfPresent(secure, forKey: .secure)
    try container.encodeIfPresent(min, forKey: .min)
    try container.encodeIfPresent(max, forKey: .max)
    try container.encodeIfPresent(step, forKey: .step)
    try container.encodeIfPresent(unit, forKey: .unit)
    try container.encodeIfPresent(multiple, forKey: .multiple)
    if let list {
      try container.encodeIfPresent(list.element.map(ListElementCoding.init), forKey: .element)
      try container.encodeIfPresent(list.fields, forKey: .fields)
      try container.encodeIfPresent(list.titleField, forKey: .titleField)
      try container.encodeIfPresent(list.subtitleField, forKey: .subtitleField)
      try container.encodeIfPresent(list.minCount, forKey: .minCount)
      try container.encodeIfPresent(list.maxCount, forKey: .maxCount)
      if let field = list.uniqueField {
        try container.encode(field, forKey: .unique)
      } else if list.isUnique {
        try container.encode(true, forKey: .unique)
      }
      if !list.defaultValue.isEmpty { try container.encode(list.defaultValue, forKey: .value) }
    }
  }

  /// Decodes an item; `value` is a string, a number (a number or slider) or an array of strings
  /// (multiple choice), by the item's type.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      key: try container.decodeIfPresent(String.self, forKey: .key),
      type: try container.decode(CellType.self, forKey: .type),
      title: try container.decode(String.self, forKey: .title),
      subTitle: try container.decodeIfPresent(String.self, forKey: .subTitle),
      rightDetail: try container.decodeIfPresent(String.self, forKey: .rightDetail),
      on: try container.decodeIfPresent(Bool.self, forKey: .on),
      imageName: try container.decodeIfPresent(String.self, forKey: .imageName),
      page: try container.decodeIfPresent(SettingsPage.self, forKey: .page),
      choices: try container.decodeIfPresent([SettingChoice].self, forKey: .choices),
      enabledWhen: try container.decodeIfPresent([String: SettingCondition].self, forKey: .enabledWhen),
      visibleWhen: try container.decodeIfPresent([String: SettingCondition].self, forKey: .visibleWhen),
      renamedFrom: try container.decodeIfPresent([String].self, forKey: .renamedFrom),
      deprecated: try container.decodeIfPresent(String.self, forKey: .deprecated))
    description = try container.decodeIfPresent(String.self, forKey: .description)
    placeholder = try container.decodeIfPresent(String.self, forKey: .placeholder)
    maxLength = try container.decodeIfPresent(Int.self, forKey: .maxLength)
    pattern = try container.decodeIfPresent(String.self, forKey: .pattern)
    patternMessage = try container.decodeIfPresent(String.self, forKey: .patternMessage)
    secure = try container.decodeIfPresent(Bool.self, forKey: .secure)
    min = try container.decodeIfPresent(ExactDecimal.self, forKey: .min)
    max = try container.decodeIfPresent(ExactDecimal.self, forKey: .max)
    step = try container.decodeIfPresent(ExactDecimal.self, forKey: .step)
    unit = try container.decodeIfPresent(String.self, forKey: .unit)
    multiple = try container.decodeIfPresent(Bool.self, forKey: .multiple)
    switch type {
    case .number, .slider: numberValue = try container.decodeIfPresent(ExactDecimal.self, forKey: .value)
    case .rightDetail where multiple == true:
      multipleValue = try container.decodeIfPresent([String].self, forKey: .value)
    case .list:
      var list = SettingList(
        element: try container.decodeIfPresent(ListElementCoding.self, forKey: .element)?.item,
        fields: try container.decodeIfPresent([SettingItem].self, forKey: .fields),
        titleField: try container.decodeIfPresent(String.self, forKey: .titleField),
        subtitleField: try container.decodeIfPresent(String.self, forKey: .subtitleField),
        minCount: try container.decodeIfPresent(Int.self, forKey: .minCount),
        maxCount: try container.decodeIfPresent(Int.self, forKey: .maxCount))
      if let field = try? container.decodeIfPresent(String.self, forKey: .unique) {
        list.uniqueField = field
      } else {
        list.isUnique = try container.decodeIfPresent(Bool.self, forKey: .unique) ?? false
      }
      list.defaultValue = try container.decodeIfPresent([SettingValue].self, forKey: .value) ?? []
      self.list = list
    default: value = try container.decodeIfPresent(String.self, forKey: .value)
    }
  }
}

/// A list's element declaration as the document format has it: an item's value fields without
/// key, title or default.
private struct ListElementCoding: Codable {
  var item: SettingItem

  init(_ item: SettingItem) { self.item = item }

  enum CodingKeys: String, CodingKey {
    case type, description, placeholder, maxLength, pattern, patternMessage, min, max, step, unit, choices
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(item.type, forKey: .type)
    try container.encodeIfPresent(item.description, forKey: .description)
    try container.encodeIfPresent(item.placeholder, forKey: .placeholder)
    try container.encodeIfPresent(item.maxLength, forKey: .maxLength)
    try container.encodeIfPresent(item.pattern, forKey: .pattern)
    try container.encodeIfPresent(item.patternMessage, forKey: .patternMessage)
    try container.encodeIfPresent(item.min, forKey: .min)
    try container.encodeIfPresent(item.max, forKey: .max)
    try container.encodeIfPresent(item.step, forKey: .step)
    try container.encodeIfPresent(item.unit, forKey: .unit)
    try container.encodeIfPresent(item.choices, forKey: .choices)
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    item = SettingItem(
      type: try container.decode(CellType.self, forKey: .type), title: "",
      choices: try container.decodeIfPresent([SettingChoice].self, forKey: .choices))
    item.description = try container.decodeIfPresent(String.self, forKey: .description)
    item.placeholder = try container.decodeIfPresent(String.self, forKey: .placeholder)
    item.maxLength = try container.decodeIfPresent(Int.self, forKey: .maxLength)
    item.pattern = try container.decodeIfPresent(String.self, forKey: .pattern)
    item.patternMessage = try container.decodeIfPresent(String.self, forKey: .patternMessage)
    item.min = try container.decodeIfPresent(ExactDecimal.self, forKey: .min)
    item.max = try container.decodeIfPresent(ExactDecimal.self, forKey: .max)
    item.step = try container.decodeIfPresent(ExactDecimal.self, forKey: .step)
    item.unit = try container.decodeIfPresent(String.self, forKey: .unit)
  }
}

extension SettingSection {
  /// The section's fields, as ``DocumentFields/section`` declares them (a test holds them to it).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case id, header, footer, items, collapsible, expanded, pageSize, itemsFile
  }

  /// Encodes the section as the document format has it: a section with an `itemsFile` has no
  /// `items` (those loaded from the file stay in the file).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encodeIfPresent(id, forKey: .id)
    try container.encodeIfPresent(header, forKey: .header)
    try container.encodeIfPresent(footer, forKey: .footer)
    if itemsFile == nil { try container.encode(items, forKey: .items) }
    try container.encodeIfPresent(collapsible, forKey: .collapsible)
    try container.encodeIfPresent(expanded, forKey: .expanded)
    try container.encodeIfPresent(pageSize, forKey: .pageSize)
    try container.encodeIfPresent(itemsFile, forKey: .itemsFile)
  }

  /// Decodes a section; `items` may be absent (a section with an `itemsFile`).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      id: try container.decodeIfPresent(String.self, forKey: .id),
      header: try container.decodeIfPresent(String.self, forKey: .header),
      footer: try container.decodeIfPresent(String.self, forKey: .footer),
      items: try container.decodeIfPresent([SettingItem].self, forKey: .items) ?? [],
      collapsible: try container.decodeIfPresent(Bool.self, forKey: .collapsible),
      expanded: try container.decodeIfPresent(Bool.self, forKey: .expanded),
      pageSize: try container.decodeIfPresent(Int.self, forKey: .pageSize),
      itemsFile: try container.decodeIfPresent(String.self, forKey: .itemsFile))
  }
}

extension SettingsDocument {
  /// The document's fields, as ``DocumentFields/document`` declares them (a test holds them to it).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case version, id, title, sections
  }

  /// Decodes a document and gives each item inside a child page its full key, as the loader does.
  ///
  /// Decoding checks types only; ``validate()`` checks the rules of the document format.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let id = try container.decode(String.self, forKey: .id)
    self.init(
      version: try container.decodeIfPresent(Int.self, forKey: .version) ?? Self.currentVersion,
      id: id, title: try container.decodeIfPresent(String.self, forKey: .title) ?? id,
      sections: try container.decodeIfPresent([SettingSection].self, forKey: .sections) ?? [])
    updateEachItem { item, position in
      if let key = item.key, let parent = position.ancestors.last?.key { item.key = parent + "." + key }
    }
  }
}
