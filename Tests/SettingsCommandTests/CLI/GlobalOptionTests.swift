import TestSupport
import Testing

@testable import SettingsCommand

/// The declarations checked as swift-argument-parser checks a command when it is declared: one
/// option name has one meaning, and a global option stands anywhere.
struct GlobalOptionTests {
  /// Every global option's names, long and short.
  static let globalNames: Set<String> = Set(
    CommandDefinition.globalOptions.flatMap { option in
      [option.name] + (option.short.map { ["-\($0)"] } ?? [])
    })

  /// A value each kind of option accepts.
  static func sample(_ option: OptionDefinition) -> [String] {
    switch option.value {
    case .none: []
    case .path: ["x.json"]
    case .text: ["http://127.0.0.1:1"]
    case .localeTag: ["ko"]
    case .integer(_, _, let range): [String(range.lowerBound)]
    case .word(_, _, let words): [words[0].word]
    case .choiceValue: ["a"]
    }
  }

  /// The outcome of parsing, an invocation or an error's text, to compare two orders.
  static func parsed(_ arguments: [String]) -> String {
    do {
      return String(describing: try Invocation.parse(arguments))
    } catch {
      return "error: " + error.messages.joined(separator: "\n")
    }
  }

  @Test func noSubcommandOptionReusesAGlobalOptionsName() {
    let reused = Options.all.filter { !$0.isGlobal }.filter { option in
      Self.globalNames.contains(option.name)
        || option.short.map { Self.globalNames.contains("-\($0)") } == true
    }
    #expect(reused.map(\.name) == [])
  }

  @Test func optionsOfOneNameAgreeOnWhetherTheyTakeAValue() {
    // Before the subcommand is known, whether the next word is a value must not depend on it.
    let byName = Dictionary(grouping: Options.all, by: \.name)
    let disagreeing = byName.filter { Set($0.value.map { $0.value == .none }).count > 1 }.keys.sorted()
    #expect(disagreeing == [])
  }

  @Test(arguments: Subcommand.allCases)
  func everyGlobalOptionIsAcceptedBeforeAndAfter(subcommand: Subcommand) {
    for option in CommandDefinition.globalOptions {
      let given = [option.name] + Self.sample(option)
      let before = Self.parsed(given + [subcommand.rawValue])
      let after = Self.parsed([subcommand.rawValue] + given)
      #expect(!before.hasPrefix("error: "), "\(option.name) before \(subcommand.rawValue): \(before)")
      #expect(before == after, "\(option.name) with \(subcommand.rawValue)")
    }
  }

  @Test func theSchemaOfAStoreWithAGlobalStore() throws {
    let invocation = try Invocation.parse(["-f", "d.json", "--store", "s.json", "schema", "--for-store"])
    #expect(invocation.subcommand == .schema)
    #expect(invocation.arguments == [])
    #expect(invocation[Options.store] == "s.json")
    #expect(invocation[Options.storeSchema])
  }

  /// The issue's command line: the global store and the store's schema, now two names.
  @Test func theIssuesCommandLine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = examplePath("phone-settings.json")
    let store = directory.file("s.json")
    let schema = runCLI(["-f", document, "--store", store, "schema", "--for-store"])
    #expect(schema.status == 0)
    #expect(schema.stdout.hasPrefix("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n"))
    #expect(schema == runCLI(["-f", document, "schema", "--for-store", "--store", store]))
    #expect(
      runCLI(["-f", document, "--store", store, "schema", "--store"])
        == CommandOutcome(
          status: 64, stdout: "",
          stderr: "Error: Missing value for '--store'\nDid you mean '--for-store'?\n"
            + "Usage: settings schema [--for-store]\nSee 'settings help schema' for more information.\n"))
  }

  /// An option's value is never another option: `schema --store --for-store` printed the document's
  /// schema, and `set a on --store --json` wrote a store named "--json".
  @Test func anOptionIsNeverTakenAsTheValueOfTheOneBefore() throws {
    for arguments in [
      ["schema", "--store", "--for-store"], ["set", "a", "on", "--store", "--json"],
      ["get", "a", "-f", "-f"],
    ] {
      let error = #expect(throws: CommandError.self) { try Invocation.parse(arguments) }
      #expect(error?.messages.first?.hasPrefix("Missing value for '") == true, "\(arguments)")
    }
    // The value may still start with a dash when it is glued on, or a lone `-` (standard input).
    #expect(try Invocation.parse(["--store=--json", "get", "a"])[Options.store] == "--json")
    #expect(try Invocation.parse(["-f", "-", "get", "a"])[Options.file] == "-")
  }
}
