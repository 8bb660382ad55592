import SettingsKit
import SettingsPOSIX
import SettingsTerminal

/// The terminal while `settings ui` runs: raw mode through termios, the alternate screen, a hidden
/// cursor; and its restoration, which ``leave()`` does and is safe to call more than once.
///
/// Raw mode follows `cfmakeraw(3)`: no echo, no line editing, no signals from keys (Ctrl-C and
/// Ctrl-Z arrive as bytes), no output processing; reads return after one byte.
final class TerminalSession {
  let input: FileDescriptor
  let output: FileDescriptor
  private let original: TerminalModes
  private var isActive = false

  /// Records the terminal's modes; nothing changes yet.
  ///
  /// - Throws: ``FileSystemError`` when `input` is not a terminal (`tcgetattr(3)` fails).
  init(input: FileDescriptor = .standardInput, output: FileDescriptor = .standardOutput)
    throws(FileSystemError)
  {
    self.input = input
    self.output = output
    do {
      original = try TerminalModes.current(of: input.rawValue)
    } catch {
      throw FileSystemError(
        errno: error.rawValue, path: "standard input", operation: "read the terminal modes of")
    }
  }

  /// Raw mode, the alternate screen, cursor hidden, screen cleared.
  func enter() {
    original.raw.apply(to: input.rawValue)
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    isActive = true
  }

  /// Until `stop` is called with what this returns, a crash signal (SIGSEGV, SIGBUS, SIGILL,
  /// SIGFPE, SIGABRT, SIGTRAP, SIGSYS) restores the recorded modes and leaves the alternate screen
  /// before the process dies of it, so a crash never leaves the terminal raw.
  func restoreOnCrash() -> [SignalDisposition] {
    systemRestoreTerminalOnCrash(descriptor: input.rawValue, output: output.rawValue, modes: original)
  }

  /// Back to the modes recorded at the start: main screen, cursor shown, colours reset.
  func leave() {
    guard isActive else { return }
    write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    original.apply(to: input.rawValue)
    isActive = false
  }

  /// The terminal's size (`TIOCGWINSZ`), or 80 × 24 when it does not say.
  func size() -> (width: Int, height: Int) {
    output.windowSize ?? (80, 24)
  }

  /// Writes all of `text` (``FileDescriptor/writeAll(_:)-([UInt8])``); a terminal that went away is
  /// noticed by the next read.
  func write(_ text: String) {
    try? output.writeAll(Array(text.utf8))
  }
}
