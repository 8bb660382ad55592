/// Everything about one item, as `settings describe KEY` prints it.
public struct ItemDescription: Sendable, Equatable {
  /// The item (its key is the full dot path).
  public var item: SettingItem
  /// Titles from the top page down to the item's page.
  public var breadcrumb: [String]
  /// The item's section and row on its page (0-based).
  public var section: Int
  /// The item's row in its section (0-based).
  public var row: Int
  /// The default value, when the item has one.
  public var defaultValue: SettingValue?
  /// The current value, when the item has one.
  public var value: SettingValue?
  /// Whether the value is an override.
  public var isModified: Bool
  /// Enabled and visible, and why not.
  public var state: ItemState
  /// Why a `visibleWhen` condition (the item's or a page's above it) hides the item now: "shown
  /// only while Do Not Disturb is on", as `find` says it; nil when it is shown.
  public var hiddenReason: String?
  /// The stored value the item does not accept, when the store holds one (``value`` is then the
  /// default).
  public var problem: StoredValueProblem?
  /// Whether a secure text field's value and default are shown instead of the mask.
  public var revealsSecureValue = false
  /// The keys of the multiple choice items that the item's conditions name: their conditions read
  /// `langs includes ko` (the value is among those chosen) rather than `=`.
  public var multipleChoiceControllers: Set<String> = []

  /// Lines of `label: value`, labels padded to one column; text escaped for the terminal.
  public var text: String {
    var rows: [[String]] = [
      ["key:", item.key ?? "-"], ["title:", item.title], ["type:", item.type.rawValue],
      ["where:", (breadcrumb + ["section \(section + 1), row \(row + 1)"]).joined(separator: " › ")],
    ]
    if let description = item.description { rows.append(["description:", description]) }
    if let accepts = ValueRules.expected(by: item) { rows.append(["accepts:", accepts]) }
    if let unit = item.unit { rows.append(["unit:", unit]) }
    if let placeholder = item.placeholder { rows.append(["placeholder:", placeholder]) }
    if item.isSecure { rows.append(["secure:", "yes (masked; kept unencrypted in the store file)"]) }
    if let defaultValue { rows.append(["default:", shown(defaultValue)]) }
    if let value {
      rows.append(["value:", shown(value)])
      rows.append(["modified:", isModified ? "yes" : "no"])
      rows.append(["source:", state.source.description])
    }
    if let lock = state.lock { rows.append(["locked:", "\(lock.reason) (\(lock.file), \(lock.scope))"]) }
    if let choices = item.choices {
      rows.append(["choices:", choices.map { "\($0.value) (\($0.title))" }.joined(separator: ", ")])
    }
    if let page = item.page {
      rows.append(["page:", "\(page.sections.count) section\(page.sections.count == 1 ? "" : "s")"])
    }
    for (label, conditions) in [("enabled when:", item.enabledWhen), ("visible when:", item.visibleWhen)] {
      guard let conditions else { continue }
      rows.append([
        label,
        conditions.sorted { $0.key < $1.key }.map { condition in
          if case .equals(let value) = condition.value, multipleChoiceControllers.contains(condition.key) {
            return "\(condition.key) includes \(value)"
          }
          if case .equals(.string("")) = condition.value {
            return "\(condition.key) = \(ValueRules.emptyText)"
          }
          return "\(condition.key) \(condition.value)"
        }.joined(separator: ", "),
      ])
    }
    if let earlier = item.renamedFrom { rows.append(["renamed from:", earlier.joined(separator: ", ")]) }
    if let deprecated = item.deprecated { rows.append(["deprecated:", deprecated]) }
    rows.append(["enabled:", state.isEnabled ? "yes" : "no (\(state.disabledReason ?? ""))"])
    rows.append(["visible:", hiddenReason.map { "no (\($0))" } ?? (state.isVisible ? "yes" : "no")])
    return ColumnTable.text(rows)
  }

  /// The description as JSON, with the document's field names where they apply.
  public var json: JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("key", item.key.map(JSONValue.string) ?? .null), ("title", .string(item.title)),
      ("type", .string(item.type.rawValue)), ("breadcrumb", .array(breadcrumb.map(JSONValue.string))),
      ("section", .integer(section)), ("row", .integer(row)),
      ("enabled", .bool(state.isEnabled)), ("visible", .bool(state.isVisible)),
    ]
    if let description = item.description { pairs.append(("description", .string(description))) }
    pairs += ValueRules.limitMembers(of: item)
    if let defaultValue {
      pairs.append(("default", ValueRules.json(defaultValue, of: item, reveal: revealsSecureValue)))
    }
    if let value {
      pairs.append(("value", ValueRules.json(value, of: item, reveal: revealsSecureValue)))
      pairs.append(("modified", .bool(isModified)))
      pairs.append(("source", .string(state.source.description)))
    }
    if let lock = state.lock { pairs.append(("lock", lock.json)) }
    if let reason = state.disabledReason { pairs.append(("disabledReason", .string(reason))) }
    if let reason = hiddenReason { pairs.append(("hiddenReason", .string(reason))) }
    if let earlier = item.renamedFrom { pairs.append(("renamedFrom", .array(earlier.map(JSONValue.string)))) }
    if let deprecated = item.deprecated { pairs.append(("deprecated", .string(deprecated))) }
    if let choices = item.choices {
      pairs.append(
        (
          "choices",
          .array(choices.map { .object([("value", .string($0.value)), ("title", .string($0.title))]) })
        ))
    }
    return .object(pairs)
  }

  /// A value as `describe` shows it: a choice's value with its title, a number with its unit.
  func shown(_ value: SettingValue) -> String {
    var style = ValueStyle.described(reveal: revealsSecureValue)
    style.withUnit = true
    style.choice = .valueAndTitle
    style.chosen = .valueAndTitle
    return ValueRules.text(of: value, for: item, style: style)
  }
}

extension Settings {
  /// Describes the item named by `key` (a full dot path, or an own key where unique).
  ///
  /// - Throws: the errors of ``item(_:)`` and of ``snapshot()``.
  public func describe(_ key: String) throws(SettingsError) -> ItemDescription {
    let located = try locate(key)
    let snapshot = try snapshot()
    let fullKey = located.item.key ?? key
    var description = ItemDescription(
      item: located.item, breadcrumb: located.breadcrumb(in: document), section: located.section,
      row: located.row,
      defaultValue: snapshot.defaultValue(forKey: fullKey), value: snapshot.value(forKey: fullKey),
      isModified: snapshot.modified.contains(fullKey), state: snapshot.state(of: located.item),
      problem: snapshot.problem(of: located.item))
    let controllers = Set((located.item.enabledWhen ?? [:]).keys).union(
      (located.item.visibleWhen ?? [:]).keys)
    description.hiddenReason =
      (located.ancestors + [located.item]).lazy.compactMap {
        SettingsSearch.hiddenReason(of: $0, in: snapshot)
      }.first
    description.multipleChoiceControllers = controllers.filter {
      snapshot.itemsByKey[$0].map(ValueRules.isMultiple) == true
    }
    return description
  }
}
