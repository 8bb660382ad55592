import SettingsKit

/// The Swift shape of a document's keys: one namespace per page (the top page is `SettingKeys`),
/// holding a key per item with a value, an enum per choice item, and a namespace per child page.
struct KeyNamespace {
  /// The Swift type name (`Cellular`); empty for `SettingKeys` itself.
  var typeName: String
  /// The dot path of the item whose page or choices this is (`cellular`); empty for the top page.
  var path: String
  /// The choice enum that is this type too, when the item has choices (and maybe a page).
  var choices: ChoiceEnum?
  /// The keys declared here, in document order.
  var keys: [KeyDeclaration] = []
  /// The namespaces declared here, in document order.
  var children: [KeyNamespace] = []

  /// The member names used here so far, with the key that took each, to refuse two keys with one name.
  var takenNames: [String: String] = [:]
}

/// An item's choices as a `String`-backed enum.
struct ChoiceEnum {
  /// The item (its key is the full dot path).
  var item: SettingItem
  /// Each choice with its case name.
  var cases: [(name: String, choice: SettingChoice)]
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
  /// The namespaces and keys of `document`.
  ///
  /// - Throws: ``CodegenError`` when two keys, two choice values of one item, or a key and a
  ///   choice value of one enum would have the same Swift name.
  static func build(_ document: SettingsDocument) throws(CodegenError) -> KeyNamespace {
    var root = KeyNamespace(typeName: "", path: "")
    for section in document.sections {
      try root.add(section.items, swiftPath: "SettingKeys")
    }
    var aliases: [(earlier: String, item: SettingItem)] = []
    document.forEachItem { item, _ in
      for earlier in item.renamedFrom ?? [] { aliases.append((earlier, item)) }
    }
    for (earlier, item) in aliases {
      try root.addAlias(earlier, components: earlier.split(separator: ".").map(String.init), item: item)
    }
    return root
  }

  /// Adds the keys, enums and pages of `items`.
  private mutating func add(_ items: [SettingItem], swiftPath: String) throws(CodegenError) {
    for item in items {
      guard let key = item.key, let localKey = item.localKey else { continue }
      let typeName = SwiftNames.type(localKey)
      var valueType: String?
      if SettingsSnapshot.defaultValue(of: item) != nil {
        valueType = Self.valueType(of: item, enumName: typeName)
      }
      if let choices = item.choices {
        // What a String-backed, CaseIterable SettingChoiceValue enum already has.
        var names = Dictionary(
          uniqueKeysWithValues: ["rawValue", "allCases", "hashValue", "choiceValue", "settingValue", "init"]
            .map {
              ($0, "its enum's \($0)")
            })
        var cases: [(name: String, choice: SettingChoice)] = []
        for choice in choices {
          let name = SwiftNames.member(choice.value)
          if let other = names[name] {
            throw CodegenError(
              "\(key): choices \(other) and \"\(choice.value)\" would both be the Swift name '\(name)'")
          }
          names[name] = "\"\(choice.value)\""
          cases.append((name, choice))
        }
        try claim(typeName, for: key)
        children.append(
          KeyNamespace(
            typeName: typeName, path: key, choices: ChoiceEnum(item: item, cases: cases),
            takenNames: names.mapValues { "\(key) (\($0.hasPrefix("\"") ? "choice " : "")\($0))" }))
      }
      if let valueType {
        let name = SwiftNames.member(localKey)
        try claim(name, for: key)
        keys.append(KeyDeclaration(name: name, item: item, valueType: valueType))
      }
      if let page = item.page {
        let index = try namespaceIndex(typeName, path: key)
        for section in page.sections {
          try children[index].add(section.items, swiftPath: swiftPath + "." + typeName)
        }
      }
    }
  }

  /// The index of the child namespace `typeName`, made when there is none yet.
  private mutating func namespaceIndex(_ typeName: String, path: String) throws(CodegenError) -> Int {
    if let index = children.firstIndex(where: { $0.typeName == typeName }) {
      // Two pages (or a page and a choice item) whose Swift names are one: refused, not merged.
      let other = children[index].path
      guard other == path else {
        throw CodegenError(
          "\(path) and \(other) would both be the Swift name '\(typeName)' in the same namespace")
      }
      return index
    }
    try claim(typeName, for: path)
    children.append(KeyNamespace(typeName: typeName, path: path))
    return children.count - 1
  }

  /// Records that `key` takes the Swift name `name` here.
  private mutating func claim(_ name: String, for key: String) throws(CodegenError) {
    if let other = takenNames[name], other != key {
      throw CodegenError("\(key) and \(other) would both be the Swift name '\(name)' in the same namespace")
    }
    takenNames[name] = key
  }

  /// Adds a deprecated key at the earlier path `components` for `item`.
  private mutating func addAlias(
    _ earlier: String, components: [String], item: SettingItem
  ) throws(CodegenError) {
    guard let first = components.first, let currentKey = item.key else { return }
    if components.count > 1 {
      let index = try namespaceIndex(SwiftNames.type(first), path: path.isEmpty ? first : path + "." + first)
      try children[index].addAlias(earlier, components: Array(components.dropFirst()), item: item)
      return
    }
    guard let current = (Self.swiftPath(of: currentKey)) else { return }
    let name = SwiftNames.member(first)
    try claim(name, for: earlier)
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
  /// `SettingsKit.SecureText`, `Swift.String`, `Swift.Int` or `SettingsKit.ExactDecimal`.
  static func valueType(of item: SettingItem, enumName: String) -> String {
    switch item.type {
    case .switch: return "Swift.Bool"
    case .rightDetail where item.choices != nil && item.multiple == true: return "[\(enumName)]"
    case .rightDetail where item.choices != nil: return enumName
    case .textField where item.secure == true: return "SettingsKit.SecureText"
    case .number, .slider: return isWhole(item) ? "Swift.Int" : "SettingsKit.ExactDecimal"
    default: return "Swift.String"
    }
  }

  /// Whether every value a number or slider accepts is a whole number that `Int` holds: its step
  /// and its least value are whole, and both bounds are given and fit in `Int` (without them the
  /// document accepts numbers no `Int` holds, such as 10000000000000000000).
  static func isWhole(_ item: SettingItem) -> Bool {
    let step = item.step ?? ExactDecimal(1)
    guard step.intValue != nil, let minimum = item.min, minimum.intValue != nil, let maximum = item.max,
      maximum.intValue != nil
    else { return false }
    return true
  }
}
