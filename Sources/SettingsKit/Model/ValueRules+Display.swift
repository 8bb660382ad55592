extension ValueRules {
  /// An empty text as `describe` and `why` show it, so that it is not a blank.
  package static let emptyText = "\"\" (empty)"

  /// What ``described(_:of:reveal:)`` and the history write for something that is not a value: no
  /// override (`(default)`) and no choice of a multiple choice item (`none`).
  package static let markers: Set<String> = ["(default)", "none"]

  /// `value` as `describe`, `why`, `history`, `undo` and the screens show it: as
  /// ``shown(_:of:reveal:)``, an empty text as ``emptyText``, and no choice of a multiple choice
  /// item as `none`: never a blank. A text or choice that could be read as something else (one of
  /// the ``markers``, white space at either end, a leading quote, a comma in one of several
  /// choices) is in quotes, so that `"(default)"` is a value and `(default)` is none.
  package static func described(_ value: SettingValue, of item: SettingItem, reveal: Bool) -> String {
    switch value {
    case .string(""): return emptyText
    case .string(let text) where !item.isSecure: return unambiguous(text)
    case .strings([]): return "none"
    case .strings(let values) where values.contains(where: { unambiguous($0) != $0 || $0.contains(",") }):
      return values.map { $0.contains(",") ? quoted($0) : unambiguous($0) }
        .joined(separator: ",")
    default: return shown(value, of: item, reveal: reveal)
    }
  }

  /// `text`, or `text` in quotes (`quoted(_:)`) when it could be read as something other than this
  /// one text: empty, one of the `markers`, white space at either end, a quote, a backslash or a
  /// control character anywhere, the `mask`, or an arrow (`→`, `->`) that a change line puts
  /// between two values.
  package static func unambiguous(_ text: String) -> String {
    guard let first = text.first, let last = text.last, !markers.contains(text), !first.isWhitespace,
      !last.isWhitespace, !text.contains(mask), !text.contains("→"), !text.contains("->"),
      !text.unicodeScalars.contains(where: {
        $0 == "\"" || $0 == "\\" || $0.properties.generalCategory == .control
      })
    else { return quoted(text) }
    return text
  }

  /// `text` in quotes, a quote and a backslash in it escaped with a backslash; a control character
  /// is left to `TerminalText.escaped(_:)` (`\u{1B}`), which every caller applies to what it shows.
  private static func quoted(_ text: String) -> String {
    var output = "\""
    for character in text.unicodeScalars {
      if character == "\"" || character == "\\" { output.unicodeScalars.append("\\") }
      output.unicodeScalars.append(character)
    }
    return output + "\""
  }

  /// The value as `list` and `show` print it: a secure text field's value is the fixed ``mask``
  /// (empty stays empty) unless `reveal`; otherwise ``SettingValue/description``.
  package static func shown(_ value: SettingValue, of item: SettingItem, reveal: Bool) -> String {
    if item.isSecure, !reveal, case .string(let text) = value, !text.isEmpty { return mask }
    return value.description
  }

  /// The value as JSON, masked as ``shown(_:of:reveal:)`` masks it.
  package static func json(_ value: SettingValue, of item: SettingItem, reveal: Bool) -> JSONValue {
    if item.isSecure, !reveal, case .string(let text) = value, !text.isEmpty { return .string(mask) }
    return value.json
  }

  /// An item's limits in short words for `list`'s TYPE column: `from 0 to 100, step 5, unit %`,
  /// `at most 20 characters, pattern [a-z]+, secure`, `multiple`; empty for items without any.
  package static func limits(of item: SettingItem) -> [String] {
    var words: [String] = []
    switch (item.min, item.max) {
    case (let minimum?, let maximum?): words.append("from \(minimum) to \(maximum)")
    case (let minimum?, nil): words.append("at least \(minimum)")
    case (nil, let maximum?): words.append("at most \(maximum)")
    case (nil, nil): break
    }
    if let step = item.step { words.append("step \(step)") }
    if let unit = item.unit { words.append("unit \(unit)") }
    if let maximum = item.maxLength { words.append("at most \(maximum) characters") }
    if let pattern = item.pattern { words.append("pattern \(pattern)") }
    if item.isSecure { words.append("secure") }
    if isMultiple(item) { words.append("multiple") }
    return words
  }

  /// The value-type fields of `item` as JSON members, with the document's field names.
  package static func limitMembers(of item: SettingItem) -> [(String, JSONValue)] {
    var pairs: [(String, JSONValue)] = []
    if let minimum = item.min { pairs.append(("min", JSONValue(.number(minimum.description)))) }
    if let maximum = item.max { pairs.append(("max", JSONValue(.number(maximum.description)))) }
    if item.type == .number || item.type == .slider {
      pairs.append(("step", JSONValue(.number(step(of: item).description))))
    }
    if let unit = item.unit { pairs.append(("unit", .string(unit))) }
    if let maximum = item.maxLength { pairs.append(("maxLength", .integer(maximum))) }
    if let pattern = item.pattern { pairs.append(("pattern", .string(pattern))) }
    if let message = item.patternMessage { pairs.append(("patternMessage", .string(message))) }
    if let placeholder = item.placeholder { pairs.append(("placeholder", .string(placeholder))) }
    if item.isSecure { pairs.append(("secure", .bool(true))) }
    if isMultiple(item) { pairs.append(("multiple", .bool(true))) }
    return pairs
  }
}
