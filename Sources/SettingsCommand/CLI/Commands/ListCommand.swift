import SettingsKit

/// `settings list`: each valued item's key, type, value, default, whether it is modified, and where
/// its value comes from (`default`, `system:<file>`, `user`, `locked:<file>`).
enum ListCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    _ = try context.arguments()
    let settings = try context.openSettings()
    let snapshot: SettingsSnapshot
    do {
      snapshot = try settings.snapshot()
    } catch {
      throw CommandError(error)
    }
    for problem in snapshot.problems { context.warnings.add(problem) }
    let onlyModified = context.invocation[Options.modified]
    var rows:
      [(
        key: String, type: CellType, value: SettingValue, defaultValue: SettingValue, modified: Bool,
        source: ValueSource
      )] = []
    for located in settings.document.allItems {
      let item = located.item
      guard let key = item.key, let value = snapshot.values[key], let defaultValue = snapshot.defaults[key]
      else {
        continue
      }
      let modified = snapshot.modified.contains(key)
      if onlyModified, !modified { continue }
      rows.append((key, item.type, value, defaultValue, modified, snapshot.source(of: item)))
    }
    if context.wantsJSON {
      let values = rows.map { row in
        JSONValue.object([
          ("key", .string(row.key)), ("type", .string(row.type.rawValue)), ("value", row.value.json),
          ("default", row.defaultValue.json), ("modified", .bool(row.modified)),
          ("source", .string(row.source.description)),
        ])
      }
      return JSONWriter().string(.array(values))
    }
    let table =
      [["KEY", "TYPE", "VALUE", "DEFAULT", "MODIFIED", "SOURCE"]]
      + rows.map {
        [
          $0.key, $0.type.rawValue, $0.value.description, $0.defaultValue.description,
          $0.modified ? "yes" : "no", $0.source.description,
        ]
      }
    return ColumnTable.text(table)
  }
}
