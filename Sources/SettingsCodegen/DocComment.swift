import SettingsKit

/// The doc comments of generated keys and namespaces, from the document's own words.
enum DocComment {
  /// A key's comment: title and key, description, default, what it accepts, conditions, renames.
  static func key(_ key: KeyDeclaration) -> [String] {
    let item = key.item
    let itemKey = item.key ?? ""
    var paragraphs: [[String]] = []
    if let alias = key.alias {
      paragraphs.append(["\(item.title): the earlier key `\(alias.earlierKey)` of `\(itemKey)`."])
      paragraphs.append([
        "Use `SettingKeys.\(alias.currentName)`; a value stored under the earlier key reads as this item's."
      ])
      return comment(paragraphs)
    }
    paragraphs.append(["\(SwiftKeysGenerator.oneLine(item.title)) (`\(itemKey)`, \(kind(of: item)))."])
    if let description = item.description { paragraphs.append(lines(of: description)) }
    var facts: [String] = []
    if let value = SettingsSnapshot.defaultValue(of: item) {
      facts.append("- Default: \(shown(value, of: item))")
    }
    if let accepts = ValueRules.expected(by: item) { facts.append("- Accepts: \(accepts)") }
    if let unit = item.unit { facts.append("- Unit: \(unit)") }
    if item.isSecure {
      facts.append("- Secure: masked wherever it is shown; kept unencrypted in the store file")
    }
    if let conditions = item.enabledWhen { facts.append("- Enabled when: \(described(conditions))") }
    if let conditions = item.visibleWhen { facts.append("- Visible when: \(described(conditions))") }
    if let earlier = item.renamedFrom {
      facts.append("- Renamed from: \(earlier.map { "`\($0)`" }.joined(separator: ", "))")
    }
    if let deprecated = item.deprecated {
      facts.append("- Deprecated: \(SwiftKeysGenerator.oneLine(deprecated))")
    }
    if !facts.isEmpty { paragraphs.append(facts) }
    return comment(paragraphs)
  }

  /// A record field's comment: title and key, what it accepts.
  static func field(_ field: SettingItem) -> [String] {
    var paragraphs = [
      ["\(SwiftKeysGenerator.oneLine(field.title)) (`\(field.key ?? "")`, \(kind(of: field)))."]
    ]
    if let accepts = ValueRules.expected(by: field) { paragraphs.append(["- Accepts: \(accepts)"]) }
    return comment(paragraphs)
  }

  /// A namespace's, choice enum's or record struct's comment.
  static func namespace(_ namespace: KeyNamespace) -> [String] {
    if let record = namespace.record {
      let title = SwiftKeysGenerator.oneLine(record.item.title)
      return comment([["An element of \(title) (`\(namespace.path)`): a record of its fields."]])
    }
    if let choices = namespace.choices, let list = choices.recordOf {
      let title = SwiftKeysGenerator.oneLine(choices.item.title)
      return comment([["The choices of the field \(title) (`\(namespace.path)`) of `\(list)`'s records."]])
    }
    if let choices = namespace.choices {
      let title = SwiftKeysGenerator.oneLine(choices.item.title)
      var lines = ["The choices of \(title) (`\(namespace.path)`)."]
      if choices.item.page != nil { lines.append("Its page's keys are here too.") }
      return comment([lines])
    }
    return comment([["The keys of the page under `\(namespace.path)`."]])
  }

  /// `lines` as `///` lines, paragraphs separated by an empty `///`. Every line break in the
  /// document's text (LF, CR, CR LF, and the other breaks of UAX #14: VT, FF, NEL, U+2028, U+2029)
  /// starts a new `///` line, so that no text of the document can end the comment and be read as
  /// Swift (Swift ends a comment at a CR as at an LF); any other control character is escaped as
  /// `settings describe` shows it (`\u{1B}`), so that a NUL draws no compiler warning and an
  /// escape sequence does not drive the terminal that shows the code.
  private static func comment(_ paragraphs: [[String]]) -> [String] {
    var result: [String] = []
    for paragraph in paragraphs {
      if !result.isEmpty { result.append("///") }
      result += paragraph.flatMap(lines(of:)).map { $0.isEmpty ? "///" : "/// " + TerminalText.escaped($0) }
    }
    return result
  }

  /// `text` split at every line break (a CR LF pair is one).
  static func lines(of text: String) -> [String] {
    text.split(omittingEmptySubsequences: false) { $0.isNewline }.map(String.init)
  }

  /// What kind of item it is, in words.
  private static func kind(of item: SettingItem) -> String {
    switch item.type {
    case .switch: "a switch"
    case .rightDetail where item.choices != nil && item.multiple == true: "multiple choice"
    case .rightDetail where item.choices != nil: "a single choice"
    case .rightDetail: "a right detail"
    case .textField where item.isSecure: "a secure text field"
    case .textField: "a text field"
    case .number: "a number"
    case .slider: "a slider"
    case .detailTitle: "a detail row"
    case .list: "a list"
    }
  }

  /// A list's elements as a comment counts them: `none`, `1 element`, `2 elements` (a secure
  /// list's default, in Swift and TypeScript alike, is never shown otherwise).
  static func count(of elements: [SettingValue]) -> String {
    elements.isEmpty ? "none" : "\(elements.count) element\(elements.count == 1 ? "" : "s")"
  }

  /// A value as the comment shows it: a choice with its title, a secure text masked.
  private static func shown(_ value: SettingValue, of item: SettingItem) -> String {
    switch value {
    case .string(let text) where item.isSecure:
      return text.isEmpty ? "empty" : ValueRules.mask
    case .string(let text) where item.choices != nil:
      let title = item.choice(withValue: text).map { " (\(SwiftKeysGenerator.oneLine($0.title)))" } ?? ""
      return "`\(text)`\(title)"
    case .string(let text):
      return text.isEmpty ? "empty" : "`\(SwiftKeysGenerator.oneLine(text))`"
    case .strings(let values):
      guard !values.isEmpty else { return "none" }
      return values.map { value in
        "`\(value)`"
          + (item.choice(withValue: value).map { " (\(SwiftKeysGenerator.oneLine($0.title)))" } ?? "")
      }.joined(separator: ", ")
    case .bool, .number:
      return "`\(value)`" + (item.unit.map { " \($0)" } ?? "")
    case .list(let elements):
      return count(of: elements)
    case .record:
      return "a record"
    }
  }

  /// Conditions as `describe` words them: `airplane = off, timeout between 5 and 30`.
  private static func described(_ conditions: [String: SettingCondition]) -> String {
    conditions.sorted { $0.key < $1.key }.map { "`\($0.key)` \($0.value)" }.joined(separator: ", ")
  }
}
