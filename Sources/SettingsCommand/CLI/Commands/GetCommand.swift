import SettingsKit

/// `settings get KEY`: the current value, `on`/`off` for a switch; a JSON value with `--json`. A
/// stored value the item does not accept reads as the default, with a warning.
enum GetCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let key = try context.arguments()[0]
    let settings = try context.openSettings(keys: [key])
    do {
      let (value, problem) = try settings.read(key)
      if let problem { context.warnings.add(problem) }
      if context.wantsJSON { return context.jsonText(value.json, wrappedAs: "value") }
      if case .list = value {
        // One element a line (a record: its title, then each other field as field=value, by tabs).
        let item = try settings.item(key)
        return ValueRules.lines(of: value, for: item).map { parts in
          parts.map { TerminalText.escaped($0) }.joined(separator: "\t") + "\n"
        }.joined()
      }
      return TerminalText.escaped(value.description) + "\n"
    } catch {
      throw CommandError(error)
    }
  }
}
