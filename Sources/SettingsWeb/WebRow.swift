import SettingsKit

/// One item as the page's JSON row (docs/WEB-API.md, "The row"): its value as JSON and as the
/// terminal row shows it, its default, the marker of an override, its source, and what disables
/// or locks it. A secure text field's value is never in it (``WebRow/revealed(_:in:)`` gets it).
package enum WebRow {
  /// The row of `item` under `snapshot`.
  package static func json(_ item: SettingItem, in snapshot: SettingsSnapshot) -> JSONValue {
    var pairs: [(String, JSONValue)] = []
    if let key = item.key { pairs.append(("key", .string(key))) }
    pairs.append(("type", .string(item.type.rawValue)))
    pairs.append(("title", .string(item.title)))
    if let subTitle = item.subTitle { pairs.append(("subTitle", .string(subTitle))) }
    if let imageName = item.imageName { pairs.append(("imageName", .string(imageName))) }
    if let description = item.description { pairs.append(("description", .string(description))) }
    let (value, isModified) = snapshot.value(of: item)
    let secure = item.isSecure
    if let value {
      if !secure { pairs.append(("value", value.json)) }
      pairs.append(("shown", .string(shown(value, of: item))))
      pairs.append(("modified", .bool(isModified)))
      // An items file's item, decoded after the snapshot was taken, gives its own default.
      if let key = item.key,
        let defaultValue = snapshot.defaults[key] ?? SettingsSnapshot.defaultValue(of: item)
      {
        if !secure { pairs.append(("default", defaultValue.json)) }
        pairs.append(("defaultShown", .string(shown(defaultValue, of: item))))
      }
    } else if item.type == .rightDetail, let detail = item.rightDetail {
      pairs.append(("shown", .string(detail)))
    }
    // A stored value the item does not accept: the row shows the default, and says so (as `show`'s
    // `!` and its warning do), with a Reset that removes it. A secure value is masked in the message.
    if let problem = snapshot.problem(of: item) { pairs.append(("storedProblem", .string(problem.message))) }
    let state = snapshot.state(of: item)
    if value != nil { pairs.append(("source", .string(state.source.description))) }
    if !state.isEnabled {
      pairs.append(("enabled", .bool(false)))
      if let reason = state.disabledReason { pairs.append(("disabledReason", .string(reason))) }
    }
    if let lock = state.lock { pairs.append(("lock", lock.json)) }
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
    if item.page != nil { pairs.append(("page", .bool(true))) }
    if let deprecated = item.deprecated { pairs.append(("deprecated", .string(deprecated))) }
    return .object(pairs)
  }

  /// The value as the row shows it (``ValueStyle/page``): `On`/`Off`, a choice's title (titles
  /// joined for multiple choice), a number with its unit, a secure text field's mask, or the text.
  /// The page shows this text (`shown`) and never words a value itself.
  package static func shown(_ value: SettingValue, of item: SettingItem) -> String {
    ValueRules.text(of: value, for: item, style: .page)
  }
}
