import Foundation
import SettingsKit
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

// glibc declares these only under _XOPEN_SOURCE, which Swift's Glibc module leaves out.
@_silgen_name("posix_openpt") private func openPseudoTerminal(_ flags: Int32) -> Int32
@_silgen_name("grantpt") private func grantPseudoTerminal(_ descriptor: Int32) -> Int32
@_silgen_name("unlockpt") private func unlockPseudoTerminal(_ descriptor: Int32) -> Int32
@_silgen_name("ptsname") private func pseudoTerminalName(_ descriptor: Int32) -> UnsafeMutablePointer<CChar>?
/// `POSIX_SPAWN_SETSID` from glibc's spawn.h (since 2.26).
private let spawnSetsid: Int16 = 0x80

/// The `settings` binary running on a pseudo-terminal, with a small screen model of what it drew.
///
/// The model understands what `settings ui` sends: the alternate screen and cursor modes, cursor
/// positioning, erase in line and display, and SGR styles (ignored). Every line is erased whole and
/// drawn from its first column, so a row's text is what was written after the last erase of it.
/// The cursor's place is kept: the row and column of the last move, plus the display width of the
/// text written since, and whether it is shown (`CSI ? 25 h` and `l`).
final class PseudoTerminal {
  let master: Int32
  let pid: pid_t
  private(set) var rows: [String]
  private(set) var transcript: [UInt8] = []
  /// The cursor's row, from 0.
  private(set) var cursorRow = 0
  /// The cursor's column, from 0.
  private(set) var cursorColumn = 0
  /// Whether the cursor is shown.
  private(set) var cursorVisible = true
  private var parsed = 0
  /// The terminal modes before the program started.
  let originalModes: termios
  /// The signal that ended the program, when one did (not an exit with status 128 + N).
  private(set) var diedOfSignal: Int32?

  init(arguments: [String], environment: [String: String], width: Int, height: Int) throws {
    master = openPseudoTerminal(O_RDWR | O_NOCTTY)
    guard master >= 0, grantPseudoTerminal(master) == 0, unlockPseudoTerminal(master) == 0,
      let name = pseudoTerminalName(master)
    else {
      throw POSIXError(.EIO)
    }
    let slavePath = String(cString: name)
    var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let slave = open(slavePath, O_RDWR | O_NOCTTY)
    guard slave >= 0 else { throw POSIXError(.EIO) }
    var modes = termios()
    tcgetattr(slave, &modes)
    originalModes = modes
    rows = Array(repeating: "", count: height)

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    for target in 0...2 { posix_spawn_file_actions_adddup2(&actions, slave, Int32(target)) }
    posix_spawn_file_actions_addclose(&actions, master)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    // A clean signal mask and default actions, as a shell gives a job (the test runner blocks some).
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, spawnSetsid | Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([settingsBinary] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    var child: pid_t = 0
    let result = posix_spawn(&child, settingsBinary, &actions, &attributes, argv, envp)
    for pointer in argv { free(pointer) }
    for pointer in envp { free(pointer) }
    posix_spawn_file_actions_destroy(&actions)
    posix_spawnattr_destroy(&attributes)
    close(slave)
    guard result == 0 else { throw POSIXError(.EIO) }
    pid = child
  }

  deinit {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, WNOHANG)
    close(master)
  }

  /// Sends bytes as typed keys.
  func send(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
  }

  /// Reads what the program draws until `condition` holds for the screen, or `seconds` pass.
  @discardableResult
  func waitFor(seconds: Double = 10, _ condition: ([String]) -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      pump(milliseconds: 50)
      if condition(rows) { return true }
    }
    return condition(rows)
  }

  /// Waits until some screen line contains `text`.
  @discardableResult
  func waitFor(text: String, seconds: Double = 10) -> Bool {
    waitFor(seconds: seconds) { $0.contains { $0.contains(text) } }
  }

  /// Reads whatever is available within `milliseconds`.
  func pump(milliseconds: Int32) {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    while poll(&descriptor, 1, milliseconds) > 0 {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else { return }
      transcript += buffer[0..<count]
      interpret()
    }
  }

  /// Resizes the terminal and tells the program, as a terminal emulator does.
  func resize(width: Int, height: Int) {
    var size = winsize(ws_row: UInt16(height), ws_col: UInt16(width), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    rows = Array(repeating: "", count: height)
    kill(pid, SIGWINCH)
  }

  /// Waits for the program to exit and returns its status (128 + signal when killed by one).
  func waitForExit(seconds: Double = 10) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      pump(milliseconds: 20)
      var status: Int32 = 0
      if waitpid(pid, &status, WNOHANG) == pid {
        pump(milliseconds: 50)
        if status & 0x7F == 0 { return (status >> 8) & 0xFF }
        diedOfSignal = status & 0x7F
        return 128 + (status & 0x7F)
      }
    }
    return nil
  }

  /// The terminal modes now (shared by both ends of the pseudo-terminal).
  func currentModes() -> termios {
    var modes = termios()
    tcgetattr(master, &modes)
    return modes
  }

  private func interpret() {
    let bytes = transcript
    var index = parsed
    var text: [UInt8] = []
    func flushText() {
      guard !text.isEmpty else { return }
      let written = String(decoding: text, as: UTF8.self)
      if cursorRow < rows.count { rows[cursorRow] += written }
      cursorColumn += DisplayWidth.of(written)
      text.removeAll()
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x1B {
        // Find the end of the sequence; wait for more bytes if it is cut off.
        guard index + 1 < bytes.count else { break }
        var end = index + 2
        while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
        guard end < bytes.count else { break }
        flushText()
        let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
        switch bytes[end] {
        case UInt8(ascii: "H"):
          let numbers = parameters.split(separator: ";").compactMap { Int($0) }
          cursorRow = (numbers.first ?? 1) - 1
          cursorColumn = (numbers.count > 1 ? numbers[1] : 1) - 1
        case UInt8(ascii: "K"):
          if cursorRow < rows.count { rows[cursorRow] = "" }
        case UInt8(ascii: "h") where parameters == "?25", UInt8(ascii: "l") where parameters == "?25":
          cursorVisible = bytes[end] == UInt8(ascii: "h")
        case UInt8(ascii: "J"):
          rows = Array(repeating: "", count: rows.count)
        default:
          break
        }
        index = end + 1
      } else {
        text.append(byte)
        index += 1
      }
    }
    flushText()
    parsed = index
  }
}

/// Whether two terminal mode sets are the same in the flags that raw mode changes.
func sameModes(_ a: termios, _ b: termios) -> Bool {
  a.c_iflag == b.c_iflag && a.c_oflag == b.c_oflag && a.c_lflag == b.c_lflag && a.c_cflag == b.c_cflag
}
