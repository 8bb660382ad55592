/// Builds a ``SettingsDocument`` from parsed JSON, collecting every problem with its JSON path and location.
///
/// The rules are those of docs/GUIDE.md, "The document format": known fields only (a typo gets a
/// suggestion), required fields present and of the right JSON type, keys and section ids
/// well-formed and unique, and each field allowed on the cell type that shows it.
struct DocumentDecoder {
  // The known fields, for "unknown field" and its suggestion, come from ``DocumentFields``.
  static let documentFields = DocumentFields.names(DocumentFields.document)
  static let sectionFields = DocumentFields.names(DocumentFields.section)
  static let itemFields = DocumentFields.names(DocumentFields.item)
  static let choiceFields = DocumentFields.names(DocumentFields.choice)
  static let pageFields = DocumentFields.names(DocumentFields.page)
  static let conditionFields = DocumentFields.names(DocumentFields.condition)

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
  /// Where each earlier key (`renamedFrom`) was claimed, so that a current key or a second claim
  /// can name it.
  var firstRenameUse: [String: FirstUse] = [:]

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
      ? "\(path) (\(location))" : "\(use.source.name):\(location)"
  }
  var firstSectionID: [String: (path: String, offset: Int)] = [:]
  /// Locale tags in order of preference, for localized text (see ``LocalizedText``).
  var locales: [String]
  /// The full key of the item whose page is being decoded, with a trailing dot; empty on the top page.
  var keyPrefix = ""
  /// `enabledWhen` and `visibleWhen` conditions, resolved once every key is known.
  var pendingConditions: [PendingCondition] = []
  /// The scanned JSON of `source`.
  var map: JSONMap
  /// When set, each top-page section's items are handed to it as they are decoded and not kept
  /// in the section (``DocumentCompilation/scan(_:skeleton:itemsFiles:locales:)``).
  var compiling: DocumentCompilation.Collector?
  /// How many ``SettingItem``s this decoder built (each item of a page counts).
  var builtItems = 0
  /// The top-page sections, by index, whose items a compile of an earlier version left and whose
  /// bytes are the same now: while ``compiling``, taken as they are (``takeSection(_:elements:)``).
  var reusing: [Int: DocumentCompilation.Reused] = [:]
  /// The top-page sections, by index, whose items touched nothing that other sections read but
  /// their keys (no problem, condition, earlier key or page section id): a next compile may take them.
  var independentSections: Set<Int> = []
  /// The top-page sections, by index, taken from ``reusing``.
  var takenSections: Set<Int> = []

  init(map: JSONMap, source: SourceText, locales: [String] = []) {
    self.map = map
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

  func shown(_ text: String) -> String { "\"\(text)\"" }

  // The helpers take their JSON path as an autoclosure: it is spelled out only for a message, not
  // for every field of every item.

  /// An object's members, looked up by name.
  struct Fields {
    var members: [JSONMap.Member]
    /// The byte offset of the object's `{`.
    var offset: Int

    subscript(name: String) -> JSONMap.Value? {
      for member in members where member.name == name { return member.value }
      return nil
    }
  }

  /// The members of an object, or nil after reporting that `value` is not an object.
  mutating func fields(of value: JSONMap.Value, at path: @autoclosure () -> String, what: String) -> Fields? {
    guard let members = map.members(of: value) else {
      report(
        path(), value.offset, "expected \(what) (a JSON object); found \(map.typeDescription(of: value))")
      return nil
    }
    return Fields(members: members, offset: value.offset)
  }

  /// Reports every member whose name is not in `known`, with a suggestion when one is close.
  mutating func checkFields(_ fields: Fields, known: [String], at path: @autoclosure () -> String) {
    for member in fields.members where !known.contains(member.name) {
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

  mutating func string(_ value: JSONMap.Value?, at path: @autoclosure () -> String) -> String? {
    guard let value else { return nil }
    guard let text = map.string(value) else {
      report(path(), value.offset, "expected a string; found \(map.typeDescription(of: value))")
      return nil
    }
    return text
  }

  /// Display text: a string, or an object of strings by locale tag, resolved for ``locales``.
  ///
  /// Tags are well-formed BCP 47 (``LocalizedText/isWellFormedTag(_:)``) and differ other than in
  /// case.
  mutating func text(_ value: JSONMap.Value?, at path: @autoclosure () -> String) -> String? {
    guard let value else { return nil }
    guard let members = map.members(of: value) else { return string(value, at: path()) }
    var translations: [(tag: String, text: String)] = []
    var firstTag: [String: Int] = [:]
    for member in members {
      guard LocalizedText.isWellFormedTag(member.name) else {
        report(
          Self.join(path(), member.name), member.nameOffset,
          "invalid locale tag \(shown(member.name)); use a BCP 47 tag such as \"ko\" or \"en-US\"")
        continue
      }
      // `ko_KR` is read as `ko-KR`, so it and `ko-kr` are one tag.
      let folded = String(member.name.lowercased().map { $0 == "_" ? "-" : $0 })
      if let first = firstTag[folded] {
        report(
          Self.join(path(), member.name), member.nameOffset,
          "duplicate locale tag \(shown(member.name)); first given at \(location(ofOffset: first)) "
            + "(tags are compared ignoring case, with '_' read as '-')")
        continue
      }
      firstTag[folded] = member.nameOffset
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

  mutating func bool(_ value: JSONMap.Value?, at path: @autoclosure () -> String) -> Bool? {
    guard let value else { return nil }
    guard let flag = map.bool(value) else {
      report(path(), value.offset, "expected true or false; found \(map.typeDescription(of: value))")
      return nil
    }
    return flag
  }

  /// A whole number from `minimum` to `maximum`, or nil after reporting what is wrong.
  mutating func integer(
    _ value: JSONMap.Value?, at path: @autoclosure () -> String, minimum: Int, maximum: Int = Int.max
  ) -> Int? {
    guard let value else { return nil }
    guard let text = map.number(value) else {
      report(path(), value.offset, "expected a whole number; found \(map.typeDescription(of: value))")
      return nil
    }
    let range = maximum == Int.max ? "of at least \(minimum)" : "from \(minimum) to \(maximum)"
    guard let number = Int(text) else {
      let digits = text.utf8.drop { $0 == UInt8(ascii: "-") }
      if !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) {
        report(path(), value.offset, "the number \(text) is too large; expected a whole number \(range)")
      } else {
        // 1.0 and 1e2 are whole in value, but a whole number is written with digits alone.
        report(
          path(), value.offset,
          "expected a whole number \(range), written without a fraction or exponent; found \(text)")
      }
      return nil
    }
    guard number >= minimum, number <= maximum else {
      report(path(), value.offset, "expected a whole number \(range); found \(text)")
      return nil
    }
    return number
  }

  mutating func decodeDocument(_ root: JSONMap.Value) -> SettingsDocument? {
    guard let fields = fields(of: root, at: "", what: "a settings document") else {
      // "expected a settings document (a JSON object); found …", as for any object.
      return nil
    }
    // "$schema" names the document's JSON Schema for editors; it is accepted and ignored.
    checkFields(
      Fields(members: fields.members.filter { $0.name != "$schema" }, offset: fields.offset),
      known: Self.documentFields, at: "")
    var version = SettingsDocument.currentVersion
    if let value = fields["version"], let number = integer(value, at: "version", minimum: 1) {
      if number != SettingsDocument.currentVersion {
        report(
          "version", value.offset,
          "unsupported version \(number); this build of settings reads version \(SettingsDocument.currentVersion)"
        )
      }
      version = number
    }
    var id = ""
    if let value = fields["id"] {
      if let text = string(value, at: "id") {
        if let problem = DocumentName.problem(text, allowingDots: true) {
          report("id", value.offset, "invalid id \(shown(text)); \(problem)")
        } else {
          id = text
        }
      }
    } else {
      report(
        "", root.offset, "missing \"id\"; it names the document and its store, such as \"id\": \"my-app\"")
    }
    let title = text(fields["title"], at: "title") ?? id
    let sections = fields["sections"].map { decodeSections($0, at: "sections") } ?? []
    var document = SettingsDocument(version: version, id: id, title: title, sections: sections)
    if compiling != nil {
      resolveCompiledConditions()
    } else {
      resolveConditions(in: &document)
    }
    return document
  }

  /// An array of sections (of the top page or of a child page), each validated.
  /// The message for an `itemsFile` in a child page's section (``SettingsDocument/validate()``
  /// says the same).
  static let itemsFileOutsideTopPage =
    "\"itemsFile\" is read only in the top page's sections; give this page's items in \"items\""

  mutating func decodeSections(_ value: JSONMap.Value, at path: String) -> [SettingSection] {
    guard let elements = map.elements(of: value) else {
      report(path, value.offset, "expected an array of sections; found \(map.typeDescription(of: value))")
      return []
    }
    var sections: [SettingSection] = []
    sections.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      let topIndex = path == "sections" ? index : nil
      if let section = decodeSection(
        element, at: "\(path)[\(index)]", topIndex: topIndex, position: sections.count)
      {
        sections.append(section)
      }
    }
    return sections
  }

  /// A section, with its items; while ``compiling``, its items go to the collector instead (as
  /// the rows of the top-page section `topIndex`, or as the items of section `position` of their
  /// page).
  mutating func decodeSection(
    _ value: JSONMap.Value, at path: String, topIndex: Int? = nil, position: Int = 0
  ) -> SettingSection? {
    guard let fields = fields(of: value, at: path, what: "a section") else { return nil }
    checkFields(fields, known: Self.sectionFields, at: path)
    var section = SettingSection(items: [])
    if let idValue = fields["id"], let id = string(idValue, at: Self.join(path, "id")) {
      if let problem = DocumentName.problem(id, allowingDots: false) {
        report(Self.join(path, "id"), idValue.offset, "invalid section id \(shown(id)); \(problem)")
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
    section.header = text(fields["header"], at: Self.join(path, "header"))
    section.footer = text(fields["footer"], at: Self.join(path, "footer"))
    section.collapsible = bool(fields["collapsible"], at: Self.join(path, "collapsible"))
    section.expanded = bool(fields["expanded"], at: Self.join(path, "expanded"))
    if let expanded = fields["expanded"], section.expanded != nil, section.collapsible != true {
      report(
        Self.join(path, "expanded"), expanded.offset, "\"expanded\" applies only with \"collapsible\": true")
    }
    section.pageSize = integer(
      fields["pageSize"], at: Self.join(path, "pageSize"), minimum: 1, maximum: 1_000_000)
    section.itemsFile = string(fields["itemsFile"], at: Self.join(path, "itemsFile"))
    // Items files are opened for the top page's sections only (keys, the cache, search): refused
    // elsewhere rather than shown with keys that nothing can look up. A top-page section is at
    // `sections[N]`, or at "" when the document cache decodes it alone.
    if let itemsFileValue = fields["itemsFile"], section.itemsFile != nil,
      !(path.isEmpty || (path.hasPrefix("sections[") && !path.contains(".")))
    {
      report(Self.join(path, "itemsFile"), itemsFileValue.offset, Self.itemsFileOutsideTopPage)
    }
    if let itemsValue = fields["items"] {
      if section.itemsFile != nil {
        report(
          Self.join(path, "items"), itemsValue.offset, "a section has \"items\" or \"itemsFile\", not both")
      }
      if let elements = map.elements(of: itemsValue), let topIndex, compiling != nil,
        takeSection(topIndex, elements: elements)
      {
        // Taken from the compile of an earlier version whose bytes were the same.
      } else if let elements = map.elements(of: itemsValue) {
        section.items.reserveCapacity(elements.count)
        let shared = sharedCounts
        var kept = 0
        for (index, element) in elements.enumerated() {
          if compiling != nil {
            let row = topIndex.map { compiling?.rowCount(of: $0) ?? 0 } ?? kept
            guard
              compileItem(
                element, at: "\(path).items[\(index)]", section: topIndex ?? position, row: row)
            else { continue }
            kept += 1
            if let topIndex { compiling?.keepRow(section: topIndex, value: element) }
          } else if let item = decodeItem(element, at: "\(path).items[\(index)]") {
            section.items.append(item)
          }
        }
        if let topIndex, compiling != nil, kept == elements.count, sharedCounts == shared {
          independentSections.insert(topIndex)
        }
      } else {
        report(
          Self.join(path, "items"), itemsValue.offset,
          "expected an array of items; found \(map.typeDescription(of: itemsValue))")
      }
    }
    return section
  }
}
