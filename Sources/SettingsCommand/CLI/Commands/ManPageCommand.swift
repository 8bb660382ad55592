/// `settings manpage`: prints settings.1 (``ManPage``); the hidden `settings __markdown` prints
/// docs/COMMANDS.md (``CommandsMarkdown``) from the same declarations.
enum ManPageCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    _ = try context.arguments()
    return ManPage.text()
  }

  static func markdown(_ context: CommandContext) throws(CommandError) -> String {
    _ = try context.arguments()
    return CommandsMarkdown.text()
  }
}
