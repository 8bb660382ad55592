import SettingsKit

/// `settings find TEXT`: every item whose title, subtitle, key or choice titles contain TEXT, with
/// its key and where it is; exit 1 when nothing matches, as `grep` does.
enum FindCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let text = try context.arguments()[0]
    guard !text.isEmpty else {
      throw .usage("Empty TEXT for 'settings find'; give the text to look for", subcommand: .find)
    }
    let document = try context.loadDocument()
    let matches = SettingsSearch.find(text, in: document)
    if context.wantsJSON {
      return JSONWriter().string(
        .array(
          matches.map { match in
            .object([
              ("key", match.item.key.map(JSONValue.string) ?? .null), ("title", .string(match.item.title)),
              ("breadcrumb", .array(match.breadcrumb.map(JSONValue.string))), ("field", .string(match.field)),
            ])
          }))
    }
    guard !matches.isEmpty else { throw CommandError(messages: [], status: .refused) }
    return ColumnTable.text(matches.map { [$0.item.key ?? "-", $0.breadcrumb.joined(separator: " › ")] })
  }
}
