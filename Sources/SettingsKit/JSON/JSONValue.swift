import SettingsPOSIX

/// A JSON value as a tree: built in code for `JSONWriter`, or parsed (`JSONParser.parse(_:)`)
/// remembering where each value stood in its source.
///
/// Large texts are better read through a `JSONMap` (`JSONParser.scan(_:)`), which holds no
/// tree; the document loader does so. Offsets are byte offsets into the UTF-8 source;
/// ``SourceText`` turns them into lines and columns.
public struct JSONValue: Sendable, Equatable {
  /// The kind of value and its contents.
  ///
  /// Not `indirect`: arrays and objects already keep their elements out of line, and boxing every
  /// string and number too cost one allocation per value.
  public enum Kind: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as its source text so that whole numbers and fractions can be told apart.
    case number(String)
    /// A string, with its escapes resolved.
    case string(String)
    /// An array of values in source order.
    case array([JSONValue])
    /// An object's members in source order; member names are unique (the parser rejects duplicates).
    case object([Member])
  }

  /// One `"name": value` member of an object.
  public struct Member: Sendable, Equatable {
    /// The member's name.
    public var name: String
    /// The byte offset of the member name's opening quote.
    public var nameOffset: Int
    /// The member's value.
    public var value: JSONValue

    /// A member named `name` whose name starts at byte `nameOffset` of its text (0 for a member
    /// made in code).
    public init(name: String, nameOffset: Int, value: JSONValue) {
      self.name = name
      self.nameOffset = nameOffset
      self.value = value
    }
  }

  /// The value's kind and contents.
  public var kind: Kind
  /// The byte offset of the value's first character in the source.
  public var offset: Int

  /// Creates a value at a byte offset.
  public init(_ kind: Kind, offset: Int = 0) {
    self.kind = kind
    self.offset = offset
  }

  /// A short name of the value's JSON type, for messages: "null", "a boolean", "a number", ….
  public var typeDescription: String {
    let kind: JSONMap.Kind =
      switch self.kind {
      case .null: .null
      case .bool: .bool
      case .number: .number
      case .string: .string
      case .array: .array
      case .object: .object
      }
    return kind.typeDescription
  }

  /// The member named `name`, when this is an object that has one.
  public subscript(member name: String) -> JSONValue? {
    guard case .object(let members) = kind else { return nil }
    return members.first { $0.name == name }?.value
  }
}
