/// Where an item's current value comes from: the layer that wins, or the lock that fixes it.
///
/// Layers, lowest first: the document's defaults, the system files (``SystemLayer``, a later
/// `XDG_CONFIG_DIRS` directory below an earlier one), the user's store; a lock
/// (``SettingLock``) then fixes the value that the layers under its file give.
public enum ValueSource: Sendable, Hashable, CustomStringConvertible {
  /// The document's default.
  case `default`
  /// A system file's value; `file` is its path as messages show it.
  case system(file: String)
  /// The user's store.
  case user
  /// A lock in `file` fixes the value (to that file's own value, or to what the layers below give).
  case locked(file: String)

  /// `default`, `system:<file>`, `user` or `locked:<file>`, as `settings list` prints it.
  public var description: String {
    switch self {
    case .default: "default"
    case .system(let file): "system:" + file
    case .user: "user"
    case .locked(let file): "locked:" + file
    }
  }
}

/// A lock that a system file puts on an item: users cannot change the item's value.
///
/// A system file's `"locked"` member names a key (`airplane`), a section by its `id`
/// (`network`), or a child page by its item's key (`cellular`, for every item on that page and
/// the pages under it), each with the reason shown to users.
public struct SettingLock: Sendable, Hashable {
  /// What the lock names.
  public enum Scope: Sendable, Hashable, CustomStringConvertible {
    /// The item's own key.
    case key(String)
    /// A section holding the item, by the section's id.
    case section(String)
    /// A child page holding the item, by the key of the item that opens it.
    case page(String)

    /// `key airplane`, `section network`, `page cellular`.
    public var description: String {
      switch self {
      case .key(let key): "key \(key)"
      case .section(let id): "section \(id)"
      case .page(let key): "page \(key)"
      }
    }
  }

  /// The system file that holds the lock, as messages show its path.
  public var file: String
  /// Why, as the file gives it: "Managed by your organisation".
  public var reason: String
  /// What the lock names.
  public var scope: Scope

  /// Creates a lock.
  public init(file: String, reason: String, scope: Scope) {
    self.file = file
    self.reason = reason
    self.scope = scope
  }
}

extension SettingLock {
  /// `{"file": …, "reason": …, "scope": "key airplane"}`, as `--json` outputs give it.
  public var json: JSONValue {
    .object([("file", .string(file)), ("reason", .string(reason)), ("scope", .string(scope.description))])
  }
}
