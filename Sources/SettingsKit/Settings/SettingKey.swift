/// A type that a setting's value can be read as and written from through a ``SettingKey``.
///
/// `Bool` (switches), `String` (text fields, single choices), `ExactDecimal`, `Int` and `Double`
/// (numbers and sliders), arrays of choice values (multiple choice), enums with `String` raw
/// values that adopt ``SettingChoiceValue`` (single choices), and arrays of any of these or of a
/// record type (lists: `[String]`, `[Int]`, `[Language]`, `[VPNConfiguration]`), whose elements
/// convert one by one.
public protocol SettingKeyValue: Sendable {
  /// The typed value `value` holds, or nil when it holds another kind (or a number `Int` cannot hold).
  init?(settingValue value: SettingValue)
  /// The value to store.
  var settingValue: SettingValue { get }
}

/// A choice's value as a Swift type: `String`, or an enum whose raw values are the choices' values.
///
/// ```swift
/// enum Theme: String, SettingChoiceValue { case light, dark }
/// ```
public protocol SettingChoiceValue: SettingKeyValue {
  /// The value named by a choice's value; nil when there is none.
  init?(choiceValue: String)
  /// The choice's value.
  var choiceValue: String { get }
}

extension SettingChoiceValue {
  /// A single choice's value (a string).
  public init?(settingValue value: SettingValue) {
    guard case .string(let text) = value else { return nil }
    self.init(choiceValue: text)
  }

  /// The choice's value as a string.
  public var settingValue: SettingValue { .string(choiceValue) }
}

extension SettingChoiceValue where Self: RawRepresentable, RawValue == String {
  /// The case whose raw value is `choiceValue`.
  public init?(choiceValue: String) { self.init(rawValue: choiceValue) }
  /// The raw value.
  public var choiceValue: String { rawValue }
}

extension String: SettingChoiceValue {
  /// The text itself.
  public init?(choiceValue: String) { self = choiceValue }
  /// The text itself.
  public var choiceValue: String { self }
}

extension Bool: SettingKeyValue {
  /// A switch's state.
  public init?(settingValue value: SettingValue) {
    guard case .bool(let flag) = value else { return nil }
    self = flag
  }
  /// The switch state.
  public var settingValue: SettingValue { .bool(self) }
}

extension ExactDecimal: SettingKeyValue {
  /// A number's exact value.
  public init?(settingValue value: SettingValue) {
    guard case .number(let number) = value else { return nil }
    self = number
  }
  /// The number.
  public var settingValue: SettingValue { .number(self) }
}

extension Int: SettingKeyValue {
  /// A whole number that fits in `Int`; nil for a fraction.
  public init?(settingValue value: SettingValue) {
    guard case .number(let number) = value, let integer = number.intValue else { return nil }
    self = integer
  }
  /// The number.
  public var settingValue: SettingValue { .number(ExactDecimal(self)) }
}

extension Double: SettingKeyValue {
  /// The nearest `Double` to a number.
  public init?(settingValue value: SettingValue) {
    guard case .number(let number) = value else { return nil }
    self = number.doubleValue
  }
  /// The number as its shortest decimal text (`0.1` for 0.1); NaN and infinities store 0, which no
  /// item with a range accepts if 0 is outside it.
  public var settingValue: SettingValue {
    guard isFinite, case .success(let number) = ExactDecimal.parse(description, allowingExponent: true) else {
      return .number(ExactDecimal(0))
    }
    return .number(number)
  }
}

extension Array: SettingKeyValue where Element: SettingKeyValue {
  /// A list's elements (`[String]` for a list of text, `[Int]` for one of whole numbers, an array
  /// of a choice enum or of a record type), or a multiple choice item's chosen values (an array of
  /// ``SettingChoiceValue``s); nil when an element is not a value of `Element`.
  public init?(settingValue value: SettingValue) {
    let elements: [SettingValue]
    switch value {
    case .list(let values): elements = values
    case .strings(let values): elements = values.map(SettingValue.string)
    default: return nil
    }
    var result: [Element] = []
    result.reserveCapacity(elements.count)
    for element in elements {
      guard let typed = Element(settingValue: element) else { return nil }
      result.append(typed)
    }
    self = result
  }

  /// The chosen values (``SettingValue/strings(_:)``) for an array of ``SettingChoiceValue``s,
  /// which a typed write stores as a list's elements when the key is a list's; else the list's
  /// elements (``SettingValue/list(_:)``).
  public var settingValue: SettingValue {
    guard Element.self is any SettingChoiceValue.Type else { return .list(map(\.settingValue)) }
    return .strings(compactMap { ($0 as? any SettingChoiceValue)?.choiceValue })
  }
}

/// The base of typed keys: extend it with your keys, so that `.theme` names one where a
/// ``SettingKey`` is expected (as Defaults' `Defaults.Keys`).
///
/// ```swift
/// extension SettingKeys {
///   static let theme = SettingKey<Theme>("theme")
///   static let autoLock = SettingKey<Int>("auto-lock")
/// }
/// let theme = try settings.value(.theme)  // a Theme
/// ```
public class SettingKeys: @unchecked Sendable {
  /// The item's key: a full dot path, or an own key where unique.
  public let name: String

  init(name: String) {
    self.name = name
  }
}

/// An item's key with the Swift type its value is read as and written from. Immutable.
public final class SettingKey<Value: SettingKeyValue>: SettingKeys, @unchecked Sendable {
  /// A key for the item named `name`; checked when it is used (``Settings/check(_:)`` checks it once).
  public init(_ name: String) {
    super.init(name: name)
  }
}
