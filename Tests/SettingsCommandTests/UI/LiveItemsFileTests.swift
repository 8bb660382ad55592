import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// `settings ui` follows changes made elsewhere to items that live in an items file: another
/// process's `settings set` redraws the row (and the status line says so) in the full screen and is
/// one line in the line mode. The watch once knew the document's own keys only: such a row kept its
/// old value until something else drew it.
@Suite(.serialized)
struct LiveItemsFileTests {
  func pad(_ count: Int) -> String { String(repeating: " ", count: count) }

  static let document = """
    {"version": 1, "id": "apps", "title": "Apps", "sections": [
      {"items": [{"key": "beta", "type": "switch", "title": "Beta"}]},
      {"header": "Apps", "itemsFile": "apps.jsonl"}
    ]}

    """

  static let items = """
    {"key": "app-a", "type": "switch", "title": "App A"}
    {"key": "app-b", "type": "switch", "title": "App B"}

    """

  struct Setup {
    let directory: TemporaryDirectory
    let documentPath: String
    var environment: [String: String] {
      [
        "SETTINGS_FILE": documentPath, "SETTINGS_STORE": directory.file("store.json"), "TERM": "xterm",
        "LANG": "C", "XDG_CONFIG_DIRS": directory.file("system"),
      ]
    }

    init() throws {
      directory = try TemporaryDirectory()
      documentPath = try directory.write("doc.json", LiveItemsFileTests.document)
      _ = try directory.write("apps.jsonl", LiveItemsFileTests.items)
    }
  }

  @Test func anItemsFileRowSetElsewhereIsRedrawnAndSaid() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let terminal = try PseudoTerminal(arguments: ["ui"], environment: setup.environment, width: 40, height: 8)
    #expect(terminal.waitFor(text: "App B"))
    let set = try runBinary(["set", "app-b", "on"], environment: setup.environment)
    #expect(set == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(terminal.waitFor(seconds: 20) { $0[7].contains(" changed elsewhere: ") })
    #expect(
      terminal.rows == [
        "Apps",
        ">   Beta" + pad(29) + "off",
        "",
        "  Apps",
        "    App A" + pad(28) + "off",
        "  * App B" + pad(29) + "on",
        "",
        "app-b changed elsewhere: off → on" + pad(7),
      ])
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func anItemsFileRowSetElsewhereIsOneLineInTheLineMode() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    var environment = setup.environment
    environment["TERM"] = "dumb"
    let terminal = try PseudoTerminal(arguments: ["ui"], environment: environment, width: 80, height: 24)
    #expect(terminal.waitFor(text: "3. App B: off. Enter turns it on."))
    let set = try runBinary(["set", "app-b", "on"], environment: setup.environment)
    #expect(set.status == 0)
    #expect(terminal.waitFor(text: "App B: on, changed elsewhere.", seconds: 20))
    terminal.send("q\r")
    #expect(terminal.waitForExit() == 0)
    let transcript = String(decoding: terminal.transcript, as: UTF8.self)
      .replacingOccurrences(of: "\r\n", with: "\n")
    #expect(
      transcript == """
        Settings, line mode. Type a row's number to select it, an empty line for Enter, ? for help, q to quit.
        Page Apps, 3 rows:
        1. Beta: off. Enter turns it on.
        Section Apps:
        2. App A: off. Enter turns it on.
        3. App B: off. Enter turns it on.
        App B: on, changed elsewhere.
        q
        Quit.

        """)
  }

  /// A row of an items file not loaded yet (behind "More: 1 not shown yet") that another process
  /// sets is said by its title, read from the items file, as a document's row not shown yet is
  /// (`지갑: on, changed elsewhere.`): the line mode said nothing for it.
  @Test func anItemsFileRowNotLoadedYetIsSaidByItsTitle() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    _ = try setup.directory.write(
      "doc.json",
      Self.document.replacingOccurrences(
        of: #""itemsFile": "apps.jsonl""#, with: #""itemsFile": "apps.jsonl", "pageSize": 1"#))
    var environment = setup.environment
    environment["TERM"] = "dumb"
    let terminal = try PseudoTerminal(arguments: ["ui"], environment: environment, width: 80, height: 24)
    #expect(terminal.waitFor(text: "3. More: 1 not shown yet. Enter loads them."))
    let set = try runBinary(["set", "app-b", "on"], environment: setup.environment)
    #expect(set.status == 0)
    #expect(terminal.waitFor(text: "App B: on, changed elsewhere.", seconds: 20))
    terminal.send("q\r")
    #expect(terminal.waitForExit() == 0)
    let transcript = String(decoding: terminal.transcript, as: UTF8.self)
      .replacingOccurrences(of: "\r\n", with: "\n")
    #expect(
      transcript == """
        Settings, line mode. Type a row's number to select it, an empty line for Enter, ? for help, q to quit.
        Page Apps, 3 rows:
        1. Beta: off. Enter turns it on.
        Section Apps:
        2. App A: off. Enter turns it on.
        3. More: 1 not shown yet. Enter loads them.
        App B: on, changed elsewhere.
        q
        Quit.

        """)
  }
}
