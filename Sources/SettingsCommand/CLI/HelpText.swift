import SettingsKit

/// The help text, laid out as swift-argument-parser lays it out, on standard output; everything in
/// it comes from the declarations (``Subcommand/definition`` and ``Options``).
enum HelpText {
  /// One entry of a list: a label, its text, and words listed under it.
  struct Row {
    var label: String
    var text: String
    var words: [AcceptedWord] = []
  }

  /// `settings help [SUBCOMMAND]`.
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let arguments = try context.arguments()
    guard let name = arguments.first else { return text(for: nil, context: context) }
    guard let subcommand = Subcommand(rawValue: name) else {
      let hint =
        Suggestion.closest(to: name, in: Subcommand.allCases.map(\.rawValue)).map {
          "\nDid you mean '\($0)'?"
        }
        ?? ""
      throw .usage("Unknown subcommand '\(TerminalText.escaped(name))'\(hint)", subcommand: .help)
    }
    return text(for: subcommand, context: context)
  }

  /// The help for one subcommand, or the overview; wrapped to `COLUMNS` (default 80).
  static func text(for subcommand: Subcommand?, context: CommandContext) -> String {
    let fromEnvironment = Int(context.environment["COLUMNS"] ?? "").flatMap { $0 >= 40 ? $0 : nil }
    let width = fromEnvironment ?? context.terminal.width.flatMap { $0 >= 40 ? $0 : nil } ?? 80
    var lines: [String] = []
    func section(_ title: String, _ rows: [Row]) {
      guard !rows.isEmpty else { return }
      lines.append("")
      lines.append(title)
      let labelWidth = min(26, rows.map { DisplayWidth.of($0.label) }.max() ?? 0)
      let indent = 2 + labelWidth + 2
      for row in rows {
        var wrapped = TerminalText.wrapped(row.text, toWidth: max(20, width - indent))
        if DisplayWidth.of(row.label) > labelWidth {
          lines.append("  " + row.label)
        } else {
          let first = wrapped.isEmpty ? "" : wrapped.removeFirst()
          lines.append("  " + TerminalText.padded(row.label, toWidth: labelWidth) + "  " + first)
        }
        for line in wrapped { lines.append(String(repeating: " ", count: indent) + line) }
        let wordWidth = row.words.map { DisplayWidth.of($0.word) }.max() ?? 0
        for word in row.words {
          let hanging = indent + 2 + wordWidth + 2
          var text = TerminalText.wrapped(word.help, toWidth: max(20, width - hanging))
          let first = text.isEmpty ? "" : text.removeFirst()
          lines.append(
            String(repeating: " ", count: indent + 2) + TerminalText.padded(word.word, toWidth: wordWidth)
              + "  "
              + first)
          for line in text { lines.append(String(repeating: " ", count: hanging) + line) }
        }
      }
    }
    func paragraph(_ text: String) {
      lines.append("")
      lines.append(contentsOf: TerminalText.wrapped(text, toWidth: max(20, width)))
    }
    guard let subcommand else {
      lines.append(
        contentsOf: TerminalText.wrapped("OVERVIEW: " + CommandDefinition.abstract, toWidth: width))
      lines.append("")
      lines.append("USAGE: \(CommandDefinition.name) [SUBCOMMAND] [OPTIONS]")
      section("OPTIONS:", CommandDefinition.globalOptions.map(row))
      section("SUBCOMMANDS:", CommandDefinition.subcommands.map { Row(label: $0.name, text: $0.abstract) })
      lines.append("")
      lines.append("  See 'settings help <subcommand>' for detailed help.")
      return lines.joined(separator: "\n") + "\n"
    }
    let definition = subcommand.definition
    lines.append(contentsOf: TerminalText.wrapped("OVERVIEW: " + definition.abstract, toWidth: width))
    if let discussion = definition.discussion { paragraph(discussion) }
    lines.append("")
    lines.append(contentsOf: usageLines(subcommand, width: width))
    section(
      "ARGUMENTS:", definition.arguments.map { Row(label: $0.name, text: $0.help, words: $0.words) })
    section("OPTIONS:", definition.options.map(row))
    for (title, body) in definition.extraSections {
      lines.append("")
      lines.append(title)
      lines.append(contentsOf: body.map { "  " + $0 })
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `USAGE: settings <name> …`, wrapped to `width` between the synopsis's bracketed groups, with
  /// continuation lines under the first group; `label` is `Usage:` after a usage error.
  static func usageLines(_ subcommand: Subcommand, width: Int, label: String = "USAGE:") -> [String] {
    let head = "\(label) settings \(subcommand.rawValue)"
    var groups: [String] = []
    var group = ""
    var depth = 0
    for character in subcommand.synopsis {
      if character == "[" { depth += 1 }
      if character == "]" { depth -= 1 }
      if character == " " && depth == 0 {
        if !group.isEmpty { groups.append(group) }
        group = ""
      } else {
        group.append(character)
      }
    }
    if !group.isEmpty { groups.append(group) }
    var lines = [head]
    for group in groups {
      let last = lines[lines.count - 1]
      if last.count + 1 + group.count > width, last.count > head.count {
        lines.append(String(repeating: " ", count: head.count) + " " + group)
      } else {
        lines[lines.count - 1] = last + " " + group
      }
    }
    return lines
  }

  /// An option's entry: its label, its help, and the words it accepts.
  static func row(_ option: OptionDefinition) -> Row {
    if case .word(_, _, let words) = option.value {
      return Row(label: option.label, text: option.help, words: words)
    }
    return Row(label: option.label, text: option.help)
  }
}
