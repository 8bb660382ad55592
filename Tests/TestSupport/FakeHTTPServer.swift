import Foundation
import Synchronization

/// A server on 127.0.0.1 that answers every request with the same bytes and closes: a web server
/// that is not etcd, or a gateway that misbehaves, for the etcd client's tests.
public final class FakeHTTPServer: @unchecked Sendable {
  /// The port it listens on.
  public let port: Int
  /// The listening socket until it is closed: ``stop()`` shuts it down at most once, and never after
  /// the accepting thread closed it (its number may belong to another descriptor by then).
  private let listener: Listener

  /// The listening descriptor, or nil once the accepting thread closed it.
  private final class Listener: Sendable {
    let descriptor: Mutex<Int32?>
    init(_ descriptor: Int32) { self.descriptor = Mutex(descriptor) }
  }

  /// Starts answering every connection with `answer` (a whole HTTP response).
  public init(answer: [UInt8]) throws {
    let socket = try Loopback.listen(port: 0)
    let descriptor = socket.descriptor
    let listener = Listener(descriptor)
    self.listener = listener
    port = socket.port
    Thread.detachNewThread {
      while true {
        let client = accept(descriptor, nil, nil)
        if client < 0 {
          if errno == EINTR { continue }
          listener.descriptor.withLock {
            if let open = $0 { close(open) }
            $0 = nil
          }
          return
        }
        // Read the request's head, answer, close.
        var buffer = [UInt8](repeating: 0, count: 65536)
        var received: [UInt8] = []
        while !received.containsHeadEnd {
          let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
          guard count > 0 else { break }
          received += buffer[0..<count]
        }
        var offset = 0
        while offset < answer.count {
          let sent = answer[offset...].withUnsafeBytes {
            send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
          }
          guard sent > 0 else { break }
          offset += sent
        }
        close(client)
      }
    }
  }

  /// Starts answering every request with `status` and `body` as `Content-Type`.
  public convenience init(status: Int, reason: String, contentType: String = "text/plain", body: String)
    throws
  {
    let text =
      "HTTP/1.1 \(status) \(reason)\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.utf8.count)\r\n"
      + "Connection: close\r\n\r\n\(body)"
    try self.init(answer: Array(text.utf8))
  }

  /// `http://127.0.0.1:<port>`.
  public var endpoint: String { "http://127.0.0.1:\(port)" }

  /// Stops accepting.
  public func stop() {
    listener.descriptor.withLock {
      if let open = $0 { shutdown(open, Int32(SHUT_RDWR)) }
    }
  }

  deinit { stop() }
}

extension [UInt8] {
  fileprivate var containsHeadEnd: Bool {
    guard count >= 4 else { return false }
    for index in 0...(count - 4)
    where self[index] == 13 && self[index + 1] == 10 && self[index + 2] == 13 && self[index + 3] == 10 {
      return true
    }
    return false
  }
}
