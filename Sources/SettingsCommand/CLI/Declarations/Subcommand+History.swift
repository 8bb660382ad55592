import SettingsKit

// `history` and `undo`: the journal of changes kept beside the store, and taking changes back.

extension Subcommand {
  var historyDeclaration: SubcommandDefinition {
    let keys = ArgumentDefinition(
      name: "KEY",
      help: "An item's key: its dot path (cellular.roaming), or its own key where only one item has it.",
      arity: .zeroOrMore, kind: .key)
    switch self {
    case .history:
      return SubcommandDefinition(
        name: rawValue, abstract: "List the changes made to the store, newest first, like git log.",
        forms: [[keys]],
        discussion:
          "Each change shows its number, time (UTC), who made it (user@host, program and pid), how (set, "
          + "toggle, reset, add, remove, move, load, check --fix, undo, an app's name, or outside: a change made behind the "
          + "tool's back, such as a hand edit), its message, and 'key: old → new' per key. With KEY, only "
          + "changes of those keys. TIME is RFC 3339 (2026-12-02, 2026-12-02T13:27:05Z; UTC unless an "
          + "offset is given), now, today, yesterday, or a span back from now as systemd.time(7) writes it "
          + "(90s, 15min, 1h30m, 3d, 1w, 1M for a month, 1y, '3 days ago'). The journal keeps the newest 1000 changes, and up to 1100 before it trims the "
          + "oldest ($SETTINGS_JOURNAL_LIMIT sets the 1000 for a file store, a tenth more before trimming; 0 "
          + "keeps none).")
    default:
      return SubcommandDefinition(
        name: rawValue, abstract: "Take back the last change, one change, or every change since a time.",
        forms: [
          [
            ArgumentDefinition(
              name: "ID | KEY",
              help: "A change's number from 'settings history'; or, with --to, the keys to put back "
                + "(default: every key).",
              arity: .zeroOrMore, kind: .key)
          ]
        ],
        discussion:
          "All or nothing, checked as 'settings set' checks a change (locks, conditions, value rules, "
          + "renamed keys). A key changed again after the change being undone refuses, naming the later "
          + "change, unless --force. The undo is itself a change in the history, so undoing it redoes. A "
          + "secure text field's change can only be undone back to its default.")
    }
  }
}

extension Options {
  /// `history -n N`.
  static let maxCount = Option<Int>(
    definition: OptionDefinition(
      long: "max-count", short: "n", value: .integer(name: "N", noun: "count", range: 1...Int.max),
      help: "Only the newest N changes.", subcommands: [.history]),
    convert: { Int($0) })

  /// `history --since TIME`.
  static let since = Option<String>(
    definition: OptionDefinition(
      long: "since", value: .text(name: "TIME"), help: "Only changes made at or after TIME.",
      subcommands: [.history]),
    convert: { $0 })

  /// `history --until TIME`.
  static let until = Option<String>(
    definition: OptionDefinition(
      long: "until", value: .text(name: "TIME"), help: "Only changes made at or before TIME.",
      subcommands: [.history]),
    convert: { $0 })

  /// `undo --to TIME`.
  static let undoTo = Option<String>(
    definition: OptionDefinition(
      long: "to", value: .text(name: "TIME"),
      help: "Put every key (or each KEY) back as it stood at TIME.", subcommands: [.undo]),
    convert: { $0 })

  /// `undo --force`.
  static let force = Flag(
    definition: OptionDefinition(
      long: "force", help: "Undo even when a key changed again after the change being undone.",
      subcommands: [.undo]))

  /// `--message TEXT` on every command that writes the store.
  static let message = Option<String>(
    definition: OptionDefinition(
      long: "message", value: .text(name: "TEXT"), help: "Why: kept with the change in the history.",
      subcommands: [.set, .toggle, .reset, .add, .remove, .move, .check, .load, .undo]),
    convert: { $0 })
}
