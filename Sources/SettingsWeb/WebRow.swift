import SettingsKit

/// One item as the page's JSON row (docs/WEB-API.md, "The row"): its value as JSON and as the
/// terminal row shows it, its default, the marker of an override, its source, and what disables
/// or locks it. A secure text field's value is never in it (``WebRow/revealed(_:in:)`` gets it).
package enum WebRow {
  /// The row of `item` under `snapshot`.
  package static func json(_ item: SettingItem, in snapshot: SettingsSnapshot) -> JSONValue {
    let (value, isModified) = snapshot.value(of: item)
    return json(
      // An items file's item, decoded after the snapshot was taken, gives its own default.
      item, value: value, isModified: isModified,
      defaultValue: item.key.flatMap {
        snapshot.defaultValue(forKey: $0) ?? SettingsSnapshot.defaultValue(of: item)
      },
      problem: snapshot.problem(of: item), state: snapshot.state(of: item), hasPage: item.page != nil,
      description: item.description)
  }

  /// The row of the item at `indexPath` of `table`, nil for a row that is not an item's: from its
  /// compiled record when its section was not decoded (``SettingsTable/compiledRow(at:from:)``), so
  /// that a page's rows decode no item; `rows` are the section's, when the caller read them
  /// (``SettingsTable/compiledRows(inSection:)``).
  package static func json(_ table: SettingsTable, at indexPath: TableIndexPath, rows: [CompiledRow]? = nil)
    -> JSONValue?
  {
    if let compiled = table.compiledRow(at: indexPath, from: rows) {
      let row = compiled.row
      return json(
        row, value: compiled.value, isModified: compiled.isModified,
        defaultValue: row.key == nil ? nil : row.shippedValue, problem: nil,
        state: table.state(ofCompiled: row),
        hasPage: row.hasPage, description: row.description)
    }
    guard case .item(let item, _, _) = table.row(at: indexPath) else { return nil }
    return json(item, in: table.snapshot)
  }

  /// The row of an item's fields, given its value, whether that is an override, its default
  /// (nil for none, or an item without a key), its rejected stored value and its state.
  static func json<Row: RowFields>(
    _ item: Row, value: SettingValue?, isModified: Bool, defaultValue: SettingValue?,
    problem: StoredValueProblem?, state: ItemState, hasPage: Bool, description: String?
  ) -> JSONValue {
    var pairs: [(String, JSONValue)] = []
    if let key = item.key { pairs.append(("key", .string(key))) }
    pairs.append(("type", .string(item.type.rawValue)))
    pairs.append(("title", .string(item.title)))
    if let subTitle = item.subTitle { pairs.append(("subTitle", .string(subTitle))) }
    if let imageName = item.imageName { pairs.append(("imageName", .string(imageName))) }
    if let description { pairs.append(("description", .string(description))) }
    let secure = item.securesValue
    if let value {
      if !secure { pairs.append(("value", value.json)) }
      pairs.append(("shown", .string(shown(value, of: item))))
      pairs.append(("modified", .bool(isModified)))
      if let defaultValue {
        if !secure { pairs.append(("default", defaultValue.json)) }
        pairs.append(("defaultShown", .string(shown(defaultValue, of: item))))
      }
    } else if item.type == .rightDetail, let detail = item.rightDetail {
      pairs.append(("shown", .string(detail)))
    }
    // A stored value the item does not accept: the row shows the default, and says so (as `show`'s
    // `!` and its warning do), with a Reset that removes it. A secure value is masked in the message.
    if let problem { pairs.append(("storedProblem", .string(problem.message))) }
    if value != nil { pairs.append(("source", .string(state.source.description))) }
    if !state.isEnabled {
      pairs.append(("enabled", .bool(false)))
      if let reason = state.disabledReason { pairs.append(("disabledReason", .string(reason))) }
    }
    if let lock = state.lock { pairs.append(("lock", lock.json)) }
    pairs += inputMembers(of: item)
    if hasPage { pairs.append(("page", .bool(true))) }
    if let deprecated = item.deprecated { pairs.append(("deprecated", .string(deprecated))) }
    return .object(pairs)
  }

  /// What an input for `item`'s value needs, as JSON members: its `choices` (value and title),
  /// its value-type fields (``ValueRules/limitMembers(of:)``) and its `limits` as words. A row and
  /// a list's element or record field (`GET /api/list`) give them alike.
  static func inputMembers<Row: RowFields>(of item: Row) -> [(String, JSONValue)] {
    var pairs: [(String, JSONValue)] = []
    if let choices = item.choices {
      pairs.append(
        (
          "choices",
          .array(choices.map { .object([("value", .string($0.value)), ("title", .string($0.title))]) })
        ))
    }
    pairs += ValueRules.limitMembers(of: item)
    let limits = ValueRules.limits(of: item)
    if !limits.isEmpty { pairs.append(("limits", .array(limits.map(JSONValue.string)))) }
    return pairs
  }

  /// The value as the row shows it (``ValueStyle/page``): `On`/`Off`, a choice's title (titles
  /// joined for multiple choice), a number with its unit, a secure text field's mask, or the text.
  /// The page shows this text (`shown`) and never words a value itself.
  package static func shown<Row: RowFields>(_ value: SettingValue, of item: Row) -> String {
    ValueRules.text(of: value, forRow: item, style: .page)
  }
}
