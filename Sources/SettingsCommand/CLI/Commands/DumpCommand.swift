import SettingsKit

/// `settings dump [--include-secure]`: every override as a sorted JSON object for `settings load`.
enum DumpCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    _ = try context.arguments()
    let settings = try context.openSettings()
    do {
      return try settings.dump(includingSecure: context.invocation[Options.includeSecure])
    } catch {
      throw CommandError(error)
    }
  }
}
