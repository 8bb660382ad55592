import SettingsKit

/// `settings toggle KEY`: turns a switch over and prints its new state.
enum ToggleCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let key = try context.arguments(1...1)[0]
    let settings = try context.openSettings(forWriting: true)
    do {
      return try settings.toggle(key) ? "on\n" : "off\n"
    } catch {
      throw CommandError(error)
    }
  }
}
