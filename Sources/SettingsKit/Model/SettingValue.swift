/// The value of one setting: a switch's state or a right-detail text.
public enum SettingValue: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
  /// A switch's state.
  case bool(Bool)
  /// A text value, such as a right-detail item's detail.
  case string(String)
  /// A number's or slider's exact decimal value.
  case number(ExactDecimal)
  /// A multiple choice item's chosen values, in the choices' order.
  case strings([String])
  /// A list item's elements, in the user's order: values of the element's type, or records.
  case list([SettingValue])
  /// One element of a list of records: each field's value by the field's key.
  case record([String: SettingValue])

  /// `on` or `off` for a switch, a number's decimal text, chosen values joined with `,`, the text
  /// itself otherwise; as `settings get` prints it.
  public var description: String { ValueRules.text(of: self) }

  /// The value as JSON: `true`/`false`, a string, a number (its exact decimal text), an array of
  /// strings, a list as an array, a record as an object (its keys sorted).
  public var json: JSONValue {
    switch self {
    case .bool(let flag): .bool(flag)
    case .string(let text): .string(text)
    case .number(let number): JSONValue(.number(number.description))
    case .strings(let values): .array(values.map(JSONValue.string))
    case .list(let elements): .array(elements.map(\.json))
    case .record(let fields): .object(fields.keys.sorted().map { ($0, fields[$0]!.json) })
    }
  }

  /// Decodes `true`/`false`, a string, an array of strings, a number, another array (a list) or
  /// an object (a record). An array of strings decodes as ``strings(_:)``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let values = try? container.decode([String].self) {
      self = .strings(values)
    } else if let elements = try? container.decode([SettingValue].self) {
      self = .list(elements)
    } else if let fields = try? container.decode([String: SettingValue].self) {
      self = .record(fields)
    } else {
      self = .number(try container.decode(ExactDecimal.self))
    }
  }

  /// Encodes as `true`/`false`, a string, a number, an array of strings, an array (a list) or an
  /// object (a record).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .bool(let flag): try container.encode(flag)
    case .string(let text): try container.encode(text)
    case .number(let number): try container.encode(number)
    case .strings(let values): try container.encode(values)
    case .list(let elements): try container.encode(elements)
    case .record(let fields): try container.encode(fields)
    }
  }

  /// The words a switch accepts, in any letter case, as `set` documents them.
  public static let switchWords: [(word: String, isOn: Bool)] = [
    ("on", true), ("off", false), ("true", true), ("false", false), ("yes", true), ("no", false),
    ("1", true), ("0", false),
  ]

  /// Parses a switch word (on/off, true/false, yes/no, 1/0, any letter case); nil for anything else.
  public static func parseSwitch(_ text: String) -> Bool? {
    let lowered = text.lowercased()
    return switchWords.first { $0.word == lowered }?.isOn
  }
}
