import SettingsKit

/// `settings expand SECTION` and `settings collapse SECTION`: records a collapsible section's state
/// in the view state file beside the store (never in the store of values).
enum ExpandCommand {
  static func run(_ context: CommandContext, isExpanded: Bool) throws(CommandError) -> String {
    let name = try context.arguments(1...1)[0]
    let document = try context.loadDocument(loadingItemsFiles: false)
    let index = try context.sectionIndex(name, in: document)
    let section = document.sections[index]
    guard section.isCollapsible else {
      throw CommandError(
        messages: [
          "section '\(TerminalText.escaped(name))' is not collapsible; declare \"collapsible\": true to open and close it"
        ], status: .refused)
    }
    let storePath = try context.writableStorePath(for: document)
    do {
      try ViewState.record(
        isExpanded, forSection: ViewState.name(of: section, at: index),
        at: ViewState.path(besideStore: storePath))
    } catch let error as StoreError {
      throw CommandError(error)
    } catch {
      throw CommandError(messages: ["\(error)"], status: .ioError)
    }
    return ""
  }
}
