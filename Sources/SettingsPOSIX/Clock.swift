#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Nanoseconds since 1970-01-01 00:00 UTC by the wall clock (`CLOCK_REALTIME`), which may jump.
/// The corresponding C function is `clock_gettime`.
package func systemRealtimeNanoseconds() -> Int64 {
  var now = timespec()
  _ = clock_gettime(CLOCK_REALTIME, &now)
  return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

/// Nanoseconds of `CLOCK_MONOTONIC`, which never jumps with the wall clock.
/// The corresponding C function is `clock_gettime`.
package func systemMonotonicNanoseconds() -> Int64 {
  var now = timespec()
  _ = clock_gettime(CLOCK_MONOTONIC, &now)
  return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
}

/// Sleeps for `nanoseconds`, going on with the remaining time after a signal.
/// The corresponding C function is `nanosleep`.
package func systemSleep(nanoseconds: Int64) {
  var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
  var remaining = timespec()
  while nanosleep(&request, &remaining) != 0 && errno == EINTR {
    request = remaining
  }
}
