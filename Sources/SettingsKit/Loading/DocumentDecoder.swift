/// Builds a ``SettingsDocument`` from parsed JSON, collecting every problem with its JSON path and location.
///
/// The rules are those of the README's "Document format": known fields only (a typo gets a
/// suggestion), required fields present and of the right JSON type, keys and section ids
/// well-formed and unique, and each field allowed on the cell type that shows it.
struct DocumentDecoder {
  static let documentFields = ["version", "id", "title", "sections"]
  static let sectionFields = [
    "id", "header", "footer", "items", "collapsible", "expanded", "pageSize", "itemsFile",
  ]
  static let itemFields = ["key", "type", "title", "subTitle", "rightDetail", "on", "imageName"]

  /// The text being decoded; replaced by each JSON Lines file of the document in turn.
  var source: SourceText {
    didSet { locator = nil }
  }
  /// Locates offsets in `source`, built on first use: a document with a million keys or problems
  /// must not scan its text once per location.
  private var locator: SourceLocator?
  var issues: [ValidationIssue] = []
  /// Where each key was first used, as shown in a duplicate's message.
  var firstKeyUse: [String: FirstUse] = [:]
  var firstSectionID: [String: (path: String, offset: Int)] = [:]

  /// Where a key was first used: in the document at a JSON path, or on a line of an items file.
  enum FirstUse {
    case document(path: String, location: SourceLocator, offset: Int)
    case itemsFile(String)
  }

  init(source: SourceText) {
    self.source = source
  }

  /// The line and column of a byte offset in `source`.
  mutating func location(ofOffset offset: Int) -> SourceLocation {
    if locator == nil { locator = SourceLocator(source) }
    return locator!.location(ofOffset: offset)
  }

  mutating func report(_ path: String, _ offset: Int, _ message: String) {
    issues.append(ValidationIssue(path: path, location: location(ofOffset: offset), message: message))
  }

  /// A key's first use as a duplicate's message shows it: `path (line:column)` or `file:line:column`.
  func describe(_ use: FirstUse) -> String {
    switch use {
    case .document(let path, let locator, let offset): "\(path) (\(locator.location(ofOffset: offset)))"
    case .itemsFile(let text): text
    }
  }

  func shown(_ text: String) -> String { "\"\(TerminalText.escaped(text))\"" }

  /// The members of an object, or nil after reporting that `value` is not an object.
  mutating func members(of value: JSONValue, at path: String, what: String) -> [JSONValue.Member]? {
    guard case .object(let members) = value.kind else {
      report(path, value.offset, "expected \(what) (a JSON object); found \(value.typeDescription)")
      return nil
    }
    return members
  }

  /// Reports every member whose name is not in `known`, with a suggestion when one is close.
  mutating func checkFields(_ members: [JSONValue.Member], known: [String], at path: String) {
    for member in members where !known.contains(member.name) {
      let hint =
        if let close = Suggestion.closest(to: member.name, in: known) {
          "did you mean \(shown(close))?"
        } else {
          "known fields are " + known.joined(separator: ", ")
        }
      report(join(path, member.name), member.nameOffset, "unknown field \(shown(member.name)); \(hint)")
    }
  }

  func join(_ path: String, _ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

  mutating func string(_ value: JSONValue?, at path: String) -> String? {
    guard let value else { return nil }
    guard case .string(let text) = value.kind else {
      report(path, value.offset, "expected a string; found \(value.typeDescription)")
      return nil
    }
    return text
  }

  mutating func bool(_ value: JSONValue?, at path: String) -> Bool? {
    guard let value else { return nil }
    guard case .bool(let flag) = value.kind else {
      report(path, value.offset, "expected true or false; found \(value.typeDescription)")
      return nil
    }
    return flag
  }

  /// A whole number of at least `minimum`, or nil after reporting what is wrong.
  mutating func integer(_ value: JSONValue?, at path: String, minimum: Int) -> Int? {
    guard let value else { return nil }
    guard case .number(let text) = value.kind else {
      report(path, value.offset, "expected a whole number; found \(value.typeDescription)")
      return nil
    }
    guard let number = Int(text), number >= minimum else {
      report(path, value.offset, "expected a whole number of at least \(minimum); found \(text)")
      return nil
    }
    return number
  }

  static func isName(_ text: String, allowingDots: Bool) -> Bool {
    !text.isEmpty && text.utf8.count <= 128
      && text.utf8.allSatisfy { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
          || (allowingDots && byte == UInt8(ascii: "."))
      }
  }

  mutating func decodeDocument(_ root: JSONValue) -> SettingsDocument? {
    guard case .object(let members) = root.kind else {
      report("", root.offset, "expected a settings document (a JSON object); found \(root.typeDescription)")
      return nil
    }
    checkFields(members, known: Self.documentFields, at: "")
    var version = SettingsDocument.currentVersion
    if let value = root[member: "version"], let number = integer(value, at: "version", minimum: 1) {
      if number != SettingsDocument.currentVersion {
        report(
          "version", value.offset,
          "unsupported version \(number); this build of settings reads version \(SettingsDocument.currentVersion)"
        )
      }
      version = number
    }
    var id = ""
    if let value = root[member: "id"] {
      if let text = string(value, at: "id") {
        if Self.isName(text, allowingDots: true), text.contains(where: { $0 != "." }) {
          id = text
        } else {
          report("id", value.offset, "invalid id \(shown(text)); use letters, digits, '.', '-' and '_'")
        }
      }
    } else {
      report(
        "", root.offset, "missing \"id\"; it names the document and its store, such as \"id\": \"my-app\"")
    }
    let title = string(root[member: "title"], at: "title") ?? id
    var sections: [SettingSection] = []
    if let value = root[member: "sections"] {
      if case .array(let elements) = value.kind {
        for (index, element) in elements.enumerated() {
          if let section = decodeSection(element, at: "sections[\(index)]") { sections.append(section) }
        }
      } else {
        report("sections", value.offset, "expected an array of sections; found \(value.typeDescription)")
      }
    }
    return SettingsDocument(version: version, id: id, title: title, sections: sections)
  }

  mutating func decodeSection(_ value: JSONValue, at path: String) -> SettingSection? {
    guard let members = members(of: value, at: path, what: "a section") else { return nil }
    checkFields(members, known: Self.sectionFields, at: path)
    var section = SettingSection(items: [])
    if let idValue = value[member: "id"], let id = string(idValue, at: join(path, "id")) {
      if !Self.isName(id, allowingDots: false) {
        report(
          join(path, "id"), idValue.offset,
          "invalid section id \(shown(id)); use letters, digits, '-' and '_'")
      } else if let first = firstSectionID[id] {
        report(
          join(path, "id"), idValue.offset,
          "duplicate section id \(shown(id)); first used at \(first.path) (\(location(ofOffset: first.offset)))"
        )
      } else {
        firstSectionID[id] = (join(path, "id"), idValue.offset)
        section.id = id
      }
    }
    section.header = string(value[member: "header"], at: join(path, "header"))
    section.footer = string(value[member: "footer"], at: join(path, "footer"))
    section.collapsible = bool(value[member: "collapsible"], at: join(path, "collapsible"))
    section.expanded = bool(value[member: "expanded"], at: join(path, "expanded"))
    if let expanded = value[member: "expanded"], section.expanded != nil, section.collapsible != true {
      report(join(path, "expanded"), expanded.offset, "\"expanded\" applies only with \"collapsible\": true")
    }
    section.pageSize = integer(value[member: "pageSize"], at: join(path, "pageSize"), minimum: 1)
    section.itemsFile = string(value[member: "itemsFile"], at: join(path, "itemsFile"))
    if let itemsValue = value[member: "items"] {
      if section.itemsFile != nil {
        report(join(path, "items"), itemsValue.offset, "a section has \"items\" or \"itemsFile\", not both")
      }
      if case .array(let elements) = itemsValue.kind {
        for (index, element) in elements.enumerated() {
          if let item = decodeItem(element, at: "\(path).items[\(index)]") { section.items.append(item) }
        }
      } else {
        report(
          join(path, "items"), itemsValue.offset,
          "expected an array of items; found \(itemsValue.typeDescription)")
      }
    }
    return section
  }

  mutating func decodeItem(_ value: JSONValue, at path: String) -> SettingItem? {
    guard let members = members(of: value, at: path, what: "an item") else { return nil }
    checkFields(members, known: Self.itemFields, at: path)
    let typeName = string(value[member: "type"], at: join(path, "type"))
    var type: CellType?
    if let typeName {
      type = CellType(rawValue: typeName)
      if type == nil, let typeValue = value[member: "type"] {
        let names = CellType.allCases.map(\.rawValue)
        let hint = Suggestion.closest(to: typeName, in: names).map { "did you mean \(shown($0))? " } ?? ""
        report(
          join(path, "type"), typeValue.offset,
          "unknown type \(shown(typeName)); \(hint)expected one of " + names.joined(separator: ", "))
      }
    } else if value[member: "type"] == nil {
      report(path, value.offset, "missing \"type\"; expected one of detailTitle, switch, rightDetail")
    }
    let title = string(value[member: "title"], at: join(path, "title"))
    if value[member: "title"] == nil {
      report(path, value.offset, "missing \"title\"; every item needs a title")
    }
    var key: String?
    if let keyValue = value[member: "key"], let text = string(keyValue, at: join(path, "key")) {
      if !Self.isName(text, allowingDots: false) {
        report(
          join(path, "key"), keyValue.offset, "invalid key \(shown(text)); use letters, digits, '-' and '_'")
      } else if let first = firstKeyUse[text] {
        report(
          join(path, "key"), keyValue.offset,
          "duplicate key \(shown(text)); first used at \(describe(first))")
      } else {
        if source.firstLine == 1 && !path.isEmpty {
          if locator == nil { locator = SourceLocator(source) }
          firstKeyUse[text] = .document(path: join(path, "key"), location: locator!, offset: keyValue.offset)
        } else {
          let location = location(ofOffset: keyValue.offset)
          firstKeyUse[text] = .itemsFile("\(TerminalText.escaped(source.name)):\(location)")
        }
        key = text
      }
    } else if type == .switch, value[member: "key"] == nil {
      report(
        path, value.offset,
        "missing \"key\"; a switch needs a key to store its state, such as \"key\": \"airplane\"")
    }
    let on = bool(value[member: "on"], at: join(path, "on"))
    if let type, type != .switch, let onValue = value[member: "on"] {
      report(
        join(path, "on"), onValue.offset,
        "\"on\" applies only to switch items; this item is a \(type.rawValue)")
    }
    let rightDetail = string(value[member: "rightDetail"], at: join(path, "rightDetail"))
    if type == .switch, let detailValue = value[member: "rightDetail"] {
      report(
        join(path, "rightDetail"), detailValue.offset,
        "a switch shows its state on the right; use type rightDetail for a value, or subTitle for a note")
    }
    guard let type, let title else { return nil }
    return SettingItem(
      key: key, type: type, title: title,
      subTitle: string(value[member: "subTitle"], at: join(path, "subTitle")),
      rightDetail: rightDetail, on: on,
      imageName: string(value[member: "imageName"], at: join(path, "imageName")))
  }
}
