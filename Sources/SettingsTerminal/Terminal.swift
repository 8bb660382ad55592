import SettingsPOSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Terminals

extension FileDescriptor {
  /// Whether the descriptor is a terminal.
  ///
  /// The corresponding C function is `isatty`.
  package var isTerminal: Bool { systemIsatty(rawValue) }

  /// The size of the terminal on this descriptor, in columns and lines; nil when it is not a
  /// terminal or does not say.
  ///
  /// The corresponding C function is `ioctl`, with `TIOCGWINSZ`.
  package var windowSize: (width: Int, height: Int)? { systemWindowSize(rawValue) }
}

/// The corresponding C function is `isatty`.
package func systemIsatty(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

/// The terminal size on `descriptor` in columns and lines; nil when it is not a terminal or does not
/// say. The corresponding C function is `ioctl`, with `TIOCGWINSZ`.
package func systemWindowSize(_ descriptor: Int32) -> (width: Int, height: Int)? {
  var size = winsize()
  #if canImport(Glibc)
    let request = UInt(TIOCGWINSZ)
  #else
    let request = TIOCGWINSZ
  #endif
  guard ioctl(descriptor, request, &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
  return (Int(size.ws_col), Int(size.ws_row))
}

/// A terminal's modes (`struct termios`).
package struct TerminalModes: @unchecked Sendable {
  var value = termios()

  /// The modes of the terminal on `descriptor`. The corresponding C function is `tcgetattr`.
  package static func current(of descriptor: Int32) throws(Errno) -> TerminalModes {
    var modes = TerminalModes()
    if tcgetattr(descriptor, &modes.value) != 0 { throw .current }
    return modes
  }

  /// The same modes made raw. The corresponding C function is `cfmakeraw`.
  package var raw: TerminalModes {
    var modes = self
    cfmakeraw(&modes.value)
    return modes
  }

  /// The same modes for a line that edits a value (a value or a choice asked for): Ctrl-C, Ctrl-Z
  /// and Ctrl-\\ read as characters rather than sent as signals, and Ctrl-C also ends the line (it
  /// is the extra end-of-line character, `VEOL`), so that the reader gets it at once and cancels
  /// the edit without waiting for Enter, rather than the process ending; echo and line editing
  /// stay. The flag is `ISIG` of `c_lflag`.
  package var forEditLine: TerminalModes {
    var modes = self
    modes.value.c_lflag &= ~tcflag_t(ISIG)
    withUnsafeMutableBytes(of: &modes.value.c_cc) { $0[Int(VEOL)] = 0x03 }
    return modes
  }

  /// The same modes for a secret typed on a line of its own: ``forEditLine``, and no echo, so that
  /// nothing stops the process while the echo is off. The flags are `ECHO` and `ISIG` of `c_lflag`.
  package var forSecretLine: TerminalModes {
    var modes = forEditLine
    modes.value.c_lflag &= ~tcflag_t(ECHO)
    return modes
  }

  /// Applies the modes now, best effort. The corresponding C function is `tcsetattr`, with `TCSANOW`.
  package func apply(to descriptor: Int32) {
    var value = value
    _ = tcsetattr(descriptor, TCSANOW, &value)
  }
}
