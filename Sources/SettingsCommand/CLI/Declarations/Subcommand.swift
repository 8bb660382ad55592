import SettingsKit

/// The subcommands of `settings`; each one's declaration is ``definition``.
enum Subcommand: String, CaseIterable, Sendable {
  case show, ui, validate, get, set, toggle, reset
  /// `settings add`, `remove` and `move`: one element of a list item.
  case add, remove, move
  case list, find, describe, why, expand, collapse, schema,
    completions
  /// `settings watch [KEY…]`: follows changes until interrupted.
  case watch
  /// `settings serve`: the screen in a browser, on 127.0.0.1, until interrupted.
  case serve
  case check, dump, load
  /// `settings history [KEY…]` and `settings undo`: the journal of changes, and taking one back.
  case history, undo
  /// `settings codegen swift|typescript`: typed keys (or the store's shape) from the document.
  case codegen
  case manpage, help
  /// The hidden subcommand that the completion scripts call: `settings __complete -- WORD...`.
  case complete = "__complete"
  /// The hidden subcommand that prints docs/COMMANDS.md (``CommandsMarkdown``): `settings __markdown`.
  case markdown = "__markdown"

  /// The subcommand whose name is `name`, as `init(rawValue:)` finds it, comparing the names in
  /// turn: the synthesized initializer builds a table of every name on first use, some 150 000
  /// instructions of every command line.
  static func named(_ name: String) -> Subcommand? {
    allCases.first { $0.rawValue == name }
  }

  /// Whether help, the man page and completions leave it out.
  var isHidden: Bool { self == .complete || self == .markdown }

  /// Whether it reads the settings document (and so takes `--file`).
  var readsDocument: Bool { ![.help, .completions, .manpage, .complete, .markdown].contains(self) }

  /// Whether it reads the store or the view state (and so takes `--store` and `--locale`).
  var readsStore: Bool { readsDocument && ![.validate, .schema, .codegen].contains(self) }

  /// The subcommands that help, the man page and completions list.
  static var visible: [Subcommand] { allCases.filter { !$0.isHidden } }

  /// The declaration: what it does, its positional arguments, its options and its extra help.
  var definition: SubcommandDefinition {
    var definition = declaration
    definition.options = Options.taken(by: self)
    if self == .codegen { definition.options = definition.options.map(Self.codegenOption) }
    return definition
  }

  private var declaration: SubcommandDefinition {
    let key = ArgumentDefinition(
      name: "KEY",
      help: "An item's key: its dot path (cellular.roaming), or its own key where only one item has it.",
      kind: .key)
    let section = ArgumentDefinition(
      name: "SECTION", help: "A section of the top page: its id, its header, or its number (from 1).",
      kind: .section)
    switch self {
    case .check, .dump, .load:
      return evolutionDeclaration
    case .history, .undo:
      return historyDeclaration
    case .add, .remove, .move:
      return listDeclaration
    case .codegen:
      return codegenDeclaration
    case .show:
      return SubcommandDefinition(
        name: rawValue, abstract: "Show the settings screen as text rows (the default subcommand).",
        forms: [
          [
            ArgumentDefinition(
              name: "PAGE | SECTION",
              help: "The child page of the item with this key, under a breadcrumb; or one section "
                + "of the top page, open (its id, its header, or its number from 1).",
              arity: .optional, kind: .pageOrSection)
          ]
        ])
    case .ui:
      return SubcommandDefinition(
        name: rawValue, abstract: "Open the interactive settings screen in the terminal.", forms: [[]],
        discussion:
          "The full screen needs a terminal on standard input and output; without one, with TERM=dumb or "
          + "with ACCESSIBLE=1 it runs in line mode (--accessible). Changes are saved at once, as set saves them.",
        extraSections: [
          ("KEYS:", SettingsScreen.helpLines.dropFirst(2).map { String($0.dropFirst(2)) })
        ])
    case .validate:
      return SubcommandDefinition(
        name: rawValue, abstract: "Check a document and report every problem with its location.",
        forms: [
          [
            ArgumentDefinition(
              name: "PATH",
              help: "The document to check; - reads it from standard input (default: --file, "
                + "else $SETTINGS_FILE, else the embedded iOS screen). Give either PATH or --file.",
              arity: .optional, kind: .path)
          ]
        ])
    case .get:
      return SubcommandDefinition(name: rawValue, abstract: "Print an item's current value.", forms: [[key]])
    case .set:
      let switchWords = SettingValue.switchWords.map(\.word)
      var pairs: [String] = []
      for index in stride(from: 0, to: switchWords.count - 1, by: 2) {
        pairs.append(switchWords[index] + "/" + switchWords[index + 1])
      }
      return SubcommandDefinition(
        name: rawValue, abstract: "Set values: KEY VALUE, or KEY=VALUE pairs (all or nothing).",
        forms: [
          [
            ArgumentDefinition(name: "KEY", help: key.help, kind: .settableKey),
            ArgumentDefinition(
              name: "VALUE",
              help: "For a switch: " + pairs.joined(separator: ", ") + ", in any letter case. "
                + "For an item with choices: one of its choices, by value or by title, in any letter case; "
                + "for multiple choice the whole set, comma-separated (en,ko; empty for none). "
                + "For a text field: the text. For a number or slider: a decimal number with a point, such as "
                + "2.5, in its range and on its step ('settings describe KEY' says what an item accepts). "
                + "Other items cannot be set. One element of a list of values: KEY[N]; one field of one record "
                + "of a list: KEY[N].field (quoted for the shell), N from 1 as get prints the elements, such as "
                + "set 'dns[2]' 9.9.9.9 or set 'vpn[2].server' vpn.example.com.",
              kind: .value),
          ],
          [
            ArgumentDefinition(
              name: "KEY=VALUE",
              help: "Several items at once; every pair is checked before anything is written.",
              arity: .oneOrMore, kind: .assignment)
          ],
        ])
    case .toggle:
      return SubcommandDefinition(
        name: rawValue, abstract: "Turn a switch over and print its new state.",
        forms: [[ArgumentDefinition(name: "KEY", help: key.help, kind: .switchKey)]])
    case .reset:
      return SubcommandDefinition(
        name: rawValue, abstract: "Remove overrides: items read as their defaults or system values.",
        forms: [[ArgumentDefinition(name: "KEY", help: key.help, arity: .oneOrMore, kind: .key)]])
    case .list:
      return SubcommandDefinition(
        name: rawValue, abstract: "List the items that have values: key, type, value, default, modified.",
        forms: [[]])
    case .find:
      return SubcommandDefinition(
        name: rawValue, abstract: "Find items by title, subtitle, key, choice or description on every page.",
        forms: [
          [
            ArgumentDefinition(
              name: "TEXT",
              help:
                "The text to look for, in any letter case; not empty. Nothing found exits 1, as grep does.")
          ]
        ])
    case .describe:
      return SubcommandDefinition(
        name: rawValue,
        abstract: "Show everything about an item: type, values, choices, dependencies, where it is.",
        forms: [[key]])
    case .why:
      return SubcommandDefinition(
        name: rawValue,
        abstract: "Explain a value: every layer, the winner, any lock, any condition disabling or hiding it.",
        forms: [[key]])
    case .expand:
      return SubcommandDefinition(
        name: rawValue, abstract: "Open a collapsible section (kept per user, apart from the values).",
        forms: [[section]])
    case .collapse:
      return SubcommandDefinition(
        name: rawValue, abstract: "Close a collapsible section.", forms: [[section]])
    case .schema:
      return SubcommandDefinition(
        name: rawValue, abstract: "Print the JSON Schema of documents, or of a document's store.",
        forms: [[]],
        discussion:
          "The schema follows JSON Schema draft 2020-12; point an editor at it to complete and check "
          + "documents (or stores) as they are typed. Documents and stores may name it in a top-level "
          + "\"$schema\" member, which settings ignores.")
    case .completions:
      return SubcommandDefinition(
        name: rawValue, abstract: "Print a shell completion script for bash, zsh or fish.",
        forms: [
          [
            ArgumentDefinition(
              name: "SHELL", help: "The shell to complete in.",
              words: CompletionScript.Shell.allCases.map { AcceptedWord(word: $0.rawValue, help: $0.help) })
          ]
        ],
        discussion:
          "Keys, values, section ids and page keys are completed from the document in effect on the "
          + "command line being completed (-f, $SETTINGS_FILE, or the embedded default).")
    case .watch:
      return SubcommandDefinition(
        name: rawValue,
        abstract: "Print each change of a value, made by any process, until interrupted.",
        forms: [
          [
            ArgumentDefinition(
              name: "KEY", help: key.help + " Only changes of these keys are printed (default: every key).",
              arity: .zeroOrMore, kind: .key)
          ]
        ],
        discussion:
          "One line per change, 'airplane: off → on' ('->' when the locale is not UTF-8); with --json "
          + "one JSON object per line with key, old, new and time. Each line is written at once. A store "
          + "that stops parsing prints one error line on standard error; when it parses again, only the "
          + "values that differ are printed. Ends with status 0 on SIGINT, SIGTERM or when standard "
          + "output is closed.")
    case .serve:
      return SubcommandDefinition(
        name: rawValue,
        abstract:
          "Serve the settings screen to a browser on 127.0.0.1, editable and live, until interrupted.",
        forms: [[]],
        discussion:
          "Prints one line, the address with this run's token (http://127.0.0.1:PORT/?token=…), and serves "
          + "until SIGINT, SIGTERM or SIGHUP (status 0). Only this machine can connect, and only with the "
          + "token; this is not a way to put settings on a network. A port in use ends it with status 69.")
    case .manpage:
      return SubcommandDefinition(
        name: rawValue, abstract: "Print the manual page, settings.1, in roff.", forms: [[]],
        discussion: "Read it with 'settings manpage > settings.1 && man -l settings.1'.")
    case .markdown:
      return SubcommandDefinition(
        name: rawValue, abstract: "Print the command reference in Markdown, docs/COMMANDS.md.", forms: [[]],
        discussion: "Regenerate it with '\(CommandsMarkdown.regenerate)'.")
    case .complete:
      return SubcommandDefinition(
        name: rawValue, abstract: "Print the completions of a partial command line, for the shell scripts.",
        forms: [
          [
            ArgumentDefinition(
              name: "WORD", help: "The words after 'settings', the last being the one completed.",
              arity: .oneOrMore)
          ]
        ])
    case .help:
      return SubcommandDefinition(
        name: rawValue, abstract: "Show help for a subcommand.",
        forms: [
          [
            ArgumentDefinition(
              name: "SUBCOMMAND", help: "The subcommand to describe; without it, the overview.",
              arity: .optional, kind: .subcommand)
          ]
        ])
    }
  }

  /// The options this subcommand takes, its own first, then the global ones.
  var options: [OptionDefinition] { Options.taken(by: self) }
}
