import SettingsPOSIX

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Sockets (settings serve, the fleet store's client)

extension Errno {
  /// `EADDRINUSE`: the address (a port) is in use.
  package static let addressInUse = Errno(rawValue: EADDRINUSE)
  /// `EAGAIN`: try again (a non-blocking call that would block).
  package static let tryAgain = Errno(rawValue: EAGAIN)
  /// `EINPROGRESS`: a non-blocking `connect` goes on in the background.
  package static let inProgress = Errno(rawValue: EINPROGRESS)
  /// `ETIMEDOUT`: the operation timed out.
  package static let timedOut = Errno(rawValue: ETIMEDOUT)
  /// `ECONNREFUSED`: nothing listens at the address.
  package static let connectionRefused = Errno(rawValue: ECONNREFUSED)
  /// `ECONNRESET`: the peer reset the connection.
  package static let connectionReset = Errno(rawValue: ECONNRESET)
}

/// A new TCP socket listening on 127.0.0.1 (never another address) at `port` (0: a free port the
/// kernel picks), close-on-exec and non-blocking, with `SO_REUSEADDR`; returns it and the port it
/// is bound to. The corresponding C functions are `socket`, `setsockopt`, `bind`, `listen` and
/// `getsockname`.
package func systemListenLoopback(port: UInt16, backlog: Int32) throws(Errno) -> (
  descriptor: Int32, port: UInt16
) {
  #if canImport(Glibc)
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
  #else
    let descriptor = socket(AF_INET, SOCK_STREAM, 0)
  #endif
  if descriptor < 0 { throw .current }
  systemConfigure(descriptor, closeOnExec: true, nonBlocking: true)
  var one: Int32 = 1
  _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
  var address = sockaddr_in()
  address.sin_family = sa_family_t(AF_INET)
  address.sin_port = port.bigEndian
  address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
  let bound = withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
    }
  }
  if bound != 0 || listen(descriptor, backlog) != 0 {
    let error = Errno.current
    _ = close(descriptor)
    throw error
  }
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let named = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
  }
  if named != 0 {
    let error = Errno.current
    _ = close(descriptor)
    throw error
  }
  return (descriptor, UInt16(bigEndian: address.sin_port))
}

/// Accepts one connection on a listening socket: the new socket, close-on-exec and non-blocking.
/// Fails with `EAGAIN` when none is waiting; retried on `EINTR`.
/// The corresponding C functions are `accept` and `fcntl`.
package func systemAccept(_ descriptor: Int32) throws(Errno) -> Int32 {
  // accept4 is a GNU extension that Glibc's module does not export: accept, then fcntl (no
  // other thread execs while the server runs, so the window without close-on-exec is harmless).
  let connection = try retryingOnInterrupt { accept(descriptor, nil, nil) }
  systemConfigure(connection, closeOnExec: true, nonBlocking: true)
  return connection
}

/// Turns on TCP keepalive (`SO_KEEPALIVE`): after `idleSeconds` without traffic a probe every
/// `intervalSeconds`, and the connection fails after `count` unanswered probes (`TCP_KEEPIDLE`,
/// `TCP_KEEPINTVL`, `TCP_KEEPCNT`; `TCP_KEEPALIVE` for the idle time on Darwin). Best effort.
/// The corresponding C function is `setsockopt`.
package func systemSetKeepAlive(_ descriptor: Int32, idleSeconds: Int32, intervalSeconds: Int32, count: Int32)
{
  let size = socklen_t(MemoryLayout<Int32>.size)
  var one: Int32 = 1
  var idle = idleSeconds
  var interval = intervalSeconds
  var probes = count
  _ = setsockopt(descriptor, SOL_SOCKET, SO_KEEPALIVE, &one, size)
  #if canImport(Glibc)
    _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_KEEPIDLE, &idle, size)
  #else
    _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_KEEPALIVE, &idle, size)
  #endif
  _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_KEEPINTVL, &interval, size)
  _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_KEEPCNT, &probes, size)
}

/// The keepalive options of a socket, as ``systemSetKeepAlive(_:idleSeconds:intervalSeconds:count:)``
/// sets them: whether `SO_KEEPALIVE` is on, the idle time, interval and count; nil when they
/// cannot be read. The corresponding C function is `getsockopt`.
package func systemKeepAlive(_ descriptor: Int32) -> (
  isOn: Bool, idleSeconds: Int32, intervalSeconds: Int32, count: Int32
)? {
  func option(_ level: Int32, _ name: Int32) -> Int32? {
    var value: Int32 = 0
    var size = socklen_t(MemoryLayout<Int32>.size)
    return getsockopt(descriptor, level, name, &value, &size) == 0 ? value : nil
  }
  #if canImport(Glibc)
    let idleName = TCP_KEEPIDLE
  #else
    let idleName = TCP_KEEPALIVE
  #endif
  guard let on = option(SOL_SOCKET, SO_KEEPALIVE), let idle = option(Int32(IPPROTO_TCP), idleName),
    let interval = option(Int32(IPPROTO_TCP), TCP_KEEPINTVL),
    let count = option(Int32(IPPROTO_TCP), TCP_KEEPCNT)
  else { return nil }
  return (on != 0, idle, interval, count)
}

/// Sends segments at once rather than waiting to fill them (`TCP_NODELAY`), best effort. The
/// corresponding C function is `setsockopt`.
package func systemSetNoDelay(_ descriptor: Int32) {
  var one: Int32 = 1
  _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
}

/// Sends bytes on a socket without raising `SIGPIPE` when the peer is gone (`MSG_NOSIGNAL`; on
/// Darwin, `SO_NOSIGPIPE` set first); returns how many bytes went, or throws the error, retrying
/// on `EINTR`. The corresponding C function is `send`.
package func systemSend(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) throws(Errno) -> Int {
  #if canImport(Glibc)
    return try retryingOnInterrupt { send(descriptor, buffer, count, Int32(MSG_NOSIGNAL)) }
  #else
    var one: Int32 = 1
    _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    return try retryingOnInterrupt { send(descriptor, buffer, count, 0) }
  #endif
}

/// Ends the sending half of a connection (`SHUT_WR`), so the peer reads an end of file. The
/// corresponding C function is `shutdown`.
package func systemShutdownWrite(_ descriptor: Int32) { _ = shutdown(descriptor, Int32(SHUT_WR)) }

/// The peer's IPv4 address of a connected socket as four bytes (nil for another family or an
/// error). The corresponding C function is `getpeername`.
package func systemPeerIPv4Address(_ descriptor: Int32) -> [UInt8]? {
  var address = sockaddr_in()
  var length = socklen_t(MemoryLayout<sockaddr_in>.size)
  let status = withUnsafeMutablePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) }
  }
  guard status == 0, Int32(address.sin_family) == AF_INET else { return nil }
  return withUnsafeBytes(of: address.sin_addr.s_addr) { Array($0) }
}

/// Ends both directions of a connection, waking a thread blocked on it. The corresponding C
/// function is `shutdown`, with `SHUT_RDWR`.
package func systemShutdownBoth(_ descriptor: Int32) { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
