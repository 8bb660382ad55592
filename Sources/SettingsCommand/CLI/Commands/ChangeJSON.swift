import SettingsKit

/// What `set`, `toggle` and `reset` print with `--json`: the changes of value they made, in order,
/// as `[{"key": …, "old": …, "new": …}]`; `[]` when no value changed.
enum ChangeJSON {
  static func text(_ changes: [SettingChange]) -> String {
    JSONWriter().string(
      .array(
        changes.map { change in
          .object([
            ("key", .string(change.key)), ("old", change.oldValue.json), ("new", change.newValue.json),
          ])
        }))
  }
}
