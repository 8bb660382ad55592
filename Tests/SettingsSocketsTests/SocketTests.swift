import Synchronization
import Testing

@testable import SettingsPOSIX
@testable import SettingsSockets

/// The socket layer over real loopback sockets: listening, connecting, reads and writes with
/// timeouts, keepalive, and the errors' messages.
struct SocketTests {
  /// Accepts the connection that `listener` has waiting (waiting up to 5 s for it).
  func accept(_ listener: ListeningSocket) throws -> SocketConnection {
    _ = try systemPoll([(listener.descriptor.rawValue, .readable)], timeoutMilliseconds: 5000)
    return try #require(try listener.accept())
  }

  @Test func listensOnLoopbackAndMovesBytesBothWays() throws {
    let listener = try ListeningSocket(port: 0)
    defer { listener.close() }
    #expect(listener.port > 0)
    #expect(try listener.accept() == nil)
    let client = try SocketConnection.connect(
      host: "127.0.0.1", port: listener.port, timeoutMilliseconds: 5000)
    defer { client.close() }
    let server = try accept(listener)
    defer { server.close() }
    #expect(systemPeerIPv4Address(server.descriptor.rawValue) == [127, 0, 0, 1])
    let big = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 13) }
    // A megabyte fills the socket buffers: the writer must wait for the reader, on a thread of its
    // own (not a task: the test pool's threads may all be busy with blocking tests).
    let written = Mutex<Result<Void, SocketError>?>(nil)
    #expect(
      systemStartThread {
        let result = Result { () throws(SocketError) in try client.writeAll(big, timeoutMilliseconds: 10_000)
        }
        written.withLock { $0 = result }
      })
    var received: [UInt8] = []
    while received.count < big.count {
      received += try server.read(timeoutMilliseconds: 10_000)
    }
    for _ in 0..<1000 where !written.withLock({ $0.map { _ in true } ?? false }) {
      systemSleep(nanoseconds: 10_000_000)
    }
    try #require(written.withLock { $0 }).get()
    #expect(received == big)
    try server.writeAll(Array("pong".utf8), timeoutMilliseconds: 1000)
    server.shutdownWrite()
    #expect(try client.read(timeoutMilliseconds: 1000) == Array("pong".utf8))
    #expect(try client.read(timeoutMilliseconds: 1000) == [])
  }

  @Test func aReadThatGetsNothingTimesOut() throws {
    let listener = try ListeningSocket(port: 0)
    defer { listener.close() }
    let client = try SocketConnection.connect(
      host: "localhost", port: listener.port, timeoutMilliseconds: 5000)
    defer { client.close() }
    #expect(throws: SocketError(.timedOut, operation: "read from the connection")) {
      try client.read(timeoutMilliseconds: 50)
    }
  }

  @Test func aPortInUseIsNamed() throws {
    let listener = try ListeningSocket(port: 0)
    defer { listener.close() }
    let error = #expect(throws: SocketError.self) { try ListeningSocket(port: listener.port) }
    #expect(error?.kind == .addressInUse)
    #expect(
      error?.description
        == "cannot listen on 127.0.0.1:\(listener.port): the port is in use (EADDRINUSE); give another port, "
        + "or 0 for a free one")
  }

  @Test func aNameThatDoesNotResolveIsAnErrorWithAMessage() throws {
    let error = #expect(throws: SocketError.self) {
      try SocketConnection.connect(host: "no-such-host.invalid", port: 2379, timeoutMilliseconds: 5000)
    }
    guard case .unresolved(let reason)? = error?.kind else {
      Issue.record("expected unresolved, got \(String(describing: error))")
      return
    }
    #expect(!reason.isEmpty)
    #expect(
      error?.description
        == "cannot connect to no-such-host.invalid:2379: the name does not resolve (\(reason))")
  }

  @Test func aClosedPortRefusesTheConnection() throws {
    let listener = try ListeningSocket(port: 0)
    let port = listener.port
    listener.close()
    #expect(throws: SocketError(.system(.connectionRefused), operation: "connect to 127.0.0.1:\(port)")) {
      try SocketConnection.connect(host: "127.0.0.1", port: port, timeoutMilliseconds: 5000)
    }
  }

  @Test func keepAliveOptionsAreSet() throws {
    let listener = try ListeningSocket(port: 0)
    defer { listener.close() }
    let client = try SocketConnection.connect(
      host: "127.0.0.1", port: listener.port, timeoutMilliseconds: 5000)
    defer { client.close() }
    #expect(systemKeepAlive(client.descriptor.rawValue)?.isOn == false)
    client.setKeepAlive(idleSeconds: 42, intervalSeconds: 7, count: 4)
    let options = try #require(systemKeepAlive(client.descriptor.rawValue))
    #expect(options.isOn)
    #expect(options.idleSeconds == 42)
    #expect(options.intervalSeconds == 7)
    #expect(options.count == 4)
  }

  @Test func writingToAConnectionThePeerClosedIsAnErrorNotASignal() throws {
    let listener = try ListeningSocket(port: 0)
    defer { listener.close() }
    let client = try SocketConnection.connect(
      host: "127.0.0.1", port: listener.port, timeoutMilliseconds: 5000)
    defer { client.close() }
    try accept(listener).close()
    let chunk = [UInt8](repeating: 1, count: 65536)
    #expect(throws: SocketError.self) {
      for _ in 0..<100 { try client.writeAll(chunk, timeoutMilliseconds: 1000) }
    }
  }
}
