import Foundation
import TestSupport
import Testing

/// settings.1: generated from the declarations that help prints, and clean for groff and mandoc.
@Suite(.serialized)
struct ManPageTests {
  func page() throws -> (TemporaryDirectory, String) {
    let directory = try TemporaryDirectory()
    let outcome = try runBinary(["manpage"])
    #expect(outcome.status == 0, "\(outcome)")
    return (directory, try directory.write("settings.1", outcome.stdout))
  }

  @Test func groffReportsNoWarnings() throws {
    let groff = try #require(
      ExternalTool.find("groff"), "\(ExternalTool.missing("groff", install: "apt-get install groff"))")
    let (directory, path) = try page()
    defer { directory.remove() }
    let outcome = try groff.run(["-ww", "-z", "-man", path])
    #expect(outcome.status == 0 && outcome.stderr == "", "\(outcome)")
  }

  @Test func mandocLintReportsNothing() throws {
    let mandoc = try #require(
      ExternalTool.find("mandoc"), "\(ExternalTool.missing("mandoc", install: "apt-get install mandoc"))")
    let (directory, path) = try page()
    defer { directory.remove() }
    let outcome = try mandoc.run(["-T", "lint", "-W", "warning", path])
    #expect(outcome.status == 0 && outcome.stdout == "" && outcome.stderr == "", "\(outcome)")
  }

  @Test func manShowsThePageWithEverySection() throws {
    let man = try #require(
      ExternalTool.find("man"), "\(ExternalTool.missing("man", install: "apt-get install man-db"))")
    let (directory, path) = try page()
    defer { directory.remove() }
    let outcome = try man.run(
      ["-l", path],
      environment: [
        "MANPAGER": "cat", "PAGER": "cat", "MANWIDTH": "80", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
      ])
    #expect(outcome.status == 0 && outcome.stderr == "", "\(outcome)")
    for heading in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "SUBCOMMANDS", "ENVIRONMENT", "FILES", "EXIT STATUS",
      "EXAMPLES",
    ] {
      #expect(outcome.stdout.contains("\n\(heading)\n"), "missing \(heading)")
    }
    // Every line fits MANWIDTH, the ui keys' lines too.
    #expect(outcome.stdout.split(separator: "\n").filter { $0.count > 80 } == [])
    // man justifies and wraps the synopsis: compare with runs of white space as one space.
    let words = outcome.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      words.contains(
        "settings set KEY VALUE | KEY=VALUE... [--add VALUE] [--remove VALUE] [--message TEXT] [--json]"))
    #expect(outcome.stdout.contains("SETTINGS_FILE"))
    #expect(!outcome.stdout.contains("__complete"))
  }

  @Test func helpAndThePageShareTheirText() throws {
    let page = try runBinary(["manpage"]).stdout
    for subcommand in ["show", "set", "schema", "completions", "reset", "ui"] {
      let help = try runBinary(["help", subcommand], environment: ["COLUMNS": "10000"]).stdout
      let overview = try #require(help.split(separator: "\n").first).dropFirst("OVERVIEW: ".count)
      #expect(page.contains("\n" + overview + "\n"), "\(subcommand)")
    }
    #expect(
      page.contains(
        "\n\\fB\\-\\-for\\-store\\fR\nThe schema of the document's store instead: one property per key.\n"))
  }

  @Test func everyHelpTextFitsIn80Columns() throws {
    let subcommands = [
      "show", "ui", "validate", "get", "set", "toggle", "reset", "list", "find", "describe", "expand",
      "collapse",
      "schema", "completions", "manpage", "help",
    ]
    for arguments in [["--help"], ["help"]] + subcommands.map({ ["help", $0] }) {
      let outcome = try runBinary(arguments)
      #expect(outcome.status == 0)
      let wide = outcome.stdout.split(separator: "\n").filter { $0.unicodeScalars.count > 80 }
      #expect(wide.isEmpty, "\(arguments): \(wide)")
    }
  }
}
