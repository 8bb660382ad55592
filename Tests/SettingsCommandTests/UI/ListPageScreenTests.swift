import Foundation
import SettingsPOSIX
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// A list row opens the page of its elements: keys in, lines out, on the example document's DNS
/// servers (text with a pattern, unique, at most 4), VPN configurations (records with a secure
/// password) and preferred languages (choices).
@Suite(.serialized)
struct ListPageScreenTests {
  /// The screen on the example document's Network section, with its values in `store`.
  func screen(_ store: any SettingsStore, width: Int = 50, height: Int = 12) async throws -> SettingsScreen {
    let loaded = try DocumentLoader.open(path: examplePath("phone-settings.json"), locales: ["en"])
    var screen = try SettingsScreen(document: loaded, store: store, width: width, height: height)
    await screen.jump(to: "dns")
    screen.status = nil
    return screen
  }

  func type(_ text: String, into screen: inout SettingsScreen) async {
    for character in text { await screen.handle(.character(character)) }
  }

  /// Types `text`, then Enter.
  func submit(_ text: String, into screen: inout SettingsScreen) async {
    await type(text, into: &screen)
    await screen.handle(.enter)
  }

  /// The example document's settings over `store`, writing as another program would.
  func settings(_ store: any SettingsStore) throws -> Settings {
    Settings(
      document: try DocumentLoader.open(path: examplePath("phone-settings.json")).document, store: store)
  }

  /// The stored value of `key` as compact JSON; nil when the store has none.
  func stored(_ store: any SettingsStore, _ key: String) throws -> String? {
    try store.read().values[key]?.description
  }

  /// The body's lines, without the padding at their ends.
  func shown(_ screen: SettingsScreen) -> [String] {
    screen.lines().map { String($0.reversed().drop { $0 == " " }.reversed()) }
  }

  /// `a` on a list that holds its most elements says so, and opens no editor.
  @Test func aFullListRefusesToAddBeforeAnythingIsTyped() async throws {
    let full = ["1.1.1.1", "2.2.2.2", "3.3.3.3", "4.4.4.4"].map(SettingValue.string)
    let store = MemoryStore(values: ["dns": SettingValue.list(full).json])
    var screen = try await screen(store, width: 80)
    await screen.handle(.enter)
    await screen.handle(.character("a"))
    #expect(
      shown(screen).last == "Refused: the list holds its most elements (4): delete one first   ? help  q quit"
    )
    await type("5", into: &screen)
    #expect(try stored(store, "dns") == #"["1.1.1.1","2.2.2.2","3.3.3.3","4.4.4.4"]"#)
  }

  @Test func aListRowOpensThePageOfItsElementsThenAdd() async throws {
    let store = MemoryStore()
    var screen = try await screen(store, height: 7)
    #expect(shown(screen)[5] == ">      DNS Servers                        1 item ›")
    await screen.handle(.enter)
    #expect(
      shown(screen) == [
        "Settings › DNS Servers",
        ">   1.1.1.1",
        "    Add…",
        "    Enter edits, a adds, d deletes, K J move",
        "", "",
        "dns[1] = 1.1.1.1                    ? help  q quit",
      ])
    await screen.handle(.down)
    #expect(shown(screen).last == "Enter adds to dns                   ? help  q quit")
    await screen.handle(.escape)
    await screen.handle(.down)
    await screen.handle(.down)
    await screen.handle(.right)
    // A list of choices shows each by its title.
    #expect(
      shown(screen) == [
        "Settings › Language Order",
        ">   English",
        "    한국어",
        "    Add…",
        "    Enter edits, a adds, d deletes, K J move",
        "",
        "preferred-languages[1] = English    ? help  q quit",
      ])
    // Enter on a choice steps it to the next choice; a choice already in the list is refused.
    await screen.handle(.enter)
    #expect(shown(screen).last?.hasPrefix("Error: ") == true)
    #expect(try stored(store, "preferred-languages") == nil)
    await screen.handle(.character("a"))
    #expect(try stored(store, "preferred-languages") == #"["en","ko","ja"]"#)
    #expect(shown(screen)[3] == ">   日本語")
    // With every choice in the list, `a` says so and changes nothing.
    await screen.handle(.character("a"))
    #expect(shown(screen).last?.contains("every choice is in the list already") == true)
    #expect(try stored(store, "preferred-languages") == #"["en","ko","ja"]"#)
  }

  @Test func keysAddEditMoveAndDeleteAfterAsking() async throws {
    let store = MemoryStore()
    var screen = try await screen(store)
    await screen.handle(.enter)
    await screen.handle(.character("a"))
    await type("9.9.9.9", into: &screen)
    #expect(shown(screen)[2] == ">   Add…                                  9.9.9.9|")
    #expect(shown(screen).last == "Enter: save  Esc: cancel")
    await screen.handle(.enter)
    #expect(
      Array(shown(screen)[1...3]) == [
        "    1.1.1.1",
        ">   9.9.9.9",
        "    Add…",
      ])
    #expect(try stored(store, "dns") == #"["1.1.1.1","9.9.9.9"]"#)
    // Enter edits the element in its row, titled by its position.
    await screen.handle(.enter)
    await screen.handle(.clearLine)
    await type("8.8.8.8", into: &screen)
    #expect(shown(screen)[2] == ">   2                                     8.8.8.8|")
    await screen.handle(.enter)
    #expect(shown(screen)[2] == ">   8.8.8.8")
    #expect(try stored(store, "dns") == #"["1.1.1.1","8.8.8.8"]"#)
    // K moves it up, the selection with it; J down again.
    await screen.handle(.character("K"))
    #expect(Array(shown(screen)[1...2]) == [">   8.8.8.8", "    1.1.1.1"])
    #expect(try stored(store, "dns") == #"["8.8.8.8","1.1.1.1"]"#)
    await screen.handle(.character("J"))
    await screen.handle(.character("K"))
    // d asks first; any key but y keeps the element.
    await screen.handle(.character("d"))
    #expect(shown(screen).last == "Delete 8.8.8.8? y/n")
    #expect(screen.cursor == ScreenCursor(row: 11, column: 19))
    await screen.handle(.character("n"))
    #expect(shown(screen).last == "Nothing deleted                     ? help  q quit")
    #expect(try stored(store, "dns") == #"["8.8.8.8","1.1.1.1"]"#)
    await screen.handle(.delete)
    await screen.handle(.character("y"))
    #expect(
      Array(shown(screen)[1...3]) == [
        ">   1.1.1.1",
        "    Add…",
        "    Enter edits, a adds, d deletes, K J move",
      ])
    #expect(shown(screen).last == "Deleted 8.8.8.8                     ? help  q quit")
    #expect(try stored(store, "dns") == #"["1.1.1.1"]"#)
    // Back on the parent page, the row counts the elements.
    await screen.handle(.escape)
    #expect(shown(screen)[10] == "> *    DNS Servers                        1 item ›")
  }

  @Test func aRefusedAddSaysWhyAndChangesNothing() async throws {
    let store = MemoryStore()
    try settings(store).set("dns", to: .list(["1.1.1.1", "2.2.2.2", "3.3.3.3"].map { .string($0) }))
    var screen = try await screen(store)
    await screen.handle(.enter)
    await screen.handle(.character("a"))
    await submit("nine", into: &screen)
    // The error names the list, as a refused value of any other row names its key.
    #expect(
      Array(shown(screen)[4...7]) == [
        ">   Add…                                     nine|",
        "    Error: dns: must be an IP address, such as",
        "    1.1.1.1",
        "    Enter edits, a adds, d deletes, K J move",
      ])
    await screen.handle(.clearLine)
    await submit("1.1.1.1", into: &screen)
    #expect(shown(screen)[5].hasPrefix("    Error: ") && shown(screen)[5].contains("1.1.1.1"))
    await screen.handle(.clearLine)
    await submit("4.4.4.4", into: &screen)
    // Full: `a` says so before anything is typed.
    await screen.handle(.character("a"))
    #expect(shown(screen).last?.hasPrefix("Refused: the list holds its most elements (4)") == true)
    #expect(
      try stored(store, "dns")
        == #"["1.1.1.1","2.2.2.2","3.3.3.3","4.4.4.4"]"#)
    #expect(Array(shown(screen)[4...5]) == [">   4.4.4.4", "    Add…"])
    // An element of the full list takes a new value in its place.
    await screen.handle(.home)
    await screen.handle(.enter)
    await screen.handle(.clearLine)
    await submit("5.5.5.5", into: &screen)
    #expect(shown(screen)[1] == ">   5.5.5.5")
    #expect(try stored(store, "dns") == #"["5.5.5.5","2.2.2.2","3.3.3.3","4.4.4.4"]"#)
  }

  @Test func aRecordOpensAFormOfItsFieldsASecretMasked() async throws {
    let store = MemoryStore()
    var screen = try await screen(store)
    await screen.handle(.down)
    await screen.handle(.enter)
    #expect(Array(shown(screen)[1...2]) == [">   Add…", "    Enter edits, a adds, d deletes, K J move"])
    await screen.handle(.enter)
    #expect(
      shown(screen) == [
        "Settings › VPN Configurations › New",
        ">   Description",
        "    Server",
        "    Type                                   IKEv2 ›",
        "    Account",
        "    Password",
        "    Add",
        "    Fill in the fields, then Enter on Add",
        "", "", "",
        "New record's name                   ? help  q quit",
      ])
    await screen.handle(.enter)
    await submit("Work", into: &screen)
    await screen.handle(.down)
    await screen.handle(.enter)
    await submit("vpn.example.com", into: &screen)
    await screen.handle(.down)
    await screen.handle(.enter)
    await screen.handle(.down)
    await screen.handle(.down)
    await screen.handle(.enter)
    await type("hunter2", into: &screen)
    #expect(shown(screen)[5] == ">   Password                              •••••••|")
    await screen.handle(.enter)
    // Nothing is stored before Add.
    #expect(try stored(store, "vpn") == nil)
    await screen.handle(.end)
    await screen.handle(.enter)
    #expect(
      Array(shown(screen)[0...2]) == [
        "Settings › VPN Configurations",
        ">   Work                         vpn.example.com ›",
        "    Add…",
      ])
    #expect(shown(screen).last == "Added Work                          ? help  q quit")
    await screen.handle(.enter)
    #expect(
      Array(shown(screen)[0...6]) == [
        "Settings › VPN Configurations › Work",
        ">   Description                               Work",
        "    Server                         vpn.example.com",
        "    Type                                    L2TP ›",
        "    Account",
        "    Password                              ••••••••",
        "    Enter edits a field; Esc goes back",
      ])
    // A field of a stored record changes at once; a refused one says why.
    await screen.handle(.down)
    await screen.handle(.enter)
    await submit("/", into: &screen)
    #expect(
      Array(shown(screen)[2...5]) == [
        ">   Server                       vpn.example.com/|",
        "    Error: vpn: element 1: server: must match the",
        "    pattern [A-Za-z0-9.-]+",
        "    Type                                    L2TP ›",
      ])
    await screen.handle(.escape)
    await screen.handle(.down)
    await screen.handle(.enter)
    #expect(shown(screen)[3] == ">   Type                                   IKEv2 ›")
    #expect(
      try stored(store, "vpn")
        == #"[{"account":"","name":"Work","password":"hunter2","server":"vpn.example.com","type":"ikev2"}]"#)
  }

  @Test func undoTakesAnElementChangeBackAndAnAddMadeElsewhereShows() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = FileStore(path: directory.file("store.json"))
    var screen = try await screen(store)
    await screen.handle(.enter)
    await screen.handle(.character("a"))
    await submit("9.9.9.9", into: &screen)
    await screen.handle(.character("K"))
    #expect(try stored(store, "dns") == #"["9.9.9.9","1.1.1.1"]"#)
    await screen.handle(.character("u"))
    #expect(try stored(store, "dns") == #"["1.1.1.1","9.9.9.9"]"#)
    // The selection stays in its place; the element moved back under it.
    #expect(Array(shown(screen)[1...2]) == [">   1.1.1.1", "    9.9.9.9"])
    await screen.handle(.character("u"))
    // The add is taken back: the list follows its default again.
    #expect(screen.status == "Undid change 1: DNS Servers: removed 9.9.9.9 from 2")
    #expect(try stored(store, "dns") == nil)
    #expect(Array(shown(screen)[1...2]) == [">   1.1.1.1", "    Add…"])
    // Another process adds an element: the open page shows it.
    let elsewhere = try settings(store)
    let change = try #require(try elsewhere.edit("dns", .add(.string("4.4.4.4"), at: 1)))
    screen.takeOutsideEvents([.changed(change)])
    // The selection follows its element.
    #expect(Array(shown(screen)[1...3]) == ["    4.4.4.4", ">   1.1.1.1", "    Add…"])
  }

  /// A change made elsewhere moves what stands on an element with it: a deletion asked for, an
  /// open record's form; where the element is gone, the question is withdrawn and the form closes,
  /// and nothing is done to the element that took its place.
  @Test func whatStandsOnAnElementFollowsItWhenTheListChangesElsewhere() async throws {
    let store = MemoryStore()
    let elsewhere = try settings(store)
    try elsewhere.set("dns", to: .list([.string("1.1.1.1"), .string("2.2.2.2"), .string("3.3.3.3")]))
    var screen = try await screen(store)
    await screen.handle(.enter)
    await screen.handle(.down)
    await screen.handle(.character("d"))
    #expect(shown(screen).last == "Delete 2.2.2.2? y/n")
    var change = try #require(try elsewhere.edit("dns", .remove(at: 1)))
    screen.takeOutsideEvents([.changed(change)])
    #expect(shown(screen).last == "Delete 2.2.2.2? y/n")
    change = try #require(try elsewhere.edit("dns", .remove(at: 1)))
    screen.takeOutsideEvents([.changed(change)])
    #expect(
      screen.status
        == "dns changed elsewhere: 2 items → 1 item; 2.2.2.2 was changed or removed elsewhere; nothing was done to it"
    )
    await screen.handle(.character("y"))
    #expect(try stored(store, "dns") == #"["3.3.3.3"]"#)

    // A record's form follows its record, and closes when it is gone.
    try elsewhere.set(
      "vpn",
      to: .list(
        ["One", "Two", "Three"].map {
          .record([
            "name": .string($0), "server": .string("\($0).example"), "type": .string("ikev2"),
            "account": .string(""), "password": .string(""),
          ])
        }))
    screen = try await self.screen(store)
    await screen.handle(.down)
    await screen.handle(.enter)
    await screen.handle(.down)
    await screen.handle(.enter)
    #expect(shown(screen)[0] == "Settings › VPN Configurations › Two")
    change = try #require(try elsewhere.edit("vpn", .remove(at: 1)))
    screen.takeOutsideEvents([.changed(change)])
    #expect(
      Array(shown(screen)[0...1]) == [
        "Settings › VPN Configurations › Two", ">   Description                                Two",
      ])
    await screen.handle(.down)
    await screen.handle(.enter)
    await screen.handle(.clearLine)
    await submit("two.example", into: &screen)
    #expect(try stored(store, "vpn")?.contains(#""name":"Two","password":"","server":"two.example""#) == true)
    change = try #require(try elsewhere.edit("vpn", .remove(at: 1)))
    screen.takeOutsideEvents([.changed(change)])
    #expect(shown(screen)[0] == "Settings › VPN Configurations")
    #expect(screen.status?.hasSuffix("Two was changed or removed elsewhere; nothing was done to it") == true)
  }

  /// A field being edited when its record is removed elsewhere keeps its line: what is typed
  /// stays in it (never taken as keys, such as `d` then `y`), and Enter closes it and the form,
  /// saving nothing.
  @Test func anEditWhoseRecordIsRemovedElsewhereSavesNothingAndTakesNoKeys() async throws {
    let store = MemoryStore()
    let elsewhere = try settings(store)
    try elsewhere.set(
      "vpn",
      to: .list(
        ["One", "Two"].map {
          .record([
            "name": .string($0), "server": .string("\($0).example"), "type": .string("ikev2"),
            "account": .string(""), "password": .string(""),
          ])
        }))
    var screen = try await self.screen(store)
    await screen.handle(.down)
    await screen.handle(.enter)
    await screen.handle(.enter)
    await screen.handle(.down)
    await screen.handle(.enter)
    let change = try #require(try elsewhere.edit("vpn", .remove(at: 1)))
    let before = try stored(store, "vpn")
    screen.takeOutsideEvents([.changed(change)])
    await type("dy", into: &screen)
    await screen.handle(.enter)
    #expect(screen.status == "Nothing saved: One was changed or removed elsewhere")
    #expect(shown(screen)[0] == "Settings › VPN Configurations")
    #expect(try stored(store, "vpn") == before)
  }

  /// `H` on a list's page shows the list's history, as on its row.
  @Test func historyOnAListsPageIsTheLists() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var screen = try await screen(FileStore(path: directory.file("store.json")))
    await screen.handle(.enter)
    await screen.handle(.character("a"))
    await submit("9.9.9.9", into: &screen)
    await screen.handle(.character("H"))
    guard case .history(let view) = screen.mode else {
      Issue.record("no history: \(screen.mode), \(String(describing: screen.status))")
      return
    }
    #expect(view.heading == "History of DNS Servers, newest first:")
    #expect(view.changes.count == 1)
    await screen.handle(.escape)
    await screen.handle(.escape)
    await screen.handle(.character("H"))
    #expect(screen.mode == .history(view))
  }

  @Test func aListASystemFileLocksIsReadOnly() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(
      atPath: directory.file("system/settings"), withIntermediateDirectories: true)
    _ = try directory.write(
      "system/settings/phone-settings.json",
      #"{"values": {"dns": ["10.0.0.1"]}, "locked": {"dns": "Set by your network"}}"#)
    let loaded = try DocumentLoader.open(path: examplePath("phone-settings.json"), locales: ["en"])
    let store = MemoryStore()
    let layers = LayeredStore(
      user: store, documentID: "phone-settings", directories: [SystemPath(directory.file("system"))])
    var screen = try SettingsScreen(document: loaded, layers: layers, width: 50, height: 8)
    await screen.jump(to: "dns")
    await screen.handle(.enter)
    #expect(Array(shown(screen)[1...2]) == ["> 🔒10.0.0.1", "  🔒Add…"])
    let refusal = "Error: 'dns' is locked by \(directory.path)/system/settings/phone-settings.json: Set"
    for key in [KeyPress.enter, .character("a"), .character("d"), .down, .enter] {
      await screen.handle(key)
      #expect(screen.status?.hasPrefix(refusal) == true || key == .down)
    }
    #expect(screen.mode == .browse)
    #expect(try stored(store, "dns") == nil)
  }

  @Test func throughATerminalAnElementIsAddedAndDeletedAfterAsking() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let path = examplePath("phone-settings.json")
    let terminal = try PseudoTerminal(
      arguments: ["-f", path, "--locale", "en", "ui"],
      environment: ["HOME": home.path, "TERM": "xterm", "LANG": "C.UTF-8"], width: 50, height: 8)
    func shows(_ lines: [String]) -> Bool {
      let trimmed = { (rows: [String]) in rows.map { String($0.reversed().drop { $0 == " " }.reversed()) } }
      let shown = terminal.waitFor { Array(trimmed($0).prefix(lines.count)) == lines }
      if !shown { Issue.record("the screen is \(trimmed(terminal.rows))") }
      return shown
    }
    #expect(terminal.waitFor(text: "? help"))
    terminal.send("/dns\r")
    #expect(terminal.waitFor(text: "DNS Servers"))
    terminal.send("\r")
    #expect(shows(["Settings › DNS Servers", ">   1.1.1.1", "    Add…"]))
    terminal.send("a9.9.9.9\r")
    #expect(shows(["Settings › DNS Servers", "    1.1.1.1", ">   9.9.9.9", "    Add…"]))
    terminal.send("K")
    #expect(shows(["Settings › DNS Servers", ">   9.9.9.9", "    1.1.1.1", "    Add…"]))
    terminal.send("j")
    terminal.send("\u{1B}[3~")
    #expect(terminal.waitFor(text: "Delete 1.1.1.1? y/n"))
    terminal.send("y")
    // The selection keeps its place, on "Add…" now.
    #expect(shows(["Settings › DNS Servers", "    9.9.9.9", ">   Add…"]))
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
    let stored = try runBinary(["-f", path, "get", "dns"], environment: ["HOME": home.path])
    #expect(stored.stdout == "9.9.9.9\n")
  }
}
