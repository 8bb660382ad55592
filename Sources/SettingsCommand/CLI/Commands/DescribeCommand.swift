import SettingsKit

/// `settings describe KEY`: type, title, default, current value, modified, choices, conditions,
/// child page, dependency state and where the item is. `--json` carries the same, with the section
/// and row numbered from 1 as the text numbers them.
enum DescribeCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let key = try context.arguments()[0]
    let settings = try context.openSettings(keys: [key])
    do {
      var description = try settings.describe(key)
      description.revealsSecureValue = context.invocation[Options.reveal]
      if let problem = description.problem { context.warnings.add(problem) }
      if context.wantsJSON { return context.jsonText(json(description)) }
      return description.text + HistoryCommand.lastChangeLine(of: description.item.key ?? key, settings)
    } catch {
      throw CommandError(error)
    }
  }

  /// The description's JSON with the numbering of the text and what only the text had.
  static func json(_ description: ItemDescription) -> JSONValue {
    guard case .object(let members) = description.json.kind else { return description.json }
    var pairs = members.map { member -> (String, JSONValue) in
      switch member.name {
      case "section": (member.name, .integer(description.section + 1))
      case "row": (member.name, .integer(description.row + 1))
      default: (member.name, member.value)
      }
    }
    let item = description.item
    for (name, conditions) in [("enabledWhen", item.enabledWhen), ("visibleWhen", item.visibleWhen)] {
      guard let conditions else { continue }
      pairs.append((name, .object(conditions.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) })))
    }
    if let page = item.page { pairs.append(("page", .object([("sections", .integer(page.sections.count))]))) }
    return .object(pairs)
  }
}
