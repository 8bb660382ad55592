import SettingsHTTP
import SettingsKit
import SettingsPOSIX
import SettingsSockets
import Synchronization

/// What a ``WebServer`` asks of the application behind it.
package protocol WebHandler: Sendable {
  /// The answer to one complete request (the security checks included).
  func respond(to request: WebRequest) -> WebReply
  /// The text of `event` for the stream that `request` opened (its locale).
  func text(of event: WebEventLog.Event, for request: WebRequest) -> String
  /// The `snapshot` event, numbered `id`, that stands for every value at once, for a stream that
  /// missed too much.
  func snapshotText(id: Int, for request: WebRequest) -> String
}

/// An answer: a response, or an event stream from the log after an event number.
package enum WebReply: Sendable {
  /// A complete response.
  case response(WebResponse)
  /// A Server-Sent Events stream of `log`, after event `after` (nil: only new events; an event
  /// number no longer kept: a snapshot event first).
  case events(log: WebEventLog, after: Int?)
}

/// The HTTP/1.1 server of `settings serve`, on the POSIX layer: one listening socket on
/// 127.0.0.1, one thread accepting, one thread per connection (at most ``maxConnections``; past
/// them a connection gets 503 and is closed). Each connection reads requests with
/// ``HTTPRequestDecoder`` (a head must be complete within ``headTimeoutMilliseconds`` or the
/// connection is closed; a head over 16 KiB gets 431, a body over 64 KiB 413, a malformed request
/// 400) and keeps alive as HTTP/1.1 does.
package final class WebServer: Sendable {
  /// The listening socket.
  package let listener: ListeningSocket
  /// The port it listens on.
  package var port: UInt16 { listener.port }
  let handler: any WebHandler
  let limits: HTTPLimits
  /// How long a request head may take to arrive (10 s).
  package let headTimeoutMilliseconds: Int32
  /// How many connections are served at once (64).
  package let maxConnections: Int
  /// How often an idle event stream gets a comment line (15 s).
  package let keepAliveMilliseconds: Int32
  let wake: (read: FileDescriptor, write: FileDescriptor)
  let connections = Mutex<Set<Int32>>([])
  let stopping = Atomic<Bool>(false)
  let running = Atomic<Int>(0)

  /// A server on `listener` (``ListeningSocket``: 127.0.0.1 only), which it closes when stopped.
  ///
  /// - Throws: ``SocketError`` when its wake pipe cannot be made.
  package init(
    listener: ListeningSocket, handler: any WebHandler, limits: HTTPLimits = HTTPLimits(),
    headTimeoutMilliseconds: Int32 = 10_000,
    maxConnections: Int = 64, keepAliveMilliseconds: Int32 = 15_000
  ) throws(SocketError) {
    self.listener = listener
    self.handler = handler
    self.limits = limits
    self.headTimeoutMilliseconds = headTimeoutMilliseconds
    self.maxConnections = maxConnections
    self.keepAliveMilliseconds = keepAliveMilliseconds
    do {
      wake = try FileDescriptor.pipe()
    } catch {
      listener.close()
      throw SocketError(.system(error), operation: "make a pipe for the server")
    }
    systemConfigure(wake.read.rawValue, closeOnExec: true, nonBlocking: true)
    systemConfigure(wake.write.rawValue, closeOnExec: true, nonBlocking: true)
  }

  /// What a user can do about a 431: a browser's head grows past the limit when pages on
  /// 127.0.0.1 (any port: cookies do not keep ports apart) have set large cookies.
  static let headTooLargeHint =
    "a browser sends this when pages on 127.0.0.1 or localhost have set large cookies; clear that "
    + "site's cookies, then open the address that settings serve printed"

  /// Starts accepting connections on a thread of its own; false when no thread can be made.
  package func start() -> Bool {
    running.add(1, ordering: .sequentiallyConsistent)
    let started = systemStartThread { [self] in
      acceptLoop()
      running.subtract(1, ordering: .sequentiallyConsistent)
    }
    if !started { running.subtract(1, ordering: .sequentiallyConsistent) }
    return started
  }

  /// Stops accepting, ends every connection (event streams included) and waits up to 2 s for
  /// their threads; then closes the listening socket.
  package func stop() {
    guard !stopping.exchange(true, ordering: .sequentiallyConsistent) else { return }
    var byte: UInt8 = 0
    _ = systemWrite(wake.write.rawValue, &byte, 1)
    // Under the lock: a connection's thread takes it out of the set before closing it, so every
    // descriptor shut down here is still that connection's, never a reused number.
    connections.withLock { open in for descriptor in open { systemShutdownBoth(descriptor) } }
    let deadline = systemMonotonicNanoseconds() + 2_000_000_000
    while running.load(ordering: .sequentiallyConsistent) > 0 && systemMonotonicNanoseconds() < deadline {
      systemSleep(nanoseconds: 5_000_000)
    }
    listener.close()
  }

  /// Whether ``stop()`` was called.
  package var isStopping: Bool { stopping.load(ordering: .sequentiallyConsistent) }

  func acceptLoop() {
    while !isStopping {
      guard
        let events = try? systemPoll(
          [(listener.descriptor.rawValue, .readable), (wake.read.rawValue, .readable)],
          timeoutMilliseconds: -1)
      else { continue }
      if isStopping || !events[1].isEmpty { return }
      while let connection = try? listener.accept() {
        serve(connection)
      }
    }
  }

  /// Hands a new connection to a thread of its own, or answers 503 past the limit.
  func serve(_ connection: SocketConnection) {
    let admitted = connections.withLock { open -> Bool in
      guard open.count < maxConnections else { return false }
      open.insert(connection.descriptor.rawValue)
      return true
    }
    guard admitted else {
      let response = WebResponse.error(
        503, "too many connections; at most \(maxConnections) are served at once")
      try? connection.writeAll(response.bytes(closing: true), timeoutMilliseconds: 1000)
      connection.close()
      return
    }
    connection.setNoDelay()
    running.add(1, ordering: .sequentiallyConsistent)
    let started = systemStartThread { [self] in
      handle(connection)
      connections.withLock { _ = $0.remove(connection.descriptor.rawValue) }
      connection.close()
      running.subtract(1, ordering: .sequentiallyConsistent)
    }
    if !started {
      connections.withLock { _ = $0.remove(connection.descriptor.rawValue) }
      connection.close()
      running.subtract(1, ordering: .sequentiallyConsistent)
    }
  }

  /// Reads requests and writes responses until the connection closes, fails or times out.
  func handle(_ connection: SocketConnection) {
    var decoder = HTTPRequestDecoder(limits: limits)
    var head: HTTPRequestHead?
    var body: [UInt8] = []
    var deadline = systemMonotonicNanoseconds() + Int64(headTimeoutMilliseconds) * 1_000_000
    while !isStopping {
      do {
        while let event = try decoder.next() {
          switch event {
          case .head(let next):
            head = next
            body = []
          case .body(let data): body += data
          case .end:
            guard let request = head else { continue }
            head = nil
            if try !answer(WebRequest(head: request, body: body), on: connection) { return }
            deadline = systemMonotonicNanoseconds() + Int64(headTimeoutMilliseconds) * 1_000_000
          }
        }
      } catch let error as HTTPError {
        let response = WebResponse.error(
          error.status, error.description, hint: error.status == 431 ? Self.headTooLargeHint : nil)
        try? connection.writeAll(response.bytes(closing: true), timeoutMilliseconds: 1000)
        return
      } catch {
        return
      }
      // A request, head and body, must be complete in time (10 s from the last answer).
      let left = (deadline - systemMonotonicNanoseconds()) / 1_000_000
      guard left > 0 else { return }
      guard let bytes = try? connection.read(timeoutMilliseconds: Int32(clamping: left)), !bytes.isEmpty
      else {
        return
      }
      decoder.append(bytes)
    }
  }

  /// Answers one request; false when the connection is to be closed.
  func answer(_ request: WebRequest, on connection: SocketConnection) throws -> Bool {
    switch handler.respond(to: request) {
    case .response(let response):
      let keepsAlive = request.head.keepsAlive && response.status < 400
      try connection.writeAll(
        response.bytes(closing: !keepsAlive, omittingBody: request.head.method == "HEAD"),
        timeoutMilliseconds: 10_000)
      return keepsAlive
    case .events(let log, let after):
      stream(log, after: after, for: request, on: connection)
      return false
    }
  }

  /// Sends the event stream until the client goes away or the server stops: `retry: 1000`, the
  /// events missed since `after` (or a snapshot), then each new event, and a comment line after
  /// every ``keepAliveMilliseconds`` of silence.
  func stream(_ log: WebEventLog, after: Int?, for request: WebRequest, on connection: SocketConnection) {
    guard let pipe = try? FileDescriptor.pipe() else { return }
    systemConfigure(pipe.read.rawValue, closeOnExec: true, nonBlocking: true)
    systemConfigure(pipe.write.rawValue, closeOnExec: true, nonBlocking: true)
    log.addWaiter(pipe.write)
    defer {
      log.removeWaiter(pipe.write)
      pipe.read.close()
      pipe.write.close()
    }
    var head = HTTPResponseHead(status: 200, headers: ["Content-Type": "text/event-stream; charset=utf-8"])
    for (name, value) in WebSecurity.responseHeaders { head.headers.add(name, value) }
    head.headers.add("Connection", "close")
    var text = "retry: 1000\n\n"
    var last = after ?? log.lastID
    text += missedText(log, after: &last, for: request)
    do {
      try connection.writeAll(HTTPWriter.bytes(of: head) + Array(text.utf8), timeoutMilliseconds: 10_000)
      while !isStopping {
        let events = try systemPoll(
          [(pipe.read.rawValue, .readable), (connection.descriptor.rawValue, .readable)],
          timeoutMilliseconds: keepAliveMilliseconds)
        if events.allSatisfy(\.isEmpty) {
          try connection.writeAll(Array(": keep-alive\n\n".utf8), timeoutMilliseconds: 10_000)
          continue
        }
        // The client sent something or went away: a stream expects nothing more from it.
        if !events[1].isEmpty {
          if try connection.read(timeoutMilliseconds: 0).isEmpty { return }
        }
        if !events[0].isEmpty {
          _ = FileEvents.drain(pipe.read.rawValue)
          if isStopping { return }
          let text = missedText(log, after: &last, for: request)
          if !text.isEmpty { try connection.writeAll(Array(text.utf8), timeoutMilliseconds: 10_000) }
        }
      }
    } catch {
      return
    }
  }

  /// The events after `last` (or a snapshot when they are no longer kept), and `last` moved on.
  func missedText(_ log: WebEventLog, after last: inout Int, for request: WebRequest) -> String {
    if let missed = log.events(after: last) {
      last = missed.last?.id ?? last
      return missed.map { handler.text(of: $0, for: request) }.joined()
    }
    last = log.lastID
    return handler.snapshotText(id: last, for: request)
  }
}
