import SettingsPOSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why ``systemConnect(host:port:timeoutMilliseconds:)`` failed.
package enum ConnectFailure: Error, Equatable {
  /// `getaddrinfo` could not resolve the name: its `gai_strerror` text.
  case unresolved(String)
  /// Every address refused or failed; the last address's error.
  case failed(Errno)
  /// No address answered within the time given.
  case timedOut
}

/// Connects a TCP socket to `host` (a name or a numeric address) at `port`, trying each address
/// `getaddrinfo` gives in turn, each attempt within what is left of `timeoutMilliseconds`; the
/// socket is close-on-exec and non-blocking. The corresponding C functions are `getaddrinfo`,
/// `gai_strerror`, `socket`, `connect`, `poll`, `getsockopt` (`SO_ERROR`) and `freeaddrinfo`.
package func systemConnect(host: String, port: UInt16, timeoutMilliseconds: Int32) throws(ConnectFailure)
  -> Int32
{
  var hints = addrinfo()
  hints.ai_family = AF_UNSPEC
  #if canImport(Glibc)
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
  #else
    hints.ai_socktype = SOCK_STREAM
  #endif
  hints.ai_flags = AI_NUMERICSERV
  var list: UnsafeMutablePointer<addrinfo>?
  let status = getaddrinfo(host, String(port), &hints, &list)
  if status != 0 {
    let reason = gai_strerror(status).map { String(cString: $0) } ?? "error \(status)"
    throw .unresolved(status == EAI_SYSTEM ? Errno.current.reason : reason)
  }
  defer { freeaddrinfo(list) }
  let deadline = systemMonotonicNanoseconds() + Int64(timeoutMilliseconds) * 1_000_000
  var lastError = ConnectFailure.failed(.connectionRefused)
  var entry = list
  while let address = entry?.pointee {
    entry = address.ai_next
    let descriptor = socket(address.ai_family, address.ai_socktype, address.ai_protocol)
    if descriptor < 0 {
      lastError = .failed(.current)
      continue
    }
    systemConfigure(descriptor, closeOnExec: true, nonBlocking: true)
    if connect(descriptor, address.ai_addr, address.ai_addrlen) == 0 { return descriptor }
    var code = errno
    // An interrupted connect is not tried again (that fails with EALREADY): it goes on in the
    // background, as one in progress does, and the socket turns writable when it is done.
    if code == EINPROGRESS || code == EINTR {
      let left = max(0, (deadline - systemMonotonicNanoseconds()) / 1_000_000)
      let ready: Bool
      do {
        ready = try !systemPoll([(descriptor, .writable)], timeoutMilliseconds: Int32(clamping: left))[0]
          .isEmpty
      } catch {
        _ = close(descriptor)
        lastError = .failed(error)
        continue
      }
      if !ready {
        _ = close(descriptor)
        lastError = .timedOut
        continue
      }
      var length = socklen_t(MemoryLayout<Int32>.size)
      code = 0
      if getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length) != 0 { code = errno }
      if code == 0 { return descriptor }
    }
    _ = close(descriptor)
    lastError = .failed(Errno(rawValue: code))
  }
  throw lastError
}
