import SettingsKit

/// `settings completions SHELL`: prints the completion script for bash, zsh or fish.
enum CompletionsCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let name = try context.arguments()[0]
    guard let shell = CompletionScript.Shell(rawValue: name) else {
      let names = CompletionScript.Shell.allCases.map(\.rawValue)
      throw .usage(
        "Unknown shell '\(TerminalText.escaped(name))'; expected \(OptionDefinition.alternatives(names))",
        subcommand: .completions)
    }
    return CompletionScript.text(for: shell)
  }
}

/// `settings __complete -- WORD...`: the hidden subcommand the completion scripts call. Prints
/// `files`, or `words` then one `WORD<TAB>DESCRIPTION` a line; words with control characters are
/// left out. Reads the document, never the store or the view state.
enum CompleteCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let words = try context.arguments()
    let request = CompletionRequest(words: words, environment: context.environment)
    switch request.reply() {
    case .files:
      return "files\n"
    case .words(let candidates):
      var seen: Set<String> = []
      var text = "words\n"
      for candidate in candidates
      where !candidate.word.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        && seen.insert(candidate.word).inserted
      {
        text += candidate.help.isEmpty ? candidate.word + "\n" : candidate.word + "\t" + candidate.help + "\n"
      }
      return text
    }
  }
}
