/// Waits until one of `descriptors` is readable, hung up or failed, or `timeoutMilliseconds` pass
/// (-1: no limit), waiting on through signals; returns the descriptors that reported (none on a
/// timeout or an error). Built on ``systemPoll(_:timeoutMilliseconds:retryOnInterrupt:)``.
package func waitUntilReadable(_ descriptors: [Int32], timeoutMilliseconds: Int32) -> [Int32] {
  guard
    let reported = try? systemPoll(
      descriptors.map { ($0, .readable) }, timeoutMilliseconds: timeoutMilliseconds)
  else { return [] }
  return zip(descriptors, reported).filter { !$0.1.isEmpty }.map(\.0)
}

/// A pipe whose read end a loop waits on beside its other descriptors: one byte written to the
/// write end (``FileEvents/wake(_:)``) wakes it. Both ends are close-on-exec and non-blocking. Nil
/// when `pipe(2)` fails.
package func makeWakePipe() -> (read: Int32, write: Int32)? {
  guard let ends = try? systemPipe() else { return nil }
  systemConfigure(ends.read, closeOnExec: true, nonBlocking: true)
  systemConfigure(ends.write, closeOnExec: true, nonBlocking: true)
  return ends
}
