import SettingsKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

  /// Asks the operating system about file descriptor 1.
  public static func current() -> TerminalInfo {
    guard isatty(1) == 1 else { return TerminalInfo(stdoutIsTerminal: false) }
    return TerminalInfo(stdoutIsTerminal: true, width: windowSize(of: 1)?.width)
  }

  /// The size of the terminal on `descriptor` (`TIOCGWINSZ`), in columns and lines; nil when it
  /// is not a terminal or does not say.
  static func windowSize(of descriptor: Int32) -> (width: Int, height: Int)? {
    var size = winsize()
    #if canImport(Glibc)
      let request = UInt(TIOCGWINSZ)
    #else
      let request = TIOCGWINSZ
    #endif
    guard ioctl(descriptor, request, &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
    return (Int(size.ws_col), Int(size.ws_row))
  }
}
