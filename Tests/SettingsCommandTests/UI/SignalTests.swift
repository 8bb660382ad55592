import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsPOSIX
@testable import SettingsTerminal

#if canImport(Glibc)
  import Glibc
#endif

/// Every signal that would end `settings ui` restores the terminal first, then exits 128 + its number.
@Suite(.serialized)
struct SignalTests {
  /// SIGQUIT, SIGUSR1, SIGUSR2 and SIGALRM killed the screen leaving raw mode, no echo, the
  /// alternate screen and a hidden cursor; SIGINT, SIGTERM and SIGHUP did not.
  @Test(arguments: [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGPWR, SIGINT, SIGHUP])
  func terminatingSignalRestoresTheTerminal(signal: Int32) throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let terminal = try PseudoTerminal(
      arguments: ["ui"], environment: ["HOME": home.path, "TERM": "xterm", "LANG": "C"], width: 60, height: 20
    )
    #expect(terminal.waitFor(text: "에어플레인"))
    #expect(!sameModes(terminal.currentModes(), terminal.originalModes))
    kill(terminal.pid, signal)
    #expect(terminal.waitForExit() == 128 + signal)
    #expect(sameModes(terminal.currentModes(), terminal.originalModes))
    #expect(
      String(decoding: terminal.transcript, as: UTF8.self).hasSuffix("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"))
  }

  @Test func theTerminatingSignalsAreThoseOfSignal7ThatCanBeCaught() {
    let expected: Set<Int32> = [
      SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGUSR1, SIGUSR2, SIGPROF, SIGVTALRM, SIGXCPU,
      SIGXFSZ, SIGIO, SIGSTKFLT, SIGPWR,
    ]
    let handled = Set(SignalNumber.terminating)
    #expect(handled.subtracting(expected) == Set((34...64).map { Int32($0) }))
    #expect(expected.isSubset(of: handled))
    for fault in [SIGKILL, SIGSTOP, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGSYS, SIGABRT] {
      #expect(!handled.contains(fault))
    }
  }
}

/// `settings ui` writes what the user changes, so it needs a store location as `set` does.
@Suite(.serialized)
struct InteractiveStoreLocationTests {
  @Test func aHomeThatDoesNotExistIsExit78BeforeTheScreenStarts() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let home = directory.path + "/nonexistent"
    let terminal = try PseudoTerminal(
      arguments: ["ui"], environment: ["HOME": home, "TERM": "xterm", "LANG": "C"], width: 200, height: 20)
    #expect(terminal.waitForExit() == 78)
    #expect(
      String(decoding: terminal.transcript, as: UTF8.self)
        == "Error: the home directory '\(home)' (HOME) does not exist; settings does not create it: set HOME to an "
        + "existing directory, or XDG_CONFIG_HOME or SETTINGS_STORE to where settings are kept; give --store PATH\r\n"
    )
    #expect(try directory.contents() == [])
  }
}
