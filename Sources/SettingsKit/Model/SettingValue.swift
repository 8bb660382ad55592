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

  /// `on` or `off` for a switch, a number's decimal text, chosen values joined with `,`, the text
  /// itself otherwise; as `settings get` prints it.
  public var description: String { ValueRules.text(of: self) }

  /// The value as JSON: `true`/`false`, a string, a number (its exact decimal text) or an array of
  /// strings.
  public var json: JSONValue {
    switch self {
    case .bool(let flag): .bool(flag)
    case .string(let text): .string(text)
    case .number(let number): JSONValue(.number(number.description))
    case .strings(let values): .array(values.map(JSONValue.string))
    }
  }

  /// Decodes `true`/`false`, a string, an array of strings or a number.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let values = try? container.decode([String].self) {
      self = .strings(values)
    } else {
      self = .number(try container.decode(ExactDecimal.self))
    }
  }

  /// Encodes as `true`/`false`, a string, a number or an array of strings.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .bool(let flag): try container.encode(flag)
    case .string(let text): try container.encode(text)
    case .number(let number): try container.encode(number)
    case .strings(let values): try container.encode(values)
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
