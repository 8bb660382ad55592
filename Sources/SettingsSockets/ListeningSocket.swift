import SettingsPOSIX

/// A TCP socket listening on 127.0.0.1 only (loopback: nothing on another machine can connect).
///
/// A plain value that does not close itself; ``close()`` does.
package struct ListeningSocket: Sendable {
  /// The socket (non-blocking, close-on-exec).
  package let descriptor: FileDescriptor
  /// The port it is bound to (the one the kernel picked when 0 was asked for).
  package let port: UInt16

  /// Listens on 127.0.0.1 at `port`, or a free port when it is 0.
  ///
  /// - Throws: ``SocketError`` with ``SocketError/Kind/addressInUse`` when the port is taken.
  package init(port: UInt16, backlog: Int32 = 128) throws(SocketError) {
    do {
      let (descriptor, bound) = try systemListenLoopback(port: port, backlog: backlog)
      self.descriptor = FileDescriptor(rawValue: descriptor)
      self.port = bound
    } catch {
      let operation = "listen on 127.0.0.1:\(port)"
      throw SocketError(error == .addressInUse ? .addressInUse : .system(error), operation: operation)
    }
  }

  /// The next waiting connection, or nil when none waits (wait for ``descriptor`` to be readable).
  package func accept() throws(SocketError) -> SocketConnection? {
    do {
      return SocketConnection(descriptor: FileDescriptor(rawValue: try systemAccept(descriptor.rawValue)))
    } catch {
      if error == .tryAgain || error == .wouldBlock { return nil }
      throw SocketError(.system(error), operation: "accept a connection on 127.0.0.1:\(port)")
    }
  }

  /// Stops listening.
  package func close() { descriptor.close() }
}
