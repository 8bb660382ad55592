/// `settings manpage`: prints settings.1 (``ManPage``).
enum ManPageCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    _ = try context.arguments()
    return ManPage.text()
  }
}
