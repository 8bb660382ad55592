import SettingsKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The terminal while `settings ui` runs: raw mode through termios, the alternate screen, a hidden
/// cursor; and its restoration, which ``leave()`` does and is safe to call more than once.
///
/// Raw mode follows `cfmakeraw(3)`: no echo, no line editing, no signals from keys (Ctrl-C and
/// Ctrl-Z arrive as bytes), no output processing; reads return after one byte.
final class TerminalSession {
  let input: Int32
  let output: Int32
  private var original = termios()
  private var isActive = false

  /// Records the terminal's modes; nothing changes yet.
  ///
  /// - Throws: ``FileSystemError`` when `input` is not a terminal (`tcgetattr(3)` fails).
  init(input: Int32 = 0, output: Int32 = 1) throws(FileSystemError) {
    self.input = input
    self.output = output
    if tcgetattr(input, &original) != 0 {
      throw FileSystemError(errno: errno, path: "standard input", operation: "read the terminal modes of")
    }
  }

  /// Raw mode, the alternate screen, cursor hidden, screen cleared.
  func enter() {
    var raw = original
    cfmakeraw(&raw)
    _ = tcsetattr(input, TCSANOW, &raw)
    write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[H\u{1B}[2J")
    isActive = true
  }

  /// Back to the modes recorded at the start: main screen, cursor shown, colours reset.
  func leave() {
    guard isActive else { return }
    write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
    _ = tcsetattr(input, TCSANOW, &original)
    isActive = false
  }

  /// The terminal's size (`TIOCGWINSZ`), or 80 × 24 when it does not say.
  func size() -> (width: Int, height: Int) {
    TerminalInfo.windowSize(of: output) ?? (80, 24)
  }

  /// Writes all of `text`, retrying partial writes and EINTR.
  func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        posixWrite(output, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += written
    }
    bytes.removeAll()
  }
}

private func posixWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
