import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// A list in the line mode: its page in numbered lines, and commands that add, delete (asking
/// first), move and change an element, each change said in one line; and `settings show KEY`
/// of a list.
@Suite(.serialized)
struct LineModeListTests {
  /// The line mode on the example document, the DNS servers' row selected.
  func lineScreen(_ store: any SettingsStore) async throws -> LineScreen {
    let loaded = try DocumentLoader.open(path: examplePath("phone-settings.json"), locales: ["en"])
    var screen = try SettingsScreen(document: loaded, store: store, width: 80, height: 24)
    await screen.jump(to: "dns")
    screen.status = nil
    return LineScreen(screen: screen)
  }

  /// What each line typed is answered, in order.
  func answers(_ lines: [String], _ screen: inout LineScreen) async -> [String] {
    var said: [String] = []
    for line in lines {
      said.append("> " + line)
      said += await screen.handle(line: line)
    }
    return said
  }

  /// `u` says an element change as `settings undo` does, not as the whole lists; a new value
  /// equal to the old one says that nothing changed.
  @Test func undoSaysTheElementChangeAndAnEqualValueChangesNothing() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var screen = try await lineScreen(FileStore(path: directory.file("s.json")))
    let said = await answers(["", "add 9.9.9.9", "1", "=1.1.1.1", "u"], &screen)
    #expect(
      Array(said.dropFirst(4)) == [
        "> add 9.9.9.9", "Added 9.9.9.9 at 2.", "> 1", "1. 1.1.1.1.", "> =1.1.1.1",
        "No change: the list is as it was.", "> u", "Undid change 1: DNS Servers: removed 9.9.9.9 from 2",
      ])
  }

  /// A deletion asked for follows its element when the list changes elsewhere, and is withdrawn
  /// when the element is gone: `y` never deletes the element that took its place.
  @Test func aDeletionAskedForFollowsItsElement() async throws {
    let store = MemoryStore()
    let elsewhere = Settings(
      document: try DocumentLoader.open(path: examplePath("phone-settings.json")).document, store: store)
    try elsewhere.set("dns", to: .list([.string("1.1.1.1"), .string("2.2.2.2"), .string("3.3.3.3")]))
    var screen = try await lineScreen(store)
    _ = await answers(["", "del 2"], &screen)
    func takeRemoval() throws -> [String] {
      let (shown, selected) = (screen.screen.listElementsShown(), screen.screen.level.selection)
      let change = try #require(try elsewhere.edit("dns", .remove(at: 1)))
      screen.screen.takeOutsideEvents([.changed(change)])
      return screen.followDeletion(from: shown, selected: selected)
    }
    #expect(try takeRemoval() == [])
    #expect(screen.prompt == .confirmDelete(1))
    #expect(try takeRemoval() == ["Nothing deleted: 2.2.2.2 was changed or removed elsewhere."])
    #expect(await answers(["y"], &screen).count == 2)
    #expect(try store.read().values["dns"]?.description == #"["3.3.3.3"]"#)
    // A selected element that is gone is no longer selected: =VALUE changes no other one.
    let reset = try #require(try elsewhere.set("dns", to: .list([.string("1.1.1.1"), .string("2.2.2.2")])))
    screen.screen.takeOutsideEvents([.changed(reset)])
    _ = await answers(["1"], &screen)
    #expect(
      try takeRemoval() == [
        "Element 1, 1.1.1.1, was changed or removed elsewhere; type a number to select one."
      ])
    #expect(
      await answers(["=5.5.5.5"], &screen) == [
        "> =5.5.5.5", "Refused: select an element first, by its number.",
      ])
    #expect(try store.read().values["dns"]?.description == #"["2.2.2.2"]"#)
  }

  /// `H` on a list page is the list's history, as on the list's row.
  @Test func historyOnAListPageIsTheListsAsOnItsRow() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var screen = try await lineScreen(FileStore(path: directory.file("s.json")))
    let onPage = await answers(["", "add 9.9.9.9", "mv 2 1", "2", "H"], &screen)
    let history = Array(onPage.drop { $0 != "> H" }.dropFirst())
    // Each change's head line has its time, user, host and program: its number and "ui" are pinned.
    #expect(
      history.enumerated().map { $0.offset % 2 == 1 ? String($0.element.prefix(9)) : $0.element } == [
        "History of DNS Servers, newest first:",
        "change 2 ", "  dns (DNS Servers): moved 9.9.9.9 to 1",
        "change 1 ", "  dns (DNS Servers): added 9.9.9.9 at 2",
      ])
    #expect(history[1].hasSuffix("  ui") && history[3].hasSuffix("  ui"))
    _ = await answers(["b"], &screen)
    #expect(await screen.handle(line: "H") == history)
  }

  @Test func commandsAddDeleteAfterAskingMoveAndChangeElementsEachSaidInOneLine() async throws {
    let store = MemoryStore()
    var screen = try await lineScreen(store)
    let input = [
      "", "add 9.9.9.9", "add nine", "add 8.8.8.8", "mv 3 1", "del 2", "n", "del 2", "y", "2", "=7.7.7.7",
      "3",
      "l",
    ]
    #expect(
      await answers(input, &screen) == [
        "> ",
        "Page Settings > DNS Servers, 1 element:",
        "1. 1.1.1.1.",
        "Commands: add VALUE (a record: add field=value ...), del N, mv N M, N then =VALUE (a record: =field=value), b back.",
        "> add 9.9.9.9",
        "Added 9.9.9.9 at 2.",
        "> add nine",
        "Refused: dns: must be an IP address, such as 1.1.1.1.",
        "> add 8.8.8.8",
        "Added 8.8.8.8 at 3.",
        "> mv 3 1",
        "Moved 8.8.8.8 to 1.",
        "> del 2",
        "Delete 1.1.1.1? Type y to delete it; anything else keeps it.",
        "> n",
        "Nothing deleted.",
        "> del 2",
        "Delete 1.1.1.1? Type y to delete it; anything else keeps it.",
        "> y",
        "Deleted 1.1.1.1 (was 2).",
        "> 2",
        "2. 9.9.9.9.",
        "> =7.7.7.7",
        "Element 2 is now 7.7.7.7.",
        "> 3",
        "Refused: there is no element 3; this list has 2.",
        "> l",
        "Page Settings > DNS Servers, 2 elements:",
        "1. 8.8.8.8.",
        "2. 7.7.7.7.",
        "Commands: add VALUE (a record: add field=value ...), del N, mv N M, N then =VALUE (a record: =field=value), b back.",
      ])
    #expect(try store.read().values["dns"]?.description == #"["8.8.8.8","7.7.7.7"]"#)
    let back = await answers(["b"], &screen)
    #expect(back.contains("16. DNS Servers: 2 items. Changed. Enter opens its elements."))
  }

  @Test func recordsAreAddedFromFieldsAndTheirFieldsSet() async throws {
    let store = MemoryStore()
    var screen = try await lineScreen(store)
    let input = [
      "17", "", "add name=Work server=vpn.example.com password=hunter2", "1", "=server=vpn2.example.com",
      "=server=/", "l", "1", "",
    ]
    #expect(
      await answers(input, &screen) == [
        "> 17",
        "17. VPN Configurations: 0 items. Secure. Enter opens its elements.",
        "> ",
        "Page Settings > VPN Configurations, 0 elements:",
        "Commands: add VALUE (a record: add field=value ...), del N, mv N M, N then =VALUE (a record: =field=value), b back.",
        "> add name=Work server=vpn.example.com password=hunter2",
        "Added Work at 1.",
        "> 1",
        "1. Work, vpn.example.com.",
        "> =server=vpn2.example.com",
        "Changed server of element 1.",
        "> =server=/",
        "Refused: vpn: element 1: server: must match the pattern [A-Za-z0-9.-]+.",
        "> l",
        "Page Settings > VPN Configurations, 1 element:",
        "1. Work, vpn2.example.com.",
        "Commands: add VALUE (a record: add field=value ...), del N, mv N M, N then =VALUE (a record: =field=value), b back.",
        "> 1",
        "1. Work, vpn2.example.com.",
        "> ",
        "Description: Work.", "Server: vpn2.example.com.", "Type: IKEv2.", "Account: (empty).",
        "Password: ••••••••.",
      ])
    #expect(
      try store.read().values["vpn"]?.description
        == #"[{"account":"","name":"Work","password":"hunter2","server":"vpn2.example.com","type":"ikev2"}]"#)
  }

  @Test func showPrintsAListsElements() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let environment = ["HOME": home.path, "COLUMNS": "40", "LANG": "C.UTF-8"]
    let path = examplePath("phone-settings.json")
    _ = try runBinary(["-f", path, "add", "dns", "9.9.9.9"], environment: environment)
    _ = try runBinary(
      ["-f", path, "add", "vpn", "name=Work", "server=vpn.example.com", "password=hunter2"],
      environment: environment)
    let dns = try runBinary(["-f", path, "show", "dns"], environment: environment)
    let lines = dns.stdout.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
    #expect(lines == ["Settings › DNS Servers", "", "  1.1.1.1", "  9.9.9.9", ""], "\(dns)")
    let vpn = try runBinary(["-f", path, "show", "vpn"], environment: environment)
    #expect(vpn.stdout == "Settings › VPN Configurations\n\n  Work                   vpn.example.… ›\n")
  }

  /// `show KEY --json` of a list prints its elements as `get KEY --json` does, a secure field
  /// masked as in the top page's JSON unless `--reveal`.
  @Test func showJSONPrintsAListsElementsAsGetDoes() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let environment = ["HOME": home.path, "LANG": "C.UTF-8"]
    let path = examplePath("phone-settings.json")
    _ = try runBinary(["-f", path, "add", "dns", "9.9.9.9"], environment: environment)
    _ = try runBinary(
      ["-f", path, "add", "vpn", "name=Work", "server=vpn.example.com", "password=hunter2"],
      environment: environment)
    let dns = try runBinary(["-f", path, "show", "dns", "--json"], environment: environment)
    #expect(dns.status == 0)
    #expect(dns.stdout == "[\n  \"1.1.1.1\",\n  \"9.9.9.9\"\n]\n")
    #expect(dns.stderr == "")
    #expect(
      try runBinary(["-f", path, "get", "dns", "--json"], environment: environment).stdout == dns.stdout)
    let vpn = try runBinary(["-f", path, "show", "vpn", "--json"], environment: environment)
    #expect(
      vpn.stdout == """
        [
          {
            "account": "",
            "name": "Work",
            "password": "••••••••",
            "server": "vpn.example.com",
            "type": "ikev2"
          }
        ]

        """)
    let revealed = try runBinary(["-f", path, "show", "vpn", "--json", "--reveal"], environment: environment)
    #expect(revealed.stdout == vpn.stdout.replacingOccurrences(of: "••••••••", with: "hunter2"))
  }
}
