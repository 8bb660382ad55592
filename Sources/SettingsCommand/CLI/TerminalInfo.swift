import SettingsKit
import SettingsPOSIX
import SettingsTerminal

/// What the command layer needs to know about the process's standard output.
public struct TerminalInfo: Sendable, Equatable {
  /// Whether standard output is a terminal (`isatty(1)`).
  public var stdoutIsTerminal: Bool
  /// The terminal's width in columns (`TIOCGWINSZ`), when standard output is one.
  public var width: Int?

  /// Creates terminal information, for tests.
  public init(stdoutIsTerminal: Bool, width: Int? = nil) {
    self.stdoutIsTerminal = stdoutIsTerminal
    self.width = width
  }

  /// Asks the operating system about file descriptor 1 (``FileDescriptor/isTerminal``,
  /// ``FileDescriptor/windowSize``).
  public static func current() -> TerminalInfo {
    guard FileDescriptor.standardOutput.isTerminal else { return TerminalInfo(stdoutIsTerminal: false) }
    return TerminalInfo(stdoutIsTerminal: true, width: FileDescriptor.standardOutput.windowSize?.width)
  }
}
