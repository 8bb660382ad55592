import SettingsKit

/// The manual page, settings.1, in roff (man macros), from the declarations that help prints
/// (``CommandDefinition``, ``Subcommand/definition``, ``Options``): every subcommand with its usage
/// line, arguments and options, the environment, files, exit statuses and examples.
enum ManPage {
  /// The date on the page's title line: the release's.
  static let date = "2026-12-01"

  /// The whole page.
  static func text() -> String {
    var lines = [
      ".TH SETTINGS 1 \(quoted(date)) \(quoted("settings " + CommandLineTool.version)) \(quoted("User Commands"))",
      ".SH NAME",
      "settings \\- " + escaped(CommandDefinition.abstract),
      ".SH SYNOPSIS",
      ".B settings",
      "[\\fISUBCOMMAND\\fR] [\\fIOPTIONS\\fR]",
      ".SH DESCRIPTION",
      escaped(
        "settings loads a settings screen declared in one JSON document, shows it as text rows or as an "
          + "interactive screen, and keeps the user's changes in a store of overrides, with the defaults "
          + "in the document. Without a subcommand it runs show."),
      ".SH OPTIONS",
    ]
    lines += CommandDefinition.globalOptions.flatMap(option)
    lines.append(".SH SUBCOMMANDS")
    for subcommand in Subcommand.visible {
      lines += self.subcommand(subcommand)
    }
    lines.append(".SH ENVIRONMENT")
    for (name, help) in CommandDefinition.environment {
      lines += [".TP", "\\fB" + escaped(name) + "\\fR", escaped(help)]
    }
    lines.append(".SH FILES")
    for (name, help) in CommandDefinition.files {
      lines += [".TP", "\\fI" + escaped(name) + "\\fR", escaped(help)]
    }
    lines.append(".SH EXIT STATUS")
    for status in ExitStatus.allCases.sorted(by: { $0.rawValue < $1.rawValue }) {
      lines += [".TP", "\\fB\(status.rawValue)\\fR", escaped(status.summary)]
    }
    lines.append(".SH EXAMPLES")
    for (command, help) in CommandDefinition.examples {
      lines += [".TP", "\\fB" + escaped(command, code: true) + "\\fR", escaped(help)]
    }
    lines += [
      ".SH SEE ALSO",
      escaped(
        "settings help SUBCOMMAND prints the same text as this page for one subcommand; "
          + "settings schema prints the JSON Schema of documents."),
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// A subcommand's part: its usage line, then what help prints for it.
  static func subcommand(_ subcommand: Subcommand) -> [String] {
    let definition = subcommand.definition
    var lines = [
      ".SS " + quoted(subcommand.commandLine, code: true),
      escaped(definition.abstract),
    ]
    if let discussion = definition.discussion { lines += [".PP", escaped(discussion)] }
    for argument in definition.arguments {
      lines += [".TP", "\\fI" + escaped(argument.name) + "\\fR", escaped(argument.help)]
      lines += words(argument.words)
    }
    for option in definition.options where !option.isGlobal {
      lines += self.option(option)
    }
    let global = definition.options.filter(\.isGlobal).map { "\\fB" + escaped($0.name, code: true) + "\\fR" }
    if !global.isEmpty {
      lines += [".PP", "Also takes " + global.joined(separator: ", ") + "."]
    }
    for (title, body) in definition.extraSections {
      lines += [".PP", escaped(title.hasSuffix(":") ? String(title.dropLast()) : title) + ":", ".RS", ".nf"]
      lines += body.map { escaped($0.trimmingSpaces()) }
      lines += [".fi", ".RE"]
    }
    return lines
  }

  /// An option's entry: `-f, --file PATH` then its help and the words it accepts.
  static func option(_ option: OptionDefinition) -> [String] {
    var label = option.short.map { "\\fB\\-\($0)\\fR, " } ?? ""
    label += "\\fB" + escaped(option.name, code: true) + "\\fR"
    if let placeholder = option.value.placeholder { label += " \\fI" + escaped(placeholder) + "\\fR" }
    var lines = [".TP", label, escaped(option.help)]
    if case .word(_, _, let accepted) = option.value { lines += words(accepted) }
    return lines
  }

  /// The words an option or argument accepts, as an indented list.
  static func words(_ words: [AcceptedWord]) -> [String] {
    guard !words.isEmpty else { return [] }
    var lines = [".RS"]
    for word in words {
      lines += [".TP", "\\fB" + escaped(word.word, code: true) + "\\fR", escaped(word.help)]
    }
    lines.append(".RE")
    return lines
  }

  /// Text for a text line: backslashes escaped, a leading `.` or `'` protected, characters beyond
  /// ASCII as `\[uXXXX]`; in `code`, hyphens as `\-` so that they copy as hyphen-minus.
  static func escaped(_ text: String, code: Bool = false) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-" where code: result += "\\-"
      case _ where scalar.value > 0x7E || scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: result.unicodeScalars.append(scalar)
      }
    }
    if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
    return result
  }

  /// A macro argument in double quotes.
  static func quoted(_ text: String, code: Bool = false) -> String {
    "\"" + escaped(text, code: code).replacingQuotes() + "\""
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    while text.first == " " { text = text.dropFirst() }
    return String(text)
  }

  fileprivate func replacingQuotes() -> String {
    var result = ""
    for character in self { result += character == "\"" ? "\\(dq" : String(character) }
    return result
  }
}
