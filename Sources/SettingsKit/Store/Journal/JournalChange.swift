/// One key's change in a ``JournalEntry``: the stored override before and after (nil: none, the
/// key read its default or system value).
///
/// A secure text field's change never holds its text: ``isSecure`` is true and a value that was
/// set is ``JSONValue/null`` (only whether there was one is known).
public struct JournalChange: Sendable, Equatable {
  /// The override before the change; nil when there was none.
  public var before: JSONValue?
  /// The override after the change; nil when there is none.
  public var after: JSONValue?
  /// Whether the key is a secure text field's (its values are not recorded).
  public var isSecure: Bool

  /// A change of `key` from `before` to `after`.
  public init(before: JSONValue?, after: JSONValue?, isSecure: Bool = false) {
    self.before = before
    self.after = after
    self.isSecure = isSecure
  }
}
