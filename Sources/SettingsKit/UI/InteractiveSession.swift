import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a ``SettingsScreen`` on the process's terminal until the user quits.
///
/// Keys come from standard input; signals come through a self-pipe fed by Dispatch signal sources,
/// so that one `poll(2)` waits for both. The terminal is restored on quit, on an error, on SIGINT,
/// SIGTERM and SIGHUP, and around a suspend (SIGTSTP, or Ctrl-Z, then SIGCONT); SIGWINCH redraws at
/// the new size.
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
    let queue = DispatchQueue(label: "settings.ui.signals")
    let handled = [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH]
    var sources: [any DispatchSourceSignal] = []
    for number in handled {
      if number != SIGCONT { signal(number, SIG_IGN) }
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler {
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(signalWrite, &byte, 1)
      }
      source.resume()
      sources.append(source)
    }
    defer {
      for source in sources { source.cancel() }
      for number in handled { signal(number, SIG_DFL) }
    }

    terminal.enter()
    defer { terminal.leave() }
    var writer = ScreenWriter(width: screen.width)
    var full = true
    var pending: [UInt8] = []
    while !screen.isFinished {
      let (width, height) = terminal.size()
      if width != screen.width || height != screen.height {
        screen.resize(width: width, height: height)
        writer.width = width
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
        case SIGCONT:
          terminal.enter()
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
      let (keys, used) = Key.decode(pending, flush: ready == 0)
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

  /// Restores the terminal and stops the process as SIGTSTP would; on SIGCONT, raw mode again.
  func suspend() {
    terminal.leave()
    // The default action stops the process; whatever handler was installed comes back after.
    var stop = sigaction()
    var previous = sigaction()
    #if canImport(Glibc)
      stop.__sigaction_handler.sa_handler = SIG_DFL
    #else
      stop.__sigaction_u.__sa_handler = SIG_DFL
    #endif
    sigaction(SIGTSTP, &stop, &previous)
    raise(SIGTSTP)
    // Stopped here until SIGCONT.
    sigaction(SIGTSTP, &previous, nil)
    terminal.enter()
  }
}
