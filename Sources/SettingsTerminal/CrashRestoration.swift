import SettingsPOSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Crash signals

/// The signals that report a crash: SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS.
package let crashSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS]

/// What the crash handler puts back: the terminal's modes and the bytes that leave the alternate
/// screen. Set before the handler is installed and read only by it.
private struct CrashRestoration {
  var descriptor: Int32 = -1
  var output: Int32 = -1
  var modes = termios()
  /// `ESC [0m ESC [?25h ESC [?1049l`: colours reset, cursor shown, main screen.
  var bytes:
    (
      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
      UInt8, UInt8, UInt8
    ) = (
      0x1B, 0x5B, 0x30, 0x6D, 0x1B, 0x5B, 0x3F, 0x32, 0x35, 0x68, 0x1B, 0x5B, 0x3F, 0x31, 0x30, 0x34, 0x39,
      0x6C
    )
}

/// The one place a crash handler can reach: a signal handler sees nothing but globals. Allocated
/// at the first ``systemRestoreTerminalOnCrash(descriptor:output:modes:)``, before any handler runs,
/// so the handler never initializes anything.
nonisolated(unsafe) private let crashRestoration: UnsafeMutablePointer<CrashRestoration> = {
  let pointer = UnsafeMutablePointer<CrashRestoration>.allocate(capacity: 1)
  pointer.initialize(to: CrashRestoration())
  return pointer
}()

/// Until ``systemStopRestoringTerminalOnCrash(_:)``, a crash signal (``crashSignals``) first puts
/// the terminal on `descriptor` back in `modes` (`tcsetattr(3)`) and writes to `output` the bytes
/// that leave the alternate screen and show the cursor, then resets the signal to its default
/// action and raises it again, so that the crash is still a crash (its status, its core dump).
/// Only async-signal-safe calls run in the handler: `tcsetattr`, `write`, `signal`, `raise`.
///
/// - Returns: what each crash signal did before, for ``systemStopRestoringTerminalOnCrash(_:)``.
package func systemRestoreTerminalOnCrash(descriptor: Int32, output: Int32, modes: TerminalModes)
  -> [SignalDisposition]
{
  crashRestoration.pointee.modes = modes.value
  crashRestoration.pointee.output = output
  crashRestoration.pointee.descriptor = descriptor
  return crashSignals.map { systemSetSignalHandler($0, restoreTerminalAndCrash) }
}

/// Puts back what ``systemRestoreTerminalOnCrash(descriptor:output:modes:)`` replaced.
package func systemStopRestoringTerminalOnCrash(_ previous: [SignalDisposition]) {
  for (number, old) in zip(crashSignals, previous) { systemRestoreSignal(number, old) }
  crashRestoration.pointee.descriptor = -1
}

/// The crash handler; see ``systemRestoreTerminalOnCrash(descriptor:output:modes:)``.
private func restoreTerminalAndCrash(_ number: Int32) {
  let restoration = crashRestoration
  if restoration.pointee.descriptor >= 0 {
    _ = tcsetattr(restoration.pointee.descriptor, TCSANOW, &restoration.pointee.modes)
    _ = withUnsafeBytes(of: &restoration.pointee.bytes) { bytes in
      write(restoration.pointee.output, bytes.baseAddress, bytes.count)
    }
  }
  _ = signal(number, SIG_DFL)
  _ = raise(number)
}
