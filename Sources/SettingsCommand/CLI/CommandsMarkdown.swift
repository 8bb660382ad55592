import SettingsKit

/// The command reference in Markdown, docs/COMMANDS.md, from the declarations that help and the
/// man page print (``CommandDefinition``, ``Subcommand/definition``, ``Options``): the same parts as
/// ``ManPage``, for reading on the web. Printed by the hidden subcommand `settings __markdown`; a
/// test holds the file in the repository to what it prints.
enum CommandsMarkdown {
  /// The command that writes the file, from the package's root folder.
  static let regenerate = "swift run settings __markdown > docs/COMMANDS.md"

  /// The whole file.
  static func text() -> String {
    var lines = [
      "# settings commands",
      "",
      "<!-- Generated from the command declarations (Sources/SettingsCommand/CLI/Declarations/), as "
        + "`settings help` and `settings manpage` are; do not edit. Regenerate with: \(regenerate) -->",
      "",
      escaped(CommandDefinition.abstract),
      "",
      "```text",
      "settings [SUBCOMMAND] [OPTIONS]",
      "```",
      "",
      escaped(
        "settings loads a settings screen declared in one JSON document, shows it as text rows or as an "
          + "interactive screen, and keeps the user's changes in a store of overrides, with the defaults "
          + "in the document. Without a subcommand it runs show."),
      "",
      "## Subcommands",
      "",
    ]
    for subcommand in Subcommand.visible {
      lines.append(
        "- [`\(subcommand.rawValue)`](#\(anchor(subcommand))): " + escaped(subcommand.definition.abstract))
    }
    lines += ["", "## Global options", ""]
    lines += CommandDefinition.globalOptions.flatMap(option)
    for subcommand in Subcommand.visible {
      lines += self.subcommand(subcommand)
    }
    lines += ["", "## Environment", ""]
    for (name, help) in CommandDefinition.environment {
      let names = name.split(separator: ", ").map { code(String($0)) }.joined(separator: ", ")
      lines.append("- \(names): " + escaped(help))
    }
    lines += ["", "## Files", ""]
    for (name, help) in CommandDefinition.files {
      lines.append("- \(code(name)): " + escaped(help))
    }
    lines += ["", "## Exit status", "", "| status | meaning |", "| --- | --- |"]
    for status in ExitStatus.allCases.sorted(by: { $0.rawValue < $1.rawValue }) {
      lines.append("| \(status.rawValue) | " + escaped(status.summary) + " |")
    }
    lines += ["", "## Examples", ""]
    for (command, help) in CommandDefinition.examples {
      lines.append("- \(code(command)): " + escaped(help))
    }
    lines += [
      "",
      "## See also",
      "",
      escaped(
        "settings help SUBCOMMAND prints the same text as this page for one subcommand; "
          + "settings manpage prints it as the manual page settings.1; "
          + "settings schema prints the JSON Schema of documents."),
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// The heading anchor of a subcommand's part, as GitHub makes it from `settings NAME`.
  static func anchor(_ subcommand: Subcommand) -> String { "settings-" + subcommand.rawValue }

  /// A subcommand's part: its usage line, then what help prints for it.
  static func subcommand(_ subcommand: Subcommand) -> [String] {
    let definition = subcommand.definition
    var lines = [
      "", "## settings \(subcommand.rawValue)", "", "```text", subcommand.commandLine, "```", "",
      escaped(definition.abstract),
    ]
    if let discussion = definition.discussion { lines += ["", escaped(discussion)] }
    if !definition.arguments.isEmpty {
      lines += ["", "Arguments:", ""]
      for argument in definition.arguments {
        lines.append("- \(code(argument.name)): " + escaped(argument.help))
        lines += words(argument.words)
      }
    }
    let own = definition.options.filter { !$0.isGlobal }
    if !own.isEmpty {
      lines += ["", "Options:", ""]
      lines += own.flatMap(option)
    }
    let global = definition.options.filter(\.isGlobal).map { code($0.name) }
    if !global.isEmpty {
      lines += ["", "Also takes " + global.joined(separator: ", ") + "."]
    }
    for (title, body) in definition.extraSections {
      lines += ["", escaped(title.hasSuffix(":") ? title : title + ":"), "", "```text"]
      lines += body.map { $0.trimmingTrailingSpaces() }
      lines.append("```")
    }
    return lines
  }

  /// An option's entry: `-f`, `--file PATH`, then its help and the words it accepts.
  static func option(_ option: OptionDefinition) -> [String] {
    let label = (option.short.map { code("-\($0)") + ", " } ?? "") + code(option.synopsis)
    var lines = ["- \(label): " + escaped(option.help)]
    if case .word(_, _, let accepted) = option.value { lines += words(accepted) }
    return lines
  }

  /// The words an option or argument accepts, as a nested list.
  static func words(_ words: [AcceptedWord]) -> [String] {
    words.map { "  - \(code($0.word)): " + escaped($0.help) }
  }

  /// Text as a code span, with enough backticks around it.
  static func code(_ text: String) -> String {
    let fence = text.contains("`") ? "``" : "`"
    let padding = text.hasPrefix("`") || text.hasSuffix("`") ? " " : ""
    return fence + padding + text + padding + fence
  }

  /// Prose with the characters Markdown would read as markup escaped by a backslash.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      if "\\`*_<>[]|#".contains(character) { result.append("\\") }
      result.append(character)
    }
    return result
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    return String(text)
  }
}
