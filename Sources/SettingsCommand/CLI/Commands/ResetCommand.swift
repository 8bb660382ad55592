import SettingsKit

/// `settings reset KEY…` or `settings reset --all`: removes overrides; `--json` prints what changed.
enum ResetCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let keys = try context.arguments()
    let settings = try context.openSettings(forWriting: true)
    let changes: [SettingChange]
    do {
      changes = context.invocation[Options.resetAll] ? try settings.resetAll() : try settings.reset(keys)
    } catch {
      throw CommandError(error)
    }
    return context.wantsJSON ? ChangeJSON.text(changes, in: settings.document) : ""
  }
}
