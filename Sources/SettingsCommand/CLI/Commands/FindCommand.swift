import SettingsKit

/// `settings find TEXT`: every item whose title, subtitle, key or choice titles contain TEXT, with
/// its key and where it is, and whether a condition hides or disables it now; exit 1 when nothing
/// matches, as `grep` does.
enum FindCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let text = try context.arguments()[0]
    guard !text.isEmpty else {
      throw .usage("Empty TEXT for 'settings find'; give the text to look for", subcommand: .find)
    }
    let settings = try context.openSettings(matching: text)
    // Without readable values (a damaged store), conditions are judged on the defaults; an etcd
    // store out of reach (with no last-known-good copy, or --no-stale) is an error, as for `get`.
    let snapshot: SettingsSnapshot?
    do {
      snapshot = try settings.snapshot()
    } catch {
      if case .store(.backend) = error { throw CommandError(error) }
      snapshot = nil
    }
    let matches = SettingsSearch.find(text, in: settings.document, snapshot: snapshot)
    if context.wantsJSON {
      return context.jsonText(
        .array(
          matches.map { match in
            .object([
              ("key", match.item.key.map(JSONValue.string) ?? .null), ("title", .string(match.item.title)),
              ("breadcrumb", .array(match.breadcrumb.map(JSONValue.string))), ("field", .string(match.field)),
              ("visible", .bool(match.isVisible)), ("enabled", .bool(match.isEnabled)),
            ])
          }), wrappedAs: "matches")
    }
    guard !matches.isEmpty else { throw CommandError(messages: [], status: .refused) }
    return ColumnTable.text(
      matches.map { match in
        let note =
          match.hiddenReason.map { "(hidden: \($0))" } ?? match.disabledReason.map { "(disabled: \($0))" }
        return [match.item.key ?? "-", match.breadcrumb.joined(separator: " › ")] + (note.map { [$0] } ?? [])
      })
  }
}
