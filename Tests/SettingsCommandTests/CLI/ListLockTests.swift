import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// A list whose value a system file supplies and locks: `get` shows the system's elements, and
/// every element change (`add`, `remove`, `move`, `set KEY[N].field`) is refused as a locked
/// `set` is, with nothing written.
@Suite(.serialized)
struct ListLockTests {
  static let document = """
    {"id": "phone", "sections": [{"items": [
      {"key": "dns", "type": "list", "title": "DNS Servers", "element": {"type": "textField"},
       "unique": true, "value": ["1.1.1.1"]},
      {"key": "vpn", "type": "list", "title": "VPN", "titleField": "name",
       "fields": [{"key": "name", "type": "textField", "title": "Name"},
                  {"key": "server", "type": "textField", "title": "Server"}],
       "unique": "name"},
      {"key": "airplane", "type": "switch", "title": "Airplane Mode"}
    ]}]}
    """

  /// The system file: both lists set and locked.
  static let system = """
    {
      "values": {
        "dns": ["10.0.0.1", "10.0.0.2"],
        "vpn": [{"name": "Office", "server": "vpn.example.com"}]
      },
      "locked": {"dns": "Managed by your organisation", "vpn": "Managed by your organisation"}
    }
    """

  /// The user's store, with an older list of their own: kept but not used.
  static let store = #"{"dns": ["9.9.9.9"]}"#

  struct Fixture {
    let directory: TemporaryDirectory

    init() throws {
      directory = try TemporaryDirectory()
      try directory.write("doc.json", ListLockTests.document)
      try directory.write("s.json", ListLockTests.store)
      try FileManager.default.createDirectory(
        atPath: directory.file("a/settings"), withIntermediateDirectories: true)
      try directory.write("a/settings/phone.json", ListLockTests.system)
    }

    /// Runs the command line with the system directory; the directory's path reads as `T`.
    func run(_ arguments: [String]) -> CommandOutcome {
      let outcome = runCLI(
        arguments,
        environment: [
          "SETTINGS_FILE": directory.file("doc.json"), "SETTINGS_STORE": directory.file("s.json"),
          "XDG_CONFIG_DIRS": directory.file("a"),
        ])
      func clean(_ text: String) -> String { text.replacingOccurrences(of: directory.path, with: "T") }
      return CommandOutcome(
        status: outcome.status, stdout: clean(outcome.stdout), stderr: clean(outcome.stderr))
    }
  }

  @Test func getShowsTheSystemsList() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(
      fixture.run(["get", "dns"]) == CommandOutcome(status: 0, stdout: "10.0.0.1\n10.0.0.2\n", stderr: ""))
    #expect(
      fixture.run(["get", "dns", "--json"])
        == CommandOutcome(status: 0, stdout: "[\n  \"10.0.0.1\",\n  \"10.0.0.2\"\n]\n", stderr: ""))
    #expect(
      fixture.run(["get", "vpn"])
        == CommandOutcome(status: 0, stdout: "Office\tserver=vpn.example.com\n", stderr: ""))
  }

  static let dnsLocked =
    "Error: 'dns' is locked by T/a/settings/phone.json: Managed by your organisation; "
    + "'settings why dns' explains it\n"
  static let vpnLocked =
    "Error: 'vpn' is locked by T/a/settings/phone.json: Managed by your organisation; "
    + "'settings why vpn' explains it\n"

  @Test(
    arguments: [
      (["add", "dns", "8.8.8.8"], dnsLocked),
      (["add", "dns", "8.8.8.8", "--at", "1"], dnsLocked),
      (["remove", "dns", "10.0.0.1"], dnsLocked),
      (["remove", "dns", "--at", "1"], dnsLocked),
      (["move", "dns", "2", "--to", "1"], dnsLocked),
      (["set", "dns", "8.8.8.8"], dnsLocked),
      (["reset", "dns"], dnsLocked),
      (["add", "vpn", "name=Home", "server=home.example"], vpnLocked),
      (["remove", "vpn", "Office"], vpnLocked),
      (["set", "vpn[1].server", "other.example"], vpnLocked),
    ])
  func everyChangeOfTheLockedListIsRefusedAndNothingIsWritten(arguments: [String], error: String) throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(fixture.run(arguments) == CommandOutcome(status: 1, stdout: "", stderr: error))
    #expect(try fixture.directory.read("s.json") == Self.store)
    #expect(try fixture.directory.read("s.json.journal") == nil)
  }
}
