import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsWeb

/// Help and usage lines, all derived from the declarations of the options and subcommands.
struct HelpTests {
  @Test func helpHelpDescribesHelp() {
    let help = runCLI(["help", "help"])
    #expect(help.status == 0)
    #expect(help.stderr == "")
    #expect(
      help.stdout == """
        OVERVIEW: Show help for a subcommand.

        USAGE: settings help [SUBCOMMAND]

        ARGUMENTS:
          SUBCOMMAND  The subcommand to describe; without it, the overview.

        OPTIONS:
          -h, --help  Show help information.

        """)
    #expect(runCLI(["help", "--help"]) == help)
  }

  @Test func helpSetListsTheWordsAndHowChoicesAreGiven() {
    let help = runCLI(["help", "set"])
    #expect(help.status == 0)
    #expect(help.stderr == "")
    #expect(
      help.stdout == """
        OVERVIEW: Set values: KEY VALUE, or KEY=VALUE pairs (all or nothing).

        USAGE: settings set KEY VALUE | KEY=VALUE... [--add VALUE] [--remove VALUE]
                            [--message TEXT] [--json]

        ARGUMENTS:
          KEY        An item's key: its dot path (cellular.roaming), or its own key
                     where only one item has it.
          VALUE      For a switch: on/off, true/false, yes/no, 1/0, in any letter case.
                     For an item with choices: one of its choices, by value or by title,
                     in any letter case; for multiple choice the whole set,
                     comma-separated (en,ko; empty for none). For a text field: the
                     text. For a number or slider: a decimal number with a point, such
                     as 2.5, in its range and on its step ('settings describe KEY' says
                     what an item accepts). Other items cannot be set. One element of a
                     list of values: KEY[N]; one field of one record of a list:
                     KEY[N].field (quoted for the shell), N from 1 as get prints the
                     elements, such as set 'dns[2]' 9.9.9.9 or set 'vpn[2].server'
                     vpn.example.com.
          KEY=VALUE  Several items at once; every pair is checked before anything is
                     written.

        OPTIONS:
          --add VALUE                Add one choice to a multiple choice item's set (as
                                     git config --add adds a value).
          --remove VALUE             Remove one choice from a multiple choice item's set
                                     (as git config --unset KEY VALUE).
          --message TEXT             Why: kept with the change in the history.
          --json                     Print JSON instead of text.
          -f, --file PATH            The settings document; - reads it from standard
                                     input (default: $SETTINGS_FILE, else the embedded
                                     iOS screen).
          --store PATH               The store of overrides (default: $SETTINGS_STORE,
                                     else $XDG_CONFIG_HOME/settings/<id>.json, ~/.config
                                     when XDG_CONFIG_HOME is unset).
          --etcd URL[,URL...]        Keep the store in etcd at these http:// endpoints
                                     (default: $SETTINGS_ETCD) instead of a file.
          --etcd-prefix PREFIX       The etcd key prefix of every document (default:
                                     /settings/).
          --etcd-password-file PATH  The password of the etcd user $SETTINGS_ETCD_USER,
                                     read from this file (its first line).
          --locale TAG               The language of localized text, such as ko or en-US
                                     (default: $LANGUAGE, $LC_ALL, $LC_MESSAGES, $LANG).
          --no-cache                 Load the document without the compiled cache in
                                     $XDG_CACHE_HOME/settings (also SETTINGS_CACHE=off).
          -h, --help                 Show help information.

        """)
    #expect(runCLI(["set", "--help"]) == help)
  }

  @Test func helpUIListsTheKeys() {
    let help = runCLI(["help", "ui"])
    #expect(help.status == 0)
    #expect(help.stderr == "")
    #expect(
      help.stdout == """
        OVERVIEW: Open the interactive settings screen in the terminal.

        The full screen needs a terminal on standard input and output; without one, with
        TERM=dumb or with ACCESSIBLE=1 it runs in line mode (--accessible). Changes are
        saved at once, as set saves them.

        USAGE: settings ui [--color MODE] [--cursor MODE] [--accessible]

        OPTIONS:
          --color MODE               When to colour the output (default: auto).
                                       auto    colour when standard output is a
                                               terminal, NO_COLOR is unset or empty and
                                               TERM is not dumb
                                       always  always colour
                                       never   never colour
          --cursor MODE              Whether the terminal's cursor is shown on the
                                     selection (default: visible).
                                       visible  the cursor shown on the selected row, as
                                                a braille display follows it
                                       hidden   the cursor kept there but not drawn
          --accessible               Line mode for screen readers and braille displays:
                                     numbered rows, typed commands, output only appended
                                     (default when ACCESSIBLE=1, TERM=dumb or output is
                                     not a terminal).
          -f, --file PATH            The settings document; - reads it from standard
                                     input (default: $SETTINGS_FILE, else the embedded
                                     iOS screen).
          --store PATH               The store of overrides (default: $SETTINGS_STORE,
                                     else $XDG_CONFIG_HOME/settings/<id>.json, ~/.config
                                     when XDG_CONFIG_HOME is unset).
          --etcd URL[,URL...]        Keep the store in etcd at these http:// endpoints
                                     (default: $SETTINGS_ETCD) instead of a file.
          --etcd-prefix PREFIX       The etcd key prefix of every document (default:
                                     /settings/).
          --etcd-password-file PATH  The password of the etcd user $SETTINGS_ETCD_USER,
                                     read from this file (its first line).
          --locale TAG               The language of localized text, such as ko or en-US
                                     (default: $LANGUAGE, $LC_ALL, $LC_MESSAGES, $LANG).
          --no-cache                 Load the document without the compiled cache in
                                     $XDG_CACHE_HOME/settings (also SETTINGS_CACHE=off).
          -h, --help                 Show help information.

        KEYS:
          ↑ ↓ k j       move
          PgUp PgDn     move a page
          Home End      first, last row
          Space Enter   toggle, next choice, open page/section, load more
                        edit text/number in its row (Enter saves, Esc cancels,
                        Ctrl-U clears), choose several
          ← →           number or slider: one step down, up
          →             next choice, open page/section, load more
          Esc ← Bksp    back to the parent page
          / n           search titles, keys and choices; n: next match
          r             reset the selected item to its default
          u             undo the last change (again: the one before)
          H             the selected item's history (arrows, PgUp PgDn,
                        Home End page it)
          On a list     Enter: edit the element, open a record's fields
                        a: add  d Delete: delete (y confirms)
                        K J: move the element up, down
          ?             this help (any key closes it)
          q Ctrl-C      quit

        """)
    #expect(runCLI(["ui", "--help"]) == help)
  }

  @Test func helpValidateExplainsPathAndListsOnlyItsOwnOptions() {
    let help = runCLI(["help", "validate"])
    #expect(help.status == 0)
    #expect(help.stderr == "")
    #expect(
      help.stdout == """
        OVERVIEW: Check a document and report every problem with its location.

        USAGE: settings validate [PATH] [--json]

        ARGUMENTS:
          PATH  The document to check; - reads it from standard input (default: --file,
                else $SETTINGS_FILE, else the embedded iOS screen). Give either PATH or
                --file.

        OPTIONS:
          --json           Print JSON instead of text.
          -f, --file PATH  The settings document; - reads it from standard input
                           (default: $SETTINGS_FILE, else the embedded iOS screen).
          -h, --help       Show help information.

        """)
    #expect(runCLI(["validate", "--help"]) == help)
  }

  @Test func helpResetListsOnlyResetsOwnAll() {
    let help = runCLI(["help", "reset"])
    #expect(help.status == 0)
    #expect(help.stderr == "")
    #expect(
      help.stdout == """
        OVERVIEW: Remove overrides: items read as their defaults or system values.

        USAGE: settings reset KEY... | --all [--message TEXT] [--json]

        ARGUMENTS:
          KEY  An item's key: its dot path (cellular.roaming), or its own key where only
               one item has it.

        OPTIONS:
          --all                      Remove every override, keys the document does not
                                     know included.
          --message TEXT             Why: kept with the change in the history.
          --json                     Print JSON instead of text.
          -f, --file PATH            The settings document; - reads it from standard
                                     input (default: $SETTINGS_FILE, else the embedded
                                     iOS screen).
          --store PATH               The store of overrides (default: $SETTINGS_STORE,
                                     else $XDG_CONFIG_HOME/settings/<id>.json, ~/.config
                                     when XDG_CONFIG_HOME is unset).
          --etcd URL[,URL...]        Keep the store in etcd at these http:// endpoints
                                     (default: $SETTINGS_ETCD) instead of a file.
          --etcd-prefix PREFIX       The etcd key prefix of every document (default:
                                     /settings/).
          --etcd-password-file PATH  The password of the etcd user $SETTINGS_ETCD_USER,
                                     read from this file (its first line).
          --locale TAG               The language of localized text, such as ko or en-US
                                     (default: $LANGUAGE, $LC_ALL, $LC_MESSAGES, $LANG).
          --no-cache                 Load the document without the compiled cache in
                                     $XDG_CACHE_HOME/settings (also SETTINGS_CACHE=off).
          -h, --help                 Show help information.

        """)
    #expect(runCLI(["reset", "--help"]) == help)
  }

  @Test func helpOfHelpIsTheSameAsHelpHelp() {
    #expect(runCLI(["help", "--help"]) == runCLI(["help", "help"]))
    #expect(runCLI(["help", "-h"]) == runCLI(["help", "help"]))
  }

  @Test(arguments: [
    (
      "show",
      "Usage: settings show [PAGE | SECTION [--page K]] [--all] [--expand-all] [--reveal] [--json] [--width N] [--color MODE]"
    ),
    ("ui", "Usage: settings ui [--color MODE] [--cursor MODE] [--accessible]"),
    ("validate", "Usage: settings validate [PATH] [--json]"),
    ("get", "Usage: settings get KEY [--json]"),
    (
      "set",
      "Usage: settings set KEY VALUE | KEY=VALUE... [--add VALUE] [--remove VALUE] [--message TEXT] [--json]"
    ),
    ("toggle", "Usage: settings toggle KEY [--message TEXT] [--json]"),
    ("reset", "Usage: settings reset KEY... | --all [--message TEXT] [--json]"),
    ("add", "Usage: settings add KEY VALUE... [--at N] [--message TEXT] [--json]"),
    ("remove", "Usage: settings remove KEY [VALUE] [--at N] [--message TEXT] [--json]"),
    ("move", "Usage: settings move KEY N [--to M] [--message TEXT] [--json]"),
    ("list", "Usage: settings list [--modified] [--reveal] [--json]"),
    ("find", "Usage: settings find TEXT [--json]"),
    ("describe", "Usage: settings describe KEY [--reveal] [--json]"),
    ("why", "Usage: settings why KEY [--json]"),
    ("expand", "Usage: settings expand SECTION [--json]"),
    ("collapse", "Usage: settings collapse SECTION [--json]"),
    ("schema", "Usage: settings schema [--for-store]"),
    ("completions", "Usage: settings completions SHELL"),
    ("watch", "Usage: settings watch [KEY...] [--json]"),
    ("serve", "Usage: settings serve [--port N] [--open]"),
    ("codegen", "Usage: settings codegen LANGUAGE"),
    ("manpage", "Usage: settings manpage"),
    ("help", "Usage: settings help [SUBCOMMAND]"),
  ])
  func usageLinesAreDerivedFromTheDeclarations(subcommand: String, expected: String) {
    #expect(Subcommand(rawValue: subcommand)?.usageLine == expected)
  }

  /// The guide's command reference (docs/GUIDE.md) shows the usage lines the declarations give.
  @Test func theGuidesCommandReferenceMatchesTheDeclarations() throws {
    let guide = try String(contentsOfFile: examplePath("../docs/GUIDE.md"), encoding: .utf8)
    for subcommand in Subcommand.visible {
      let line = "\n\(subcommand.commandLine)\n"
      #expect(guide.contains(line), "\(line)")
    }
  }

  /// Completions and a man page will walk the same declarations: every subcommand's options are
  /// distinct, each one parses where it is declared (a global one everywhere), and is refused where
  /// it is not.
  @Test func declarationsAreWalkableAndMatchTheParser() throws {
    for subcommand in Subcommand.allCases {
      let names = subcommand.options.map(\.name)
      #expect(Set(names).count == names.count, "\(subcommand)")
      for option in Options.all where option != Options.version.definition {
        let value = option.value == .none ? [] : [Self.sample(option)]
        let arguments = [subcommand.rawValue, option.name] + value
        if subcommand.options.contains(option) || option.isGlobal {
          let invocation = try Invocation.parse(arguments)
          #expect(invocation.gives(option), "\(arguments)")
        } else if !subcommand.options.contains(where: { $0.name == option.name }) {
          #expect(throws: CommandError.self, "\(arguments)") { try Invocation.parse(arguments) }
        }
      }
    }
    #expect(Options.all.allSatisfy { !$0.subcommands.isEmpty || $0 == Options.version.definition })
    #expect(CommandDefinition.subcommands.map(\.name) == Subcommand.visible.map(\.rawValue))
    let reset = try #require(CommandDefinition.subcommands.first { $0.name == "reset" })
    #expect(reset.arguments.map(\.name) == ["KEY"])
    #expect(
      reset.options.map(\.name) == [
        "--all", "--message", "--json", "--file", "--store", "--etcd", "--etcd-prefix",
        "--etcd-password-file", "--locale", "--no-cache", "--help",
      ])
  }

  static func sample(_ option: OptionDefinition) -> String {
    switch option.value {
    case .none: ""
    case .path, .text, .choiceValue: "x"
    case .localeTag: "en"
    case .integer(_, _, let range): String(range.lowerBound)
    case .word(_, _, let words): words[0].word
    }
  }
}

/// A usage line longer than the width wraps between its bracketed groups.
struct UsageWrappingTests {
  @Test func showsUsageWrapsUnderItsFirstGroup() {
    let help = runCLI(["help", "show"]).stdout
    #expect(
      help.contains(
        """

        USAGE: settings show [PAGE | SECTION [--page K]] [--all] [--expand-all]
                             [--reveal] [--json] [--width N] [--color MODE]

        """))
    #expect(
      runCLI(["help", "show"], environment: ["COLUMNS": "200"]).stdout.contains(
        "\nUSAGE: settings show [PAGE | SECTION [--page K]] [--all] [--expand-all] [--reveal] [--json] [--width N] [--color MODE]\n"
      ))
  }
}
