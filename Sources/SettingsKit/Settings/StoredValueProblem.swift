/// A stored override that its item does not accept: a choice value the document no longer offers,
/// a value of the wrong JSON type, a number out of range or off the step, a text too long or not
/// matching the pattern.
///
/// Such a value bricks nothing: the item reads as its default, every other key works, and the next
/// `set`, `toggle` or `reset` of the item replaces it (GSettings does the same with an enum value
/// its schema no longer has). ``SettingsSnapshot/problems`` lists them, so a tool can warn.
public struct StoredValueProblem: Sendable, Equatable, CustomStringConvertible {
  /// The item's full key.
  public var key: String
  /// The store's name, as ``SettingsStore/name`` gives it, or the system file's path.
  public var file: String
  /// Where the stored value starts in the store file (1:1 for a store that was never written).
  public var location: SourceLocation
  /// The stored value, as read.
  public var storedValue: JSONValue
  /// What the item accepts, such as `true or false` or `one of "light", "dark"`.
  public var expected: String
  /// The value the item reads as instead (its default, or a system file's value); nil for a
  /// detailTitle item, which has none, and for a value in a system file, which is ignored.
  public var defaultValue: SettingValue?
  /// Whether the item is a secure text field: ``message`` shows the stored value and the default
  /// as `ValueRules.mask` (an empty default too).
  public var isSecure: Bool
  /// Whether ``file`` names the stored value itself (`etcd key /settings/phone/airplane`), for a
  /// store that keeps each override under its own key: ``message`` then gives no location.
  public var namesStoredKey = false
  /// Why the stored value is not JSON (then ``storedValue`` is `null`), or nil.
  public var notJSON: String?

  /// Creates a problem.
  public init(
    key: String, file: String, location: SourceLocation, storedValue: JSONValue, expected: String,
    defaultValue: SettingValue?, isSecure: Bool = false, namesStoredKey: Bool = false, notJSON: String? = nil
  ) {
    self.namesStoredKey = namesStoredKey
    self.notJSON = notJSON
    self.key = key
    self.file = file
    self.location = location
    self.storedValue = storedValue
    self.expected = expected
    self.defaultValue = defaultValue
    self.isSecure = isSecure
  }

  /// One line naming the store, the key, the stored value, what is accepted and what is used
  /// instead: `s.json:2:17: stored value of "theme" is "sepia"; expected one of "light", "dark";
  /// using the default "light"`. Plain text, but a long value is cut. A
  /// value kept under its own key is named by that key instead: `etcd key /settings/app/theme:
  /// stored value is "sepia"; …`, or `etcd key /settings/app/theme: not JSON (…); using the
  /// default "light"`.
  public var message: String {
    let instead =
      defaultValue.map { "using the default \(isSecure ? ValueRules.mask : Self.shown($0.json))" }
      ?? "ignoring it"
    if namesStoredKey {
      let what =
        notJSON.map { "not JSON (\($0))" }
        ?? "stored value is \(Self.shown(storedValue, secure: isSecure)); expected \(expected)"
      return "\(file): \(what); \(instead)"
    }
    return "\(file):\(location): stored value of \"\(key)\" is "
      + "\(Self.shown(storedValue, secure: isSecure)); expected \(expected); \(instead)"
  }

  /// The message.
  public var description: String { message }

  /// The longest stored text a message quotes, in display columns; longer text is cut with "…".
  static let quotedWidth = 40

  /// A JSON value as a message quotes it: a scalar as JSON text (cut when long), an array or an
  /// object as compact JSON text too (`["home", "home"]`, `[{"name": "Work"}]`), cut when long. When `secure` (a secure text field's value), a string other than `""`, a
  /// number or a flag is `ValueRules.mask` instead.
  package static func shown(_ value: JSONValue, secure: Bool = false) -> String {
    if secure, masked(value, secure: true) != value { return ValueRules.mask }
    func cut(_ text: String) -> String {
      // Only a bounded prefix is escaped and measured, so a 50 MB value costs no more than a short one.
      let prefix = text.utf8.count > quotedWidth * 8 ? String(text.prefix(quotedWidth * 2)) + "…" : text
      return TerminalText.truncated(TerminalText.escaped(prefix), toWidth: quotedWidth)
    }
    switch value.kind {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .number(let text): return cut(text)
    case .string(let text): return "\"\(cut(text))\""
    case .array(let elements):
      return compound("[", "]", elements.lazy.map { shown($0) })
    case .object(let members):
      return compound("{", "}", members.lazy.map { "\"\(cut($0.name))\": " + shown($0.value) })
    }
  }

  /// The parts of an array or object joined as compact JSON text between `open` and `close`, cut
  /// at ``quotedWidth``: only the parts up to that width are made.
  private static func compound(_ open: String, _ close: String, _ parts: some Sequence<String>) -> String {
    var joined = open
    var first = true
    for part in parts {
      if joined.utf8.count > quotedWidth * 4 {
        joined += ", …"
        break
      }
      joined += (first ? "" : ", ") + part
      first = false
    }
    return TerminalText.truncated(joined + close, toWidth: quotedWidth)
  }

  /// A JSON value as JSON output carries it: when `secure` (a secure text field's value), any value
  /// but `null` and `""` is the string `ValueRules.mask`.
  package static func masked(_ value: JSONValue, secure: Bool) -> JSONValue {
    guard secure else { return value }
    switch value.kind {
    case .null: return value
    case .string(let text) where text.isEmpty: return value
    default: return .string(ValueRules.mask)
    }
  }

  /// What `item` accepts as a stored value, in the words of ``expected``.
  static func expected(by item: SettingItem) -> String {
    if let expected = ValueRules.expected(by: item) { return expected }
    return switch item.type {
    case .switch: "true or false"
    case .rightDetail:
      item.choices.map {
        "one of " + $0.map { "\"\(TerminalText.escaped($0.value))\"" }.joined(separator: ", ")
      }
        ?? "a string"
    case .detailTitle: "nothing: a detailTitle item has no value"
    case .textField, .number, .slider, .list: "a value"
    }
  }
}

extension SettingsSnapshot {
  /// The value `stored` gives `item`, or nil when the item does not accept it: a switch takes
  /// `true`/`false`, a choice item one of its choices' values, another right-detail item any string.
  static func accepted(_ stored: JSONValue, by item: SettingItem) -> SettingValue? {
    if item.type != .switch, item.type != .detailTitle,
      item.type != .rightDetail || ValueRules.isMultiple(item)
    {
      return ValueRules.accepted(stored, by: item)
    }
    return switch (item.type, stored.kind) {
    case (.switch, .bool(let flag)): .bool(flag)
    case (.rightDetail, .string(let text)) where item.choices?.contains(where: { $0.value == text }) ?? true:
      .string(text)
    default: nil
    }
  }
}
