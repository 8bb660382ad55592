import SettingsKit

/// `settings reset KEY…` or `settings reset --all`: removes overrides.
enum ResetCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let all = context.invocation.flags.contains("--all")
    let keys = try context.arguments(all ? 0...0 : 1...Int.max)
    let settings = try context.openSettings(forWriting: true)
    do {
      if all { try settings.resetAll() } else { try settings.reset(keys) }
    } catch {
      throw CommandError(error)
    }
    return ""
  }
}
