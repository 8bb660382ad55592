/// `settings show`: the screen as text rows, or as JSON with `--json`.
enum ShowCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    _ = try context.arguments(0...0)
    let width = try context.width()
    let colors = try context.colors()
    let settings = try context.openSettings()
    let snapshot: SettingsSnapshot
    do {
      snapshot = try settings.snapshot()
    } catch {
      throw CommandError(error)
    }
    if context.wantsJSON {
      return JSONWriter().string(DocumentJSON.value(of: settings.document, snapshot: snapshot))
    }
    return TextRenderer(width: width, colors: colors).render(settings.document, snapshot: snapshot)
  }
}
