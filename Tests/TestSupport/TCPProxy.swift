import Foundation

/// A small TCP proxy on 127.0.0.1 in front of one port, that can misbehave on purpose: delay every
/// chunk, reset or black-hole new connections, or pass the Nth HTTP request on and drop its answer
/// (the client's connection is then reset, as a network partition after the write would leave it).
public final class TCPProxy: @unchecked Sendable {
  /// What the proxy does to the traffic.
  public enum Fault: Sendable, Equatable {
    /// Passes everything on.
    case none
    /// Holds every chunk for `milliseconds` before passing it on.
    case delay(milliseconds: Int)
    /// Resets each new connection at once.
    case reset
    /// Accepts new connections and never answers (reads and discards).
    case blackHole
    /// Passes request number `request` (counted from 1 over every connection since the proxy
    /// started) on, discards its answer and resets the client's connection.
    case dropAnswer(toRequest: Int)
    /// As ``dropAnswer(toRequest:)`` for every `every`-th request.
    case dropEveryAnswer(every: Int)
  }

  /// The port clients connect to.
  public let port: Int
  private let target: Int
  private let listener: Int32
  private let lock = NSLock()
  private var currentFault: Fault = .none
  private var nextFault: Fault?
  private var requests = 0
  private var dropped: [Int] = []
  /// The open connections' descriptors, each with the number of pumps still using it. A
  /// descriptor is closed only under `lock`, when its count reaches zero, and shut down by others
  /// only under `lock` while it is here: a number that was closed and reused by someone else (a
  /// pipe of Foundation's `Process`, say) is never touched.
  private var descriptors: [Int32: Int] = [:]
  private var listenerOpen = true
  private var stopped = false

  /// Starts a proxy on a free port in front of 127.0.0.1:`target`.
  public init(target: Int) throws {
    self.target = target
    let socket = try Loopback.listen(port: 0)
    listener = socket.descriptor
    port = socket.port
    Thread.detachNewThread { [self] in acceptLoop() }
  }

  /// The URL of the proxy, `http://127.0.0.1:<port>`.
  public var endpoint: String { "http://127.0.0.1:\(port)" }

  /// What the proxy does to new traffic from now on.
  public var fault: Fault {
    get { lock.withLock { currentFault } }
    set { lock.withLock { currentFault = newValue } }
  }

  /// The fault that replaces ``fault`` the moment an answer is dropped (nil: it stays), so that a
  /// test can cut everything after a lost answer without a race.
  public var faultAfterDrop: Fault? {
    get { lock.withLock { nextFault } }
    set { lock.withLock { nextFault = newValue } }
  }

  /// How many HTTP requests passed so far.
  public var requestCount: Int { lock.withLock { requests } }

  /// The numbers of the requests whose answers were dropped.
  public var droppedRequests: [Int] { lock.withLock { dropped } }

  /// Closes every connection (resetting it) and stops accepting.
  public func stop() {
    lock.withLock {
      stopped = true
      if listenerOpen { shutdown(listener, Int32(SHUT_RDWR)) }
      for descriptor in descriptors.keys { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }
  }

  deinit { stop() }

  /// Resets every open connection now (a cut), leaving the proxy accepting new ones.
  public func cutConnections() {
    lock.withLock {
      for descriptor in descriptors.keys { Self.reset(descriptor, closing: false) }
    }
  }

  private func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      if client < 0 {
        if errno == EINTR { continue }
        lock.withLock {
          listenerOpen = false
          close(listener)
        }
        return
      }
      let (fault, isStopped) = lock.withLock { (currentFault, stopped) }
      if isStopped {
        close(client)
        continue
      }
      switch fault {
      case .reset:
        Self.reset(client, closing: true)
      case .blackHole:
        track(client, users: 1)
        Thread.detachNewThread { [self] in
          var buffer = [UInt8](repeating: 0, count: 4096)
          while buffer.withUnsafeMutableBytes({ recv(client, $0.baseAddress, $0.count, 0) }) > 0 {}
          release(client)
        }
      default:
        guard let upstream = Loopback.connect(port: target) else {
          Self.reset(client, closing: true)
          continue
        }
        track(client, users: 2)
        track(upstream, users: 2)
        let connection = Connection()
        Thread.detachNewThread { [self] in pumpRequests(from: client, to: upstream, connection) }
        Thread.detachNewThread { [self] in pumpAnswers(from: upstream, to: client, connection) }
      }
    }
  }

  private final class Connection: @unchecked Sendable {
    let lock = NSLock()
    var dropping = false
  }

  private func pumpRequests(from client: Int32, to upstream: Int32, _ connection: Connection) {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      let chunk = Array(buffer[0..<count])
      let fault = self.fault
      if Self.startsRequest(chunk) {
        let drop = lock.withLock { () -> Bool in
          requests += 1
          let drop: Bool
          switch currentFault {
          case .dropAnswer(let number): drop = requests == number
          case .dropEveryAnswer(let every): drop = every > 0 && requests % every == 0
          default: drop = false
          }
          if drop {
            dropped.append(requests)
            if let nextFault { currentFault = nextFault }
          }
          return drop
        }
        if drop { connection.lock.withLock { connection.dropping = true } }
      }
      if case .delay(let milliseconds) = fault { usleep(useconds_t(milliseconds * 1000)) }
      guard Self.sendAll(chunk, to: upstream) else { break }
    }
    shutdown(upstream, Int32(SHUT_WR))
    release(client)
    release(upstream)
  }

  private func pumpAnswers(from upstream: Int32, to client: Int32, _ connection: Connection) {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(upstream, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { break }
      if connection.lock.withLock({ connection.dropping }) {
        // The request went through; its answer is lost and the client's connection reset.
        Self.reset(client, closing: false)
        break
      }
      if case .delay(let milliseconds) = fault { usleep(useconds_t(milliseconds * 1000)) }
      guard Self.sendAll(Array(buffer[0..<count]), to: client) else { break }
    }
    shutdown(client, Int32(SHUT_RDWR))
    shutdown(upstream, Int32(SHUT_RDWR))
    release(client)
    release(upstream)
  }

  private func track(_ descriptor: Int32, users: Int) { lock.withLock { descriptors[descriptor] = users } }

  /// One pump is done with `descriptor`; the last one closes it.
  private func release(_ descriptor: Int32) {
    lock.withLock {
      guard let users = descriptors[descriptor] else { return }
      if users > 1 {
        descriptors[descriptor] = users - 1
      } else {
        descriptors[descriptor] = nil
        close(descriptor)
      }
    }
  }

  private static func startsRequest(_ chunk: [UInt8]) -> Bool {
    for method in ["GET ", "POST ", "PUT ", "DELETE "] where chunk.starts(with: Array(method.utf8)) {
      return true
    }
    return false
  }

  private static func sendAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes[offset...].withUnsafeBytes {
        send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if sent < 0 && errno == EINTR { continue }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Sends a TCP reset: `SO_LINGER` with a zero timeout, then `close(2)` (or `shutdown(2)` when
  /// the descriptor stays owned by a pump).
  private static func reset(_ descriptor: Int32, closing: Bool) {
    var linger = linger(l_onoff: 1, l_linger: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
    if closing { close(descriptor) } else { shutdown(descriptor, Int32(SHUT_RDWR)) }
  }
}
