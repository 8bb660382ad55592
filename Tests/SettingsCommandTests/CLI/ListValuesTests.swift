import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// Lists from the command line: `get` one element a line, `set` of a whole list from words or a
/// JSON array, `reset`, every rule's error and exit status, the journal (a secure field never in
/// it), `history`, `undo`, `list`, `describe` and `dump`.
@Suite(.serialized)
struct ListValuesTests {
  static let document = """
    {
      "id": "lists",
      "sections": [
        {
          "items": [
            { "key": "dns", "type": "list", "title": "DNS Servers", "unique": true, "maxCount": 3,
              "value": ["1.1.1.1"],
              "element": { "type": "textField", "pattern": "[0-9.]+", "patternMessage": "must be an IPv4 address" } },
            { "key": "ports", "type": "list", "title": "Ports", "element": { "type": "number", "min": 1, "max": 65535 },
              "minCount": 1, "value": [443] },
            { "key": "vpn", "type": "list", "title": "VPN", "titleField": "name", "subtitleField": "server",
              "unique": "name",
              "fields": [
                { "key": "name", "type": "textField", "title": "Name" },
                { "key": "server", "type": "textField", "title": "Server", "renamedFrom": "host" },
                { "key": "kind", "type": "rightDetail", "title": "Type", "value": "ikev2",
                  "choices": [{ "value": "ikev2", "title": "IKEv2" }, { "value": "l2tp", "title": "L2TP" }] },
                { "key": "password", "type": "textField", "title": "Password", "secure": true }
              ] },
            { "key": "sync", "type": "switch", "title": "Sync", "enabledWhen": { "dns": { "min": 2 } } }
          ]
        }
      ]
    }
    """

  struct Fixture {
    let directory: TemporaryDirectory
    var storePath: String { directory.file("s.json") }

    init() throws {
      directory = try TemporaryDirectory()
      _ = try directory.write("doc.json", ListValuesTests.document)
    }

    func run(_ arguments: [String]) -> CommandOutcome {
      runCLI(["-f", directory.file("doc.json"), "--store", storePath, "--no-cache"] + arguments)
    }

    var store: String? { try? directory.read("s.json") }
    var journal: String? { try? directory.read("s.json.journal") }
  }

  @Test(arguments: [
    (
      ["set", "dns", "9.9.9.9", "9.9.9.9"],
      "Error: dns: '9.9.9.9' is in the list twice; its elements are unique\n"
    ),
    (["set", "dns", "a"], "Error: dns: element 1: must be an IPv4 address\n"),
    (["set", "dns", "1", "2", "3", "4"], "Error: dns: at most 3 elements (got 4)\n"),
    (["set", "ports", "0"], "Error: ports: element 1: 0 is below the minimum 1\n"),
    (
      ["set", "ports", "80", "x"],
      "Error: ports: element 2: 'x' is not a number; write digits with an optional '.', such as 2.5\n"
    ),
    (["set", "ports", "[]"], "Error: ports: at least 1 element (got 0)\n"),
    (
      ["set", "vpn", #"[{"name": "A"}, {"name": "A"}]"#],
      "Error: vpn: two elements have name 'A'; the list's name values are unique\n"
    ),
    (["set", "vpn", #"[{"nme": "A"}]"#], "Error: vpn: element 1: unknown field 'nme'\n"),
    // An empty element is the list's error wherever it stands, not a usage error.
    (
      ["set", "dns", "1.1.1.1", ""],
      "Error: dns: element 2 is empty; a list holds no empty text: leave the element out\n"
    ),
    (
      ["set", "dns", ""],
      "Error: dns: element 1 is empty; a list holds no empty text: leave the element out\n"
    ),
    (
      ["set", "vpn", #"[{"name": "A", "kind": "pptp"}]"#],
      "Error: vpn: element 1: kind: 'pptp' is not one of the choices: ikev2, l2tp\n"
    ),
  ])
  func everyRuleIsCheckedAndNothingIsWritten(arguments: [String], expected: String) throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(fixture.run(arguments) == CommandOutcome(status: 1, stdout: "", stderr: expected))
    #expect(fixture.store == nil)
  }

  @Test func aValueListIsSetFromWordsReadOneALineAndReset() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(fixture.run(["get", "dns"]) == CommandOutcome(status: 0, stdout: "1.1.1.1\n", stderr: ""))
    #expect(
      fixture.run(["set", "dns", "9.9.9.9", "8.8.8.8"]) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(fixture.run(["get", "dns"]).stdout == "9.9.9.9\n8.8.8.8\n")
    #expect(fixture.run(["get", "dns", "--json"]).stdout == "[\n  \"9.9.9.9\",\n  \"8.8.8.8\"\n]\n")
    #expect(fixture.store == "{\n  \"dns\": [\n    \"9.9.9.9\",\n    \"8.8.8.8\"\n  ]\n}\n")
    // A condition on the count: two servers enable Sync.
    #expect(fixture.run(["set", "sync", "on"]).status == 0)
    #expect(fixture.run(["set", "ports", #"[80, 8080]"#]).status == 0)
    #expect(fixture.run(["get", "ports"]).stdout == "80\n8080\n")
    #expect(fixture.run(["reset", "dns"]).status == 0)
    #expect(fixture.run(["get", "dns"]).stdout == "1.1.1.1\n")
    #expect(
      fixture.run(["set", "sync", "off"]).stderr
        == "Error: 'sync' is disabled (off while DNS Servers is 1 item); change 'dns' first\n")
    #expect(
      fixture.run(["show"]).stdout == """
          DNS Servers                                                           1 item ›
        * Ports                                                                2 items ›
          VPN                                                                  0 items ›
        * Sync                                                                        on
          (off while DNS Servers is 1 item)

        """)
  }

  @Test func aRecordListTakesJSONKeepsItsSecretOutOfTheJournalAndDumps() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let records = #"[{"name": "Work", "host": "vpn.example.com", "password": "hunter2"}]"#
    #expect(fixture.run(["set", "vpn", records]) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    // The earlier key `host` is read as `server`; the type left out takes its default.
    #expect(
      fixture.run(["get", "vpn"]).stdout == "Work\tserver=vpn.example.com\tkind=ikev2\tpassword=hunter2\n")
    #expect(
      fixture.run(["get", "vpn", "--json"]).stdout == """
        [
          {
            "kind": "ikev2",
            "name": "Work",
            "password": "hunter2",
            "server": "vpn.example.com"
          }
        ]

        """)
    let journal = try #require(fixture.journal)
    #expect(!journal.contains("hunter2"))
    // The journal keeps the record without its password's text.
    #expect(
      journal.contains(
        #""changes":{"vpn":{"after":[{"kind":"ikev2","name":"Work","password":null,"server":"vpn.example.com"}]}}"#
      ))
    #expect(
      fixture.run(["list"]).stdout == """
        KEY    TYPE           VALUE                                                         DEFAULT  MODIFIED  SOURCE
        dns    list           1.1.1.1                                                       1.1.1.1  no        default
        ports  list           443                                                           443      no        default
        vpn    list (secure)  Work (server=vpn.example.com, kind=ikev2, password=••••••••)  none     yes       user
        sync   switch         off                                                           off      no        default

        """)
    #expect(fixture.run(["dump"]).stdout == "{\n  \"$omitted\": [\n    \"vpn\"\n  ]\n}\n")
    #expect(
      fixture.run(["describe", "vpn"]).stdout.contains(
        """
        accepts:   a JSON array of records with fields name, server, kind, password, each name once
        secure:    yes (masked; kept unencrypted in the store file)
        default:   none
        value:     [Work (server=vpn.example.com, kind=ikev2 (IKEv2), password=••••••••)]
        """))
  }

  @Test func aListChangeIsInTheHistoryAndUndoTakesItBack() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(fixture.run(["set", "dns", "9.9.9.9", "8.8.8.8"]).status == 0)
    #expect(fixture.run(["set", "dns", "8.8.8.8"]).status == 0)
    let history = fixture.run(["history"]).stdout
    // A whole-list set that removed one element is worded as that removal.
    #expect(history.contains("  dns (DNS Servers): removed 9.9.9.9 from 1\n"))
    #expect(history.contains("  dns (DNS Servers): (default) -> [9.9.9.9, 8.8.8.8]\n"))
    let undo = fixture.run(["undo"])
    #expect(undo.status == 0)
    #expect(undo.stdout == "undid change 2\n  dns (DNS Servers): added 9.9.9.9 at 1\n")
    #expect(fixture.run(["get", "dns"]).stdout == "9.9.9.9\n8.8.8.8\n")
  }

  @Test func aStoredListThatBreaksARuleReadsAsTheDefault() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    _ = try fixture.directory.write("s.json", #"{"dns": ["x"], "ports": [80, 81]}"#)
    #expect(
      fixture.run(["get", "dns"])
        == CommandOutcome(
          status: 0, stdout: "1.1.1.1\n",
          stderr:
            "Warning: \(fixture.storePath):1:9: stored value of \"dns\" is [\"x\"]; expected a list of text "
            + "matching [0-9.]+, at most 3 elements, each once; using the default [\"1.1.1.1\"]; "
            + "'settings reset dns' removes it\n"))
    // One bad value blocks nothing else.
    #expect(fixture.run(["get", "ports"]) == CommandOutcome(status: 0, stdout: "80\n81\n", stderr: ""))
  }

  @Test func loadTakesListsAndRefusesOneThatBreaksARule() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let input = try fixture.directory.write(
      "in.json", #"{"dns": ["2.2.2.2", "3.3.3.3"], "vpn": [{"name": "Home", "server": "h.example.com"}]}"#)
    #expect(
      fixture.run(["load", input])
        == CommandOutcome(
          status: 0, stdout: "added dns: [\"2.2.2.2\", \"3.3.3.3\"]\nadded vpn: ••••••••\n", stderr: ""))
    #expect(fixture.run(["get", "vpn"]).stdout == "Home\tserver=h.example.com\tkind=ikev2\tpassword=\n")
    let bad = try fixture.directory.write("bad.json", #"{"dns": ["zz"]}"#)
    #expect(
      fixture.run(["load", bad])
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: "Error: \(bad):1:9: invalid value [\"zz\"] for 'dns'; expected a list of text matching "
            + "[0-9.]+, at most 3 elements, each once\n"))
    #expect(fixture.run(["get", "dns"]).stdout == "2.2.2.2\n3.3.3.3\n")
  }

  @Test func threeArgumentsForAnItemThatIsNoListAreTheUsageErrorTheyWere() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let expected = CommandOutcome(
      status: 64, stdout: "",
      stderr: """
        Error: Unexpected argument 'off'
        Usage: settings set KEY VALUE | KEY=VALUE... [--add VALUE] [--remove VALUE]
                            [--message TEXT] [--json]
        See 'settings help set' for more information.

        """)
    #expect(fixture.run(["set", "sync", "on", "off"]) == expected)
    #expect(fixture.run(["set", "nosuch", "on", "off"]) == expected)
  }
}
