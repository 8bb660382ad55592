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
  static let itemFields = [
    "key", "type", "title", "subTitle", "rightDetail", "on", "imageName", "page", "choices", "value",
    "enabledWhen", "visibleWhen",
  ]

  /// The text being decoded; replaced by each line of an items file in turn.
  var source: SourceText {
    didSet { locator = nil }
  }
  /// Locates offsets in `source`, built on first use: a document with a million keys or problems
  /// must not scan its text once per location.
  private var locator: SourceLocator?
  var issues: [ValidationIssue] = []
  /// Where each key (full dot path) was first used; spelled out only for a duplicate's message, as
  /// working out a line and column scans the text (doing it for every key is quadratic).
  var firstKeyUse: [String: FirstUse] = [:]

  /// A key's first use: its JSON path (empty in an items file), the text and the byte offset.
  struct FirstUse {
    var path: () -> String
    var source: SourceText
    var offset: Int
  }

  /// A first use as a duplicate's message shows it: `path (line:column)`, or `file:line:column` in
  /// an items file. The line and column are worked out only now.
  mutating func describe(_ use: FirstUse) -> String {
    let sameText =
      use.source.name == source.name && use.source.firstLine == source.firstLine
      && use.source.bytes.count == source.bytes.count
    let location =
      sameText ? location(ofOffset: use.offset) : SourceLocator(use.source).location(ofOffset: use.offset)
    let path = use.path()
    return use.source.firstLine == 1 && !path.isEmpty
      ? "\(path) (\(location))" : "\(TerminalText.escaped(use.source.name)):\(location)"
  }
  var firstSectionID: [String: (path: String, offset: Int)] = [:]
  /// Locale tags in order of preference, for localized text (see ``LocalizedText``).
  var locales: [String]
  /// The full key of the item whose page is being decoded, with a trailing dot; empty on the top page.
  var keyPrefix = ""
  /// `enabledWhen` and `visibleWhen` conditions, resolved once every key is known.
  var pendingConditions: [PendingCondition] = []
  /// Items of the top page's sections, by section index, decoded while the text was parsed (see
  /// ``DocumentLoader/decode(_:itemsFilesIn:locales:)``); nil for an item that was not valid.
  var streamedItems: [Int: [SettingItem?]] = [:]

  init(source: SourceText, locales: [String] = []) {
    self.source = source
    self.locales = locales
  }

  /// The locator of `source`, built once per text.
  mutating func sourceLocator() -> SourceLocator {
    if let locator { return locator }
    let built = SourceLocator(source)
    locator = built
    return built
  }

  /// The line and column of an offset in `source`.
  mutating func location(ofOffset offset: Int) -> SourceLocation {
    sourceLocator().location(ofOffset: offset)
  }

  mutating func report(_ path: String, _ offset: Int, _ message: String) {
    issues.append(ValidationIssue(path: path, location: location(ofOffset: offset), message: message))
  }

  func shown(_ text: String) -> String { "\"\(TerminalText.escaped(text))\"" }

  // The helpers take their JSON path as an autoclosure: it is spelled out only for a message, not
  // for every field of every item.

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

  /// Display text: a string, or an object of strings by locale tag, resolved for ``locales``.
  mutating func text(_ value: JSONValue?, at path: @autoclosure () -> String) -> String? {
    guard let value else { return nil }
    guard case .object(let members) = value.kind else { return string(value, at: path()) }
    var translations: [(tag: String, text: String)] = []
    for member in members {
      guard Self.isName(member.name, allowingDots: false) else {
        report(
          Self.join(path(), member.name), member.nameOffset,
          "invalid locale tag \(shown(member.name)); use a tag such as \"ko\" or \"en-US\"")
        continue
      }
      if let text = string(member.value, at: Self.join(path(), member.name)) {
        translations.append((member.name, text))
      }
    }
    guard !members.isEmpty else {
      report(
        path(), value.offset,
        "expected a string or an object of strings by locale, such as {\"ko\": \"켬\", \"en\": \"On\"}")
      return nil
    }
    return LocalizedText.choose(translations, for: locales)
  }

  mutating func bool(_ value: JSONValue?, at path: @autoclosure () -> String) -> Bool? {
    guard let value else { return nil }
    guard case .bool(let flag) = value.kind else {
      report(path(), value.offset, "expected true or false; found \(value.typeDescription)")
      return nil
    }
    return flag
  }

  /// A whole number from `minimum` to `maximum`, or nil after reporting what is wrong.
  mutating func integer(
    _ value: JSONValue?, at path: @autoclosure () -> String, minimum: Int, maximum: Int = Int.max
  ) -> Int? {
    guard let value else { return nil }
    guard case .number(let text) = value.kind else {
      report(path(), value.offset, "expected a whole number; found \(value.typeDescription)")
      return nil
    }
    guard let number = Int(text), number >= minimum, number <= maximum else {
      let range = maximum == Int.max ? "of at least \(minimum)" : "from \(minimum) to \(maximum)"
      report(path(), value.offset, "expected a whole number \(range); found \(text)")
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
    // "$schema" names the document's JSON Schema for editors; it is accepted and ignored.
    checkFields(members.filter { $0.name != "$schema" }, known: Self.documentFields, at: "")
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
    let title = text(root[member: "title"], at: "title") ?? id
    let sections = root[member: "sections"].map { decodeSections($0, at: "sections") } ?? []
    var document = SettingsDocument(version: version, id: id, title: title, sections: sections)
    resolveConditions(in: &document)
    return document
  }

  /// An array of sections (of the top page or of a child page), each validated.
  mutating func decodeSections(_ value: JSONValue, at path: String) -> [SettingSection] {
    guard case .array(let elements) = value.kind else {
      report(path, value.offset, "expected an array of sections; found \(value.typeDescription)")
      return []
    }
    return elements.enumerated().compactMap { index, element in
      decodeSection(
        element, at: "\(path)[\(index)]", streamed: path == "sections" ? streamedItems[index] : nil)
    }
  }

  /// A section; `streamed` holds its items when they were decoded during parsing.
  mutating func decodeSection(
    _ value: JSONValue, at path: String, streamed: [SettingItem?]? = nil
  ) -> SettingSection? {
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
          "duplicate section id \(shown(id)); first used at \(first.path) (\(location(ofOffset: first.offset)))"
        )
      } else {
        firstSectionID[id] = (Self.join(path, "id"), idValue.offset)
        section.id = id
      }
    }
    section.header = text(value[member: "header"], at: Self.join(path, "header"))
    section.footer = text(value[member: "footer"], at: Self.join(path, "footer"))
    section.collapsible = bool(value[member: "collapsible"], at: Self.join(path, "collapsible"))
    section.expanded = bool(value[member: "expanded"], at: Self.join(path, "expanded"))
    if let expanded = value[member: "expanded"], section.expanded != nil, section.collapsible != true {
      report(
        Self.join(path, "expanded"), expanded.offset, "\"expanded\" applies only with \"collapsible\": true")
    }
    section.pageSize = integer(
      value[member: "pageSize"], at: Self.join(path, "pageSize"), minimum: 1, maximum: 1_000_000)
    section.itemsFile = string(value[member: "itemsFile"], at: Self.join(path, "itemsFile"))
    if let itemsValue = value[member: "items"] {
      if section.itemsFile != nil {
        report(
          Self.join(path, "items"), itemsValue.offset, "a section has \"items\" or \"itemsFile\", not both")
      }
      if let streamed {
        section.items = streamed.compactMap { $0 }
      } else if case .array(let elements) = itemsValue.kind {
        for (index, element) in elements.enumerated() {
          if let item = decodeItem(element, at: "\(path).items[\(index)]") { section.items.append(item) }
        }
      } else {
        report(
          Self.join(path, "items"), itemsValue.offset,
          "expected an array of items; found \(itemsValue.typeDescription)")
      }
    }
    return section
  }
}
