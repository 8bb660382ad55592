/// What the value types accept (text fields, numbers, sliders, multiple choice): one set of rules
/// for the loader and `validate()` (a document's fields and defaults), `set` (typed text and typed
/// values), stored values (``StoredValueProblem``) and the store's JSON Schema.
package enum ValueRules {
  /// The text that stands for a secure value wherever it is shown: fixed, so it never reveals the length.
  public static let mask = "••••••••"

  /// Whether the item is a multiple choice item.
  static func isMultiple<Row: RowFields>(_ item: Row) -> Bool { item.isMultipleChoice }

  /// The step of a number or slider: its `step`, or 1.
  static func step<Row: RowFields>(of item: Row) -> ExactDecimal { item.step ?? ExactDecimal(1) }

  /// The value steps count from: `min`, or 0.
  static func base<Row: RowFields>(of item: Row) -> ExactDecimal { item.min ?? ExactDecimal(0) }

  /// Whether `pattern` compiles as a Swift regular expression; the compiler's words when it does not.
  static func patternError(_ pattern: String) -> String? {
    do {
      _ = try Regex(pattern)
      return nil
    } catch {
      return "\(error)"
    }
  }

  /// Whether `pattern` matches the whole of `text`; a pattern that does not compile matches nothing.
  static func wholeMatch(_ pattern: String, _ text: String) -> Bool {
    guard let regex = try? Regex(pattern) else { return false }
    return (try? regex.wholeMatch(in: text)) != nil
  }

  // MARK: - Values

  /// Why `value` is not one `item` accepts, for the value types; nil when it is accepted or when
  /// `item` is not of a value type (switches and single choices have their own checks).
  package static func problem<Row: RowFields>(with value: SettingValue, for item: Row) -> ValueProblem? {
    switch (item.type, value) {
    case (.number, .number(let number)), (.slider, .number(let number)):
      if let minimum = item.min, number < minimum { return .belowMinimum(value: number, minimum: minimum) }
      if let maximum = item.max, number > maximum { return .aboveMaximum(value: number, maximum: maximum) }
      if !number.isOnStep(step(of: item), from: base(of: item)) {
        return .offStep(value: number, base: base(of: item), step: step(of: item))
      }
      return nil
    case (.textField, .string(let text)):
      if let maximum = item.maxLength, text.count > maximum {
        return .tooLong(maximum: maximum, length: text.count)
      }
      // Empty text is "no value" (the placeholder shows), accepted whatever the pattern.
      if let pattern = item.pattern, !text.isEmpty, !wholeMatch(pattern, text) {
        return .patternMismatch(pattern: pattern, message: item.patternMessage)
      }
      return nil
    case (.rightDetail, .strings(let values)) where isMultiple(item):
      let choices = item.choices ?? []
      var seen: Set<String> = []
      for value in values {
        guard choices.contains(where: { $0.value == value }) else {
          return .notAChoice(value, accepted: choices.map(\.value))
        }
        guard seen.insert(value).inserted else { return .repeatedChoice(value) }
      }
      return nil
    case (.list, .list(let elements)):
      guard let list = item.list else { return nil }
      return listProblem(elements, in: list)
    default:
      return nil
    }
  }

  /// Whether `value` has the kind of value `item` takes (a number for a number, …); only for the
  /// value types.
  static func hasKind(_ value: SettingValue, for item: SettingItem) -> Bool {
    switch (item.type, value) {
    case (.number, .number), (.slider, .number), (.textField, .string): true
    case (.rightDetail, .strings): isMultiple(item)
    case (.list, .list): true
    default: false
    }
  }

  /// Parses `text` as typed on the command line for an item of a value type: decimal text for a
  /// number, the text itself for a text field, comma-separated choice values or titles for multiple
  /// choice (`en,ko`; empty for none). The result is checked with ``problem(with:for:)``.
  ///
  /// - Returns: nil when `item` is not of a value type.
  package static func parse(_ text: String, for item: SettingItem) -> Result<SettingValue, ValueProblem>? {
    let value: SettingValue
    switch item.type {
    case .number, .slider:
      switch ExactDecimal.parse(text.trimmingSpaces()) {
      case .success(let number): value = .number(number)
      case .failure(.decimalComma): return .failure(.decimalComma(text))
      case .failure(.tooManyDigits): return .failure(.tooManyDigits(text))
      case .failure(.malformed): return .failure(.notANumber(text))
      }
    case .textField:
      value = .string(text)
    case .list:
      guard let list = item.list else { return nil }
      return listValue(text: text, by: list)
    case .rightDetail where isMultiple(item):
      let names = text.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
      var chosen: [String] = []
      for name in names {
        guard let choice = choice(named: name, in: item.choices ?? []) else {
          return .failure(.notAChoice(name, accepted: (item.choices ?? []).map(\.value)))
        }
        // A repeat is refused, as in a document's default and a stored value, not dropped unseen.
        guard !chosen.contains(choice.value) else { return .failure(.repeatedChoice(name)) }
        chosen.append(choice.value)
      }
      value = .strings(ordered(chosen, in: item))
    default:
      return nil
    }
    if let problem = problem(with: value, for: item) { return .failure(problem) }
    return .success(value)
  }

  /// The choice `name` names: its value, or its value or title in any letter case.
  static func choice(named name: String, in choices: [SettingChoice]) -> SettingChoice? {
    let lowered = name.lowercased()
    return choices.first { $0.value == name } ?? choices.first { $0.value.lowercased() == lowered }
      ?? choices.first { $0.title.lowercased() == lowered }
  }

  /// A multiple choice item's values in the choices' order, as they are stored; other values as they are.
  static func normalized(_ value: SettingValue, for item: SettingItem) -> SettingValue {
    guard case .strings(let values) = value, isMultiple(item) else { return value }
    return .strings(ordered(values, in: item))
  }

  /// `values` without repeats, in the order of `item`'s choices (values it does not offer last).
  static func ordered(_ values: [String], in item: SettingItem) -> [String] {
    ordered(values, in: item.choices ?? [])
  }

  /// `values` without repeats, in the order of `choices` (values not among them last).
  static func ordered(_ values: [String], in choices: [SettingChoice]) -> [String] {
    var result = choices.map(\.value).filter { values.contains($0) }
    for value in values where !result.contains(value) { result.append(value) }
    return result
  }

  // MARK: - Stored values

  /// The value `stored` gives an item of a value type, or nil when it does not accept it (the wrong
  /// JSON type, out of range, off the step, too long, not matching); multiple choice values come in
  /// the choices' order, whatever order the store has them in.
  static func accepted(_ stored: JSONValue, by item: SettingItem) -> SettingValue? {
    let value: SettingValue
    switch (item.type, stored.kind) {
    case (.number, .number(let text)), (.slider, .number(let text)):
      guard case .success(let number) = ExactDecimal.parse(text, allowingExponent: true) else { return nil }
      value = .number(number)
    case (.textField, .string(let text)):
      value = .string(text)
    case (.list, _):
      guard let list = item.list, case .success(let listed) = listValue(stored, by: list) else { return nil }
      return listed
    case (.rightDetail, .array(let elements)) where isMultiple(item):
      var values: [String] = []
      for element in elements {
        guard case .string(let text) = element.kind else { return nil }
        values.append(text)
      }
      value = .strings(values)
    default:
      return nil
    }
    // Read as `set` writes it: a number as its exact decimal, multiple choice in the choices' order.
    return problem(with: value, for: item) == nil ? normalized(value, for: item) : nil
  }

  /// What an item of a value type accepts, in words: `a number from 0 to 100 in steps of 5`, `text
  /// of at most 20 characters matching ^[a-z]+$`, `any of "en", "ko", each at most once`; nil for other items.
  package static func expected(by item: SettingItem) -> String? {
    switch item.type {
    case .number, .slider:
      var text = "a number"
      switch (item.min, item.max) {
      case (let minimum?, let maximum?): text += " from \(minimum) to \(maximum)"
      case (let minimum?, nil): text += " of at least \(minimum)"
      case (nil, let maximum?): text += " of at most \(maximum)"
      case (nil, nil): break
      }
      let step = step(of: item)
      if step != ExactDecimal(1) || item.min.map({ $0.scale > 0 }) == true {
        text += " in steps of \(step)"
        if item.min == nil { text += " from 0" }
      } else {
        text += item.min == nil ? " (a whole number)" : " in steps of 1"
      }
      return text
    case .textField:
      var text = "text"
      if let maximum = item.maxLength { text += " of at most \(maximum) characters" }
      if let pattern = item.pattern { text += " matching \(TerminalText.escaped(pattern))" }
      return text
    case .rightDetail where isMultiple(item):
      return "any of "
        + (item.choices ?? []).map { "\"\(TerminalText.escaped($0.value))\"" }.joined(separator: ", ")
        + ", each at most once"
    case .list:
      return item.list.map(listExpected)
    default:
      return nil
    }
  }
}

extension String {
  /// The text without leading and trailing spaces and tabs.
  func trimmingSpaces() -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) })
    else {
      return ""
    }
    return String(self[first...last])
  }
}
