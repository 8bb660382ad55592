import SettingsKit

/// The subcommands of `settings`, with their help text and the options each accepts.
enum Subcommand: String, CaseIterable, Sendable {
  case show, ui, validate, get, set, toggle, reset, list, find, describe, expand, collapse, help

  /// One line for the SUBCOMMANDS list.
  var abstract: String {
    switch self {
    case .show: "Show the settings screen as text rows (the default subcommand)."
    case .ui: "Open the interactive settings screen in the terminal."
    case .validate: "Check a document and report every problem with its location."
    case .get: "Print an item's current value."
    case .set: "Set switches and choices: KEY VALUE, or KEY=VALUE pairs (all or nothing)."
    case .toggle: "Turn a switch over and print its new state."
    case .reset: "Remove overrides so that items read as their defaults."
    case .list: "List the items that have values: key, type, value, default, modified."
    case .find: "Find items by title, subtitle, key or choice on every page."
    case .describe: "Show everything about an item: type, values, choices, dependencies, where it is."
    case .expand: "Open a collapsible section (kept per user, apart from the values)."
    case .collapse: "Close a collapsible section."
    case .help: "Show help for a subcommand."
    }
  }

  /// The usage line's arguments after `settings <name>`.
  var synopsis: String {
    switch self {
    case .show: "[PAGE | SECTION [--page K]] [--all] [--expand-all] [--json] [--width N] [--color MODE]"
    case .ui: "[--color MODE]"
    case .validate: "[PATH]"
    case .get: "KEY [--json]"
    case .set: "KEY VALUE | KEY=VALUE..."
    case .toggle: "KEY"
    case .reset: "KEY... | --all"
    case .list: "[--modified] [--json]"
    case .expand, .collapse: "SECTION"
    case .find: "TEXT [--json]"
    case .describe: "KEY [--json]"
    case .help: "[SUBCOMMAND]"
    }
  }

  /// The long options this subcommand accepts beyond the global ones.
  var options: Set<String> {
    switch self {
    case .show: ["--json", "--width", "--color", "--all", "--expand-all", "--page"]
    case .get, .find, .describe: ["--json"]
    case .ui: ["--color"]
    case .list: ["--json", "--modified"]
    case .reset: ["--all"]
    case .validate, .set, .toggle, .expand, .collapse, .help: []
    }
  }
}
