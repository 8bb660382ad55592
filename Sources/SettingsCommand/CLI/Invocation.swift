import SettingsKit

/// A parsed command line: the subcommand, its arguments and the options, wherever they stood,
/// read through the declarations in ``Options``.
struct Invocation: Sendable, Equatable {
  var subcommand: Subcommand = .show
  /// Whether the subcommand was named (`settings --help` is the overview, `settings show --help` is not).
  var namesSubcommand = false
  var arguments: [String] = []
  /// The values given, by long name (`--width`); checked against their declarations.
  private var values: [String: String] = [:]
  /// The flags given, by long name.
  private var flags: Set<String> = []

  /// Whether `flag` was given.
  subscript(flag: Flag) -> Bool { flags.contains(flag.definition.name) }

  /// The value of `option`, when given (checked when parsed).
  subscript<Value>(option: Option<Value>) -> Value? {
    values[option.definition.name].flatMap(option.convert)
  }

  /// Whether the option declared by `definition` was given.
  func gives(_ definition: OptionDefinition) -> Bool {
    values[definition.name] != nil || flags.contains(definition.name)
  }

  /// Gives `option` a value, as if from the command line.
  mutating func set<Value>(_ option: Option<Value>, to text: String) {
    values[option.definition.name] = text
  }

  /// Parses `arguments` (without the program name). Options may stand before or after the
  /// subcommand; `--name=value` and `--name value` both work, and a one-letter option's value may
  /// follow it in the same word (`-n1`, ``split(_:for:)``); `--` ends the options.
  ///
  /// `bytes`, when given, are the same arguments as the process received them (one per argument):
  /// a word that is not UTF-8 is refused unless it is a path (see `Invocation+UTF8.swift`).
  ///
  /// - Throws: a usage ``CommandError`` for an unknown subcommand or option, a missing option
  ///   value, a value the option does not accept, an option the subcommand does not take, or an
  ///   argument that is not UTF-8 text; the usage line is the subcommand's once it is known.
  static func parse(_ arguments: [String], bytes: [[UInt8]] = []) throws(CommandError) -> Invocation {
    var invocation = Invocation()
    let bytes = bytes.count == arguments.count ? bytes : []
    if let (position, name) = subcommandName(in: arguments) {
      try refuseInvalidUTF8(ArgumentBytes(bytes, position), usage: nil)
      guard let subcommand = Subcommand.named(name) else {
        let hint =
          Suggestion.closest(to: name, in: Subcommand.allCases.map(\.rawValue)).map {
            "\nDid you mean '\($0)'?"
          }
          ?? ""
        throw .usage("Unknown subcommand '\(TerminalText.escaped(name))'\(hint)", subcommand: nil)
      }
      invocation.subcommand = subcommand
      invocation.namesSubcommand = true
    }
    let subcommand = invocation.subcommand
    let usage = invocation.namesSubcommand ? subcommand : nil
    var inapplicable: [String] = []
    var sawSubcommand = false
    var index = 0
    var optionsEnded = false
    // Where each positional argument stood on the command line, for the UTF-8 check.
    var positions: [Int] = []
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if !optionsEnded, argument == "--" {
        optionsEnded = true
        continue
      }
      // A negative number (`set volume -5`) is an argument: no option name starts with a digit.
      if !optionsEnded, argument.hasPrefix("-"), argument != "-", !Self.isNegativeNumber(argument) {
        let (name, inlineValue) = Self.split(argument, for: subcommand)
        let word = ArgumentBytes(bytes, index - 1)
        let valueStart = word.valueStart(inlineValue: inlineValue)
        try refuseInvalidUTF8(word.prefix(valueStart), usage: usage)
        guard let (definition, applies) = Options.named(name, for: subcommand),
          definition.value != .none || inlineValue == nil
        else {
          let known = (invocation.namesSubcommand ? subcommand.options : Options.all).map(\.name)
          let hint = Suggestion.closest(to: name, in: known).map { "\nDid you mean '\($0)'?" } ?? ""
          throw .usage("Unknown option '\(TerminalText.escaped(argument))'\(hint)", subcommand: usage)
        }
        if !applies { inapplicable.append(definition.name) }
        guard definition.value != .none else {
          invocation.flags.insert(definition.name)
          continue
        }
        // The next word is the value unless it is an option itself, as swift-argument-parser reads
        // it (`--store --json` is a missing value, not a store named "--json"); `--store=--json`
        // and a lone `-` (standard input) are values.
        let next = index < arguments.count ? arguments[index] : nil
        let nextIsOption =
          next.map { $0.hasPrefix("--") || ($0.hasPrefix("-") && Options.named($0, for: subcommand) != nil) }
          ?? false
        guard let value = inlineValue ?? (nextIsOption ? nil : next) else {
          // `schema --store` was the store's schema before the name went to the global option.
          let hint =
            definition == Options.store.definition && subcommand == .schema
            ? "\nDid you mean '\(Options.storeSchema.definition.name)'?" : ""
          throw .usage("Missing value for '\(definition.name)'\(hint)", subcommand: usage)
        }
        if inlineValue == nil { index += 1 }
        let valueBytes = inlineValue == nil ? ArgumentBytes(bytes, index - 1) : word.dropFirst(valueStart)
        try refuseInvalidUTF8(valueBytes, of: definition, usage: usage)
        if definition == Options.message.definition, value.allSatisfy(\.isWhitespace) {
          // As `git commit -m ""` aborts: a reason that says nothing is not kept.
          throw .usage(
            "Empty message for '\(definition.name)'; say why the change is made, or leave it out",
            subcommand: usage)
        }
        if value.isEmpty {
          throw .usage("Empty value for '\(definition.name)'", subcommand: usage)
        }
        if case .choiceValue = definition.value, invocation.values[definition.name] != nil {
          // A second value would silently replace the first.
          throw .usage(
            "'\(definition.name)' is given twice; it takes one value (set KEY a,b sets the whole set)",
            subcommand: usage)
        }
        invocation.values[definition.name] = value
        continue
      }
      if !sawSubcommand && invocation.namesSubcommand {
        sawSubcommand = true
        continue
      }
      invocation.arguments.append(argument)
      positions.append(index - 1)
    }
    if !positions.isEmpty {
      let definition = subcommand.definition
      for (argumentIndex, position) in positions.enumerated() {
        let declarations = definition.declarations(at: argumentIndex, of: invocation.arguments.count)
        try refuseInvalidUTF8(ArgumentBytes(bytes, position), as: declarations, usage: usage)
      }
    }
    guard !invocation[Options.help], !invocation[Options.version] else { return invocation }
    if let name = inapplicable.sorted().first {
      throw .usage("'\(name)' does not apply to 'settings \(subcommand.rawValue)'", subcommand: subcommand)
    }
    // Two subcommands may each have an option of one name (`undo --to TIME`, `move --to M`).
    for definition in Options.all where definition.isGlobal || definition.subcommands.contains(subcommand) {
      guard let value = invocation.values[definition.name] else { continue }
      try definition.check(value, usage: subcommand)
    }
    return invocation
  }

  /// An option word split into the option's name and the value given in the same word:
  /// `--name=value`, or `-Xvalue` for a one-letter option `-X` that takes a value (`-n1`,
  /// `-fdoc.json`, as getopt and `git log -n1` read them). Any other word is a name alone.
  static func split(_ argument: String, for subcommand: Subcommand) -> (name: String, value: String?) {
    if argument.hasPrefix("--") {
      guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
      return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
    guard argument.count > 2 else { return (argument, nil) }
    let name = String(argument.prefix(2))
    guard let (definition, _) = Options.named(name, for: subcommand), definition.value != .none else {
      return (argument, nil)
    }
    return (name, String(argument.dropFirst(2)))
  }

  /// Whether `argument` is `-` followed by a digit, such as `-5` or `-0.5`.
  static func isNegativeNumber(_ argument: String) -> Bool {
    let bytes = argument.utf8.dropFirst()
    return argument.hasPrefix("-")
      && bytes.first.map { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") } == true
  }

  /// The first argument that is neither an option nor an option's value, with its index; nil when
  /// there is none or an unknown option stands before it.
  private static func subcommandName(in arguments: [String]) -> (index: Int, name: String)? {
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument == "--" { return index < arguments.count ? (index, arguments[index]) : nil }
      guard argument.hasPrefix("-"), argument != "-" else { return (index - 1, argument) }
      let (name, value) = split(argument, for: .show)
      // Past an unknown option, what follows cannot be told apart from its value.
      guard let (definition, _) = Options.named(name, for: .show) else { return nil }
      if value == nil, definition.value != .none { index += 1 }
    }
    return nil
  }

  /// Refuses more or fewer positional arguments than the subcommand takes.
  func checkArgumentCount(_ range: ClosedRange<Int>) throws(CommandError) {
    guard !range.contains(arguments.count) else { return }
    let message =
      arguments.count < range.lowerBound
      ? "Missing argument for 'settings \(subcommand.rawValue)'"
      : "Unexpected argument '\(TerminalText.escaped(arguments[range.upperBound]))'"
    throw .usage(message, subcommand: subcommand)
  }
}

extension Subcommand {
  /// The usage line's part after `settings <name>`, derived from the declarations.
  var synopsis: String {
    let own = options.filter { !$0.isGlobal }
    let nested = own.filter { $0.placement == .withArgument }
    var alternatives = definition.forms.map { form in
      form.map { $0.synopsis(nested: $0.arity == .optional ? nested : []) }.joined(separator: " ")
    }
    alternatives += own.filter { $0.placement == .insteadOfArguments }.map(\.synopsis)
    let parts =
      [alternatives.filter { !$0.isEmpty }.joined(separator: " | ")]
      + own.filter { $0.placement == .independent }.map { "[\($0.synopsis)]" }
    return parts.filter { !$0.isEmpty }.joined(separator: " ")
  }

  /// `Usage: settings <name> …`.
  var usageLine: String { "Usage: " + commandLine }

  /// `settings <name> …`, without a trailing space when the subcommand takes nothing.
  var commandLine: String { synopsis.isEmpty ? "settings \(rawValue)" : "settings \(rawValue) \(synopsis)" }

  /// `Usage: settings …` for a subcommand, or the general one.
  static func usageLine(_ subcommand: Subcommand?) -> String {
    subcommand?.usageLine ?? "Usage: settings [SUBCOMMAND] [OPTIONS]"
  }
}
