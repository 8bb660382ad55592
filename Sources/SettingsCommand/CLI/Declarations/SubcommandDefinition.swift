import SettingsKit

/// The whole command line, walkable: the overview, the global options and every subcommand with
/// its arguments and options: help, completions and the man page are all derived from it.
enum CommandDefinition {
  /// The program's name.
  static let name = "settings"
  /// The overview line of `settings --help`.
  static let abstract = "A settings screen from one JSON document: show it, change it, keep the changes."
  /// The options listed in the overview: those that stand before or after any subcommand.
  static var globalOptions: [OptionDefinition] { Options.all.filter(\.isGlobal) }
  /// Every subcommand but the hidden one, in the order help lists them.
  static var subcommands: [SubcommandDefinition] { Subcommand.visible.map(\.definition) }

  /// The environment variables read, with what each does (the man page's ENVIRONMENT).
  static let environment: [(name: String, help: String)] = [
    ("SETTINGS_FILE", "The settings document, when -f is not given."),
    ("SETTINGS_STORE", "The store of overrides, when --store is not given."),
    (
      "XDG_CONFIG_HOME",
      "The folder of stores: $XDG_CONFIG_HOME/settings/<id>.json (default: ~/.config)."
    ),
    (
      "XDG_CONFIG_DIRS",
      "The system folders, separated by :, an earlier one winning: settings/<id>.json in each holds system values and locks "
        + "(default: /etc/xdg)."
    ),
    ("HOME", "The home folder, for ~/.config and ~/.cache."),
    (
      "XDG_CACHE_HOME",
      "The folder of compiled document caches: $XDG_CACHE_HOME/settings (default: ~/.cache)."
    ),
    (
      "SETTINGS_ETCD",
      "The etcd endpoints of the store, http://host:port separated by commas, when --etcd is not given."
    ),
    ("SETTINGS_ETCD_USER", "The etcd user, whose password is read from --etcd-password-file."),
    ("SETTINGS_CACHE", "When off, get, set and toggle load the document without the compiled cache."),
    ("COLUMNS", "The output width, when --width is not given."),
    ("NO_COLOR", "When set and not empty, --color auto does not colour."),
    ("TERM", "When dumb, --color auto does not colour."),
    ("LC_ALL, LC_MESSAGES, LANG", "The language of localized text, when --locale is not given."),
    (
      "LANGUAGE",
      "Languages in order of preference, separated by colons (fr:de), in place of the locale's "
        + "unless it is C or POSIX, as GNU gettext reads it."
    ),
  ]

  /// The files used, with what each holds (the man page's FILES).
  static let files: [(name: String, help: String)] = [
    (
      "$XDG_CONFIG_HOME/settings/<id>.json",
      "The store: the values changed from the document's defaults, by key (a JSON object)."
    ),
    (
      "$XDG_CONFIG_DIRS/settings/<id>.json",
      "A system file: {\"values\": {KEY: VALUE}, \"locked\": {KEY, SECTION or PAGE: REASON}}, under the store."
    ),
    (
      "$XDG_CONFIG_HOME/settings/<id>.view.json",
      "The view state: which collapsible sections are open, kept apart from the values."
    ),
    (
      "$XDG_CACHE_HOME/settings/*.cache",
      "Compiled documents, one per document path and locale list; deleting them is always safe."
    ),
  ]

  /// Example command lines with what they do (the man page's EXAMPLES).
  static let examples: [(command: String, help: String)] = [
    ("settings show", "Show the embedded settings screen."),
    ("settings -f phone-settings.json set airplane on", "Turn a switch on in a document's store."),
    ("settings set airplane=on wifi=off", "Set several items at once, all or nothing."),
    ("settings describe cellular.roaming", "Show everything about an item on a child page."),
    ("settings reset --all", "Go back to every default."),
    ("settings schema > settings.schema.json", "Save the document schema for an editor."),
    (
      "settings completions bash > ~/.local/share/bash-completion/completions/settings",
      "Install completions."
    ),
  ]
}

/// A subcommand's declaration, walkable by help, usage lines and (later) completions and a man page.
struct SubcommandDefinition: Sendable {
  /// The name typed on the command line.
  var name: String
  /// One line for the SUBCOMMANDS list and the OVERVIEW.
  var abstract: String
  /// The alternative lists of positional arguments (`KEY VALUE | KEY=VALUE...`); `[[]]` for none.
  var forms: [[ArgumentDefinition]]
  /// A paragraph after the OVERVIEW line, if any.
  var discussion: String?
  /// Further sections of the help, such as `KEYS:`, as titled lists of lines.
  var extraSections: [(String, [String])] = []
  /// The options it takes, its own first, then the global ones (from ``Options``).
  var options: [OptionDefinition] = []

  /// Every positional argument, once each, in order.
  var arguments: [ArgumentDefinition] {
    var seen: [ArgumentDefinition] = []
    for argument in forms.joined() where !seen.contains(where: { $0.name == argument.name }) {
      seen.append(argument)
    }
    return seen
  }

  /// The declarations that the argument at `index` of `count` arguments can stand for: one for
  /// each form that takes `count` arguments.
  func declarations(at index: Int, of count: Int) -> [ArgumentDefinition] {
    var found: [ArgumentDefinition] = []
    for form in forms {
      var position = 0
      var definition: ArgumentDefinition?
      let fixed = form.filter { $0.arity == .one }.count
      for argument in form {
        let taken =
          switch argument.arity {
          case .one: 1
          case .optional: count > fixed ? 1 : 0
          case .oneOrMore: max(1, count - fixed)
          case .zeroOrMore: max(0, count - fixed)
          }
        if index >= position && index < position + taken { definition = argument }
        position += taken
      }
      if position == count, let definition { found.append(definition) }
    }
    return found
  }

  /// The declaration of the empty argument at `index` of `count` arguments when no form lets it be
  /// empty (``ArgumentDefinition/mayBeEmpty``), or nil.
  func refusedEmptyArgument(at index: Int, of count: Int) -> ArgumentDefinition? {
    let declarations = declarations(at: index, of: count)
    return declarations.contains(where: \.mayBeEmpty) ? nil : declarations.first
  }

  /// How many positional arguments the subcommand takes.
  var argumentCount: ClosedRange<Int> {
    // Loops, not arrays of ranges: an array of `ClosedRange<Int>` is a type the runtime builds on
    // first use, at some 100 000 instructions of every command that takes arguments.
    var lowest: Int?
    var highest = 0
    for form in forms {
      var lower = 0
      var upper = 0
      for argument in form {
        lower += argument.count.lowerBound
        let sum = upper.addingReportingOverflow(argument.count.upperBound)
        upper = sum.overflow ? Int.max : sum.partialValue
      }
      lowest = min(lowest ?? lower, lower)
      highest = max(highest, upper)
    }
    return (lowest ?? 0)...highest
  }
}
