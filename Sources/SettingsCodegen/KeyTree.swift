import SettingsKit

/// The Swift shape of a document's keys: one namespace per page (the top page is `SettingKeys`),
/// holding a key per item with a value, an enum per choice item, and a namespace per child page.
struct KeyNamespace {
  /// The Swift type name (`Cellular`); empty for `SettingKeys` itself.
  var typeName: String
  /// The dot path of the item whose page or choices this is (`cellular`); empty for the top page.
  var path: String
  /// The full Swift name, for messages (`SettingKeys.Cellular`).
  var swiftPath = "SettingKeys"
  /// The choice enum that is this type too, when the item has choices (and maybe a page).
  var choices: ChoiceEnum?
  /// The record struct that this type is, when the item is a list of records; its choice fields'
  /// enums are its ``children``.
  var record: RecordStruct?
  /// The keys declared here, in document order.
  var keys: [KeyDeclaration] = []
  /// The namespaces declared here, in document order.
  var children: [KeyNamespace] = []

  /// The member names used here so far, with what took each, to refuse two keys with one name.
  var takenNames: [String: NameOwner] = [:]
}

/// What takes a Swift name in a namespace, for the message that refuses a second taker.
struct NameOwner {
  /// The key (or choice value) it stands for: a second claim by the same one is no clash.
  var id: String
  /// What it is, as a message names it: `key "auto-lock"`, `choice "a-b" of mode`.
  var what: String
  /// The JSON path of its value in the document; nil for a member every choice enum has.
  var path: String?
  /// Whether the name is a type's (an enum or a namespace): one item's key and type may not share
  /// a name either.
  var isType = false
}

/// An item's choices as a `String`-backed enum.
struct ChoiceEnum {
  /// The item (its key is the full dot path), or the record field, whose choices these are.
  var item: SettingItem
  /// The full key of the list whose records have this field; nil for an item's own choices.
  var recordOf: String? = nil
  /// Each choice with its case name; `renamedFrom` is the name it would have had, when that is a
  /// member every choice enum has (`rawValue`), so the case took the name with a `_` after it.
  var cases: [(name: String, choice: SettingChoice, renamedFrom: String?)]
}

/// A list's record as a struct: one stored property per field, in the document's order.
struct RecordStruct {
  /// The list item (its key is the full dot path).
  var item: SettingItem
  /// Each field: its Swift property name, its declaration (with its key) and its Swift type.
  var fields: [(name: String, field: SettingItem, valueType: String)] = []
}

/// One `static let` of type `SettingKey<Value>`.
struct KeyDeclaration {
  /// The property name (`autoLock`).
  var name: String
  /// The item it names (its key is the full dot path).
  var item: SettingItem
  /// The Swift type of its values, as written in the generated code.
  var valueType: String
  /// For a key kept for a `renamedFrom` path: the earlier path, and the Swift path of the current key.
  var alias: (earlierKey: String, currentName: String)?
}

extension KeyNamespace {
  /// What a `String`-backed, `CaseIterable` ``SettingsKit/SettingChoiceValue`` enum already has:
  /// a choice whose case would have one of these names gets a `_` after it (`rawValue_`).
  static let choiceEnumMembers: Set<String> = [
    "rawValue", "allCases", "hashValue", "choiceValue", "settingValue", "init", "description",
  ]

  /// What a record struct already has, or cannot name in its initializer: a field whose property
  /// would have one of these names gets a `_` after it (`settingValue_`; `self_`, since
  /// `self.self = self` does not compile).
  static let recordMembers: Set<String> = ["settingValue", "init", "self"]

  /// The namespaces and keys of `document`, whose text `locator` finds paths in for messages.
  ///
  /// - Throws: ``CodegenError`` when two keys, two choice values of one item, or a key and a
  ///   choice value of one enum would have the same Swift name.
  static func build(_ document: SettingsDocument, locator: JSONPathLocator, file: String)
    throws(CodegenError) -> KeyNamespace
  {
    var builder = Builder(locator: locator, file: file)
    var root = KeyNamespace(typeName: "", path: "")
    for (index, section) in document.sections.enumerated() {
      try root.add(section.items, jsonPath: "sections[\(index)]", builder: &builder)
    }
    for alias in builder.aliases {
      // An earlier key whose Swift name is the item's own (`autoLock` of `auto-lock`) needs no
      // deprecated key: the item's key already has that name.
      if let current = alias.item.key,
        swiftPath(of: alias.earlier)?.memberPath == swiftPath(of: current)?.memberPath
      {
        continue
      }
      try root.addAlias(
        alias.earlier, components: alias.earlier.split(separator: ".").map(String.init), item: alias.item,
        jsonPath: alias.jsonPath, builder: builder)
    }
    return root
  }

  /// What the walk carries: where messages point, and the earlier keys to add once every key is known.
  struct Builder {
    /// Finds JSON paths in the document's text.
    var locator: JSONPathLocator
    /// The document's file, as messages name it.
    var file: String
    /// Each earlier key (`renamedFrom`), its item, and the JSON path of the earlier key.
    var aliases: [(earlier: String, item: SettingItem, jsonPath: String)] = []

    /// The error that `newcomer` (at its path) cannot take `name` in `namespace`, which `owner` has.
    func clash(
      _ newcomer: NameOwner, _ owner: NameOwner, name: String, in namespace: String, kind: String = "name"
    ) -> CodegenError {
      let path = newcomer.path ?? ""
      let wanted = "\(newcomer.what) would have the Swift \(kind) '\(name)' in \(namespace)"
      let rule = "(a Swift name keeps only the letters and digits, camel-cased)"
      let problem =
        if let ownerPath = owner.path {
          "\(wanted), which \(owner.what) at \(locator.described(ownerPath)) has; rename one of them \(rule)"
        } else {
          "\(wanted), a member that every choice enum has; rename it \(rule)"
        }
      return CodegenError(file: file, location: locator.location(of: path), path: path, problem: problem)
    }
  }

  /// Adds the keys, enums and pages of `items`, the items of the section at `jsonPath`.
  private mutating func add(_ items: [SettingItem], jsonPath: String, builder: inout Builder)
    throws(CodegenError)
  {
    for (row, item) in items.enumerated() {
      let itemPath = "\(jsonPath).items[\(row)]"
      guard let key = item.key, let localKey = item.localKey else { continue }
      let owner = NameOwner(id: key, what: "key \"\(key)\"", path: itemPath + ".key")
      let typeName = SwiftNames.type(localKey)
      var valueType: String?
      // A right detail without choices is shown, never stored: no key, as the TypeScript store has none.
      if SettingsSnapshot.defaultValue(of: item) != nil, item.type != .rightDetail || item.choices != nil {
        valueType = Self.valueType(of: item, enumName: typeName)
      }
      // Earlier keys only for an item that gets a key: for another one there is nothing to read.
      if valueType != nil, let earlier = item.renamedFrom {
        let field = itemPath + ".renamedFrom"
        let isArray: Bool = if case .array = builder.locator.value(at: field)?.kind { true } else { false }
        for (index, old) in earlier.enumerated() {
          builder.aliases.append((old, item, isArray ? "\(field)[\(index)]" : field))
        }
      }
      // A list of choices has an enum as a choice item does; a list of records, a struct.
      let elementChoices = item.type == .list ? item.list?.element?.choices : nil
      if let choices = item.choices ?? elementChoices {
        let enumPath = swiftPath + "." + typeName
        let choicesPath = item.choices != nil ? "\(itemPath).choices" : "\(itemPath).element.choices"
        let (cases, names) = try Self.choiceCases(
          choices, key: key, jsonPath: choicesPath, enumPath: enumPath, builder: builder)
        try claim(typeName, for: owner, isType: true, builder: builder)
        children.append(
          KeyNamespace(
            typeName: typeName, path: key, swiftPath: enumPath, choices: ChoiceEnum(item: item, cases: cases),
            takenNames: names))
      }
      if item.type == .list, let fields = item.list?.fields {
        try claim(typeName, for: owner, isType: true, builder: builder)
        children.append(
          try Self.recordStruct(
            item, fields: fields, typeName: typeName, key: key, itemPath: itemPath, in: swiftPath,
            builder: builder))
      }
      if let valueType {
        let name = SwiftNames.member(localKey)
        try claim(name, for: owner, builder: builder)
        keys.append(KeyDeclaration(name: name, item: item, valueType: valueType))
      }
      if let page = item.page {
        let index = try namespaceIndex(typeName, path: key, owner: owner, builder: builder)
        for (sectionIndex, section) in page.sections.enumerated() {
          try children[index].add(
            section.items, jsonPath: "\(itemPath).page.sections[\(sectionIndex)]", builder: &builder)
        }
      }
    }
  }

  /// The cases of the enum `enumPath` for `choices` (at `jsonPath`) of the item or field `key`,
  /// and the names they and the enum's own members take.
  ///
  /// - Throws: ``CodegenError`` when two choices would have one case name.
  private static func choiceCases(
    _ choices: [SettingChoice], key: String, jsonPath: String, enumPath: String, builder: Builder
  ) throws(CodegenError) -> (
    [(name: String, choice: SettingChoice, renamedFrom: String?)], [String: NameOwner]
  ) {
    var names: [String: NameOwner] = [:]
    for member in choiceEnumMembers.union(["`init`"]) {
      names[member] = NameOwner(id: key, what: member, path: nil)
    }
    var cases: [(name: String, choice: SettingChoice, renamedFrom: String?)] = []
    for (index, choice) in choices.enumerated() {
      var name = SwiftNames.member(choice.value)
      var renamedFrom: String?
      let unquoted = name.filter { $0 != "`" }
      if choiceEnumMembers.contains(unquoted) {
        renamedFrom = unquoted
        name = unquoted + "_"
      }
      let choiceOwner = NameOwner(
        id: "\(key) \(choice.value)", what: "choice \"\(choice.value)\" of \(key)",
        path: "\(jsonPath)[\(index)].value")
      if let other = names[name] {
        throw builder.clash(choiceOwner, other, name: name, in: "enum \(enumPath)", kind: "case name")
      }
      names[name] = choiceOwner
      cases.append((name, choice, renamedFrom))
    }
    return (cases, names)
  }

  /// The struct `typeName` in the namespace `namespacePath` for the records of the list `item`
  /// (whose key is `key`, at `itemPath`): a property per field, an enum per choice field.
  ///
  /// - Throws: ``CodegenError`` when two fields would have one Swift name, or two choices of a
  ///   field one case name.
  private static func recordStruct(
    _ item: SettingItem, fields: [SettingItem], typeName: String, key: String, itemPath: String,
    in namespacePath: String, builder: Builder
  ) throws(CodegenError) -> KeyNamespace {
    let structPath = namespacePath + "." + typeName
    var record = KeyNamespace(typeName: typeName, path: key, swiftPath: structPath)
    var recordStruct = RecordStruct(item: item)
    for (index, field) in fields.enumerated() {
      guard let fieldKey = field.key else { continue }
      let fieldPath = "\(itemPath).fields[\(index)]"
      let owner = NameOwner(
        id: "\(key) \(fieldKey)", what: "field \"\(fieldKey)\" of \(key)", path: fieldPath + ".key")
      var name = SwiftNames.member(fieldKey)
      let unquoted = name.filter { $0 != "`" }
      if recordMembers.contains(unquoted) { name = unquoted + "_" }
      try record.claim(name, for: owner, builder: builder)
      let fieldType = SwiftNames.type(fieldKey)
      if let choices = field.choices {
        let enumPath = structPath + "." + fieldType
        let (cases, names) = try choiceCases(
          choices, key: "\(key) \(fieldKey)", jsonPath: fieldPath + ".choices", enumPath: enumPath,
          builder: builder)
        try record.claim(fieldType, for: owner, isType: true, builder: builder)
        record.children.append(
          KeyNamespace(
            typeName: fieldType, path: fieldKey, swiftPath: enumPath,
            choices: ChoiceEnum(item: field, recordOf: key, cases: cases), takenNames: names))
      }
      recordStruct.fields.append((name, field, valueType(of: field, enumName: fieldType)))
    }
    record.record = recordStruct
    return record
  }

  /// The index of the child namespace `typeName` for the page of `path`, made when there is none yet.
  private mutating func namespaceIndex(
    _ typeName: String, path: String, owner: NameOwner, builder: Builder
  ) throws(CodegenError) -> Int {
    if let index = children.firstIndex(where: { $0.typeName == typeName }) {
      // Two pages (or a page and a choice item) whose Swift names are one: refused, not merged.
      guard children[index].path == path else {
        let other =
          takenNames[typeName] ?? NameOwner(id: children[index].path, what: "key \"\(children[index].path)\"")
        throw builder.clash(owner, other, name: typeName, in: swiftPath, kind: "type name")
      }
      return index
    }
    try claim(typeName, for: owner, isType: true, builder: builder)
    children.append(KeyNamespace(typeName: typeName, path: path, swiftPath: swiftPath + "." + typeName))
    return children.count - 1
  }

  /// Records that `owner` takes the Swift name `name` here, as a type's name when `isType`; a
  /// name taken by another key, or by the same key as the other kind (a key and its enum), is refused.
  private mutating func claim(
    _ name: String, for owner: NameOwner, isType: Bool = false, builder: Builder
  ) throws(CodegenError) {
    var owner = owner
    owner.isType = isType
    if let other = takenNames[name], other.id != owner.id || other.isType != isType {
      throw builder.clash(owner, other, name: name, in: swiftPath, kind: isType ? "type name" : "name")
    }
    takenNames[name] = owner
  }

  /// Adds a deprecated key at the earlier path `components` for `item`; `jsonPath` is where the
  /// document names the earlier key.
  private mutating func addAlias(
    _ earlier: String, components: [String], item: SettingItem, jsonPath: String, builder: Builder
  ) throws(CodegenError) {
    guard let first = components.first, let currentKey = item.key else { return }
    let owner = NameOwner(id: earlier, what: "earlier key \"\(earlier)\" of \(currentKey)", path: jsonPath)
    if components.count > 1 {
      let index = try namespaceIndex(
        SwiftNames.type(first), path: path.isEmpty ? first : path + "." + first, owner: owner,
        builder: builder)
      try children[index].addAlias(
        earlier, components: Array(components.dropFirst()), item: item, jsonPath: jsonPath, builder: builder)
      return
    }
    guard let current = (Self.swiftPath(of: currentKey)) else { return }
    let name = SwiftNames.member(first)
    try claim(name, for: owner, builder: builder)
    let valueType = Self.valueType(of: item, enumName: "SettingKeys." + current.typePath)
    keys.append(
      KeyDeclaration(
        name: name, item: item, valueType: valueType,
        alias: (earlierKey: earlier, currentName: current.memberPath)))
  }

  /// The Swift path of the key `key` below `SettingKeys`: its namespaces and property
  /// (`Cellular.roaming`), and the same with the last component as a type (`Cellular.Roaming`).
  static func swiftPath(of key: String) -> (memberPath: String, typePath: String)? {
    let components = key.split(separator: ".").map(String.init)
    guard let last = components.last else { return nil }
    let namespaces = components.dropLast().map(SwiftNames.type)
    return (
      (namespaces + [SwiftNames.member(last)]).joined(separator: "."),
      (namespaces + [SwiftNames.type(last)]).joined(separator: ".")
    )
  }

  /// The Swift type of an item's values: `Swift.Bool`, the choice enum, an array of it,
  /// `SettingsKit.SecureText`, `Swift.String`, `Swift.Int` or `SettingsKit.ExactDecimal`; for a
  /// list, an array of its element's type, or of the record struct `enumName`.
  static func valueType(of item: SettingItem, enumName: String) -> String {
    switch item.type {
    case .list:
      // A list of records holds the struct `enumName`; a list of choices, the enum `enumName`.
      guard let element = item.list?.element else { return "[\(enumName)]" }
      return "[\(valueType(of: element, enumName: enumName))]"
    case .switch: return "Swift.Bool"
    case .rightDetail where item.choices != nil && item.multiple == true: return "[\(enumName)]"
    case .rightDetail where item.choices != nil: return enumName
    case .textField where item.isSecure: return "SettingsKit.SecureText"
    case .number, .slider: return isWhole(item) ? "Swift.Int" : "SettingsKit.ExactDecimal"
    default: return "Swift.String"
    }
  }

  /// Whether every value a number or slider accepts is a whole number that `Int` holds: its step
  /// (1 when not given), its `min` and its `max` are whole numbers that fit in `Int`, and both
  /// bounds are given (without them the document accepts numbers no `Int` holds, such as
  /// 10000000000000000000).
  static func isWhole(_ item: SettingItem) -> Bool {
    let step = item.step ?? ExactDecimal(1)
    guard step.intValue != nil, let minimum = item.min, minimum.intValue != nil, let maximum = item.max,
      maximum.intValue != nil
    else { return false }
    return true
  }
}
