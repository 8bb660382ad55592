import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// `settings ui` on sections read from items files, searching, failed pages and a damaged
/// view-state file, through a pseudo-terminal.
@Suite(.serialized)
struct ItemsFileScreenTests {
  func start(
    _ arguments: [String], home: TemporaryDirectory, width: Int = 50, height: Int = 12
  ) throws -> PseudoTerminal {
    try PseudoTerminal(
      arguments: arguments + ["ui"], environment: ["HOME": home.path, "TERM": "xterm", "LANG": "C"],
      width: width, height: height)
  }

  /// `/Notes` reaches "Notes 16" in apps.jsonl, `n` loads the next page to
  /// reach "Notes 36", and Space and `r` change those rows as `settings toggle` and `reset` do.
  @Test func itemsFileRowsAreFoundAndChangedOnLoadedPages() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let apps = examplePath("app-notifications.json")
    let terminal = try start(["-f", apps], home: home)
    #expect(terminal.waitFor(text: "미리보기 표시"))
    terminal.send("/Notes\r")
    #expect(terminal.waitFor { $0[11].hasPrefix("1 of 12: 알림 › Notes 16  (n: next)") })
    #expect(terminal.rows[10] == ">   📒 Notes 16                                off")
    terminal.send(" ")
    #expect(terminal.waitFor { $0[10] == "> * 📒 Notes 16                                 on" })
    #expect(terminal.rows[11] == "app-016 = on (modified)             ? help  q quit")
    // Notes 36 is on page 2, behind "Load more": the page is loaded and the row selected.
    terminal.send("n")
    #expect(terminal.waitFor { $0[11].hasPrefix("2 of 12: 알림 › Notes 36  (n: next)") })
    #expect(terminal.rows[10] == ">   📒 Notes 36                                 on")
    terminal.send(" ")
    #expect(terminal.waitFor { $0[10] == "> * 📒 Notes 36                                off" })
    terminal.send("r")
    #expect(terminal.waitFor { $0[11].hasPrefix("app-036 reset to its default") })
    #expect(terminal.rows[10] == ">   📒 Notes 36                                 on")
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
    #expect(try home.read(".config/settings/app-notifications.json") == "{\n  \"app-016\": true\n}\n")
    #expect(
      try runBinary(["-f", apps, "get", "app-016"], environment: ["HOME": home.path])
        == CommandOutcome(status: 0, stdout: "on\n", stderr: ""))
  }

  /// A page that fails to load says so on the status line with how to retry; the
  /// retry reads the fixed file. Choices on items-file rows step as `settings set` does.
  @Test func aFailedPageSaysHowToRetryAndItemsFileChoicesStep() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let document = try home.write(
      "doc.json",
      #"{"id": "t", "title": "T", "sections": [{"header": "Apps", "pageSize": 2, "itemsFile": "apps.jsonl"}]}"#
    )
    let good = [
      #"{"key": "a", "type": "switch", "title": "Alpha"}"#,
      #"{"key": "mode", "type": "rightDetail", "title": "Mode", "value": "x", "choices": [{"value": "x", "title": "Ex"}, {"value": "y", "title": "Why"}]}"#,
      #"{"key": "c", "type": "switch", "title": "Gamma"}"#,
    ]
    _ = try home.write("apps.jsonl", (good + [#"{"key": "d", "type": "switch"}"#]).joined(separator: "\n"))
    let terminal = try start(["-f", document], home: home, width: 40, height: 8)
    #expect(terminal.waitFor(text: "Alpha"))
    terminal.send("jj")
    #expect(terminal.waitFor { $0[7].hasPrefix("Enter loads more (2 remaining)") })
    terminal.send("\r")
    #expect(terminal.waitFor { $0[7] == "Loading failed (the row says why); fix …" }, "\(terminal.rows)")
    #expect(terminal.rows[4] == ">   Loading failed: \(home.path.prefix(17))… ›")
    _ = try home.write(
      "apps.jsonl", (good + [#"{"key": "d", "type": "switch", "title": "Delta"}"#]).joined(separator: "\n"))
    terminal.send("\r")
    #expect(terminal.waitFor { $0[4] == ">   Gamma                            off" }, "\(terminal.rows)")
    #expect(terminal.rows[5] == "    Delta                            off")
    terminal.send("k ")
    #expect(terminal.waitFor { $0[3] == "> * Mode" + String(repeating: " ", count: 27) + "Why ›" })
    #expect(terminal.rows[7] == "mode = Why (modified)     ? help  q quit")
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
    #expect(try home.read(".config/settings/t.json") == "{\n  \"mode\": \"y\"\n}\n")
  }

  /// An items file changed on disk reloads the screen, which keeps the pages the user loaded and
  /// the selected row; it once went unnoticed until the document itself changed.
  @Test func anItemsFileChangedOnDiskIsReloadedWithThePagesShown() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let document = try home.write(
      "doc.json",
      #"{"id": "t", "title": "T", "sections": [{"header": "Apps", "pageSize": 2, "itemsFile": "apps.jsonl"}]}"#
    )
    func items(_ third: String) -> String {
      ["Alpha", "Beta", third, "Delta", "Eps"].enumerated().map { index, title in
        #"{"key": "k\#(index)", "type": "switch", "title": "\#(title)"}"#
      }.joined(separator: "\n")
    }
    _ = try home.write("apps.jsonl", items("Gamma"))
    let terminal = try start(["-f", document], home: home, width: 40, height: 9)
    #expect(terminal.waitFor(text: "Alpha"))
    terminal.send("jj\r")
    #expect(terminal.waitFor { $0[4] == ">   Gamma                            off" }, "\(terminal.rows)")
    _ = try home.write("apps.jsonl", items("Gamma Ray"))
    #expect(terminal.waitFor { $0[4] == ">   Gamma Ray                        off" }, "\(terminal.rows)")
    #expect(terminal.rows[5] == "    Delta                            off")
    #expect(terminal.rows[8] == "The document changed on disk and was re…")
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
  }

  /// A match that `visibleWhen` hides says which item hides it.
  @Test func aHiddenMatchSaysWhatHidesIt() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let terminal = try start(
      ["-f", examplePath("phone-settings.json"), "--locale", "en"], home: home, width: 90, height: 10)
    #expect(terminal.waitFor(text: "Airplane Mode"))
    terminal.send("/allow\r")
    #expect(
      terminal.waitFor {
        $0[9].hasPrefix("1 of 1: Allow Calls From is hidden now: shown only while Do Not Disturb is on  ")
      }, "\(terminal.rows)")
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
  }

  /// A damaged view-state file is a warning, the sections show as shipped, and the
  /// next open or close replaces the file.
  @Test func aDamagedViewStateFileIsAWarningAndIsReplaced() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let viewState = ".config/settings/accordion-settings.view.json"
    try FileManager.default.createDirectory(
      atPath: home.file(".config/settings"), withIntermediateDirectories: true)
    _ = try home.write(viewState, #"{"network": "open"}"#)
    let terminal = try start(["-f", examplePath("accordion.json")], home: home, width: 250, height: 12)
    #expect(terminal.waitFor(text: "▾ 네트워크"))
    #expect(
      terminal.rows[11].hasPrefix(
        "Warning: ignored the view-state file \(home.path)/\(viewState) (1:13: \"network\" is a string; "
          + "expected true or false); sections show as shipped until the next expand or collapse replaces it")
    )
    terminal.send("\r")
    #expect(terminal.waitFor(text: "▸ 네트워크"))
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
    #expect(try home.read(viewState) == "{\n  \"network\": false\n}\n")
  }
}
