/// The value of one setting: a switch's state or a right-detail text.
public enum SettingValue: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
  /// A switch's state.
  case bool(Bool)
  /// A text value, such as a right-detail item's detail.
  case string(String)

  /// `on` or `off` for a switch, the text itself otherwise; as `settings get` prints it.
  public var description: String {
    switch self {
    case .bool(let flag): flag ? "on" : "off"
    case .string(let text): text
    }
  }

  /// The value as JSON: `true`/`false` or a string.
  public var json: JSONValue {
    switch self {
    case .bool(let flag): .bool(flag)
    case .string(let text): .string(text)
    }
  }

  /// Decodes `true`/`false` or a string.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else {
      self = .string(try container.decode(String.self))
    }
  }

  /// Encodes as `true`/`false` or a string.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .bool(let flag): try container.encode(flag)
    case .string(let text): try container.encode(text)
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

/// A change of one setting, as observers receive it: the seed's `switchChanged`, known by key.
public struct SettingChange: Sendable, Equatable {
  /// The item's key.
  public var key: String
  /// The value before the change (the default when there was no override).
  public var oldValue: SettingValue
  /// The value after the change.
  public var newValue: SettingValue
  /// Whether this process made the change or another one (or a hand edit) did.
  public var origin: ChangeOrigin

  /// Creates a change.
  public init(
    key: String, oldValue: SettingValue, newValue: SettingValue, origin: ChangeOrigin = .thisProcess
  ) {
    self.key = key
    self.oldValue = oldValue
    self.newValue = newValue
    self.origin = origin
  }
}
