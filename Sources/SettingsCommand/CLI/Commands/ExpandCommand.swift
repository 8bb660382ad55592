import SettingsKit

/// `settings expand SECTION` and `settings collapse SECTION`: records a collapsible section's state
/// in the view state file beside the store (never in the store of values); `--json` prints
/// `{"section": NAME, "expanded": BOOL}`.
enum ExpandCommand {
  static func run(_ context: CommandContext, isExpanded: Bool) throws(CommandError) -> String {
    let name = try context.arguments()[0]
    let document = try context.loadDocument(loadingItemsFiles: false)
    let index = try context.sectionIndex(name, in: document)
    let section = document.sections[index]
    guard section.isCollapsible else {
      throw CommandError(
        messages: [
          "section '\(TerminalText.escaped(name))' is not collapsible; declare \"collapsible\": true to open and close it"
        ], status: .refused)
    }
    let storePath = try context.storeFilePath(for: document)
    let sectionName = ViewState.name(of: section, at: index)
    do {
      try ViewState.record(isExpanded, forSection: sectionName, at: ViewState.path(besideStore: storePath))
    } catch {
      throw CommandError(error)
    }
    guard context.wantsJSON else { return "" }
    return JSONWriter().string(.object([("section", .string(sectionName)), ("expanded", .bool(isExpanded))]))
  }
}
