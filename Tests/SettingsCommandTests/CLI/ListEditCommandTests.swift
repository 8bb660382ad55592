import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// `add`, `remove`, `move` and `set KEY[N].field` on the lists of Examples/phone-settings.json:
/// the store written, the messages and exit statuses, one journal entry each.
@Suite(.serialized)
struct ListEditCommandTests {
  struct Fixture {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func run(_ arguments: [String]) -> CommandOutcome {
      runCLI(["-f", examplePath("phone-settings.json"), "--store", directory.file("s.json")] + arguments)
    }
  }

  @Test func addRemoveAndMoveChangeTheListOneElementAtATime() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(
      fixture.run(["add", "dns", "9.9.9.9", "8.8.8.8", "--at", "1"])
        == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(fixture.run(["get", "dns"]).stdout == "9.9.9.9\n8.8.8.8\n1.1.1.1\n")
    #expect(fixture.run(["remove", "dns", "8.8.8.8"]).status == 0)
    #expect(fixture.run(["move", "dns", "2", "--to", "1"]).status == 0)
    #expect(fixture.run(["remove", "dns", "--at", "2"]).status == 0)
    #expect(fixture.run(["get", "dns"]).stdout == "1.1.1.1\n")
    #expect(try fixture.directory.read("s.json") == "{\n  \"dns\": [\n    \"1.1.1.1\"\n  ]\n}\n")
    #expect(
      fixture.run(["move", "preferred-languages", "2", "--to", "1", "--json"]).stdout
        == "[\n  {\n    \"key\": \"preferred-languages\",\n    \"new\": [\n      \"ko\",\n      \"en\"\n    ],\n"
        + "    \"old\": [\n      \"en\",\n      \"ko\"\n    ]\n  }\n]\n")
    let lines = fixture.run(["history"]).stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
    #expect(
      lines == [
        "  preferred-languages (Language Order): moved ko (한국어) to 1",
        "  dns (DNS Servers): removed 9.9.9.9 from 2",
        "  dns (DNS Servers): moved 1.1.1.1 to 1",
        "  dns (DNS Servers): removed 8.8.8.8 from 2",
        "  dns (DNS Servers): added 9.9.9.9 at 1, 8.8.8.8 at 2",
      ])
  }

  @Test func aRecordIsAddedFromFieldsAndOneFieldIsSet() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(fixture.run(["add", "vpn", "name=Work", "server=vpn.example.com", "type=L2TP"]).status == 0)
    #expect(fixture.run(["set", "vpn[1].server", "other.example"]).status == 0)
    #expect(
      fixture.run(["get", "vpn"]).stdout == "Work\tserver=other.example\ttype=l2tp\taccount=\tpassword=\n")
    #expect(fixture.run(["remove", "vpn", "Work"]).status == 0)
    #expect(fixture.run(["get", "vpn"]).stdout == "")
  }

  @Test func oneValueIsPutInPlaceOfAnElementAndTheChangeIsUndone() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(fixture.run(["add", "dns", "9.9.9.9"]).status == 0)
    #expect(fixture.run(["set", "dns[2]", "8.8.8.8"]) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(fixture.run(["get", "dns"]).stdout == "1.1.1.1\n8.8.8.8\n")
    #expect(fixture.run(["move", "dns", "2", "--to", "1"]).status == 0)
    let lines = fixture.run(["history"]).stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
    #expect(lines.dropFirst().first == "  dns (DNS Servers): changed 9.9.9.9 to 8.8.8.8 at 2")
    // Undone from the list as it is now: 8.8.8.8 has moved to 1 since.
    #expect(
      fixture.run(["undo", "2"]).stdout
        == "undid change 2\n  dns (DNS Servers): changed 8.8.8.8 to 9.9.9.9 at 1\n")
    #expect(fixture.run(["get", "dns"]).stdout == "9.9.9.9\n1.1.1.1\n")
  }

  /// `undo N --force` of an element change already taken back says so, and writes nothing.
  @Test func forcingTheUndoOfAChangeTakenBackAlreadySaysSo() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(fixture.run(["add", "dns", "9.9.9.9"]).status == 0)
    #expect(fixture.run(["undo", "1"]).status == 0)
    let store = try fixture.directory.read("s.json")
    #expect(
      fixture.run(["undo", "1", "--force"])
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: "Error: what change 1 changed is as it was before it already; nothing was changed\n"))
    #expect(try fixture.directory.read("s.json") == store)
  }

  /// `undo N --force` of an add already taken back, when the list changed since, takes nothing
  /// else back (it once set the list to what it was before the add, dropping the later element).
  @Test func forcingTheUndoOfAnAddTakenBackKeepsTheLaterElements() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(fixture.run(["add", "dns", "8.8.8.8"]).status == 0)
    #expect(fixture.run(["add", "dns", "9.9.9.9"]).status == 0)
    #expect(
      fixture.run(["undo", "1"]).stdout == "undid change 1\n  dns (DNS Servers): removed 8.8.8.8 from 2\n")
    #expect(
      fixture.run(["undo", "1", "--force"])
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: "Error: what change 1 changed is as it was before it already; nothing was changed\n"))
    #expect(fixture.run(["get", "dns"]).stdout == "1.1.1.1\n9.9.9.9\n")
  }

  /// A field of a record reads with its old and new values; a record list with a secure field
  /// (vpn's password) is journaled without that field's text: its element changes read and undo
  /// as any list's, a change of the text is said without it, and no text of it is ever written
  /// to the journal or shown.
  @Test func aSecureRecordListIsJournaledWithoutItsSecureFieldsText() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(fixture.run(["add", "vpn", "name=Work", "server=a.example", "password=hunter2"]).status == 0)
    #expect(fixture.run(["add", "vpn", "name=Home", "server=h.example"]).status == 0)
    #expect(fixture.run(["set", "vpn[1].password", "s3cret"]).status == 0)
    #expect(fixture.run(["set", "vpn[1].server", "b.example"]).status == 0)
    #expect(fixture.run(["move", "vpn", "2", "--to", "1"]).status == 0)
    let history = fixture.run(["history"]).stdout
    let home = #"Home (server=h.example, type=ikev2 (IKEv2), account="" (empty), password="" (empty))"#
    let work = #"Work (server=a.example, type=ikev2 (IKEv2), account="" (empty), password=••••••••)"#
    let expected: [String] = [
      "moved \(home) to 1", "changed server of 1 (Work) from a.example to b.example",
      "changed password of 1 (Work)", "added \(home) at 2", "added \(work) at 1",
    ]
    #expect(
      history.split(separator: "\n").filter { $0.hasPrefix("  ") }.map(String.init)
        == expected.map { "  vpn (VPN Configurations): " + $0 })
    let json = fixture.run(["history", "--json"]).stdout
    let journal = try fixture.directory.read("s.json.journal") ?? ""
    for text in [history, json, journal] {
      #expect(!text.contains("hunter2") && !text.contains("s3cret"))
    }
    #expect(journal.contains(#""secrets":["[1].password"]"#))
    // history --json names the record and field whose text changed, and words each change.
    #expect(json.contains("\"secrets\": [\n          \"[1].password\"\n        ]"))
    #expect(json.contains(#""wording": "changed password of 1 (Work)""#))
    // The server's change and the move are taken back; the passwords stay as they are now.
    #expect(
      fixture.run(["undo", "4"]).stdout
        == "undid change 4\n  vpn (VPN Configurations): changed server of 2 (Work) from b.example to a.example\n"
    )
    #expect(fixture.run(["undo", "5"]).status == 0)
    #expect(
      try fixture.directory.read("s.json")
        == """
        {
          "vpn": [
            {
              "account": "",
              "name": "Work",
              "password": "s3cret",
              "server": "a.example",
              "type": "ikev2"
            },
            {
              "account": "",
              "name": "Home",
              "password": "",
              "server": "h.example",
              "type": "ikev2"
            }
          ]
        }

        """)
    // The password's change, and the removal of a record whose password is set, cannot be.
    #expect(
      fixture.run(["undo", "3"])
        == CommandOutcome(
          status: 1, stdout: "",
          stderr:
            "Error: the 'password' of record 1 of 'vpn' is secure text, whose earlier value the journal "
            + "does not keep; nothing was changed; 'settings set vpn[1].password TEXT' sets it again\n"))
    #expect(fixture.run(["remove", "vpn", "Work"]).status == 0)
    #expect(
      fixture.run(["undo"])
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: "Error: the 'password' of record 1 of 'vpn', which was removed, is secure text, whose "
            + "earlier value the journal does not keep; nothing was changed; "
            + "'settings add vpn password=TEXT …' adds the record again\n"))
    // A record whose password is empty is put back whole.
    #expect(fixture.run(["remove", "vpn", "Home"]).status == 0)
    #expect(
      fixture.run(["undo"]).stdout
        == "undid change 9\n  vpn (VPN Configurations): added Home (server=h.example, type=ikev2 (IKEv2), "
        + "account=\"\" (empty), password=\"\" (empty)) at 1\n")
  }

  /// A record of a list with a unique field is the same record after a later change of another
  /// field: `undo` of its add removes it, where it once named a later change of another record.
  @Test func undoFindsARecordByItsUniqueFieldAfterItChanged() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    for words in [
      ["add", "vpn", "name=Work", "server=a.example"], ["add", "vpn", "name=Home", "server=h.example"],
      ["set", "vpn[1].server", "b.example"], ["set", "vpn[2].server", "c.example"],
    ] {
      #expect(fixture.run(words).status == 0)
    }
    #expect(
      fixture.run(["undo", "1"])
        == CommandOutcome(
          status: 0,
          stdout: "undid change 1\n  vpn (VPN Configurations): removed Work (server=b.example, type=ikev2 "
            + "(IKEv2), account=\"\" (empty), password=\"\" (empty)) from 1\n",
          stderr: ""))
    #expect(
      fixture.run(["get", "vpn"]).stdout == "Home\tserver=c.example\ttype=ikev2\taccount=\tpassword=\n")
  }

  static let refusals: [([String], Int32, String)] = [
    (["add", "dns", "1.1.1.1"], 1, "Error: dns: '1.1.1.1' is in the list twice; its elements are unique\n"),
    (["add", "dns", "x.y"], 1, "Error: dns: must be an IP address, such as 1.1.1.1\n"),
    (
      ["add", "dns", "2.2.2.2", "3.3.3.3", "4.4.4.4", "5.5.5.5"], 1,
      "Error: dns: at most 4 elements (got 5)\n"
    ),
    (["add", "dns", "2.2.2.2", "--at", "3"], 1, "Error: dns: no position 3 in a list of 1 element\n"),
    (["remove", "dns", "8.8.8.8"], 1, "Error: dns: '8.8.8.8' is not in the list\n"),
    (["remove", "preferred-languages", "--at", "1"], 0, ""),
    (["move", "dns", "1", "--to", "2"], 1, "Error: dns: no position 2 in a list of 1 element\n"),
    (
      ["add", "airplane", "x"], 1,
      "Error: 'airplane' is a switch item, not a list; only lists add, remove and move elements\n"
    ),
    (["add", "dnss", "1.1.1.1"], 1, "Error: unknown key 'dnss'; did you mean 'dns'?\n"),
    (
      ["add", "vpn", "port=1"], 1,
      "Error: vpn: expected field=value with a field of name, server, type, account, password\n"
    ),
    (["set", "vpn[1].server", "x"], 1, "Error: vpn: no position 1 in a list of 0 elements\n"),
    (
      ["set", "dns[1].server", "x"], 64,
      "Error: 'dns' is a list of values, whose elements have no fields: 'set dns[1] VALUE' changes element 1\n"
        + "Usage: settings set KEY VALUE | KEY=VALUE... [--add VALUE] [--remove VALUE]\n"
        + "                    [--message TEXT] [--json]\nSee 'settings help set' for more information.\n"
    ),
    (
      ["set", "dns[0]", "x"], 64,
      "Error: '0' is not a position in 'dns': positions count from 1, as 'settings get dns' prints the "
        + "elements\n"
        + "Usage: settings set KEY VALUE | KEY=VALUE... [--add VALUE] [--remove VALUE]\n"
        + "                    [--message TEXT] [--json]\nSee 'settings help set' for more information.\n"
    ),
    (
      ["set", "vpn[1]", "x"], 64,
      "Error: 'vpn' is a list of records: name the field to change, as in 'set vpn[1].FIELD VALUE' with a "
        + "FIELD of name, server, type, account, password\n"
        + "Usage: settings set KEY VALUE | KEY=VALUE... [--add VALUE] [--remove VALUE]\n"
        + "                    [--message TEXT] [--json]\nSee 'settings help set' for more information.\n"
    ),
    (["set", "dns[1]", "x.y"], 1, "Error: dns: must be an IP address, such as 1.1.1.1\n"),
    (["set", "dns[2]", "8.8.8.8"], 1, "Error: dns: no position 2 in a list of 1 element\n"),
    (
      ["add", "vpn", "server=x"], 1,
      "Error: vpn: element 1 has an empty name; a record's name titles it, so it holds a text\n"
    ),
    (
      ["remove", "dns"], 64,
      "Error: Give VALUE or --at N, one of them\nUsage: settings remove KEY [VALUE] [--at N] [--message TEXT] [--json]\n"
        + "See 'settings help remove' for more information.\n"
    ),
    (
      ["move", "dns", "1"], 64,
      "Error: Missing --to M for 'settings move'\nUsage: settings move KEY N [--to M] [--message TEXT] [--json]\n"
        + "See 'settings help move' for more information.\n"
    ),
    (
      ["move", "dns", "0", "--to", "1"], 64,
      "Error: Invalid position '0' for N; expected a whole number from 1\nUsage: settings move KEY N [--to M] "
        + "[--message TEXT] [--json]\nSee 'settings help move' for more information.\n"
    ),
  ]

  @Test(arguments: refusals)
  func refusalsNameTheKeyAndTheRule(arguments: [String], status: Int32, stderr: String) throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let outcome = fixture.run(arguments)
    #expect(outcome.status == status)
    #expect(outcome.stderr == stderr)
    if status != 0 { #expect((try? fixture.directory.read("s.json")) == nil) }
  }

  /// An element change of a stored list that its rules refuse would be made on the default and
  /// drop the stored elements: it is refused, and the store is left as it was.
  @Test func anElementChangeOfARefusedStoredListIsRefused() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let stored = #"{"dns": ["1.1.1.1", "not an address"]}"#
    _ = try fixture.directory.write("s.json", stored)
    let outcome = fixture.run(["add", "dns", "9.9.9.9"])
    #expect(outcome.status == 1)
    #expect(
      outcome.stderr
        == #"Error: 'dns' reads as its default, for its stored value is refused (["1.1.1.1", "not an address"]; "#
        + "expected a list of text matching [0-9]{1,3}([.][0-9]{1,3}){3}|[0-9a-fA-F]{0,4}(:[0-9a-fA-F]{0,4}){2,7}, at most 4 elements, each once); an element "
        + "change would drop the stored elements; set the whole list, or reset it to its default\n")
    #expect(try fixture.directory.read("s.json") == stored)
    #expect(fixture.run(["set", "dns", "9.9.9.9"]).status == 0)
    #expect(fixture.run(["add", "dns", "8.8.8.8"]).status == 0)
    #expect(fixture.run(["get", "dns"]).stdout == "9.9.9.9\n8.8.8.8\n")
  }

  /// A move in a long list is worded as the move, found in one pass over the list (it once tried
  /// every pair of positions, and `history` took minutes at 100 000 elements).
  @Test func aMoveInALongListIsWordedAsTheMove() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let document = try fixture.directory.write(
      "doc.json",
      #"{"id": "long", "sections": [{"items": [{"key": "dns", "type": "list", "title": "DNS Servers", "element": {"type": "textField"}}]}]}"#
    )
    let elements = (0..<20_000).map { "\"10.0.\($0 / 256).\($0 % 256)\"" }
    _ = try fixture.directory.write("s.json", #"{"dns": ["# + elements.joined(separator: ", ") + "]}")
    func run(_ arguments: [String]) -> CommandOutcome {
      runCLI(["-f", document, "--store", fixture.directory.file("s.json")] + arguments)
    }
    #expect(run(["move", "dns", "3", "--to", "19999"]).status == 0)
    #expect(run(["move", "dns", "19999", "--to", "2"]).status == 0)
    let lines = run(["history"]).stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
    #expect(
      lines == ["  dns (DNS Servers): moved 10.0.0.2 to 2", "  dns (DNS Servers): moved 10.0.0.2 to 19999"])
  }

  @Test func completionsOfferListKeysOnly() {
    let outcome = runCLI(["__complete", "--", "-f", examplePath("phone-settings.json"), "move", ""])
    #expect(
      outcome.stdout
        == "words\ndns\tDNS Servers\nvpn\tVPN Configurations\npreferred-languages\tLanguage Order\n")
  }
}
