/// The text of a secure text field (a password), as typed keys read and write it: printing it,
/// interpolating it or dumping it shows `••••••••` (empty text too, so a reader cannot tell that
/// none is set), so it never reaches a log by accident; ``text`` gives the text itself.
///
/// ```swift
/// let password = try settings[SettingKeys.Wifi.password]
/// print(password)           // ••••••••
/// connect(password.text)
/// ```
public struct SecureText: SettingKeyValue, Hashable, ExpressibleByStringLiteral, CustomStringConvertible,
  CustomDebugStringConvertible, CustomReflectable
{
  /// The text itself: the only way to see it.
  public var text: String

  /// Wraps `text`.
  public init(_ text: String) {
    self.text = text
  }

  /// Wraps a literal text.
  public init(stringLiteral text: String) {
    self.text = text
  }

  /// A secure text field's text.
  public init?(settingValue value: SettingValue) {
    guard case .string(let text) = value else { return nil }
    self.text = text
  }

  /// The text.
  public var settingValue: SettingValue { .string(text) }

  /// `••••••••` (`ValueRules.mask`), whatever the text, empty text included.
  public var description: String { ValueRules.mask }

  /// The same as ``description``.
  public var debugDescription: String { description }

  /// No children, so `dump` shows nothing of the text.
  public var customMirror: Mirror { Mirror(self, children: [:]) }
}
