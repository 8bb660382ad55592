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
    let reveal = context.invocation[Options.reveal]
    var rows:
      [(
        key: String, item: SettingItem, value: SettingValue, defaultValue: SettingValue, modified: Bool,
        source: ValueSource
      )] = []
    for located in settings.document.allItems {
      let item = located.item
      guard let key = item.key, let value = snapshot.value(forKey: key),
        let defaultValue = snapshot.defaultValue(forKey: key)
      else {
        continue
      }
      let modified = snapshot.modified.contains(key)
      if onlyModified, !modified { continue }
      rows.append((key, item, value, defaultValue, modified, snapshot.source(of: item)))
    }
    if context.wantsJSON {
      let values = rows.map { row in
        JSONValue.object(
          [
            ("key", .string(row.key)), ("type", .string(row.item.type.rawValue)),
            ("value", ValueRules.json(row.value, of: row.item, reveal: reveal)),
            ("default", ValueRules.json(row.defaultValue, of: row.item, reveal: reveal)),
            ("modified", .bool(row.modified)), ("source", .string(row.source.description)),
          ] + ValueRules.limitMembers(of: row.item))
      }
      return context.jsonText(.array(values), wrappedAs: "items")
    }
    let table =
      [["KEY", "TYPE", "VALUE", "DEFAULT", "MODIFIED", "SOURCE"]]
      + rows.map {
        let limits = ValueRules.limits(of: $0.item)
        return [
          $0.key, $0.item.type.rawValue + (limits.isEmpty ? "" : " (\(limits.joined(separator: ", ")))"),
          ValueRules.shown($0.value, of: $0.item, reveal: reveal),
          ValueRules.shown($0.defaultValue, of: $0.item, reveal: reveal), $0.modified ? "yes" : "no",
          $0.source.description,
        ]
      }
    return ColumnTable.text(table)
  }
}
