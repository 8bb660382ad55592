import SettingsKit

/// `settings undo [ID]`, `settings undo [KEY…] --to TIME`: takes changes back, all or nothing,
/// journaled as `undo`; prints `undid change N` and the change as `history` prints the undo's
/// entry (`--json`: the changes of value).
enum UndoCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let arguments = try context.arguments()
    let target: Settings.UndoTarget
    if let text = context.invocation[Options.undoTo] {
      let time = try HistoryCommand.time(text, option: "--to", subcommand: .undo)
      target = .time(time ?? .now, keys: arguments)
    } else if arguments.isEmpty {
      target = .last
    } else {
      guard arguments.count == 1, let number = Int(arguments[0]), number > 0 else {
        throw .usage(
          "undo takes one change number (from 'settings history'), or keys with --to TIME; got '"
            + arguments.map { TerminalText.escaped($0) }.joined(separator: " ") + "'",
          subcommand: .undo)
      }
      target = .entry(number)
    }
    let settings = try context.openSettings(forWriting: true)
    let result: Settings.UndoResult
    do {
      result = try settings.undo(target, force: context.invocation[Options.force])
    } catch {
      throw CommandError(error)
    }
    if context.wantsJSON { return ChangeJSON.text(result.changes, in: settings.document) }
    let arrow = WatchFormat.arrow(environment: context.environment)
    let numbers = result.undone.map(String.init).joined(separator: ", ")
    // The change as `history` shows the undo's own entry, through the same function.
    let lines =
      ["undid change\(result.undone.count == 1 ? "" : "s") \(numbers)"]
      + HistoryCommand.changeLines(result.journalChanges, settings, arrow: arrow)
    return lines.joined(separator: "\n") + "\n"
  }
}
