import SettingsKit

/// `settings toggle KEY`: turns a switch over and prints its new state (`--json`: the change).
enum ToggleCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let name = try context.arguments()[0]
    let settings = try context.openSettings(forWriting: true, keys: [name])
    do {
      let isOn = try settings.toggle(name)
      context.warnings.addDeprecation(of: name, in: settings)
      guard context.wantsJSON else { return isOn ? "on\n" : "off\n" }
      let key = try settings.item(name).key ?? name
      return ChangeJSON.text(
        [SettingChange(key: key, oldValue: .bool(!isOn), newValue: .bool(isOn))], in: settings.document)
    } catch {
      throw CommandError(error)
    }
  }
}
