#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Threads

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
      for number in SignalNumber.terminating { sigaddset(&blocked, number) }
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
