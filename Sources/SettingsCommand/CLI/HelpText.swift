import SettingsKit

/// The help text, laid out as swift-argument-parser lays it out, on standard output.
enum HelpText {
  static let globalOptions: [(String, String)] = [
    ("-f, --file PATH", "The settings document (default: $SETTINGS_FILE, else the embedded iOS screen)."),
    (
      "--store PATH",
      "The store of overrides (default: $SETTINGS_STORE, else $XDG_CONFIG_HOME/settings/<id>.json, "
        + "~/.config when XDG_CONFIG_HOME is unset)."
    ),
    (
      "--locale TAG",
      "The language of localized text, such as ko or en-US (default: $LC_ALL, $LC_MESSAGES, $LANG)."
    ),
    ("-h, --help", "Show help information."),
    ("--version", "Show the version."),
  ]

  static let subcommandOptions: [String: (String, String)] = [
    "--json": ("--json", "Print JSON instead of text."),
    "--width": (
      "--width N", "Line width in display columns (default: $COLUMNS, else the terminal's, else 80)."
    ),
    "--color": ("--color MODE", "auto, always or never (default: auto; NO_COLOR turns auto off)."),
    "--modified": ("--modified", "Only items whose value is an override."),
    "--all": ("--all", "show: every page of paginated sections; reset: every override, unknown keys too."),
    "--expand-all": ("--expand-all", "Show every collapsible section open (without recording it)."),
    "--page": ("--page K", "With SECTION: only page K (1-based) of a paginated section."),
  ]

  /// `settings help [SUBCOMMAND]`.
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let arguments = try context.arguments(0...1)
    guard let name = arguments.first else { return text(for: nil, context: context) }
    guard let subcommand = Subcommand(rawValue: name) else {
      throw .usage("Unknown subcommand '\(TerminalText.escaped(name))'", usage: Invocation.usageLine(.help))
    }
    return text(for: subcommand, context: context)
  }

  /// The help for one subcommand, or the overview; wrapped to `COLUMNS` (default 80).
  static func text(for subcommand: Subcommand?, context: CommandContext) -> String {
    let fromEnvironment = Int(context.environment["COLUMNS"] ?? "").flatMap { $0 >= 40 ? $0 : nil }
    let width = fromEnvironment ?? context.terminal.width.flatMap { $0 >= 40 ? $0 : nil } ?? 80
    var lines: [String] = []
    func section(_ title: String, _ rows: [(String, String)]) {
      lines.append("")
      lines.append(title)
      let labelWidth = min(26, rows.map { DisplayWidth.of($0.0) }.max() ?? 0)
      for (label, text) in rows {
        let indent = 2 + labelWidth + 2
        var wrapped = TerminalText.wrapped(text, toWidth: max(20, width - indent))
        if DisplayWidth.of(label) > labelWidth {
          lines.append("  " + label)
        } else {
          let first = wrapped.isEmpty ? "" : wrapped.removeFirst()
          lines.append("  " + TerminalText.padded(label, toWidth: labelWidth) + "  " + first)
        }
        for line in wrapped { lines.append(String(repeating: " ", count: indent) + line) }
      }
    }
    if let subcommand {
      lines.append("OVERVIEW: " + subcommand.abstract)
      lines.append("")
      lines.append("USAGE: settings \(subcommand.rawValue) \(subcommand.synopsis)")
      let own = subcommand.options.sorted().compactMap { subcommandOptions[$0] }
      section("OPTIONS:", own + globalOptions)
    } else {
      lines.append(
        "OVERVIEW: A settings screen from one JSON document: show it, change it, keep the changes.")
      lines.append("")
      lines.append("USAGE: settings [SUBCOMMAND] [OPTIONS]")
      section("OPTIONS:", globalOptions)
      section("SUBCOMMANDS:", Subcommand.allCases.map { ($0.rawValue, $0.abstract) })
      lines.append("")
      lines.append("  See 'settings help <subcommand>' for detailed help.")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
