import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `settings ui` follows changes made elsewhere: another process's `settings set` redraws the row
/// and says so on the status line; the document changing on disk reloads the screen.
@Suite(.serialized)
struct LiveScreenTests {
  func pad(_ count: Int) -> String { String(repeating: " ", count: count) }

  static let document = """
    {"version": 1, "id": "live-ui", "title": "Live", "sections": [{"items": [
      {"key": "alpha", "type": "switch", "title": "Alpha", "on": false},
      {"key": "beta", "type": "switch", "title": "Beta", "on": false},
      {"key": "mode", "type": "rightDetail", "title": "Mode", "value": "a",
       "choices": [{"value": "a", "title": "Plain"}, {"value": "b", "title": "Bold"}]}
    ]}]}

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
      documentPath = try directory.write("doc.json", LiveScreenTests.document)
    }

    func start() throws -> PseudoTerminal {
      let terminal = try PseudoTerminal(arguments: ["ui"], environment: environment, width: 72, height: 8)
      #expect(terminal.waitFor(text: "Mode"))
      // The screen starts its watch (and reads the store) before it draws: it is in place now.
      return terminal
    }
  }

  @Test func aSetFromAnotherProcessRedrawsItsRowAndTheStatusLineSaysSo() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let terminal = try setup.start()
    #expect(
      terminal.rows[1...3] == [
        ">   Alpha" + pad(60) + "off", "    Beta" + pad(61) + "off", "    Mode" + pad(57) + "Plain ›",
      ])
    let before = terminal.transcript.count
    let outcome = try runBinary(["set", "beta=on", "mode=b"], environment: setup.environment)
    #expect(outcome.status == 0)
    #expect(terminal.waitFor(seconds: 20) { $0[7].contains(" changed elsewhere: ") })
    #expect(
      terminal.rows[1...3] == [
        ">   Alpha" + pad(60) + "off", "  * Beta" + pad(62) + "on", "  * Mode" + pad(58) + "Bold ›",
      ])
    // The watch hands the screen both changes of that one write as one update: the status line
    // names the last and counts the other (it once named beta alone, when the events of one read
    // reached the screen one at a time; LiveBatchTests forces that interleaving).
    #expect(
      terminal.rows[7] == "mode changed elsewhere: Plain → Bold (and 1 more)" + pad(9) + "? help  q quit")
    // Only the two rows and the status line are drawn again. (How soon is not checked here: a
    // loaded machine can hold the screen back for seconds; Benchmarks/watch.py measures the watch.)
    let redraw = String(decoding: terminal.transcript[before...], as: UTF8.self)
    #expect(redraw.components(separatedBy: ";1H").count - 1 == 3)
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func aLockAddedWhileOpenMarksTheRowAtOnceAndWhyAgrees() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let terminal = try setup.start()
    try FileManager.default.createDirectory(
      atPath: setup.directory.file("system/settings"), withIntermediateDirectories: true)
    let lockFile = setup.directory.file("system/settings/live-ui.json")
    try replaceByRename(lockFile, with: #"{"locked": {"beta": "Managed by IT"}}"#)
    #expect(terminal.waitFor(seconds: 20) { $0[7].contains("locked") })
    // The row says so at once (the lock changed no value).
    let dump = terminal.rows.joined(separator: "\n")
    #expect(
      terminal.rows[7].hasPrefix("beta is now locked: Managed by IT (\(lockFile.prefix(20))"), "\(dump)")
    #expect(terminal.rows[2].contains("🔒") || terminal.rows[2].lowercased().contains("locked"), "\(dump)")
    let why = try runBinary(["why", "beta"], environment: setup.environment)
    #expect(why.stdout.contains("Managed by IT"), "\(why)")
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func aChangeMadeOnTheScreenIsNotAnnouncedAsMadeElsewhere() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let terminal = try setup.start()
    terminal.send(" ")
    #expect(terminal.waitFor { $0[7].hasPrefix("alpha = on (modified)") })
    // A change made elsewhere after it: once the screen says that one, it has read the store past
    // its own write, and has said nothing of that write.
    #expect(try runBinary(["set", "beta", "on"], environment: setup.environment).status == 0)
    #expect(terminal.waitFor { $0[7].hasPrefix("beta changed elsewhere") }, "\(terminal.rows)")
    let seen = String(decoding: terminal.transcript, as: UTF8.self)
    #expect(!seen.contains("alpha changed elsewhere"), "\(seen)")
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func aBrokenStoreIsSaidOnTheStatusLineAndItsRepairShowsWhatDiffers() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let terminal = try setup.start()
    let store = setup.directory.file("store.json")
    try Data(#"{"beta": tr"#.utf8).write(to: URL(fileURLWithPath: store))
    #expect(terminal.waitFor(seconds: 20) { $0[7].hasPrefix("The store cannot be read") })
    #expect(
      terminal.rows[7]
        == "The store cannot be read, values as last read: \(store.prefix(24))…")
    #expect(terminal.rows[2] == "    Beta" + pad(61) + "off")
    try Data(#"{"beta": true}"#.utf8).write(to: URL(fileURLWithPath: store))
    #expect(terminal.waitFor(seconds: 20) { $0[7].hasPrefix("beta changed elsewhere: off → on") })
    #expect(terminal.rows[2] == "  * Beta" + pad(62) + "on")
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func aNewDocumentOnDiskReloadsTheScreen() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let terminal = try setup.start()
    terminal.send("j")
    #expect(terminal.waitFor { $0[2].hasPrefix(">   Beta") })
    let upgraded = LiveScreenTests.document.replacingOccurrences(
      of: "\"Beta\", \"on\": false", with: "\"Beta 2\", \"on\": true")
    let temporary = setup.directory.file("doc.json.new")
    try Data(upgraded.utf8).write(to: URL(fileURLWithPath: temporary))
    #expect(rename(temporary, setup.documentPath) == 0)
    #expect(terminal.waitFor(seconds: 20) { $0[2].contains("Beta 2") })
    // The selection stays on the same key; the new default shows.
    #expect(terminal.rows[2] == ">   Beta 2" + pad(60) + "on")
    #expect(
      terminal.rows[7].trimmingCharacters(in: .whitespaces)
        == "The document changed on disk and was reloaded (new defaults: beta)")
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
  }
}
