/// A document built in code that breaks the rules of the document format: every problem, by path.
public struct DocumentValidationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// One problem: the JSON path of the offending value (as the document format would have it,
  /// such as `sections[1].items[0].key`; empty for the top level) and what is wrong.
  public struct Issue: Sendable, Equatable {
    /// The path of the offending value.
    public var path: String
    /// A lowercase fragment saying what is wrong and what would be right.
    public var message: String
  }

  /// Every problem found, in document order.
  public var issues: [Issue]

  /// One line per problem: `<path>: <message>`, or the message alone at the top level.
  public var description: String {
    issues.map { ($0.path.isEmpty ? "" : "\($0.path): ") + $0.message }.joined(separator: "\n")
  }
}

extension SettingsDocument {
  /// Checks a document built in code against the rules that ``DocumentLoader`` applies to a file
  /// (docs/GUIDE.md, "The document format"), without writing it as JSON: names well-formed and unique,
  /// each field on a cell type that shows it, choices and defaults consistent, conditions naming
  /// an item of the right kind (by full key) and no cycles.
  ///
  /// Keys may be full dot paths (as a loaded document has them) or an item's own key; keys in
  /// conditions are full keys. A top-page section may have both `itemsFile` and `items` (a loaded
  /// document holds the file's items); a child page's section has no `itemsFile`.
  /// - Throws: ``DocumentValidationError`` with every problem found.
  public func validate() throws(DocumentValidationError) {
    var validator = DocumentValidator()
    validator.check(self)
    if !validator.issues.isEmpty { throw DocumentValidationError(issues: validator.issues) }
  }
}

/// The walk behind ``SettingsDocument/validate()``.
struct DocumentValidator {
  var issues: [DocumentValidationError.Issue] = []
  var keys: [String: (path: String, item: SettingItem)] = [:]
  var sectionIDs: [String: String] = [:]
  /// Conditions to check once every key is known: owner's full key, path, controller key, value.
  var conditions: [(owner: String, path: String, key: String, value: SettingCondition)] = []
  /// Earlier keys (`renamedFrom`) with their paths, checked once every key is known.
  var renames: [(old: String, path: String, hasKey: Bool)] = []

  mutating func report(_ path: String, _ message: String) {
    issues.append(DocumentValidationError.Issue(path: path, message: message))
  }

  func shown(_ text: String) -> String { "\"\(text)\"" }

  static func join(_ path: String, _ name: String) -> String { path.isEmpty ? name : "\(path).\(name)" }

  mutating func check(_ document: SettingsDocument) {
    if document.version != SettingsDocument.currentVersion {
      report(
        "version",
        "unsupported version \(document.version); this build of settings reads version "
          + "\(SettingsDocument.currentVersion)")
    }
    if let problem = DocumentName.problem(document.id, allowingDots: true) {
      report("id", "invalid id \(shown(document.id)); \(problem)")
    }
    check(document.sections, at: "sections", parentKey: nil)
    checkConditions()
    checkRenames()
  }

  mutating func check(_ sections: [SettingSection], at path: String, parentKey: String?) {
    for (index, section) in sections.enumerated() {
      let sectionPath = "\(path)[\(index)]"
      if let id = section.id {
        if let problem = DocumentName.problem(id, allowingDots: false) {
          report(Self.join(sectionPath, "id"), "invalid section id \(shown(id)); \(problem)")
        } else if let first = sectionIDs[id] {
          report(Self.join(sectionPath, "id"), "duplicate section id \(shown(id)); first used at \(first)")
        } else {
          sectionIDs[id] = Self.join(sectionPath, "id")
        }
      }
      if section.expanded != nil, section.collapsible != true {
        report(Self.join(sectionPath, "expanded"), "\"expanded\" applies only with \"collapsible\": true")
      }
      if let pageSize = section.pageSize, !(1...1_000_000).contains(pageSize) {
        report(
          Self.join(sectionPath, "pageSize"), "expected a whole number from 1 to 1000000; found \(pageSize)")
      }
      if section.itemsFile != nil, parentKey != nil {
        report(Self.join(sectionPath, "itemsFile"), DocumentDecoder.itemsFileOutsideTopPage)
      }
      for (row, item) in section.items.enumerated() {
        check(item, at: "\(sectionPath).items[\(row)]", parentKey: parentKey)
      }
    }
  }

  mutating func check(_ item: SettingItem, at path: String, parentKey: String?) {
    var fullKey: String?
    if let key = item.key {
      let prefix = parentKey.map { $0 + "." } ?? ""
      let own = !prefix.isEmpty && key.hasPrefix(prefix) ? String(key.dropFirst(prefix.count)) : key
      if let problem = DocumentName.keyProblem(own) {
        report(Self.join(path, "key"), "invalid key \(shown(own)); \(problem)")
      } else if let first = keys[prefix + own] {
        report(Self.join(path, "key"), "duplicate key \(shown(own)); first used at \(first.path)")
      } else {
        fullKey = prefix + own
        keys[prefix + own] = (Self.join(path, "key"), item)
      }
    } else if item.type == .switch {
      report(path, "missing \"key\"; a switch needs a key to store its state, such as \"key\": \"airplane\"")
    } else if [.textField, .number, .slider].contains(item.type) {
      report(path, "missing \"key\"; a \(item.type.rawValue) item needs a key to store its value")
    } else if item.choices != nil {
      report(path, "missing \"key\"; an item with choices needs a key to store its value")
    } else if item.page != nil {
      report(
        path, "missing \"key\"; an item with a page needs a key to address it, such as \"key\": \"cellular\"")
    }
    if item.on != nil, item.type != .switch {
      report(
        Self.join(path, "on"), "\"on\" applies only to switch items; this item is a \(item.type.rawValue)")
    }
    if item.rightDetail != nil {
      switch item.type {
      case .detailTitle:
        report(
          Self.join(path, "rightDetail"),
          "a detailTitle item shows no right detail; use type rightDetail, or subTitle for a second line")
      case .switch:
        report(
          Self.join(path, "rightDetail"),
          "a switch shows its state on the right; use type rightDetail for a value, or subTitle for a note")
      case .textField, .number, .slider, .list:
        report(
          Self.join(path, "rightDetail"),
          "a \(item.type.rawValue) item shows its value on the right; remove \"rightDetail\"")
      case .rightDetail:
        if item.choices != nil {
          report(
            Self.join(path, "rightDetail"),
            "a choice item shows its chosen choice's title; remove \"rightDetail\"")
        }
      }
    }
    checkChoices(item, at: path)
    for (index, old) in (item.renamedFrom ?? []).enumerated() {
      renames.append((old, "\(Self.join(path, "renamedFrom"))[\(index)]", item.key != nil))
    }
    for problem in ValueRules.fieldProblems(of: item) {
      report(problem.field.map { Self.join(path, $0) } ?? path, problem.message)
    }
    if let list = item.list {
      checkList(list, of: item, at: path)
    } else if item.type == .list {
      report(path, "missing \"element\" or \"fields\"; a list declares what it holds")
    }
    if let page = item.page {
      if item.type == .switch {
        report(Self.join(path, "page"), "a switch cannot open a page; use type detailTitle or rightDetail")
      }
      check(page.sections, at: Self.join(path, "page.sections"), parentKey: fullKey ?? item.key ?? "?")
    }
    for (field, values) in [("enabledWhen", item.enabledWhen), ("visibleWhen", item.visibleWhen)] {
      guard let values else { continue }
      guard let fullKey else {
        if item.key == nil { report(Self.join(path, field), "an item with \"\(field)\" needs a \"key\"") }
        continue
      }
      for (key, value) in values.sorted(by: { $0.key < $1.key }) {
        conditions.append((fullKey, Self.join(Self.join(path, field), key), key, value))
      }
    }
  }

  /// A list's declaration, as the loader checks it: an element or fields (not both), field keys
  /// once each, the title, subtitle and unique fields among them, the counts in order, and a
  /// default that keeps every rule.
  mutating func checkList(_ list: SettingList, of item: SettingItem, at path: String) {
    if item.type != .list {
      report(Self.join(path, "list"), "a list's declaration applies only to list items")
      return
    }
    switch (list.element, list.fields) {
    case (nil, nil): report(path, "missing \"element\" or \"fields\"; a list declares what it holds")
    case (_?, _?):
      report(Self.join(path, "fields"), "a list holds values (\"element\") or records (\"fields\"), not both")
    default: break
    }
    let keys = list.fields?.map { $0.key ?? "" } ?? []
    var seen: Set<String> = []
    for (index, key) in keys.enumerated() where !seen.insert(key).inserted || key.isEmpty {
      report(
        "\(Self.join(path, "fields"))[\(index)].key",
        key.isEmpty ? "missing \"key\"; a record's field needs a key" : "duplicate field key \(shown(key))")
    }
    for (name, key) in [
      ("titleField", list.titleField), ("subtitleField", list.subtitleField), ("unique", list.uniqueField),
    ] {
      guard let key, !keys.contains(key) else { continue }
      report(
        Self.join(path, name),
        "\(shown(key)) is not one of the fields: "
          + keys.enumerated().filter { !keys[..<$0.offset].contains($0.element) }.map { shown($0.element) }
          .joined(separator: ", "))
    }
    if list.fields != nil, list.titleField == nil {
      report(path, "missing \"titleField\"; a list of records names the field that titles a record")
    }
    if let title = list.titleField, let field = list.field(title),
      let problem = SettingList.titleProblem(of: field)
    {
      report(Self.join(path, "titleField"), problem)
    }
    if let minimum = list.minCount, let maximum = list.maxCount, minimum > maximum {
      report(Self.join(path, "maxCount"), "\"maxCount\" \(maximum) is below \"minCount\" \(minimum)")
    }
    if let problem = ValueRules.listProblem(list.defaultValue, in: list) {
      report(Self.join(path, "value"), "default value: \(problem.message)")
    }
  }

  mutating func checkChoices(_ item: SettingItem, at path: String) {
    guard let choices = item.choices else {
      if item.value != nil, item.type != .textField {
        report(Self.join(path, "value"), "\"value\" applies only with \"choices\"")
      }
      return
    }
    if item.type != .rightDetail {
      report(
        Self.join(path, "choices"),
        "\"choices\" apply only to rightDetail items; this item is a \(item.type.rawValue)")
    }
    if choices.isEmpty {
      report(
        Self.join(path, "choices"),
        "expected a non-empty array of choices such as {\"value\": \"5g\", \"title\": \"5G\"}")
    }
    var values: [String: Int] = [:]
    var titles: [String: Int] = [:]
    for (index, choice) in choices.enumerated() {
      let choicePath = "\(Self.join(path, "choices"))[\(index)]"
      if let first = values[choice.value] {
        report(
          Self.join(choicePath, "value"),
          "duplicate choice value \(shown(choice.value)); first used at \(Self.join(path, "choices"))[\(first)]"
        )
      } else {
        values[choice.value] = index
      }
      if let first = titles[choice.title.lowercased()] {
        report(
          Self.join(choicePath, "title"),
          "duplicate choice title \(shown(choice.title)); first used at \(Self.join(path, "choices"))[\(first)]; "
            + "`set` takes a title, so titles must differ")
      } else {
        titles[choice.title.lowercased()] = index
      }
    }
    if item.multiple == true {
      // A multiple choice item's default is checked by ValueRules.fieldProblems.
    } else if let value = item.value {
      if !choices.isEmpty, values[value] == nil {
        report(
          Self.join(path, "value"),
          "default \(shown(value)) is not one of the choices: "
            + choices.map { shown($0.value) }.joined(separator: ", "))
      }
    } else {
      report(path, "missing \"value\"; a choice item needs its default, one of its choices' values")
    }
  }

  /// Each condition names an item by its full key that has a value of the right kind; no cycles.
  mutating func checkConditions() {
    var edges: [String: [(controller: String, edge: String)]] = [:]
    for condition in conditions {
      guard let controller = keys[condition.key]?.item else {
        let hint =
          Suggestion.closest(to: condition.key, in: keys.keys.sorted()).map { "did you mean \(shown($0))?" }
          ?? "conditions name items by their full keys"
        report(condition.path, "unknown key \(shown(condition.key)); \(hint)")
        continue
      }
      if let problem = ConditionRules.problem(
        controller: controller, key: condition.key, condition: condition.value)
      {
        report(condition.path, problem.message)
        continue
      }
      edges[condition.owner, default: []].append((condition.key, condition.path))
    }
    for (path, message) in ConditionRules.cycles(edges) { report(path, message) }
  }
}
