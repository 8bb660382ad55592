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
      return TerminalText.escaped(value.description) + "\n"
    } catch {
      throw CommandError(error)
    }
  }
}
