/// One key's change in a ``JournalEntry``: the stored override before and after (nil: none, the
/// key read its default or system value).
///
/// A secure text field's change never holds its text: ``isSecure`` is true and a value that was
/// set is ``JSONValue/null`` (only whether there was one is known). A record list with a secure
/// field keeps its other fields: see ``changedSecrets``.
public struct JournalChange: Sendable, Equatable {
  /// The override before the change; nil when there was none.
  public var before: JSONValue?
  /// The override after the change; nil when there is none.
  public var after: JSONValue?
  /// Whether the key is a secure text field's (its values are not recorded).
  public var isSecure: Bool
  /// The secure fields of a record list whose text this change changed, as `[N].FIELD` (the
  /// record's position from 1, then the field's key), in order. A record list with a secure field
  /// is journaled without those fields' texts: each one that is not empty is
  /// ``JSONValue/null`` in ``before`` and ``after``, so that a change of that text alone is known
  /// only from here.
  public var changedSecrets: [String]
  /// The edit a journal record keeps instead of ``after``, until the journal resolves it from the
  /// list before (``StoreJournal/parsed(base:records:)``); nil once resolved, and for a change
  /// made in code.
  package var edit: JournalListEdit?

  /// A change of `key` from `before` to `after`.
  public init(before: JSONValue?, after: JSONValue?, isSecure: Bool = false, changedSecrets: [String] = []) {
    self.before = before
    self.after = after
    self.isSecure = isSecure
    self.changedSecrets = changedSecrets
  }
}
