import SettingsKit

/// `settings get KEY`: the current value, `on`/`off` for a switch; a JSON value with `--json`.
enum GetCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let key = try context.arguments()[0]
    let settings = try context.openSettings()
    do {
      let value = try settings.value(of: key)
      if context.wantsJSON { return JSONWriter().string(value.json) }
      return TerminalText.escaped(value.description) + "\n"
    } catch {
      throw CommandError(error)
    }
  }
}
