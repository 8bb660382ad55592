import SettingsKit
import SettingsPOSIX
import SettingsTerminal
import Synchronization

/// Runs a ``SettingsScreen`` on the process's terminal until the user quits.
///
/// Keys come from standard input; signals come through a self-pipe that a `sigaction(2)` handler
/// writes to (the async-signal-safe way), so that one `poll(2)` waits for both. The terminal is
/// restored on quit, on an error, on every signal that would end the process and can be caught
/// (``SignalNumber/terminating``: SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, …;
/// then the exit status is 128 + the signal's number), and around a suspend (SIGTSTP, or Ctrl-Z,
/// then SIGCONT resumes it with a full redraw); SIGWINCH redraws at the new size. A crash signal
/// (SIGSEGV, SIGABRT, …) restores the terminal in its handler and then still crashes.
struct InteractiveSession {
  var screen: SettingsScreen
  let terminal: TerminalSession
  /// Changes made elsewhere, shown as they come; nil for a screen that does not follow the store.
  var live: LiveUpdates?
  /// Whether the terminal's cursor is shown where it stands (``SettingsScreen/cursor``).
  var cursorVisible = true

  /// Runs until `q`, Ctrl-C or a terminating signal; returns the exit status (0, or 128 + signal).
  mutating func run() async -> Int32 {
    guard let (signalRead, signalWrite) = try? FileDescriptor.pipe() else {
      return ExitStatus.ioError.rawValue
    }
    defer {
      signalRead.close()
      signalWrite.close()
    }
    let handled = SignalNumber.terminating + [SignalNumber.terminalStop, SignalNumber.windowChange]
    signalPipeWriteEnd.store(signalWrite.rawValue, ordering: .relaxed)
    let previous = handled.map { systemSetSignalHandler($0, forwardSignal) }
    // A parent may have started us with these signals blocked (the mask survives exec); let them in.
    systemUnblockSignals(handled)
    defer {
      for (number, old) in zip(handled, previous) { systemRestoreSignal(number, old) }
      signalPipeWriteEnd.store(-1, ordering: .relaxed)
    }

    // Changes made elsewhere wake the loop with a 0 byte (no signal has that number).
    let watch = live?.start(screen.settings, from: screen.stack[0].table.snapshot) {
      var byte: UInt8 = Self.liveUpdateByte
      _ = systemWrite(signalWrite.rawValue, &byte, 1)
    }
    defer { watch?.stop() }
    terminal.enter()
    defer { terminal.leave() }
    let beforeCrashHandling = terminal.restoreOnCrash()
    defer { systemStopRestoringTerminalOnCrash(beforeCrashHandling) }
    var writer = ScreenWriter()
    var full = true
    var placed: ScreenCursor?
    var pending: [UInt8] = []
    while !screen.isFinished {
      let (width, height) = terminal.size()
      if width != screen.width || height != screen.height {
        screen.resize(width: width, height: height)
        full = true
      }
      // The changed lines with the cursor hidden, then the cursor on the selection (or in the
      // editing line), where a screen reader or a braille display reads it.
      let frame = writer.update(to: screen.lines(), full: full)
      let cursor = screen.cursor
      if !frame.isEmpty || cursor != placed {
        terminal.write(
          (cursorVisible && !frame.isEmpty ? "\u{1B}[?25l" : "") + frame
            + "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H" + (cursorVisible ? "\u{1B}[?25h" : ""))
        placed = cursor
      }
      full = false

      let timeout: Int32 = pending.isEmpty ? -1 : 30  // wait briefly for the rest of an escape sequence
      let readable: [Bool]
      do {
        readable = try systemPoll(
          [(terminal.input.rawValue, .readable), (signalRead.rawValue, .readable)],
          timeoutMilliseconds: timeout
        ).map { !$0.isEmpty }
      } catch {
        return ExitStatus.ioError.rawValue
      }
      if readable[1] {
        var number: UInt8 = 0
        _ = withUnsafeMutableBytes(of: &number) { try? signalRead.read(into: $0) }
        switch Int32(number) {
        case Int32(Self.liveUpdateByte):
          live?.apply(to: &screen)
        case SignalNumber.windowChange:
          full = true
        case SignalNumber.terminalStop:
          suspend()
          full = true
        default:
          return 128 + Int32(number)
        }
        continue
      }
      if readable[0] {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { try? terminal.input.read(into: $0) }
        guard let count, count > 0 else {
          return ExitStatus.success.rawValue  // the terminal went away
        }
        pending += buffer[0..<count]
      }
      let (keys, used) = KeyPress.decode(pending, flush: !readable.contains(true))
      pending.removeFirst(used)
      for key in keys {
        if key == .suspend {
          suspend()
          full = true
          continue
        }
        await screen.handle(key)
        if screen.isFinished { break }
      }
    }
    return ExitStatus.success.rawValue
  }

  /// The byte that wakes the loop for ``live`` updates.
  static let liveUpdateByte: UInt8 = 0

  /// Restores the terminal and stops the process; on SIGCONT, raw mode and the screen again.
  ///
  /// The stop is SIGSTOP: raising SIGTSTP would only call the handler again, and SIGSTOP is not
  /// discarded in an orphaned process group. A job-control shell sees the job stopped either way.
  func suspend() {
    terminal.leave()
    // raise(3) sends it to this thread (tgkill), which stops before it returns; kill(2) to the process
    // could be taken by another thread and stop this one only later, in the middle of redrawing.
    systemRaise(SignalNumber.stop)
    // Stopped here until SIGCONT.
    terminal.enter()
  }
}

/// The write end of the running session's signal pipe, for ``forwardSignal(_:)``; -1 when none.
///
/// A signal handler can reach nothing but globals; an atomic keeps the one it needs lock-free and
/// async-signal-safe.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// The `sigaction(2)` handler: writes the signal's number to the session's pipe (`write(2)` is
/// async-signal-safe; a full pipe drops the byte rather than block).
private func forwardSignal(_ number: Int32) {
  let descriptor = signalPipeWriteEnd.load(ordering: .relaxed)
  guard descriptor >= 0 else { return }
  var byte = UInt8(truncatingIfNeeded: number)
  _ = systemWrite(descriptor, &byte, 1)
}
