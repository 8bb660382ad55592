import SettingsKit

/// `settings dump [--include-secure]`: every override as a sorted JSON object for `settings load`.
enum DumpCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    _ = try context.arguments()
    let settings = try context.openSettings()
    do {
      let dump = try settings.dumpLeavingOut(includingSecure: context.invocation[Options.includeSecure])
      // Each value left out because its item rejects it gets the warning every command gives it.
      for problem in dump.leftOut { context.warnings.add(problem) }
      return dump.text
    } catch {
      throw CommandError(error)
    }
  }
}
