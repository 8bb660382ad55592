import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// `settings ui` driven through a pseudo-terminal: keys in, screen and store out, modes restored.
@Suite(.serialized)
struct InteractiveScreenTests {
  func start(_ arguments: [String] = [], home: TemporaryDirectory, width: Int = 60, height: Int = 20) throws
    -> PseudoTerminal
  {
    try PseudoTerminal(
      arguments: arguments + ["ui"], environment: ["HOME": home.path, "TERM": "xterm", "LANG": "C"],
      width: width,
      height: height)
  }

  @Test func toggleAirplaneModeQuitAndSeeItInGet() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let terminal = try start(home: home)
    #expect(terminal.waitFor(text: "에어플레인 모드"))
    #expect(terminal.rows[0] == "설정")
    #expect(terminal.rows[2].hasPrefix(">   👤 Kim"))
    terminal.send("\u{1B}[B")
    #expect(
      terminal.waitFor(text: "> ") && terminal.waitFor { $0.contains { $0.hasPrefix(">   🛫 에어플레인 모드") } })
    terminal.send(" ")
    #expect(terminal.waitFor { $0.contains("> * 🛫 에어플레인 모드                                    on") })
    #expect(terminal.rows[19].hasPrefix("airplane = on (modified)"))
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
    #expect(sameModes(terminal.currentModes(), terminal.originalModes))
    let transcript = String(decoding: terminal.transcript, as: UTF8.self)
    #expect(transcript.hasPrefix("\u{1B}[?1049h\u{1B}[?25l"))
    #expect(transcript.hasSuffix("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"))
    #expect(try runBinary(["get", "airplane"], environment: ["HOME": home.path]).stdout == "on\n")
  }

  @Test func everyLineFitsTheWidthAndOnlyChangedLinesAreRedrawn() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let terminal = try start(home: home, width: 30, height: 12)
    #expect(terminal.waitFor(text: "에어플레인"))
    for line in terminal.rows { #expect(DisplayWidth.of(line) <= 30, "\(line)") }
    let before = terminal.transcript.count
    terminal.send("j")
    #expect(terminal.waitFor { $0.contains { $0.hasPrefix(">   🛫") } })
    let redraw = String(decoding: terminal.transcript[before...], as: UTF8.self)
    // The old selected row (its title and subtitle lines lose the reverse video), the new one and
    // the status line: four lines, not the whole screen.
    #expect(redraw.components(separatedBy: ";1H").count - 1 == 4)
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func resizeRedrawsAtTheNewSize() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let terminal = try start(home: home)
    #expect(terminal.waitFor(text: "에어플레인"))
    terminal.resize(width: 24, height: 10)
    #expect(terminal.waitFor { $0.count == 10 && $0[9].hasPrefix("account") })
    for line in terminal.rows { #expect(DisplayWidth.of(line) <= 24, "\(line)") }
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
  }

  @Test func sigtermRestoresTheTerminal() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let terminal = try start(home: home)
    #expect(terminal.waitFor(text: "에어플레인"))
    #expect(!sameModes(terminal.currentModes(), terminal.originalModes))
    kill(terminal.pid, SIGTERM)
    #expect(terminal.waitForExit() == 128 + SIGTERM)
    #expect(sameModes(terminal.currentModes(), terminal.originalModes))
    #expect(String(decoding: terminal.transcript, as: UTF8.self).hasSuffix("\u{1B}[?1049l"))
  }

  /// A crash signal restores the terminal, then the process still dies of it (not an exit).
  @Test func aCrashSignalRestoresTheTerminalAndStillCrashes() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let terminal = try start(home: home)
    #expect(terminal.waitFor(text: "에어플레인"))
    #expect(!sameModes(terminal.currentModes(), terminal.originalModes))
    kill(terminal.pid, SIGSEGV)
    #expect(terminal.waitForExit() == 128 + SIGSEGV)
    #expect(terminal.diedOfSignal == SIGSEGV)
    #expect(sameModes(terminal.currentModes(), terminal.originalModes))
    #expect(
      String(decoding: terminal.transcript, as: UTF8.self).hasSuffix("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"))
  }

  @Test func suspendRestoresTheTerminalAndResumeTakesItBack() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let terminal = try start(home: home)
    #expect(terminal.waitFor(text: "에어플레인"))
    for suspend in [{ terminal.send("\u{1A}") }, { _ = kill(terminal.pid, SIGTSTP) }] {
      suspend()
      var status: Int32 = 0
      let stopped = terminal.waitFor { _ in
        waitpid(terminal.pid, &status, WUNTRACED | WNOHANG) == terminal.pid
      }
      #expect(stopped && status & 0xFF == 0x7F)
      terminal.pump(milliseconds: 100)
      #expect(sameModes(terminal.currentModes(), terminal.originalModes))
      #expect(String(decoding: terminal.transcript, as: UTF8.self).hasSuffix("\u{1B}[?1049l"))
      kill(terminal.pid, SIGCONT)
      #expect(terminal.waitFor { _ in !sameModes(terminal.currentModes(), terminal.originalModes) })
      #expect(terminal.waitFor(text: "에어플레인"))
    }
    terminal.send("q")
    #expect(terminal.waitForExit() == 0)
    #expect(sameModes(terminal.currentModes(), terminal.originalModes))
  }

  @Test func sectionsOpenAndPagesLoadMore() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let accordion = try start(["-f", examplePath("accordion.json")], home: home)
    #expect(accordion.waitFor(text: "▸ 디스플레이 및 밝기"))
    // Title row of the open network section, its 4 items, then the display section's title row.
    accordion.send("jjjjj\r")
    #expect(accordion.waitFor(text: "> ▾ 디스플레이 및 밝기"))
    #expect(accordion.waitFor(text: "🌙 다크 모드"))
    accordion.send("q")
    #expect(accordion.waitForExit() == 0)
    #expect(try home.read(".config/settings/accordion-settings.view.json") == "{\n  \"display\": true\n}\n")

    let apps = try start(["-f", examplePath("app-notifications.json")], home: home, height: 40)
    #expect(apps.waitFor(text: "Load more (4 remaining)"))
    apps.send("jjjjj\r")
    #expect(apps.waitFor(text: "Load more (1 remaining)"))
    // The selection stays on the first item loaded; the "more" row is three rows further.
    #expect(apps.waitFor { $0.contains { $0.hasPrefix(">   🎵 음악") } })
    apps.send("jjj\r")
    #expect(apps.waitFor(text: "🔑 지갑"))
    #expect(!apps.rows.contains { $0.contains("(0 remaining)") })
    apps.send("q")
    #expect(apps.waitForExit() == 0)
  }

  @Test func childPagesSearchResetAndHelp() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let terminal = try start(
      ["-f", examplePath("phone-settings.json"), "--locale", "en"], home: home, height: 30)
    #expect(terminal.waitFor(text: "Airplane Mode"))
    terminal.send("/data\r")
    #expect(terminal.waitFor { $0.last?.hasPrefix("1 of 5: Settings › Cellular › Cellular Data") ?? false })
    terminal.send("n")
    #expect(
      terminal.waitFor { $0.last?.hasPrefix("2 of 5: Settings › Cellular › Cellular Data Options") ?? false })
    terminal.send("/allow\r")
    #expect(terminal.waitFor { $0.last?.hasPrefix("1 of 1: Allow Calls From is hidden now") ?? false })
    terminal.send("/roam\r")
    #expect(terminal.waitFor { $0[0] == "Settings › Cellular › Cellular Data Options" })
    #expect(terminal.waitFor { $0.contains { $0.hasPrefix(">   Data Roaming") } })
    terminal.send(" ")
    #expect(terminal.waitFor(text: "(off while Data Roaming is on)"))
    terminal.send("r")
    #expect(terminal.waitFor { $0.last?.hasPrefix("cellular.options.roaming reset to its default") ?? false })
    terminal.send("\u{1B}")
    #expect(terminal.waitFor { $0[0] == "Settings › Cellular" })
    terminal.send("\u{7F}")
    #expect(terminal.waitFor { $0[0] == "Settings" })
    terminal.send("?")
    #expect(terminal.waitFor(text: "Space Enter   toggle, next choice"))
    terminal.send("x")
    #expect(terminal.waitFor(text: "Airplane Mode"))
    terminal.send("\u{3}")
    #expect(terminal.waitForExit() == 0)
    #expect(try home.read(".config/settings/phone-settings.json") == "{}\n")
  }

  /// Without a terminal the screen runs in line mode (it used to refuse with 69), and a
  /// missing home directory still fails as `set` fails.
  @Test func withoutATerminalItRunsInLineMode() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let outcome = try runBinary(["ui"], environment: ["HOME": home.path, "LANG": "C"], stdin: "2\n\nq\n")
    #expect(outcome.status == 0)
    let lines = outcome.stdout.split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "Settings, line mode. Type a row's number to select it, an empty line for Enter, ? for help, q to quit."
    )
    #expect(
      lines.suffix(3) == [
        "2. 에어플레인 모드: off. Enter turns it on.", "2. 에어플레인 모드: on. Changed. Enter turns it off.", "Quit.",
      ])
    #expect(try runBinary(["get", "airplane"], environment: ["HOME": home.path]).stdout == "on\n")
    #expect(try runBinary(["ui"], environment: ["HOME": "/nonexistent"]).status == 78)
  }
}
