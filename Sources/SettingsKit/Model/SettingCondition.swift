/// What an `enabledWhen` or `visibleWhen` condition asks of the item it names.
///
/// In a document: a value (`true`, `"5g"`, `30`, `"host"`), which the item must have (for a
/// multiple choice item, a value that must be among those chosen); `{"min": 5, "max": 30}` (either
/// bound may be left out), which a number's or slider's value must be within; or
/// `{"notEmpty": true}`, which a text field's value must be.
public enum SettingCondition: Sendable, Hashable, Codable, CustomStringConvertible {
  /// The item has this value; a multiple choice item has this value among those chosen.
  case equals(SettingValue)
  /// A number's or slider's value is at least `min` and at most `max` (each inclusive, nil for no bound).
  case range(min: ExactDecimal?, max: ExactDecimal?)
  /// A text field's value is not empty.
  case notEmpty

  /// The condition as JSON, in the document's syntax; `init(json:)` reads it back.
  public var json: JSONValue {
    switch self {
    case .equals(let value): return value.json
    case .range(let minimum, let maximum):
      var members: [(String, JSONValue)] = []
      if let minimum { members.append((CodingKeys.min.stringValue, JSONValue(.number(minimum.description)))) }
      if let maximum { members.append((CodingKeys.max.stringValue, JSONValue(.number(maximum.description)))) }
      return .object(members)
    case .notEmpty: return .object([(CodingKeys.notEmpty.stringValue, .bool(true))])
    }
  }

  /// A condition as ``json`` writes it (the document's syntax, numbers as exact decimals without
  /// an exponent); nil for anything else. The document cache reads its conditions with it.
  init?(json: JSONValue) {
    func number(_ text: String) -> ExactDecimal? {
      guard case .success(let number) = ExactDecimal.parse(text) else { return nil }
      return number
    }
    switch json.kind {
    case .bool(let flag): self = .equals(.bool(flag))
    case .string(let text): self = .equals(.string(text))
    case .number(let text):
      guard let number = number(text) else { return nil }
      self = .equals(.number(number))
    case .object(let members):
      if members.count == 1, members[0].name == CodingKeys.notEmpty.stringValue,
        members[0].value.kind == .bool(true)
      {
        self = .notEmpty
        return
      }
      var bounds: [CodingKeys: ExactDecimal] = [:]
      for member in members {
        guard let bound = CodingKeys(stringValue: member.name), bound != .notEmpty,
          case .number(let text) = member.value.kind, let value = number(text)
        else { return nil }
        bounds[bound] = value
      }
      guard !bounds.isEmpty else { return nil }
      self = .range(min: bounds[.min], max: bounds[.max])
    default: return nil
    }
  }

  /// The condition as `describe` shows it after the key: `= on`, `between 5 and 30`, `at least 5`,
  /// `at most 30`, `not empty`.
  public var description: String {
    switch self {
    case .equals(let value): return "= \(value)"
    case .range(let minimum?, let maximum?): return "between \(minimum) and \(maximum)"
    case .range(let minimum?, nil): return "at least \(minimum)"
    case .range(nil, let maximum?): return "at most \(maximum)"
    case .range(nil, nil): return "any number"
    case .notEmpty: return "not empty"
    }
  }

  /// Whether the condition holds for the item's current value `actual`.
  public func holds(for actual: SettingValue?) -> Bool {
    switch (self, actual) {
    case (.equals(.string(let wanted)), .strings(let chosen)?): return chosen.contains(wanted)
    case (.equals(let expected), _): return actual == expected
    case (.range(let minimum, let maximum), .number(let number)?):
      return minimum.map { number >= $0 } ?? true && maximum.map { number <= $0 } ?? true
    case (.notEmpty, .string(let text)?): return !text.isEmpty
    case (.range(let minimum, let maximum), .list(let elements)?):
      let count = ExactDecimal(elements.count)
      return minimum.map { count >= $0 } ?? true && maximum.map { count <= $0 } ?? true
    case (.notEmpty, .list(let elements)?): return !elements.isEmpty
    default: return false
    }
  }

  /// The fields of a condition object, as ``DocumentFields/condition`` declares them (a test
  /// holds them to it).
  enum CodingKeys: String, CodingKey, CaseIterable {
    case min, max, notEmpty
  }

  /// Decodes a value, `{"min", "max"}` or `{"notEmpty": true}`.
  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: CodingKeys.self) {
      if try container.decodeIfPresent(Bool.self, forKey: .notEmpty) == true {
        self = .notEmpty
        return
      }
      self = .range(
        min: try container.decodeIfPresent(ExactDecimal.self, forKey: .min),
        max: try container.decodeIfPresent(ExactDecimal.self, forKey: .max))
      return
    }
    self = .equals(try SettingValue(from: decoder))
  }

  /// Encodes as a value, `{"min", "max"}` or `{"notEmpty": true}`.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .equals(let value): try value.encode(to: encoder)
    case .range(let minimum, let maximum):
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encodeIfPresent(minimum, forKey: .min)
      try container.encodeIfPresent(maximum, forKey: .max)
    case .notEmpty:
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(true, forKey: .notEmpty)
    }
  }
}
