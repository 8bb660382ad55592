import SettingsKit

/// Every option of `settings`, each declared once, in the order help and usage lines list them.
enum Options {
  /// `show SECTION --page K`.
  static let page = Option<Int>(
    definition: OptionDefinition(
      long: "page", value: .integer(name: "K", noun: "page", range: 1...Int.max),
      help: "Only page K (from 1) of the paginated SECTION.", subcommands: [.show], placement: .withArgument),
    convert: { Int($0) })

  /// `show --all`.
  static let showAll = Flag(
    definition: OptionDefinition(
      long: "all", help: "Show every page of every paginated section.", subcommands: [.show]))

  /// `reset --all`.
  static let resetAll = Flag(
    definition: OptionDefinition(
      long: "all", help: "Remove every override, keys the document does not know included.",
      subcommands: [.reset], placement: .insteadOfArguments))

  /// `show --expand-all`.
  static let expandAll = Flag(
    definition: OptionDefinition(
      long: "expand-all", help: "Show every collapsible section open (without recording it).",
      subcommands: [.show]))

  /// `list --modified`.
  static let modified = Flag(
    definition: OptionDefinition(
      long: "modified", help: "Only items whose value is an override.", subcommands: [.list]))

  /// `set KEY --add VALUE`.
  static let add = Option<String>(
    definition: OptionDefinition(
      long: "add", value: .choiceValue(name: "VALUE", chosen: false),
      help: "Add one choice to a multiple choice item's set (as git config --add adds a value).",
      subcommands: [.set]),
    convert: { $0 })

  /// `set KEY --remove VALUE`.
  static let remove = Option<String>(
    definition: OptionDefinition(
      long: "remove", value: .choiceValue(name: "VALUE", chosen: true),
      help: "Remove one choice from a multiple choice item's set (as git config --unset KEY VALUE).",
      subcommands: [.set]),
    convert: { $0 })

  /// `--reveal`: secure text shown instead of its mask.
  static let reveal = Flag(
    definition: OptionDefinition(
      long: "reveal", help: "Show secure text fields' values instead of a mask.",
      subcommands: [.show, .list, .describe]))

  /// `--json` on every subcommand that prints or changes something.
  static let json = Flag(
    definition: OptionDefinition(
      long: "json", help: "Print JSON instead of text.",
      subcommands: [
        .show, .validate, .get, .set, .toggle, .reset, .add, .remove, .move, .list, .find, .describe, .why,
        .expand, .collapse,
        .watch, .check, .load, .history, .undo,
      ]))

  /// `show --width N`.
  static let width = Option<Int>(
    definition: OptionDefinition(
      long: "width", value: .integer(name: "N", noun: "width", range: 1...10_000),
      help: "Line width in display columns, 1 to 10000 (default: $COLUMNS, else the terminal's, else 80).",
      subcommands: [.show]),
    convert: { Int($0) })

  /// `serve --port N`.
  static let port = Option<Int>(
    definition: OptionDefinition(
      long: "port", value: .integer(name: "N", noun: "port", range: 0...65535),
      help: "Listen on 127.0.0.1 port N (default: 0, a free port).", subcommands: [.serve]),
    convert: { Int($0) })

  /// `serve --open`.
  static let open = Flag(
    definition: OptionDefinition(
      long: "open", help: "Also open the address in a browser with xdg-open.", subcommands: [.serve]))

  /// `--color MODE`.
  static let color = Option<ColorMode>(
    definition: OptionDefinition(
      long: "color",
      value: .word(
        name: "MODE", noun: "color mode",
        words: [
          AcceptedWord(
            word: "auto",
            help: "colour when standard output is a terminal, NO_COLOR is unset or empty and TERM is not dumb"
          ),
          AcceptedWord(word: "always", help: "always colour"),
          AcceptedWord(word: "never", help: "never colour"),
        ]),
      help: "When to colour the output (default: auto).", subcommands: [.show, .ui]),
    convert: { ColorMode(rawValue: $0) })

  /// `ui --cursor MODE`: whether the terminal's cursor is shown on the selection.
  static let cursor = Option<CursorMode>(
    definition: OptionDefinition(
      long: "cursor",
      value: .word(
        name: "MODE", noun: "cursor mode",
        words: [
          AcceptedWord(
            word: "visible", help: "the cursor shown on the selected row, as a braille display follows it"),
          AcceptedWord(word: "hidden", help: "the cursor kept there but not drawn"),
        ]),
      help: "Whether the terminal's cursor is shown on the selection (default: visible).", subcommands: [.ui]),
    convert: { CursorMode(rawValue: $0) })

  /// `ui --accessible`: the line mode.
  static let accessible = Flag(
    definition: OptionDefinition(
      long: "accessible",
      help: "Line mode for screen readers and braille displays: numbered rows, typed commands, "
        + "output only appended (default when ACCESSIBLE=1, TERM=dumb or output is not a terminal).",
      subcommands: [.ui]))

  /// `-f, --file PATH`.
  static let file = Option<String>(
    definition: OptionDefinition(
      long: "file", short: "f", value: .path(name: "PATH"),
      help: "The settings document; - reads it from standard input "
        + "(default: $SETTINGS_FILE, else the embedded iOS screen).",
      subcommands: Subcommand.allCases.filter(\.readsDocument), isGlobal: true),
    convert: { $0 })

  /// `--store PATH`.
  static let store = Option<String>(
    definition: OptionDefinition(
      long: "store", value: .path(name: "PATH"),
      help: "The store of overrides (default: $SETTINGS_STORE, else $XDG_CONFIG_HOME/settings/<id>.json, "
        + "~/.config when XDG_CONFIG_HOME is unset).",
      subcommands: Subcommand.allCases.filter(\.readsStore), isGlobal: true),
    convert: { $0 })

  /// `--etcd URL[,URL…]`: the store in etcd.
  static let etcd = Option<String>(
    definition: OptionDefinition(
      long: "etcd", value: .text(name: "URL[,URL...]"),
      help: "Keep the store in etcd at these http:// endpoints (default: $SETTINGS_ETCD) instead of a file.",
      subcommands: Subcommand.allCases.filter(\.readsStore), isGlobal: true),
    convert: { $0 })

  /// `--etcd-prefix PREFIX`.
  static let etcdPrefix = Option<String>(
    definition: OptionDefinition(
      long: "etcd-prefix", value: .text(name: "PREFIX"),
      help: "The etcd key prefix of every document (default: /settings/).",
      subcommands: Subcommand.allCases.filter(\.readsStore), isGlobal: true),
    convert: { $0 })

  /// `--etcd-password-file PATH`.
  static let etcdPasswordFile = Option<String>(
    definition: OptionDefinition(
      long: "etcd-password-file", value: .path(name: "PATH"),
      help: "The password of the etcd user $SETTINGS_ETCD_USER, read from this file (its first line).",
      subcommands: Subcommand.allCases.filter(\.readsStore), isGlobal: true),
    convert: { $0 })

  /// `--no-stale`: no answers from the last-known-good copy of an etcd store.
  static let noStale = Flag(
    definition: OptionDefinition(
      long: "no-stale",
      help: "With --etcd, fail (69) instead of answering from the last copy read when etcd is out of reach.",
      subcommands: [.get, .show, .list, .describe, .find, .why], isGlobal: true))

  /// `--locale TAG`.
  static let locale = Option<String>(
    definition: OptionDefinition(
      long: "locale", value: .localeTag(name: "TAG"),
      help:
        "The language of localized text, such as ko or en-US (default: $LANGUAGE, $LC_ALL, "
        + "$LC_MESSAGES, $LANG).",
      subcommands: Subcommand.allCases.filter { $0.readsDocument && ![.validate, .codegen].contains($0) },
      isGlobal: true),
    convert: { $0 })

  /// `--no-cache` on every command that reads a document: it neither reads nor writes the compiled
  /// cache folder, whether or not the command would use it.
  static let noCache = Flag(
    definition: OptionDefinition(
      long: "no-cache",
      help:
        "Load the document without the compiled cache in $XDG_CACHE_HOME/settings (also SETTINGS_CACHE=off).",
      subcommands: Subcommand.allCases.filter { $0.readsDocument && ![.validate, .codegen].contains($0) },
      isGlobal: true))

  /// `schema --for-store`: the store's schema. Not `--store`, which is the global `--store PATH`:
  /// no subcommand's option reuses a global option's name (`GlobalOptionTests`).
  static let storeSchema = Flag(
    definition: OptionDefinition(
      long: "for-store", help: "The schema of the document's store instead: one property per key.",
      subcommands: [.schema]))

  /// `-h, --help`.
  static let help = Flag(
    definition: OptionDefinition(
      long: "help", short: "h", help: "Show help information.", subcommands: Subcommand.allCases,
      isGlobal: true))

  /// `--version`: listed in the overview only; it stands anywhere and prints the version.
  static let version = Flag(
    definition: OptionDefinition(long: "version", help: "Show the version.", subcommands: [], isGlobal: true))

  /// Every declaration, in the order help and usage lines list them.
  static let all: [OptionDefinition] = [
    page.definition, showAll.definition, resetAll.definition, expandAll.definition, modified.definition,
    add.definition, remove.definition, at.definition, to.definition, reveal.definition,
    storeSchema.definition, fix.definition,
    dropUnknown.definition, includeSecure.definition, replace.definition, dryRun.definition,
    keepUnknown.definition, maxCount.definition, since.definition, until.definition, undoTo.definition,
    force.definition, message.definition, json.definition, width.definition, color.definition,
    cursor.definition,
    accessible.definition, file.definition,
    store.definition, etcd.definition, etcdPrefix.definition, etcdPasswordFile.definition, noStale.definition,
    port.definition, open.definition,
    locale.definition, noCache.definition, help.definition, version.definition,
  ]

  /// The options `subcommand` takes, its own first, then the global ones.
  static func taken(by subcommand: Subcommand) -> [OptionDefinition] {
    var own: [OptionDefinition] = []
    var global: [OptionDefinition] = []
    for definition in all where definition.subcommands.contains(subcommand) {
      if definition.isGlobal { global.append(definition) } else { own.append(definition) }
    }
    return own + global
  }

  /// The declaration named `name` (`--width` or `-f`) for `subcommand`; else any declaration of that
  /// name, which the subcommand does not take; nil when no option has that name.
  ///
  /// A global option applies to every subcommand, before or after it: one that does not use it
  /// (`--store` for `schema`) ignores it, so `settings --store s.json schema` works as an alias
  /// with global options would have it. No subcommand's own option shares a global one's name
  /// (`GlobalOptionTests`), so the global meaning is the only one.
  static func named(_ name: String, for subcommand: Subcommand) -> (OptionDefinition, applies: Bool)? {
    // One pass, copying no declaration that does not match: every command looks up its options.
    var other: Int?
    for (index, definition) in all.enumerated() where definition.isNamed(name) {
      if definition.subcommands.contains(subcommand) || definition.isGlobal { return (definition, true) }
      if other == nil { other = index }
    }
    return other.map { (all[$0], false) }
  }
}
