import SettingsKit
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a ``SettingsScreen`` on the process's terminal until the user quits.
///
/// Keys come from standard input; signals come through a self-pipe that a `sigaction(2)` handler
/// writes to (the async-signal-safe way), so that one `poll(2)` waits for both. The terminal is restored on quit, on an error, on SIGINT,
/// SIGTERM and SIGHUP, and around a suspend (SIGTSTP, or Ctrl-Z, then SIGCONT resumes it with a full
/// redraw); SIGWINCH redraws at the new size.
struct InteractiveSession {
  var screen: SettingsScreen
  let terminal: TerminalSession

  /// Runs until `q`, Ctrl-C or a terminating signal; returns the exit status (0, or 128 + signal).
  mutating func run() async -> Int32 {
    var pipeEnds: [Int32] = [0, 0]
    guard pipe(&pipeEnds) == 0 else { return ExitStatus.ioError.rawValue }
    let (signalRead, signalWrite) = (pipeEnds[0], pipeEnds[1])
    defer {
      _ = close(signalRead)
      _ = close(signalWrite)
    }
    let handled = [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGWINCH]
    signalPipeWriteEnd.store(signalWrite, ordering: .relaxed)
    var previous: [sigaction] = []
    for number in handled {
      var action = sigaction()
      #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = forwardSignal
      #else
        action.__sigaction_u.__sa_handler = forwardSignal
      #endif
      action.sa_flags = SA_RESTART
      var old = sigaction()
      sigaction(number, &action, &old)
      previous.append(old)
    }
    // A parent may have started us with these signals blocked (the mask survives exec); let them in.
    var unblocked = sigset_t()
    sigemptyset(&unblocked)
    for number in handled { sigaddset(&unblocked, number) }
    pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    defer {
      for (number, var old) in zip(handled, previous) { sigaction(number, &old, nil) }
      signalPipeWriteEnd.store(-1, ordering: .relaxed)
    }

    terminal.enter()
    defer { terminal.leave() }
    var writer = ScreenWriter()
    var full = true
    var pending: [UInt8] = []
    while !screen.isFinished {
      let (width, height) = terminal.size()
      if width != screen.width || height != screen.height {
        screen.resize(width: width, height: height)
        full = true
      }
      terminal.write(writer.update(to: screen.lines(), full: full))
      full = false

      var descriptors = [
        pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0),
        pollfd(fd: signalRead, events: Int16(POLLIN), revents: 0),
      ]
      let timeout: Int32 = pending.isEmpty ? -1 : 30  // wait briefly for the rest of an escape sequence
      let ready = poll(&descriptors, 2, timeout)
      if ready < 0 {
        if errno == EINTR { continue }
        return ExitStatus.ioError.rawValue
      }
      if descriptors[1].revents & Int16(POLLIN) != 0 {
        var number: UInt8 = 0
        _ = read(signalRead, &number, 1)
        switch Int32(number) {
        case SIGWINCH:
          full = true
        case SIGTSTP:
          suspend()
          full = true
        default:
          return 128 + Int32(number)
        }
        continue
      }
      if descriptors[0].revents & Int16(POLLIN) != 0 {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(terminal.input, &buffer, buffer.count)
        if count <= 0 {
          if count < 0, errno == EINTR { continue }
          return ExitStatus.success.rawValue  // the terminal went away
        }
        pending += buffer[0..<count]
      }
      let (keys, used) = KeyPress.decode(pending, flush: ready == 0)
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

  /// Restores the terminal and stops the process; on SIGCONT, raw mode and the screen again.
  ///
  /// The stop is SIGSTOP: raising SIGTSTP would only call the handler again, and SIGSTOP is not
  /// discarded in an orphaned process group. A job-control shell sees the job stopped either way.
  func suspend() {
    terminal.leave()
    // raise(3) sends it to this thread (tgkill), which stops before it returns; kill(2) to the process
    // could be taken by another thread and stop this one only later, in the middle of redrawing.
    raise(SIGSTOP)
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
/// async-signal-safe).
private func forwardSignal(_ number: Int32) {
  let descriptor = signalPipeWriteEnd.load(ordering: .relaxed)
  guard descriptor >= 0 else { return }
  var byte = UInt8(truncatingIfNeeded: number)
  _ = write(descriptor, &byte, 1)
}
