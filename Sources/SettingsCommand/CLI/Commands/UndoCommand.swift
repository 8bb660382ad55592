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
    // `undo 1 --to 1h`: a change number that is no key names a second target beside the time.
    if case .time(_, let keys) = target,
      let number = keys.first(where: { Int($0) != nil && settings.document.locate($0) == nil })
    {
      throw .usage(
        "undo takes a change number or --to TIME, not both; got change '\(TerminalText.escaped(number))' "
          + "with --to", subcommand: .undo)
    }
    let result: Settings.UndoResult
    let force = context.invocation[Options.force]
    do {
      result = try settings.undo(target, force: force)
    } catch .store(let problem) where FileStore.isUnparsable(problem) && !force {
      var refusal = CommandError(SettingsError.store(problem))
      refusal.messages[refusal.messages.count - 1] +=
        "; or give --force to write back the values the journal knows, keeping the file beside the store "
        + "('settings history' lists them)"
      throw refusal
    } catch {
      throw CommandError(error)
    }
    if let copy = result.damagedStoreCopy {
      context.warnings.add(
        "the store did not parse: its text was kept at \(copy), and the values after the journal's "
          + "last entry were written back before the undo")
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
