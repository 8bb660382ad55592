import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsWeb

/// The command layer in-process: parsing, help, usage errors, and each subcommand's output.
@Suite(.serialized)
struct CommandLineToolTests {
  @Test func settingsAloneRunsShow() {
    let alone = runCLI(["--width", "40"])
    #expect(alone.status == 0)
    #expect(alone == runCLI(["show", "--width", "40"]))
    #expect(alone.stdout.hasPrefix("설정\n  👤 Kim                               ›\n"))
  }

  @Test func optionsMayStandBeforeOrAfterTheSubcommand() {
    #expect(runCLI(["--width=30", "show"]) == runCLI(["show", "--width", "30"]))
    #expect(
      runCLI(["-f", examplePath("ios-settings.json"), "validate"])
        == runCLI(["validate", "--file", examplePath("ios-settings.json")]))
  }

  @Test func widthComesFromTheOptionThenColumnsThenTheTerminal() {
    let terminal = TerminalInfo(stdoutIsTerminal: false, width: 50)
    func firstLineWidth(_ outcome: CommandOutcome) -> Int {
      DisplayWidth.of(outcome.stdout.split(separator: "\n")[1])
    }
    #expect(firstLineWidth(runCLI([], environment: ["COLUMNS": "60"], terminal: terminal)) == 60)
    #expect(
      firstLineWidth(runCLI(["--width", "30"], environment: ["COLUMNS": "60"], terminal: terminal)) == 30)
    #expect(firstLineWidth(runCLI([], terminal: terminal)) == 50)
    #expect(firstLineWidth(runCLI([])) == 80)
  }

  @Test func colorFollowsTheTerminalNoColorAndTheOption() {
    let tty = TerminalInfo(stdoutIsTerminal: true, width: 40)
    #expect(runCLI([], terminal: tty).stdout.contains("\u{1B}[1m설정\u{1B}[0m"))
    #expect(!runCLI([], environment: ["NO_COLOR": "1"], terminal: tty).stdout.contains("\u{1B}"))
    #expect(!runCLI(["--color", "never"], terminal: tty).stdout.contains("\u{1B}"))
    #expect(runCLI(["--color=always"]).stdout.contains("\u{1B}[1m"))
    #expect(!runCLI([]).stdout.contains("\u{1B}"))
  }

  @Test func helpGoesToStdoutAndExitsZero() {
    let help = runCLI(["--help"])
    #expect(help.status == 0)
    #expect(help.stderr == "")
    #expect(
      help.stdout == """
        OVERVIEW: A settings screen from one JSON document: show it, change it, keep the
        changes.

        USAGE: settings [SUBCOMMAND] [OPTIONS]

        OPTIONS:
          -f, --file PATH            The settings document; - reads it from standard
                                     input (default: $SETTINGS_FILE, else the embedded
                                     iOS screen).
          --store PATH               The store of overrides (default: $SETTINGS_STORE,
                                     else $XDG_CONFIG_HOME/settings/<id>.json, ~/.config
                                     when XDG_CONFIG_HOME is unset).
          --etcd URL[,URL...]        Keep the store in etcd at these http:// endpoints
                                     (default: $SETTINGS_ETCD) instead of a file.
          --etcd-prefix PREFIX       The etcd key prefix of every document (default:
                                     /settings/).
          --etcd-password-file PATH  The password of the etcd user $SETTINGS_ETCD_USER,
                                     read from this file (its first line).
          --no-stale                 With --etcd, fail (69) instead of answering from
                                     the last copy read when etcd is out of reach.
          --locale TAG               The language of localized text, such as ko or en-US
                                     (default: $LANGUAGE, $LC_ALL, $LC_MESSAGES, $LANG).
          --no-cache                 Load the document without the compiled cache in
                                     $XDG_CACHE_HOME/settings (also SETTINGS_CACHE=off).
          -h, --help                 Show help information.
          --version                  Show the version.

        SUBCOMMANDS:
          show         Show the settings screen as text rows (the default subcommand).
          ui           Open the interactive settings screen in the terminal.
          validate     Check a document and report every problem with its location.
          get          Print an item's current value.
          set          Set values: KEY VALUE, or KEY=VALUE pairs (all or nothing).
          toggle       Turn a switch over and print its new state.
          reset        Remove overrides: items read as their defaults or system values.
          add          Add elements to a list: values, or a record as field=value pairs.
          remove       Remove one element from a list, by value or by position (--at N).
          move         Move one element of a list to another position.
          list         List the items that have values: key, type, value, default,
                       modified.
          find         Find items by title, subtitle, key, choice or description on
                       every page.
          describe     Show everything about an item: type, values, choices,
                       dependencies, where it is.
          why          Explain a value: every layer, the winner, any lock, any condition
                       disabling or hiding it.
          expand       Open a collapsible section (kept per user, apart from the
                       values).
          collapse     Close a collapsible section.
          schema       Print the JSON Schema of documents, or of a document's store.
          completions  Print a shell completion script for bash, zsh or fish.
          watch        Print each change of a value, made by any process, until
                       interrupted.
          serve        Serve the settings screen to a browser on 127.0.0.1, editable and
                       live, until interrupted.
          check        Report what in the store no longer fits the document.
          dump         Print every override as JSON that 'settings load' accepts.
          load         Load overrides from a JSON file such as a dump, all or nothing.
          history      List the changes made to the store, newest first, like git log.
          undo         Take back the last change, one change, or every change since a
                       time.
          codegen      Print typed keys for the document: Swift, or the store's shape in
                       TypeScript.
          manpage      Print the manual page, settings.1, in roff.
          help         Show help for a subcommand.

          See 'settings help <subcommand>' for detailed help.

        """)
    #expect(runCLI(["-h"]) == help)
    #expect(runCLI(["help", "set"]) == runCLI(["set", "--help"]))
    #expect(
      runCLI(["help", "set"]).stdout.hasPrefix(
        "OVERVIEW: Set values: KEY VALUE, or KEY=VALUE pairs (all or nothing).\n\nUSAGE: settings set KEY VALUE | KEY=VALUE... [--add VALUE] [--remove VALUE]\n                    [--message TEXT] [--json]\n"
      ))
  }

  @Test func versionPrintsTheBareVersion() {
    #expect(runCLI(["--version"]) == CommandOutcome(status: 0, stdout: "0.1.0\n", stderr: ""))
  }

  static let showUsage =
    "Usage: settings show [PAGE | SECTION [--page K]] [--all] [--expand-all]\n"
    + "                     [--reveal] [--json] [--width N] [--color MODE]\n"
    + "See 'settings help show' for more information.\n"
  /// An empty KEY, SECTION, PAGE or PATH is a usage error, as `find ''` is, from the declarations.
  @Test(arguments: [
    (["get", ""], "Error: Empty KEY for 'settings get'; it cannot be empty"),
    (["set", "", "on"], "Error: Empty KEY for 'settings set'; it cannot be empty"),
    (["set", ""], "Error: Empty KEY=VALUE for 'settings set'; it cannot be empty"),
    (["describe", ""], "Error: Empty KEY for 'settings describe'; it cannot be empty"),
    (["reset", "airplane", ""], "Error: Empty KEY for 'settings reset'; it cannot be empty"),
    (["toggle", ""], "Error: Empty KEY for 'settings toggle'; it cannot be empty"),
    (["expand", ""], "Error: Empty SECTION for 'settings expand'; it cannot be empty"),
    (["show", ""], "Error: Empty PAGE | SECTION for 'settings show'; it cannot be empty"),
    (["validate", ""], "Error: Empty PATH for 'settings validate'; it cannot be empty"),
  ])
  func anEmptyArgumentIsAUsageError(arguments: [String], message: String) {
    let outcome = runCLI(arguments, environment: ["SETTINGS_STORE": "/nonexistent/s.json"])
    #expect(outcome.status == 64)
    #expect(outcome.stdout == "")
    #expect(outcome.stderr.split(separator: "\n").first.map(String.init) == message)
    #expect(outcome.stderr.hasSuffix("See 'settings help \(arguments[0])' for more information.\n"))
  }

  @Test func anEmptyKeyIsAUsageErrorWithTheUsageLine() {
    #expect(
      runCLI(["get", ""])
        == CommandOutcome(
          status: 64, stdout: "",
          stderr: "Error: Empty KEY for 'settings get'; it cannot be empty\n" + Self.getUsage))
  }

  static let generalUsage =
    "Usage: settings [SUBCOMMAND] [OPTIONS]\nSee 'settings --help' for more information.\n"
  static let getUsage =
    "Usage: settings get KEY [--json]\nSee 'settings help get' for more information.\n"
  static let setUsage =
    "Usage: settings set KEY VALUE | KEY=VALUE... [--add VALUE] [--remove VALUE]\n"
    + "                    [--message TEXT] [--json]\nSee 'settings help set' for more information.\n"

  @Test(arguments: [
    (["bogus"], "Error: Unknown subcommand 'bogus'\n" + generalUsage),
    (["shwo"], "Error: Unknown subcommand 'shwo'\nDid you mean 'show'?\n" + generalUsage),
    (["show", "--widht", "3"], "Error: Unknown option '--widht'\nDid you mean '--width'?\n" + showUsage),
    (["--widht", "3", "show"], "Error: Unknown option '--widht'\nDid you mean '--width'?\n" + generalUsage),
    (["show", "--width"], "Error: Missing value for '--width'\n" + showUsage),
    (
      ["show", "--width", "0"],
      "Error: Invalid width '0'; expected a whole number from 1 to 10000\n" + showUsage
    ),
    (
      ["show", "--color", "blue"],
      "Error: Invalid color mode 'blue'; expected auto, always or never\n" + showUsage
    ),
    (["show", "1", "--page", "0"], "Error: Invalid page '0'; expected a whole number from 1\n" + showUsage),
    (["get"], "Error: Missing argument for 'settings get'\n" + getUsage),
    (
      ["get", "airplane", "--locale", "ko KR"],
      "Error: Invalid locale tag 'ko KR' for --locale; expected a BCP 47 tag such as ko or en-US\n" + getUsage
    ),
    (
      ["get", "airplane", "--locale", "x"],
      "Error: Invalid locale tag 'x' for --locale; expected a BCP 47 tag such as ko or en-US\n" + getUsage
    ),
    (
      ["--locale", "ko\u{1B}", "get", "airplane"],
      "Error: Invalid locale tag 'ko\\u{1B}' for --locale; expected a BCP 47 tag such as ko or en-US\n"
        + getUsage
    ),
    (["get", "a", "b"], "Error: Unexpected argument 'b'\n" + getUsage),
    (
      ["list", "--all"],
      "Error: '--all' does not apply to 'settings list'\nUsage: settings list [--modified] [--reveal] [--json]\n"
        + "See 'settings help list' for more information.\n"
    ),
    (["set", "airplane"], "Error: Missing VALUE for 'airplane'\n" + setUsage),
    (["set", "=on"], "Error: expected KEY=VALUE; found '=on'\n" + setUsage),
    (["get", "a", "\u{1B}[2J"], "Error: Unexpected argument '\\u{1B}[2J'\n" + getUsage),
    (
      ["help", "sett"],
      "Error: Unknown subcommand 'sett'\nDid you mean 'set'?\nUsage: settings help [SUBCOMMAND]\n"
        + "See 'settings help help' for more information.\n"
    ),
    (
      ["reset", "airplane", "--all"],
      "Error: Unexpected argument 'airplane'\nUsage: settings reset KEY... | --all [--message TEXT] [--json]\n"
        + "See 'settings help reset' for more information.\n"
    ),
    (
      ["find", ""],
      "Error: Empty TEXT for 'settings find'; give the text to look for\nUsage: settings find TEXT [--json]\n"
        + "See 'settings help find' for more information.\n"
    ),
    (
      ["-f", "A.json", "validate", "B.json"],
      "Error: Two documents to validate: 'A.json' from --file and 'B.json' as PATH; give one\n"
        + "Usage: settings validate [PATH] [--json]\nSee 'settings help validate' for more information.\n"
    ),
    (
      ["validate", "--for-store"],
      "Error: '--for-store' does not apply to 'settings validate'\nUsage: settings validate [PATH] [--json]\n"
        + "See 'settings help validate' for more information.\n"
    ),
    (
      ["help", "set", "--json"],
      "Error: '--json' does not apply to 'settings help'\nUsage: settings help [SUBCOMMAND]\n"
        + "See 'settings help help' for more information.\n"
    ),
  ])
  func usageErrorsExit64WithTheSubcommandsUsageLine(arguments: [String], expected: String) {
    let outcome = runCLI(arguments, environment: ["HOME": "/nonexistent"])
    #expect(outcome.status == 64)
    #expect(outcome.stdout == "")
    #expect(outcome.stderr == expected)
  }

  @Test func dataErrorsSayFileLineAndColumn() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("bad.json", "{\n  \"id\": \"x\",\n}\n")
    let outcome = runCLI(["show", "--file", path])
    #expect(
      outcome
        == CommandOutcome(
          status: 65, stdout: "",
          stderr: "Error: \(path):3:1: trailing comma before '}'; remove the comma after the last member\n"))
    let fromEnvironment = runCLI(["validate"], environment: ["SETTINGS_FILE": path])
    #expect(fromEnvironment.status == 65)
    #expect(runCLI(["validate", directory.file("none.json")]).status == 66)
    #expect(
      runCLI(["validate", directory.path]).stderr
        == "Error: '\(directory.path)' is a directory; give the path of a file\n")
  }

  @Test func validateSummarizesAValidDocument() {
    let path = examplePath("phone-settings.json")
    #expect(
      runCLI(["validate", path])
        == CommandOutcome(status: 0, stdout: "\(path): valid: 7 sections, 30 items\n", stderr: ""))
    #expect(runCLI(["validate"]).stdout == "<embedded default>: valid: 3 sections, 10 items\n")
  }

  @Test func setGetToggleResetListWithAStore() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let environment = ["SETTINGS_STORE": directory.file("store.json")]
    func run(_ arguments: String...) -> CommandOutcome { runCLI(arguments, environment: environment) }
    #expect(run("get", "airplane") == CommandOutcome(status: 0, stdout: "off\n", stderr: ""))
    #expect(run("set", "airplane", "on") == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(try directory.read("store.json") == "{\n  \"airplane\": true\n}\n")
    #expect(run("get", "airplane").stdout == "on\n")
    #expect(run("get", "airplane", "--json").stdout == "true\n")
    #expect(run("get", "wifi").stdout == "끔\n")
    #expect(run("get", "wifi", "--json").stdout == "\"끔\"\n")
    #expect(run("show", "--width", "40").stdout.contains("* 🛫 에어플레인 모드                  on\n"))
    #expect(
      run("list")
        == CommandOutcome(
          status: 0,
          stdout: """
            KEY        TYPE         VALUE  DEFAULT  MODIFIED  SOURCE
            airplane   switch       on     off      yes       user
            wifi       rightDetail  끔     끔       no        default
            bluetooth  rightDetail  켬     켬       no        default
            hotspot    rightDetail  켬     켬       no        default

            """, stderr: ""))
    #expect(
      run("list", "--modified", "--json").stdout == """
        [
          {
            "default": false,
            "key": "airplane",
            "modified": true,
            "source": "user",
            "type": "switch",
            "value": true
          }
        ]

        """)
    #expect(run("toggle", "airplane").stdout == "off\n")
    #expect(run("reset", "airplane") == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(try directory.read("store.json") == "{}\n")
    #expect(run("set", "airplane=YES") == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(run("reset", "--all") == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(run("get", "airplane").stdout == "off\n")
  }

  @Test func refusedChangesExit1AndWriteNothing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let environment = ["SETTINGS_STORE": directory.file("store.json")]
    #expect(
      runCLI(["set", "airplane", "maybe"], environment: environment)
        == CommandOutcome(
          status: 1, stdout: "",
          stderr:
            "Error: invalid value 'maybe' for 'airplane'; expected one of on, off, true, false, yes, no, 1, 0\n"
        ))
    #expect(
      runCLI(["set", "airplane=on", "wifi=on"], environment: environment).stderr
        == "Error: 'wifi' is a rightDetail item without choices; only switches, items with choices, text fields, numbers and sliders can be set\n"
    )
    #expect(
      runCLI(["set", "airplan", "on"], environment: environment).stderr
        == "Error: unknown key 'airplan'; did you mean 'airplane'?\n")
    // Every bad pair is named, each with its own hint, and the good one is not written either.
    #expect(
      runCLI(
        ["set", "airplan=on", "bluetooth=on", "airplane=maybe", "airplane=off", "nope=1"],
        environment: environment)
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: """
            Error: unknown key 'airplan'; did you mean 'airplane'?
            Error: 'bluetooth' is a rightDetail item without choices; only switches, items with choices, text fields, numbers and sliders can be set
            Error: invalid value 'maybe' for 'airplane'; expected one of on, off, true, false, yes, no, 1, 0
            Error: 'airplane' is set twice; give each key once
            Error: unknown key 'nope'; 'settings list' shows the keys

            """))
    #expect(runCLI(["get", "cellular"], environment: environment).status == 1)
    #expect(try directory.contents() == [])
  }

  @Test func showJSONGivesCurrentStateAndModified() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let environment = ["SETTINGS_STORE": try directory.write("store.json", #"{"airplane": true}"#)]
    let json = runCLI(["show", "--json"], environment: environment).stdout
    #expect(json.hasPrefix("{\n  \"id\": \"ios-settings\",\n  \"sections\": [\n"))
    let airplane = [
      "        {", "          \"imageName\": \"airplane\",", "          \"key\": \"airplane\",",
      "          \"modified\": true,", "          \"on\": true,", "          \"source\": \"user\",",
      "          \"title\": \"에어플레인 모드\",", "          \"type\": \"switch\"", "        },", "        {",
      "          \"imageName\": \"wifi\",", "          \"key\": \"wifi\",", "          \"modified\": false,",
      "          \"rightDetail\": \"끔\",", "          \"source\": \"default\",",
    ]
    #expect(json.contains(airplane.joined(separator: "\n")))
    #expect(json.hasSuffix("  \"title\": \"설정\",\n  \"version\": 1\n}\n"))
  }

  @Test func aStoreThatIsNotJSONIsADataErrorAndIsLeftAlone() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("store.json", #"{"airplane": yes}"#)
    for arguments in [
      ["set", "airplane", "on"], ["reset", "airplane"], ["toggle", "airplane"], ["get", "wifi"],
    ] {
      #expect(
        runCLI(arguments, environment: ["SETTINGS_STORE": path])
          == CommandOutcome(
            status: 65, stdout: "",
            stderr:
              "Error: \(path):1:14: unexpected 'y'; expected a value; the store was left unchanged: fix or remove it\n"
          ))
    }
    #expect(try directory.read("store.json") == #"{"airplane": yes}"#)
  }

  @Test func theDefaultStoreIsUnderXDGConfigHome() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect(
      runCLI(["set", "airplane", "on"], environment: ["XDG_CONFIG_HOME": directory.path])
        == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(try directory.read("settings/ios-settings.json") == "{\n  \"airplane\": true\n}\n")
    #expect(runCLI(["get", "airplane"], environment: ["HOME": directory.path]).stdout == "off\n")
    #expect(
      runCLI(["set", "airplane", "on"], environment: [:]).stderr
        == "Error: neither XDG_CONFIG_HOME nor HOME is set to an absolute path; give --store PATH\n")
  }
}
