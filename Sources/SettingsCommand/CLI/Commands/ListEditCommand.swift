import SettingsKit

/// `settings add KEY VALUE… [--at N]`, `settings remove KEY (VALUE | --at N)` and
/// `settings move KEY N --to M`: one element change of a list item, checked against every rule of
/// the list, as one journaled change; `--json` prints the change.
enum ListEditCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let arguments = try context.arguments()
    let subcommand = context.invocation.subcommand
    let key = arguments[0]
    let at = context.invocation[Options.at]
    var operations: [ListOperation] = []
    var elementWords: [String] = []
    switch subcommand {
    case .remove:
      guard (arguments.count == 2) != (at != nil) else {
        throw .usage("Give VALUE or --at N, one of them", subcommand: subcommand)
      }
      if let at { operations = [.remove(at: at)] } else { elementWords = [arguments[1]] }
    case .move:
      guard let from = Int(arguments[1]), from >= 1 else {
        throw .usage(
          "Invalid position '\(TerminalText.escaped(arguments[1]))' for N; expected a whole number from 1",
          subcommand: subcommand)
      }
      guard let to = context.invocation[Options.to] else {
        throw .usage("Missing --to M for 'settings move'", subcommand: subcommand)
      }
      operations = [.move(from: from, to: to)]
    default:
      elementWords = Array(arguments.dropFirst())
    }
    let settings = try context.openSettings(forWriting: true, keys: [key])
    let change: SettingChange?
    do {
      if subcommand == .remove, !elementWords.isEmpty, try settings.item(key).list?.holdsRecords == true {
        // A record is named by its title, as get prints it first.
        operations = [.removeValue(.string(elementWords[0]))]
      } else if !elementWords.isEmpty {
        let elements = try settings.listElements(words: elementWords, for: key)
        if subcommand == .remove {
          operations = elements.map { .removeValue($0) }
        } else {
          operations = elements.enumerated().map { offset, element in
            .add(element, at: at.map { $0 + offset })
          }
        }
      }
      change = try settings.edit(key, operations)
    } catch {
      throw CommandError(error)
    }
    context.warnings.addDeprecation(of: key, in: settings)
    return context.wantsJSON ? ChangeJSON.text(change.map { [$0] } ?? [], in: settings.document) : ""
  }
}
