import SettingsKit

/// `settings describe KEY`: type, title, default, current value, modified, choices, dependency
/// state and where the item is.
enum DescribeCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let key = try context.arguments(1...1)[0]
    let settings = try context.openSettings()
    do {
      let description = try settings.describe(key)
      if let problem = description.problem { context.warnings.add(problem) }
      return context.wantsJSON ? JSONWriter().string(description.json) : description.text
    } catch {
      throw CommandError(error)
    }
  }
}
