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

  /// Where an item stands: `sections[S].items[I]` of the document, or a line of a JSON Lines file.
  ///
  /// Its JSON path is spelled out only for a message, not for every item decoded.
  struct ItemPlace {
    var section: Int32
    var index: Int32

    init(section: Int, index: Int) {
      self.section = Int32(truncatingIfNeeded: section)
      self.index = Int32(truncatingIfNeeded: index)
    }

    /// An item on a line of a JSON Lines file, whose path is empty.
    static let line = ItemPlace(section: -1, index: -1)

    var isInDocument: Bool { section >= 0 }
    var path: String { isInDocument ? "sections[\(section)].items[\(index)]" : "" }
  }

  /// Where a key was first used in the document: its item and the key's byte offset. The path,
  /// line and column are worked out only for a duplicate's message, since counting lines walks the
  /// text from its start. Kept to 16 bytes: a 100 000-item document holds one per key.
  struct FirstUse {
    var place: ItemPlace
    var offset: Int
  }

  /// The text being decoded; replaced by each JSON Lines file of the document in turn.
  var source: SourceText
  /// The document's own text, where `FirstUse` offsets point.
  let documentSource: SourceText
  var issues: [ValidationIssue] = []
  /// Where each key was first used in the document.
  var firstKeyUse: [String: FirstUse] = [:]
  /// Where each key was first used in a JSON Lines file, as shown: `file:line:column`.
  var firstKeyUseInFiles: [String: String] = [:]
  var firstSectionID: [String: (path: String, offset: Int)] = [:]

  /// The items decoded while the document was parsed, by section index (see ``streamItem(section:index:_:)``);
  /// nil when items are decoded from the parsed tree.
  var streamedItems: [Int: [SettingItem]]?

  init(source: SourceText) {
    self.source = source
    self.documentSource = source
  }

  mutating func report(_ path: String, _ offset: Int, _ message: String) {
    issues.append(ValidationIssue(path: path, location: source.location(ofOffset: offset), message: message))
  }

  func shown(_ text: String) -> String { "\"\(TerminalText.escaped(text))\"" }

  /// The members of an object, or nil after reporting that `value` is not an object.
  mutating func members(of value: JSONValue, at path: @autoclosure () -> String, what: String) -> [JSONValue
    .Member]?
  {
    guard case .object(let members) = value.kind else {
      report(path(), value.offset, "expected \(what) (a JSON object); found \(value.typeDescription)")
      return nil
    }
    return members
  }

  /// Reports every member whose name is not in `known`, with a suggestion when one is close.
  mutating func checkFields(
    _ members: [JSONValue.Member], known: [String], at path: @autoclosure () -> String
  ) {
    for member in members where !known.contains(member.name) {
      let hint =
        if let close = Suggestion.closest(to: member.name, in: known) {
          "did you mean \(shown(close))?"
        } else {
          "known fields are " + known.joined(separator: ", ")
        }
      report(
        Self.join(path(), member.name), member.nameOffset, "unknown field \(shown(member.name)); \(hint)")
    }
  }

  static func join(_ path: String, _ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

  mutating func string(_ value: JSONValue?, at path: @autoclosure () -> String) -> String? {
    guard let value else { return nil }
    guard case .string(let text) = value.kind else {
      report(path(), value.offset, "expected a string; found \(value.typeDescription)")
      return nil
    }
    return text
  }

  mutating func bool(_ value: JSONValue?, at path: @autoclosure () -> String) -> Bool? {
    guard let value else { return nil }
    guard case .bool(let flag) = value.kind else {
      report(path(), value.offset, "expected true or false; found \(value.typeDescription)")
      return nil
    }
    return flag
  }

  /// A whole number of at least `minimum`, or nil after reporting what is wrong.
  mutating func integer(_ value: JSONValue?, at path: @autoclosure () -> String, minimum: Int) -> Int? {
    guard let value else { return nil }
    guard case .number(let text) = value.kind else {
      report(path(), value.offset, "expected a whole number; found \(value.typeDescription)")
      return nil
    }
    guard let number = Int(text), number >= minimum else {
      report(path(), value.offset, "expected a whole number of at least \(minimum); found \(text)")
      return nil
    }
    return number
  }

  /// Decodes the item at `sections[section].items[index]` as soon as the parser has it, keeping
  /// the result for ``decodeSection(_:at:)``, and returns the small value that stands in its place,
  /// so that the item's parsed tree is freed at once.
  mutating func streamItem(section: Int, index: Int, _ value: JSONValue) -> JSONValue {
    if let item = decodeItem(value, at: ItemPlace(section: section, index: index)) {
      streamedItems?[section, default: []].append(item)
    }
    return JSONValue(.null, offset: value.offset)
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
          if let section = decodeSection(element, at: index) { sections.append(section) }
        }
      } else {
        report("sections", value.offset, "expected an array of sections; found \(value.typeDescription)")
      }
    }
    return SettingsDocument(version: version, id: id, title: title, sections: sections)
  }

  mutating func decodeSection(_ value: JSONValue, at sectionIndex: Int) -> SettingSection? {
    let path = "sections[\(sectionIndex)]"
    guard let members = members(of: value, at: path, what: "a section") else { return nil }
    checkFields(members, known: Self.sectionFields, at: path)
    var section = SettingSection(items: [])
    if let idValue = value[member: "id"], let id = string(idValue, at: Self.join(path, "id")) {
      if !Self.isName(id, allowingDots: false) {
        report(
          Self.join(path, "id"), idValue.offset,
          "invalid section id \(shown(id)); use letters, digits, '-' and '_'")
      } else if let first = firstSectionID[id] {
        report(
          Self.join(path, "id"), idValue.offset,
          "duplicate section id \(shown(id)); first used at \(first.path) (\(source.location(ofOffset: first.offset)))"
        )
      } else {
        firstSectionID[id] = (Self.join(path, "id"), idValue.offset)
        section.id = id
      }
    }
    section.header = string(value[member: "header"], at: Self.join(path, "header"))
    section.footer = string(value[member: "footer"], at: Self.join(path, "footer"))
    section.collapsible = bool(value[member: "collapsible"], at: Self.join(path, "collapsible"))
    section.expanded = bool(value[member: "expanded"], at: Self.join(path, "expanded"))
    if let expanded = value[member: "expanded"], section.expanded != nil, section.collapsible != true {
      report(
        Self.join(path, "expanded"), expanded.offset, "\"expanded\" applies only with \"collapsible\": true")
    }
    section.pageSize = integer(value[member: "pageSize"], at: Self.join(path, "pageSize"), minimum: 1)
    section.itemsFile = string(value[member: "itemsFile"], at: Self.join(path, "itemsFile"))
    if let itemsValue = value[member: "items"] {
      if section.itemsFile != nil {
        report(
          Self.join(path, "items"), itemsValue.offset, "a section has \"items\" or \"itemsFile\", not both")
      }
      if case .array(let elements) = itemsValue.kind {
        if let streamedItems {
          section.items = streamedItems[sectionIndex] ?? []
        } else {
          for (index, element) in elements.enumerated() {
            if let item = decodeItem(element, at: ItemPlace(section: sectionIndex, index: index)) {
              section.items.append(item)
            }
          }
        }
      } else {
        report(
          Self.join(path, "items"), itemsValue.offset,
          "expected an array of items; found \(itemsValue.typeDescription)")
      }
    }
    return section
  }

  mutating func decodeItem(_ value: JSONValue, at place: ItemPlace) -> SettingItem? {
    func field(_ name: String) -> String { Self.join(place.path, name) }
    guard let members = members(of: value, at: place.path, what: "an item") else { return nil }
    checkFields(members, known: Self.itemFields, at: place.path)
    let typeName = string(value[member: "type"], at: field("type"))
    var type: CellType?
    if let typeName {
      type = CellType(rawValue: typeName)
      if type == nil, let typeValue = value[member: "type"] {
        let names = CellType.allCases.map(\.rawValue)
        let hint = Suggestion.closest(to: typeName, in: names).map { "did you mean \(shown($0))? " } ?? ""
        report(
          field("type"), typeValue.offset,
          "unknown type \(shown(typeName)); \(hint)expected one of " + names.joined(separator: ", "))
      }
    } else if value[member: "type"] == nil {
      report(place.path, value.offset, "missing \"type\"; expected one of detailTitle, switch, rightDetail")
    }
    let title = string(value[member: "title"], at: field("title"))
    if value[member: "title"] == nil {
      report(place.path, value.offset, "missing \"title\"; every item needs a title")
    }
    var key: String?
    if let keyValue = value[member: "key"], let text = string(keyValue, at: field("key")) {
      if !Self.isName(text, allowingDots: false) {
        report(
          field("key"), keyValue.offset, "invalid key \(shown(text)); use letters, digits, '-' and '_'")
      } else if let place = firstKeyUse[text].map({
        "\(Self.join($0.place.path, "key")) (\(documentSource.location(ofOffset: $0.offset)))"
      }) ?? firstKeyUseInFiles[text] {
        report(
          field("key"), keyValue.offset,
          "duplicate key \(shown(text)); first used at \(place)")
      } else {
        if source.firstLine == 1 && place.isInDocument {
          firstKeyUse[text] = FirstUse(place: place, offset: keyValue.offset)
        } else {
          firstKeyUseInFiles[text] =
            "\(TerminalText.escaped(source.name)):\(source.location(ofOffset: keyValue.offset))"
        }
        key = text
      }
    } else if type == .switch, value[member: "key"] == nil {
      report(
        place.path, value.offset,
        "missing \"key\"; a switch needs a key to store its state, such as \"key\": \"airplane\"")
    }
    let on = bool(value[member: "on"], at: field("on"))
    if let type, type != .switch, let onValue = value[member: "on"] {
      report(
        field("on"), onValue.offset,
        "\"on\" applies only to switch items; this item is a \(type.rawValue)")
    }
    let rightDetail = string(value[member: "rightDetail"], at: field("rightDetail"))
    if type == .switch, let detailValue = value[member: "rightDetail"] {
      report(
        field("rightDetail"), detailValue.offset,
        "a switch shows its state on the right; use type rightDetail for a value, or subTitle for a note")
    }
    guard let type, let title else { return nil }
    return SettingItem(
      key: key, type: type, title: title,
      subTitle: string(value[member: "subTitle"], at: field("subTitle")),
      rightDetail: rightDetail, on: on,
      imageName: string(value[member: "imageName"], at: field("imageName")))
  }
}
