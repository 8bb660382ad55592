#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Threads

/// Every signal whose default action ends the process ("Term" or "Core" in signal(7)) and that a
/// program can catch and recover from: SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM,
/// SIGUSR1, SIGUSR2, SIGPROF, SIGVTALRM, SIGXCPU, SIGXFSZ, SIGIO; on Linux also SIGSTKFLT, SIGPWR
/// and the real-time signals SIGRTMIN to SIGRTMAX. Left out: SIGKILL (cannot be caught); SIGSEGV,
/// SIGBUS, SIGILL, SIGFPE, SIGTRAP and SIGSYS, which report a fault of the instruction being run
/// (returning from a handler would run it again); SIGABRT, which `abort(3)` raises again after
/// any handler. New threads block them (``systemStartThread(_:)``), so that they go to the main
/// thread, which waits for them.
package let terminatingSignals: [Int32] = {
  var numbers = [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGUSR1, SIGUSR2, SIGPROF, SIGVTALRM]
  numbers += [SIGXCPU, SIGXFSZ, SIGIO]
  #if os(Linux)
    numbers += [SIGSTKFLT, SIGPWR]
    numbers += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
  #endif
  return numbers
}()

/// A closure handed to a new thread.
private final class ThreadBody: Sendable {
  let run: @Sendable () -> Void
  init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Runs `body` on a new detached thread (one that blocks in `poll` for as long as a connection
/// lasts, which a Dispatch queue's few threads must not); false when the thread cannot be made.
/// The corresponding C functions are `pthread_attr_init`, `pthread_attr_setdetachstate` and
/// `pthread_create`.
package func systemStartThread(_ body: @escaping @Sendable () -> Void) -> Bool {
  let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  var attributes = pthread_attr_t()
  pthread_attr_init(&attributes)
  defer { pthread_attr_destroy(&attributes) }
  pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
  #if canImport(Glibc)
    var thread = pthread_t()
  #else
    var thread: pthread_t?
  #endif
  let status = pthread_create(
    &thread, &attributes,
    { pointer in
      #if canImport(Glibc)
        let body = Unmanaged<ThreadBody>.fromOpaque(pointer!).takeRetainedValue()
      #else
        let body = Unmanaged<ThreadBody>.fromOpaque(pointer).takeRetainedValue()
      #endif
      // Signals go to the main thread, which waits for them; this one's calls are not interrupted.
      var blocked = sigset_t()
      sigemptyset(&blocked)
      for number in terminatingSignals { sigaddset(&blocked, number) }
      pthread_sigmask(SIG_BLOCK, &blocked, nil)
      body.run()
      return nil
    }, box)
  if status != 0 {
    Unmanaged<ThreadBody>.fromOpaque(box).release()
    return false
  }
  return true
}
