import Foundation

/// TCP on 127.0.0.1 for the etcd tests: free ports, a blocking HTTP/1.0 exchange, listeners.
public enum Loopback {
  /// A port that was free a moment ago: bind port 0, read the port the kernel chose, close. Another
  /// process may take it before it is used, so callers retry on a clash.
  public static func freePort() throws -> Int {
    let socket = try listen(port: 0)
    defer { close(socket.descriptor) }
    return socket.port
  }

  /// A listening socket on 127.0.0.1:`port` (0: any free port) and the port it got.
  public static func listen(port: Int) throws -> (descriptor: Int32, port: Int) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw LoopbackError("socket: errno \(errno)") }
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = address(port: port)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, Glibc.listen(descriptor, 64) == 0 else {
      close(descriptor)
      throw LoopbackError("bind 127.0.0.1:\(port): errno \(errno)")
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    return (descriptor, Int(UInt16(bigEndian: actual.sin_port)))
  }

  /// A connected socket to 127.0.0.1:`port`, or nil when refused.
  public static func connect(port: Int) -> Int32? {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var address = address(port: port)
    let status = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard status == 0 else {
      close(descriptor)
      return nil
    }
    return descriptor
  }

  /// Sends `request` (a whole HTTP/1.0 request) to 127.0.0.1:`port` and returns everything the
  /// server sends until it closes, or nil when the connection is refused or times out.
  public static func exchange(port: Int, request: String, timeoutSeconds: Int = 2) -> String? {
    guard let descriptor = connect(port: port) else { return nil }
    defer { close(descriptor) }
    var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    let bytes = Array(request.utf8)
    guard
      bytes.withUnsafeBytes({ send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) })
        == bytes.count
    else { return nil }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return count == 0 ? String(decoding: received, as: UTF8.self) : nil }
      received += buffer[0..<count]
    }
  }

  /// The body of `GET path` on 127.0.0.1:`port`, or nil.
  public static func get(port: Int, path: String) -> String? {
    guard let answer = exchange(port: port, request: "GET \(path) HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n"),
      let end = answer.range(of: "\r\n\r\n")
    else { return nil }
    return String(answer[end.upperBound...])
  }

  private static func address(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }
}

/// A loopback failure in the test support.
public struct LoopbackError: Error, CustomStringConvertible {
  /// What failed.
  public let description: String

  /// Creates an error saying `description`.
  public init(_ description: String) { self.description = description }
}
