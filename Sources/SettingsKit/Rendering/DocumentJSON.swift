/// The screen as JSON for `show --json`: the document's own field names, with each valued item's
/// current value in place of its default and a `modified` flag, a value item's rules (`min`, `max`,
/// `step`, `unit`, `maxLength`, `pattern`, `patternMessage`, `placeholder`, `secure`, `multiple`),
/// and for each section what is shown.
///
/// It is data, not the view: a section lists its items whether it is open or closed, and a
/// paginated one lists the pages the table holds (every page, unless one page was asked for). A
/// collapsible section has `expanded` (the view state, as a field); a paginated section has
/// `pageSize`, `total` (all its items), `offset` (the first listed item's index) and `remaining`
/// (items after the listed ones).
package enum DocumentJSON {
  /// The JSON value of the table as it stands, for every section or only those in `sections`.
  ///
  /// - Parameters:
  ///   - table: the table, with its values and open sections.
  ///   - document: the document the table is from, for its version and id.
  ///   - title: the page's title, for a child page's table; the document's title when nil.
  ///   - sections: the indexes of the sections to include; every section when nil.
  ///   - reveal: whether secure text fields show their text instead of the mask.
  package static func value(
    of table: SettingsTable, in document: SettingsDocument, title: String? = nil, sections: [Int]? = nil,
    reveal: Bool = false
  ) -> JSONValue {
    .object([
      ("version", .integer(document.version)), ("id", .string(document.id)),
      ("title", .string(title ?? document.title)),
      (
        "sections",
        .array((sections ?? Array(0..<table.numberOfSections)).map { section(table, $0, reveal: reveal) })
      ),
    ])
  }

  static func section(_ table: SettingsTable, _ index: Int, reveal: Bool = false) -> JSONValue {
    let spec = table.section(index)
    var pairs = texts(of: spec)
    if spec.isCollapsible {
      pairs.append(("collapsible", .bool(true)))
      pairs.append(("expanded", .bool(table.isExpanded(index))))
    }
    if let itemsFile = spec.itemsFile { pairs.append(("itemsFile", .string(itemsFile))) }
    let items = table.shownItems(inSection: index).map { item -> JSONValue in
      let (value, isModified) = table.snapshot.value(of: item)
      return self.item(item, value: value, isModified: isModified, snapshot: table.snapshot, reveal: reveal)
    }
    pairs.append(("items", .array(items)))
    if let pageSize = spec.effectivePageSize {
      let pagination = table.pagination(ofSection: index)
      pairs.append(("pageSize", .integer(pageSize)))
      pairs.append(("total", .integer(pagination.total)))
      pairs.append(("offset", .integer(pagination.offset)))
      pairs.append(("remaining", .integer(max(0, pagination.total - pagination.offset - pagination.shown))))
    }
    return .object(pairs)
  }

  static func item(
    _ item: SettingItem, value: SettingValue?, isModified: Bool, snapshot: SettingsSnapshot,
    reveal: Bool = false
  ) -> JSONValue {
    var pairs: [(String, JSONValue)] = [
      ("type", .string(item.type.rawValue)), ("title", .string(item.title)),
    ]
    if let key = item.key { pairs.append(("key", .string(key))) }
    if let subTitle = item.subTitle { pairs.append(("subTitle", .string(subTitle))) }
    if let imageName = item.imageName { pairs.append(("imageName", .string(imageName))) }
    switch value {
    case .bool(let flag)?: pairs.append(("on", .bool(flag)))
    case .string(let text)? where item.choices != nil:
      pairs.append(("value", .string(text)))
      pairs.append(("rightDetail", .string(ValueRules.text(of: .string(text), for: item, style: .row))))
    case .string(let text)? where item.type == .textField:
      pairs.append(("value", ValueRules.json(.string(text), of: item, reveal: reveal)))
    case .string(let text)?: pairs.append(("rightDetail", .string(text)))
    case .number, .strings: pairs.append(("value", value?.json ?? .null))
    case .list?, .record?: pairs.append(("value", ValueRules.json(value!, of: item, reveal: reveal)))
    case nil: break
    }
    if let description = item.description { pairs.append(("description", .string(description))) }
    // A value item's rules (a slider's range, a secure flag), as `list --json` and `describe --json` give them.
    pairs += ValueRules.limitMembers(of: item)
    let state = snapshot.state(of: item)
    if value != nil {
      pairs.append(("modified", .bool(isModified)))
      pairs.append(("source", .string(state.source.description)))
    }
    if let lock = state.lock { pairs.append(("lock", lock.json)) }
    if let choices = item.choices {
      pairs.append(
        (
          "choices",
          .array(choices.map { .object([("value", .string($0.value)), ("title", .string($0.title))]) })
        ))
    }
    if let deprecated = item.deprecated { pairs.append(("deprecated", .string(deprecated))) }
    if !state.isEnabled {
      pairs.append(("enabled", .bool(false)))
      if let reason = state.disabledReason { pairs.append(("disabledReason", .string(reason))) }
    }
    if let page = item.page {
      let sections = page.sections.map { section -> JSONValue in
        var sectionPairs = texts(of: section)
        sectionPairs.removeAll { $0.0 == "id" }
        let shown = section.items.filter { snapshot.state(of: $0).isVisible }.map { child in
          let (value, isModified) = snapshot.value(of: child)
          return self.item(child, value: value, isModified: isModified, snapshot: snapshot)
        }
        sectionPairs.append(("items", .array(shown)))
        return .object(sectionPairs)
      }
      pairs.append(("page", .object([("sections", .array(sections))])))
    }
    return .object(pairs)
  }

  /// A section's `id`, `header` and `footer`, those it has.
  static func texts(of section: SettingSection) -> [(String, JSONValue)] {
    var pairs: [(String, JSONValue)] = []
    if let id = section.id { pairs.append(("id", .string(id))) }
    if let header = section.header { pairs.append(("header", .string(header))) }
    if let footer = section.footer { pairs.append(("footer", .string(footer))) }
    return pairs
  }
}
