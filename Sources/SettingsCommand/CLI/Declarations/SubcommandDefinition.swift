import SettingsKit

/// The whole command line, walkable: the overview, the global options and every subcommand with
/// its arguments and options (what help prints, and what completions and a man page will use).
enum CommandDefinition {
  /// The program's name.
  static let name = "settings"
  /// The overview line of `settings --help`.
  static let abstract = "A settings screen from one JSON document: show it, change it, keep the changes."
  /// The options listed in the overview: those that stand before or after any subcommand.
  static var globalOptions: [OptionDefinition] { Options.all.filter(\.isGlobal) }
  /// Every subcommand, in the order help lists them.
  static var subcommands: [SubcommandDefinition] { Subcommand.allCases.map(\.definition) }
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

  /// How many positional arguments the subcommand takes.
  var argumentCount: ClosedRange<Int> {
    let ranges = forms.map { form in
      form.reduce(0...0) { total, argument in
        let upper = total.upperBound.addingReportingOverflow(argument.count.upperBound)
        return
          (total.lowerBound + argument.count.lowerBound)...(upper.overflow ? Int.max : upper.partialValue)
      }
    }
    return (ranges.map(\.lowerBound).min() ?? 0)...(ranges.map(\.upperBound).max() ?? 0)
  }
}
