import SettingsPOSIX

/// A connected TCP socket (non-blocking underneath) whose reads and writes wait at most a given
/// time, with `poll(2)`; the server's and the fleet store client's one way to move bytes.
///
/// A plain value that does not close itself; ``close()`` does.
package struct SocketConnection: Sendable, Hashable {
  /// The socket.
  package let descriptor: FileDescriptor

  /// Wraps a connected socket, which must be non-blocking.
  package init(descriptor: FileDescriptor) { self.descriptor = descriptor }

  /// Connects to `host` (a name or a numeric address) at `port` within `timeoutMilliseconds`.
  ///
  /// - Throws: ``SocketError``: ``SocketError/Kind/unresolved(_:)`` for a name that does not
  ///   resolve, ``SocketError/Kind/timedOut``, or the system's error (`ECONNREFUSED`).
  package static func connect(host: String, port: UInt16, timeoutMilliseconds: Int32) throws(SocketError)
    -> SocketConnection
  {
    let operation = "connect to \(host):\(port)"
    do {
      let descriptor = try systemConnect(host: host, port: port, timeoutMilliseconds: timeoutMilliseconds)
      return SocketConnection(descriptor: FileDescriptor(rawValue: descriptor))
    } catch {
      switch error {
      case .unresolved(let reason): throw SocketError(.unresolved(reason), operation: operation)
      case .timedOut: throw SocketError(.timedOut, operation: operation)
      case .failed(let errno): throw SocketError(.system(errno), operation: operation)
      }
    }
  }

  /// Turns on TCP keepalive, so a peer that vanished is noticed on an idle connection.
  package func setKeepAlive(idleSeconds: Int32 = 30, intervalSeconds: Int32 = 10, count: Int32 = 3) {
    systemSetKeepAlive(
      descriptor.rawValue, idleSeconds: idleSeconds, intervalSeconds: intervalSeconds, count: count)
  }

  /// Sends small writes at once (`TCP_NODELAY`).
  package func setNoDelay() { systemSetNoDelay(descriptor.rawValue) }

  /// Reads what has arrived, up to `capacity` bytes, waiting at most `timeoutMilliseconds` (-1: no
  /// limit) for something to arrive; empty at the end of the input.
  ///
  /// - Throws: ``SocketError/Kind/timedOut`` when nothing came in time; the system's error.
  package func read(capacity: Int = 64 * 1024, timeoutMilliseconds: Int32) throws(SocketError) -> [UInt8] {
    var buffer = [UInt8](repeating: 0, count: capacity)
    while true {
      let read = buffer.withUnsafeMutableBytes { bytes in
        Result { () throws(Errno) in try descriptor.read(into: bytes) }
      }
      switch read {
      case .success(let count): return Array(buffer[0..<count])
      case .failure(let error):
        guard error == .tryAgain || error == .wouldBlock else {
          throw SocketError(.system(error), operation: "read from the connection")
        }
      }
      try wait(
        for: .readable, timeoutMilliseconds: timeoutMilliseconds, operation: "read from the connection")
    }
  }

  /// Writes every byte, waiting at most `timeoutMilliseconds` each time the peer's window is full
  /// (-1: no limit). Never raises `SIGPIPE`: a peer that went away is an error (`EPIPE`).
  package func writeAll(_ bytes: [UInt8], timeoutMilliseconds: Int32) throws(SocketError) {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes { buffer in
        Result { () throws(Errno) in
          try systemSend(descriptor.rawValue, buffer.baseAddress! + offset, buffer.count - offset)
        }
      }
      switch sent {
      case .success(let count):
        guard count > 0 else { throw SocketError(.closed, operation: "write to the connection") }
        offset += count
        continue
      case .failure(let error):
        guard error == .tryAgain || error == .wouldBlock else {
          throw SocketError(.system(error), operation: "write to the connection")
        }
      }
      try wait(for: .writable, timeoutMilliseconds: timeoutMilliseconds, operation: "write to the connection")
    }
  }

  /// Waits until the socket is readable or writable (or failed), at most `timeoutMilliseconds`.
  func wait(for events: PollEvents, timeoutMilliseconds: Int32, operation: String) throws(SocketError) {
    let reported: [PollEvents]
    do {
      reported = try systemPoll([(descriptor.rawValue, events)], timeoutMilliseconds: timeoutMilliseconds)
    } catch {
      throw SocketError(.system(error), operation: operation)
    }
    if reported[0].isEmpty { throw SocketError(.timedOut, operation: operation) }
  }

  /// Ends the sending half: the peer reads an end of file, and can still send.
  package func shutdownWrite() { systemShutdownWrite(descriptor.rawValue) }

  /// Closes the socket.
  package func close() { descriptor.close() }
}
