import SettingsKit

// `check`, `dump` and `load`: the store measured against the document, exported and imported.

extension Subcommand {
  var evolutionDeclaration: SubcommandDefinition {
    switch self {
    case .check:
      SubcommandDefinition(
        name: rawValue, abstract: "Report what in the store no longer fits the document.",
        forms: [[]],
        discussion:
          "Reports stored keys the document does not know, stored values their items no longer accept, "
          + "values waiting under renamed keys, and deprecated items that are set. Exits 0 when clean, 1 "
          + "with findings, 65 when the document or the store does not parse.")
    case .dump:
      SubcommandDefinition(
        name: rawValue, abstract: "Print every override as JSON that 'settings load' accepts.",
        forms: [[]],
        discussion:
          "Keys are sorted; values under renamed keys appear under their new keys. Secure values are left "
          + "out and listed in \"\(Settings.omittedKeysMember)\" unless --include-secure is given.")
    default:
      SubcommandDefinition(
        name: rawValue, abstract: "Load overrides from a JSON file such as a dump, all or nothing.",
        forms: [
          [
            ArgumentDefinition(
              name: "FILE",
              help: "The JSON object of keys and values; - reads it from standard input.", kind: .path)
          ]
        ],
        discussion:
          "Every value is checked as 'settings set' checks it before anything is written; keys renamed "
          + "since the dump load under their new names. By default the file is merged into the overrides.")
    }
  }
}

extension Options {
  /// `check --fix`.
  static let fix = Flag(
    definition: OptionDefinition(
      long: "fix",
      help:
        "Move values under renamed keys and remove values that no longer fit, after printing what it does.",
      subcommands: [.check]))

  /// `check --fix --drop-unknown`.
  static let dropUnknown = Flag(
    definition: OptionDefinition(
      long: "drop-unknown", help: "With --fix: also remove the keys the document does not know.",
      subcommands: [.check]))

  /// `dump --include-secure`.
  static let includeSecure = Flag(
    definition: OptionDefinition(
      long: "include-secure", help: "Include the values of secure items.", subcommands: [.dump]))

  /// `load --replace`.
  static let replace = Flag(
    definition: OptionDefinition(
      long: "replace",
      help: "Make the overrides equal the file (secure values the dump left out are kept).",
      subcommands: [.load]))

  /// `load --dry-run`.
  static let dryRun = Flag(
    definition: OptionDefinition(
      long: "dry-run", help: "Print what would change (added, changed, removed, refused) and write nothing.",
      subcommands: [.load]))

  /// `load --keep-unknown`.
  static let keepUnknown = Flag(
    definition: OptionDefinition(
      long: "keep-unknown", help: "Keep keys the document does not know instead of refusing them.",
      subcommands: [.load]))
}
