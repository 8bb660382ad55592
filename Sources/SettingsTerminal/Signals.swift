import SettingsPOSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Signals

/// Signal numbers the package names.
package enum SignalNumber {
  package static let interrupt = SIGINT
  package static let terminate = SIGTERM
  package static let hangUp = SIGHUP
  package static let terminalStop = SIGTSTP
  package static let windowChange = SIGWINCH
  package static let stop = SIGSTOP
  package static let quit = SIGQUIT
  package static let user1 = SIGUSR1
  package static let user2 = SIGUSR2
  package static let alarm = SIGALRM
  package static let brokenPipe = SIGPIPE

  /// Every signal whose default action ends the process and that a program can catch and recover
  /// from (``terminatingSignals``, which new threads block, so that these go to the main thread).
  package static var terminating: [Int32] { terminatingSignals }
}

/// What a signal did before ``systemSetSignalHandler(_:_:)`` replaced it (`struct sigaction`).
package struct SignalDisposition: @unchecked Sendable {
  var value = sigaction()
}

/// Makes `handler` run on `number`, with `SA_RESTART`; returns what it replaces.
/// The corresponding C function is `sigaction`.
package func systemSetSignalHandler(
  _ number: Int32, _ handler: @convention(c) (Int32) -> Void
) -> SignalDisposition {
  var action = sigaction()
  #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = handler
  #else
    action.__sigaction_u.__sa_handler = handler
  #endif
  action.sa_flags = SA_RESTART
  var old = SignalDisposition()
  sigaction(number, &action, &old.value)
  return old
}

/// Puts back what ``systemSetSignalHandler(_:_:)`` returned. The corresponding C function is `sigaction`.
package func systemRestoreSignal(_ number: Int32, _ disposition: SignalDisposition) {
  var old = disposition.value
  sigaction(number, &old, nil)
}

/// Removes `numbers` from this thread's blocked signals. The corresponding C function is `pthread_sigmask`.
package func systemUnblockSignals(_ numbers: [Int32]) {
  var set = sigset_t()
  sigemptyset(&set)
  for number in numbers { sigaddset(&set, number) }
  pthread_sigmask(SIG_UNBLOCK, &set, nil)
}
