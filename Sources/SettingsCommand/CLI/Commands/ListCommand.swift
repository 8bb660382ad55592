import SettingsKit

/// `settings list`: each valued item's key, type, value, default and whether it is modified.
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
      [(key: String, type: CellType, value: SettingValue, defaultValue: SettingValue, modified: Bool)] = []
    for located in settings.document.allItems {
      let item = located.item
      guard let key = item.key, let value = snapshot.values[key], let defaultValue = snapshot.defaults[key]
      else {
        continue
      }
      let modified = snapshot.modified.contains(key)
      if onlyModified, !modified { continue }
      rows.append((key, item.type, value, defaultValue, modified))
    }
    if context.wantsJSON {
      let values = rows.map { row in
        JSONValue.object([
          ("key", .string(row.key)), ("type", .string(row.type.rawValue)), ("value", row.value.json),
          ("default", row.defaultValue.json), ("modified", .bool(row.modified)),
        ])
      }
      return JSONWriter().string(.array(values))
    }
    let table =
      [["KEY", "TYPE", "VALUE", "DEFAULT", "MODIFIED"]]
      + rows.map {
        [
          $0.key, $0.type.rawValue, $0.value.description, $0.defaultValue.description,
          $0.modified ? "yes" : "no",
        ]
      }
    return ColumnTable.text(table)
  }
}
