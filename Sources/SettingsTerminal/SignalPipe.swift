import SettingsPOSIX
import Synchronization

/// Signals as bytes on a pipe (the self-pipe trick): a `sigaction(2)` handler writes each signal's
/// number to the pipe, so that one `poll(2)` can wait for signals beside other descriptors, and
/// other threads can wake the same wait with ``post(_:)``.
///
/// Only one signal pipe is installed at a time in a process (a signal handler can reach nothing
/// but a global, which holds the write end); installing a second one takes the signals over.
/// The write end does not block, so a full pipe drops a byte rather than stop the handler.
package final class SignalPipe: Sendable {
  /// The read end: readable when a signal arrived or a byte was posted.
  package let readEnd: FileDescriptor
  private let writeEnd: FileDescriptor
  private let signals: [Int32]
  private let previous: Mutex<[SignalDisposition]?>
  /// Whether the pipe is still open: ``post(_:)`` writes only then, under this lock, so that a
  /// thread posting while ``restore()`` closes the pipe can neither write to a pipe whose read end
  /// is gone (which raises `SIGPIPE` and ends the process) nor to a descriptor number reused since.
  private let isOpen = Mutex(true)

  /// Creates the pipe and makes each of `signals` write its number to it (undoing a blocked mask
  /// inherited through `exec`), until ``restore()``.
  ///
  /// - Throws: ``Errno`` when the pipe cannot be made.
  package init(signals: [Int32]) throws(Errno) {
    let (read, write) = try FileDescriptor.pipe()
    systemConfigure(read.rawValue, closeOnExec: true, nonBlocking: true)
    systemConfigure(write.rawValue, closeOnExec: true, nonBlocking: true)
    readEnd = read
    writeEnd = write
    self.signals = signals
    signalPipeWriteEnd.store(write.rawValue, ordering: .sequentiallyConsistent)
    previous = Mutex(signals.map { systemSetSignalHandler($0, writeSignalNumber) })
    systemUnblockSignals(signals)
  }

  /// Writes `byte` to the pipe, waking whoever waits on ``readEnd``; safe from any thread. Use a
  /// value that is no signal's number (0) for wake-ups of one's own.
  package func post(_ byte: UInt8) {
    isOpen.withLock { isOpen in
      guard isOpen else { return }
      var byte = byte
      _ = systemWrite(writeEnd.rawValue, &byte, 1)
    }
  }

  /// The bytes waiting on the pipe (signal numbers and posted bytes), in order; empty when none.
  package func take() -> [UInt8] {
    var result: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = buffer.withUnsafeMutableBytes { systemRead(readEnd.rawValue, $0.baseAddress, $0.count) }
      guard count > 0 else { return result }
      result += buffer[0..<count]
    }
  }

  /// Puts back what the signals did before, and closes the pipe; later calls do nothing.
  package func restore() {
    guard let dispositions = previous.withLock({ $0.take() }) else { return }
    for (number, old) in zip(signals, dispositions) { systemRestoreSignal(number, old) }
    _ = signalPipeWriteEnd.compareExchange(
      expected: writeEnd.rawValue, desired: -1, ordering: .sequentiallyConsistent)
    isOpen.withLock { isOpen in
      isOpen = false
      writeEnd.close()
      readEnd.close()
    }
  }

  deinit { restore() }
}

/// The write end of the installed ``SignalPipe``; -1 when none. An atomic keeps it lock-free and
/// async-signal-safe.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// The `sigaction(2)` handler: writes the signal's number to the pipe (`write(2)` is
/// async-signal-safe; `errno` is saved and put back, as a handler must).
private func writeSignalNumber(_ number: Int32) {
  let descriptor = signalPipeWriteEnd.load(ordering: .relaxed)
  guard descriptor >= 0 else { return }
  let saved = Errno.current
  var byte = UInt8(truncatingIfNeeded: number)
  _ = systemWrite(descriptor, &byte, 1)
  systemSetErrno(saved)
}
