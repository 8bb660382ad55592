import SettingsKit

// The options of `add`, `remove` and `move`: positions in a list, counted from 1.

extension Options {
  /// `add KEY VALUE --at N`, `remove KEY --at N`.
  static let at = Option<Int>(
    definition: OptionDefinition(
      long: "at", value: .integer(name: "N", noun: "position", range: 1...Int.max),
      help: "The position N, from 1 as get prints the elements: add puts the first element there "
        + "(default: at the end); remove takes out the element there instead of one named by VALUE.",
      subcommands: [.add, .remove]),
    convert: { Int($0) })

  /// `move KEY N --to M`.
  static let to = Option<Int>(
    definition: OptionDefinition(
      long: "to", value: .integer(name: "M", noun: "position", range: 1...Int.max),
      help: "The position M, from 1, where the element ends up (required).", subcommands: [.move]),
    convert: { Int($0) })
}
