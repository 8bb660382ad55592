import SettingsHTTP
import SettingsKit

/// `settings why KEY`: every layer's value for the key from the lowest to the highest, the one that
/// wins, the lock and its reason, and any condition that disables or hides the item now, with the
/// controlling item's value. `--json` carries the same.
enum WhyCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let key = try context.arguments()[0]
    let settings = try context.openSettings(keys: [key])
    let explanation: ValueExplanation
    do {
      explanation = try settings.explain(key)
    } catch {
      throw CommandError(error)
    }
    if let problem = explanation.layers.last?.problem { context.warnings.add(problem) }
    if context.wantsJSON { return context.jsonText(json(explanation)) }
    return text(explanation) + HistoryCommand.lastChangeLine(of: explanation.item.key ?? key, settings)
  }

  /// The text: `key:`, `value:`, `source:`, `locked:` lines, then the layers lowest first (the
  /// winner marked `wins`), then `disabled:` and `hidden:` lines.
  static func text(_ explanation: ValueExplanation) -> String {
    let item = explanation.item
    var header: [[String]] = [["key:", item.key ?? "-"]]
    if let value = explanation.value {
      header.append(["value:", shown(value, of: item)])
      header.append(["source:", explanation.source.description])
    }
    if let lock = explanation.lock {
      header.append(["locked:", "\(lock.reason) (\(lock.file), \(lock.scope))"])
    }
    if let condition = explanation.disabled { header.append(["disabled:", describe(condition, of: item)]) }
    if let condition = explanation.hidden { header.append(["hidden:", describe(condition, of: item)]) }
    guard explanation.value != nil else { return ColumnTable.text(header) }
    var rows: [[String]] = []
    for (index, layer) in explanation.layers.enumerated() {
      var value = layer.value.map { shown($0, of: item) } ?? "-"
      if let problem = layer.problem {
        // A value that is not JSON (etcd) has no value to show: say why instead of `null`.
        value =
          problem.notJSON.map { "not JSON (\(TerminalText.escaped($0)))" }
          ?? StoredValueProblem.shown(problem.storedValue, secure: item.isSecure)
          + " (rejected: expected \(problem.expected))"
      }
      var row = ["  " + layer.source.description, value]
      if index == explanation.winner {
        row.append("wins")
      } else if layer.isOverriddenByLock, layer.stored != nil {
        row.append("not used: locked")
      }
      rows.append(row)
    }
    return ColumnTable.text(header) + "layers, lowest first:\n" + ColumnTable.text(rows)
  }

  /// The JSON: `key`, `value`, `source`, `layers` (each with `layer`, `value` when it gives one,
  /// `stored` and `rejected` for a value the item does not accept, `wins`, `overriddenByLock`),
  /// `winner`, and `lock`, `disabled`, `hidden` when they apply.
  static func json(_ explanation: ValueExplanation) -> JSONValue {
    var pairs: [(String, JSONValue)] = [("key", explanation.item.key.map(JSONValue.string) ?? .null)]
    if let value = explanation.value {
      pairs.append(("value", ValueRules.json(value, of: explanation.item, reveal: false)))
      pairs.append(("source", .string(explanation.source.description)))
    }
    let layers = explanation.layers.enumerated().map { index, layer -> JSONValue in
      var fields: [(String, JSONValue)] = [("layer", .string(layer.source.description))]
      if let value = layer.value {
        fields.append(("value", ValueRules.json(value, of: explanation.item, reveal: false)))
      }
      if let problem = layer.problem {
        fields.append(("stored", StoredValueProblem.masked(problem.storedValue, secure: problem.isSecure)))
        fields.append(("rejected", .string("expected " + problem.expected)))
      }
      fields.append(("wins", .bool(index == explanation.winner)))
      if layer.isOverriddenByLock { fields.append(("overriddenByLock", .bool(true))) }
      return .object(fields)
    }
    pairs.append(("layers", .array(layers)))
    if let winner = explanation.winner {
      pairs.append(("winner", .string(explanation.layers[winner].source.description)))
    }
    if let lock = explanation.lock { pairs.append(("lock", lock.json)) }
    for (name, condition) in [("disabled", explanation.disabled), ("hidden", explanation.hidden)] {
      guard let condition else { continue }
      pairs.append(
        (
          name,
          .object([
            ("reason", .string(condition.reason)), ("key", .string(condition.key)),
            ("value", condition.value?.json ?? .null),
          ])
        ))
    }
    return .object(pairs)
  }

  /// "off while Airplane Mode is on (airplane = on)".
  static func describe(_ condition: ValueExplanation.Condition, of item: SettingItem) -> String {
    let value =
      condition.value.map { ValueRules.text(of: $0, style: ValueStyle(emptyText: ValueRules.emptyText)) }
      ?? "unset"
    return "\(condition.reason) (\(condition.key) = \(value))"
  }

  /// A value as `describe` shows it: a choice's value with its title, a secure text field's as the mask.
  static func shown(_ value: SettingValue, of item: SettingItem) -> String {
    var style = ValueStyle.described(reveal: false)
    style.choice = .valueAndOtherTitle
    return ValueRules.text(of: value, for: item, style: style)
  }
}
