import SettingsKit

/// `settings validate [PATH]`: loads a document and reports every problem, or a one-line summary.
enum ValidateCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    var context = context
    if let path = try context.arguments(0...1).first { context.invocation.values["--file"] = path }
    let document = try context.loadDocument()
    let items = document.allItems.count
    let name = context.documentFile?.description ?? "<embedded default>"
    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    return "\(name): valid: \(count(document.sections.count, "section")), \(count(items, "item"))\n"
  }
}
