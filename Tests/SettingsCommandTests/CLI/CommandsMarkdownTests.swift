import Foundation
import TestSupport
import Testing

@testable import SettingsCommand

/// docs/COMMANDS.md: generated from the declarations that help and the man page print, by the
/// hidden `settings __markdown`, and kept in the repository as the binary prints it now.
struct CommandsMarkdownTests {
  @Test func theFileInTheRepositoryIsWhatTheBinaryPrints() throws {
    let outcome = try runBinary(["__markdown"])
    #expect(outcome.status == 0 && outcome.stderr == "", "\(outcome)")
    let path = examplePath("../docs/COMMANDS.md")
    let file = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      file == outcome.stdout,
      "docs/COMMANDS.md is stale: the declarations changed; regenerate it with '\(CommandsMarkdown.regenerate)'"
    )
  }

  @Test func everyVisibleSubcommandHasItsUsageLineAndNoHiddenOneIsListed() {
    let text = CommandsMarkdown.text()
    for subcommand in Subcommand.visible {
      #expect(
        text.contains("\n## settings \(subcommand.rawValue)\n\n```text\n\(subcommand.commandLine)\n```\n"))
      #expect(text.contains("(#\(CommandsMarkdown.anchor(subcommand)))"))
    }
    #expect(!text.contains("__complete"))
    #expect(!text.contains("## settings __markdown"))
  }

  @Test func itIsHiddenFromHelpAndCompletions() {
    #expect(Subcommand.markdown.isHidden)
    #expect(!runCLI(["help"]).stdout.contains("__markdown"))
    #expect(!runCLI(["__complete", "--", ""]).stdout.contains("__markdown"))
  }

  @Test func proseIsEscapedAndCodeIsNot() {
    #expect(CommandsMarkdown.escaped("<id>.json *.cache a_b") == "\\<id\\>.json \\*.cache a\\_b")
    #expect(CommandsMarkdown.code("--file PATH") == "`--file PATH`")
    #expect(CommandsMarkdown.code("a`b") == "``a`b``")
  }
}
