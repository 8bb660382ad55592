import SettingsKit

/// What `set`, `toggle` and `reset` print with `--json`: the changes of value they made, in order,
/// as `[{"key": …, "old": …, "new": …}]`; `[]` when no value changed. A secure text field's values
/// are masked, as `watch --json` masks them (the old one is a secret the command line never gave).
enum ChangeJSON {
  static func text(_ changes: [SettingChange], in document: SettingsDocument) -> String {
    var secureKeys: Set<String> = []
    document.forEachItem { item, _ in
      if item.isSecure, let key = item.key { secureKeys.insert(key) }
    }
    return JSONWriter().string(
      .array(
        changes.map { change in
          let secure = secureKeys.contains(change.key)
          return .object([
            ("key", .string(change.key)),
            ("old", StoredValueProblem.masked(change.oldValue.json, secure: secure)),
            ("new", StoredValueProblem.masked(change.newValue.json, secure: secure)),
          ])
        }))
  }
}
