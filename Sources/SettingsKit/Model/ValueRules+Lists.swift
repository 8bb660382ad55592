/// The rules of list items (``SettingList``): what an element is, what a whole list accepts, and
/// how a list is read from JSON and from the command line's words.
extension ValueRules {
  /// What an element of `declaration` (a list's element, or a record's field) is, in words.
  static func elementExpected(_ declaration: SettingItem) -> String {
    switch declaration.type {
    case .switch: return "true or false"
    case .rightDetail:
      return "one of "
        + (declaration.choices ?? []).map { "\"\(TerminalText.escaped($0.value))\"" }.joined(separator: ", ")
    default: return expected(by: declaration) ?? "a value"
    }
  }

  /// What a list item accepts, in words: `a list of text matching …`, `a list of records with
  /// fields name, server, password`, with its count rules.
  package static func listExpected(_ list: SettingList) -> String {
    var text: String
    if let fields = list.fields {
      text = "a JSON array of records with fields " + fields.compactMap(\.key).joined(separator: ", ")
    } else if let element = list.element {
      text = "a list of " + elementExpected(element)
    } else {
      text = "a list"
    }
    switch (list.minCount, list.maxCount) {
    case (let minimum?, let maximum?) where minimum == maximum: text += ", \(elementCount(minimum))"
    case (let minimum?, let maximum?): text += ", from \(minimum) to \(maximum) elements"
    case (let minimum?, nil): text += ", at least \(elementCount(minimum))"
    case (nil, let maximum?): text += ", at most \(elementCount(maximum))"
    case (nil, nil): break
    }
    if list.isUnique { text += ", each once" }
    if let field = list.uniqueField { text += ", each \(field) once" }
    return text
  }

  /// `1 element`, `3 elements`.
  static func elementCount(_ count: Int) -> String {
    count == 1 ? "1 element" : "\(count) elements"
  }

  /// Why `value` is not a value of `declaration` (an element or a record field), or nil.
  static func declarationProblem(_ value: SettingValue, _ declaration: SettingItem) -> ValueProblem? {
    switch (declaration.type, value) {
    case (.switch, .bool): return nil
    case (.rightDetail, .string(let text)):
      let choices = declaration.choices ?? []
      return choices.contains { $0.value == text } ? nil : .notAChoice(text, accepted: choices.map(\.value))
    case (.number, .number), (.slider, .number), (.textField, .string):
      return problem(with: value, for: declaration)
    default:
      return .wrongKind(expected: elementExpected(declaration))
    }
  }

  /// Why element `index` (1-based) is not one `list` holds, or nil.
  static func elementProblem(_ value: SettingValue, in list: SettingList, index: Int) -> ValueProblem? {
    if let fields = list.fields {
      guard case .record(let values) = value else {
        return .badElement(index: index, problem: .wrongKind(expected: "a record"))
      }
      for name in values.keys.sorted() where list.field(name) == nil {
        return .unknownField(index: index, field: name)
      }
      for field in fields {
        guard let key = field.key else { continue }
        guard let fieldValue = values[key] else {
          return .badElement(
            index: index,
            problem: .badField(field: key, problem: .wrongKind(expected: elementExpected(field))))
        }
        if let problem = declarationProblem(fieldValue, field) {
          return .badElement(index: index, problem: .badField(field: key, problem: problem))
        }
      }
      // A title of spaces or invisible format characters alone (a zero-width space) shows as
      // none: it is refused as an empty one is.
      if let title = list.titleField, case .string(let text)? = values[title],
        text.unicodeScalars.allSatisfy({
          $0.properties.isWhitespace || $0.properties.generalCategory == .format
        })
      {
        return .emptyTitle(index: index, field: title)
      }
      return nil
    }
    guard let element = list.element else { return nil }
    if element.type == .textField, value == .string("") { return .emptyElement(index: index) }
    return declarationProblem(value, element).map { .badElement(index: index, problem: $0) }
  }

  /// Why `elements` are not a value of `list`, or nil: each element, then the count, then
  /// uniqueness.
  static func listProblem(_ elements: [SettingValue], in list: SettingList) -> ValueProblem? {
    for (offset, element) in elements.enumerated() {
      if let problem = elementProblem(element, in: list, index: offset + 1) { return problem }
    }
    if let minimum = list.minCount, elements.count < minimum {
      return .tooFewElements(minimum: minimum, count: elements.count)
    }
    if let maximum = list.maxCount, elements.count > maximum {
      return .tooManyElements(maximum: maximum, count: elements.count)
    }
    // Sized once: growing a set of 10 000 elements rehashed it a dozen times (a third of the check).
    if list.isUnique {
      var seen: Set<SettingValue> = []
      seen.reserveCapacity(elements.count)
      for element in elements where !seen.insert(element).inserted {
        return .repeatedElement(elementText(element, in: list, style: ValueStyle(reveal: false)), field: nil)
      }
    }
    if let field = list.uniqueField {
      var seen: Set<SettingValue> = []
      seen.reserveCapacity(elements.count)
      for case .record(let values) in elements {
        guard let value = values[field] else { continue }
        if !seen.insert(value).inserted {
          return .repeatedElement(
            text(of: value, forRow: list.field(field), style: ValueStyle()), field: field)
        }
      }
    }
    return nil
  }

  /// Why `elements`, a list that kept every rule of `list` before one change, break one now, or
  /// nil: the count, then the uniqueness of the element at `changed` (an offset; nil when no
  /// element was added or changed) against the others. The element's own rules are checked by the
  /// change. Gives what ``listProblem(_:in:)`` gives for such a list.
  static func changeProblem(_ elements: [SettingValue], changed: Int?, in list: SettingList) -> ValueProblem?
  {
    if let minimum = list.minCount, elements.count < minimum {
      return .tooFewElements(minimum: minimum, count: elements.count)
    }
    if let maximum = list.maxCount, elements.count > maximum {
      return .tooManyElements(maximum: maximum, count: elements.count)
    }
    guard let changed else { return nil }
    let element = elements[changed]
    if list.isUnique,
      elements.indices.contains(where: { $0 != changed && elements[$0] == element })
    {
      return .repeatedElement(elementText(element, in: list, style: ValueStyle(reveal: false)), field: nil)
    }
    if let field = list.uniqueField, case .record(let values) = element, let value = values[field],
      elements.indices.contains(where: {
        guard $0 != changed, case .record(let other) = elements[$0] else { return false }
        return other[field] == value
      })
    {
      return .repeatedElement(text(of: value, forRow: list.field(field), style: ValueStyle()), field: field)
    }
    return nil
  }

  /// An element's value from JSON, by its kind alone (its rules are checked after): nil when the
  /// JSON is of another kind.
  static func elementValue(_ json: JSONValue, by declaration: SettingItem) -> SettingValue? {
    switch (declaration.type, json.kind) {
    case (.switch, .bool(let flag)): return .bool(flag)
    case (.rightDetail, .string(let text)), (.textField, .string(let text)): return .string(text)
    case (.number, .number(let text)), (.slider, .number(let text)):
      guard case .success(let number) = ExactDecimal.parse(text, allowingExponent: true) else { return nil }
      return .number(number)
    default: return nil
    }
  }

  /// A list's value from JSON: an array of values, or of objects of fields (a field stored under
  /// one of its `renamedFrom` names is read as the field; a field left out takes its default);
  /// checked against every rule of `list`.
  static func listValue(_ json: JSONValue, by list: SettingList) -> Result<SettingValue, ValueProblem> {
    guard case .array(let items) = json.kind else {
      return .failure(.wrongKind(expected: listExpected(list)))
    }
    var elements: [SettingValue] = []
    elements.reserveCapacity(items.count)
    for (offset, item) in items.enumerated() {
      let index = offset + 1
      if let fields = list.fields {
        guard case .object(let members) = item.kind else {
          return .failure(.badElement(index: index, problem: .wrongKind(expected: "an object of fields")))
        }
        var values: [String: SettingValue] = [:]
        for member in members {
          guard
            let field = fields.first(where: { $0.key == member.name })
              ?? fields.first(where: { $0.renamedFrom?.contains(member.name) == true }),
            let key = field.key
          else { return .failure(.unknownField(index: index, field: member.name)) }
          // The current name wins over an earlier one.
          if member.name != key, members.contains(where: { $0.name == key }) { continue }
          guard let value = elementValue(member.value, by: field) else {
            return .failure(
              .badElement(
                index: index,
                problem: .badField(field: key, problem: .wrongKind(expected: elementExpected(field)))))
          }
          values[key] = value
        }
        for field in fields {
          guard let key = field.key, values[key] == nil else { continue }
          values[key] = field.shippedValue
        }
        elements.append(.record(values))
      } else if let element = list.element {
        guard let value = elementValue(item, by: element) else {
          return .failure(.badElement(index: index, problem: .wrongKind(expected: elementExpected(element))))
        }
        elements.append(value)
      }
    }
    if let problem = listProblem(elements, in: list) { return .failure(problem) }
    return .success(.list(elements))
  }

  /// A value list's elements from the command line's words, one element a word: a number's
  /// decimal text, a text field's text, a choice's value or title (any letter case).
  static func listValue(words: [String], by list: SettingList) -> Result<SettingValue, ValueProblem> {
    guard let element = list.element else {
      return .failure(.wrongKind(expected: listExpected(list)))
    }
    var elements: [SettingValue] = []
    for (offset, word) in words.enumerated() {
      let index = offset + 1
      switch element.type {
      case .rightDetail:
        guard let choice = choice(named: word, in: element.choices ?? []) else {
          return .failure(
            .badElement(
              index: index, problem: .notAChoice(word, accepted: (element.choices ?? []).map(\.value))))
        }
        elements.append(.string(choice.value))
      default:
        switch parse(word, for: element) {
        case .success(let value)?: elements.append(value)
        case .failure(let problem)?: return .failure(.badElement(index: index, problem: problem))
        case nil: return .failure(.wrongKind(expected: listExpected(list)))
        }
      }
    }
    if let problem = listProblem(elements, in: list) { return .failure(problem) }
    return .success(.list(elements))
  }

  /// A list's value from one word of the command line: a JSON array when it starts with `[`, else
  /// a list of that one element.
  static func listValue(text: String, by list: SettingList) -> Result<SettingValue, ValueProblem> {
    if text.trimmingSpaces().hasPrefix("[") {
      guard let json = try? JSONParser().parse(Array(text.utf8)) else {
        return .failure(.wrongKind(expected: listExpected(list)))
      }
      return listValue(json, by: list)
    }
    return listValue(words: [text], by: list)
  }

  // MARK: - Wording

  /// One element in one line, as `list`, `describe` and the history show it: a value as any value
  /// of its type; a record as its title field's value, then each other field as `field=value` in
  /// the order the fields are declared, in parentheses (`Work (server=…, password=••••••••)`: a
  /// secure field's text masked unless `style.reveal`).
  static func elementText(_ value: SettingValue, in list: SettingList?, style: ValueStyle) -> String {
    let parts = elementParts(value, in: list, style: style)
    guard parts.count > 1 else { return parts.first ?? "" }
    return parts[0] + " (" + parts.dropFirst().joined(separator: ", ") + ")"
  }

  /// The parts of an element as `get` prints them, separated by tabs: one for a value; for a
  /// record, its title field's value, then each other field as `field=value`.
  package static func elementParts(_ value: SettingValue, in list: SettingList?, style: ValueStyle)
    -> [String]
  {
    guard case .record(let values) = value else {
      return [text(of: value, forRow: list?.element, style: style)]
    }
    let keys = list?.fields?.compactMap(\.key) ?? values.keys.sorted()
    let title = list?.titleField
    var parts: [String] = []
    if let title, let titleValue = values[title] {
      parts.append(text(of: titleValue, forRow: list?.field(title), style: style))
    }
    for key in keys where key != title {
      guard let fieldValue = values[key] else { continue }
      parts.append("\(key)=" + text(of: fieldValue, forRow: list?.field(key), style: style))
    }
    return parts
  }

  /// A count of elements as a list's row shows it, in the words of a closed section's summary:
  /// `0 items`, `1 item`, `3 items`.
  package static func countText(_ count: Int) -> String {
    count == 1 ? "1 item" : "\(count) items"
  }

  /// A list or record as JSON with each secure field's text masked (unless `reveal`).
  static func maskedJSON(_ value: SettingValue, in list: SettingList?, reveal: Bool) -> JSONValue {
    guard !reveal, let list else { return value.json }
    switch value {
    case .list(let elements): return .array(elements.map { maskedJSON($0, in: list, reveal: reveal) })
    case .record(let values):
      return .object(
        values.keys.sorted().map { key in
          let fieldValue = values[key]!
          if list.field(key)?.securesValue == true, case .string(let text) = fieldValue, !text.isEmpty {
            return (key, .string(mask))
          }
          return (key, fieldValue.json)
        })
    default: return value.json
    }
  }
}
