import SettingsKit

/// A parsed command line: the subcommand, its arguments and the options, wherever they stood.
struct Invocation: Sendable, Equatable {
  static let globalValueOptions: Set<String> = ["--file", "--store", "--locale"]
  static let valueOptions: Set<String> = ["--file", "--store", "--locale", "--width", "--color", "--page"]
  static let flagOptions: Set<String> = [
    "--json", "--modified", "--all", "--expand-all", "--help", "--version",
  ]
  static let shortOptions: [String: String] = ["-f": "--file", "-h": "--help"]

  var subcommand: Subcommand = .show
  /// Whether the subcommand was named (`settings --help` is the overview, `settings show --help` is not).
  var namesSubcommand = false
  var arguments: [String] = []
  var values: [String: String] = [:]
  var flags: Set<String> = []

  /// Parses `arguments` (without the program name). Options may stand before or after the
  /// subcommand; `--name=value` and `--name value` both work; `--` ends the options.
  ///
  /// - Throws: a usage ``CommandError`` for an unknown subcommand or option, a missing option
  ///   value, or an option the subcommand does not take.
  static func parse(_ arguments: [String]) throws(CommandError) -> Invocation {
    var invocation = Invocation()
    var sawSubcommand = false
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if !optionsEnded, argument == "--" {
        optionsEnded = true
        continue
      }
      if !optionsEnded, argument.hasPrefix("-"), argument != "-" {
        var name = argument
        var inlineValue: String?
        if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
          name = String(argument[..<equals])
          inlineValue = String(argument[argument.index(after: equals)...])
        }
        name = shortOptions[name] ?? name
        if valueOptions.contains(name) {
          guard let value = inlineValue ?? (index < arguments.count ? arguments[index] : nil) else {
            throw .usage("Missing value for '\(name)'", usage: usageLine(nil))
          }
          if inlineValue == nil { index += 1 }
          if value.isEmpty {
            throw .usage("Empty value for '\(name)'", usage: usageLine(nil))
          }
          invocation.values[name] = value
        } else if flagOptions.contains(name), inlineValue == nil {
          invocation.flags.insert(name)
        } else {
          let known = Array(valueOptions) + Array(flagOptions)
          let hint = Suggestion.closest(to: name, in: known.sorted()).map { "\nDid you mean '\($0)'?" } ?? ""
          throw .usage("Unknown option '\(TerminalText.escaped(argument))'\(hint)", usage: usageLine(nil))
        }
        continue
      }
      if !sawSubcommand {
        sawSubcommand = true
        guard let subcommand = Subcommand(rawValue: argument) else {
          let hint =
            Suggestion.closest(to: argument, in: Subcommand.allCases.map(\.rawValue)).map {
              "\nDid you mean '\($0)'?"
            }
            ?? ""
          throw .usage("Unknown subcommand '\(TerminalText.escaped(argument))'\(hint)", usage: usageLine(nil))
        }
        invocation.subcommand = subcommand
        invocation.namesSubcommand = true
        continue
      }
      invocation.arguments.append(argument)
    }
    try invocation.checkOptions()
    return invocation
  }

  /// Refuses options the subcommand does not take.
  func checkOptions() throws(CommandError) {
    guard !flags.contains("--help"), !flags.contains("--version") else { return }
    let allowed = subcommand.options.union(Self.globalValueOptions)
    for name in (Array(values.keys) + Array(flags)).sorted() where !allowed.contains(name) {
      throw .usage(
        "'\(name)' does not apply to 'settings \(subcommand.rawValue)'", usage: Self.usageLine(subcommand))
    }
  }

  /// `Usage: settings …` for a subcommand, or the general one.
  static func usageLine(_ subcommand: Subcommand?) -> String {
    guard let subcommand else { return "Usage: settings [SUBCOMMAND] [OPTIONS]" }
    return "Usage: settings \(subcommand.rawValue) \(subcommand.synopsis)"
  }
}
