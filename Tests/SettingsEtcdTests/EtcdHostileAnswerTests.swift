import TestSupport
import Testing

@testable import SettingsEtcd
@testable import SettingsKit

/// An answer whose framing is ambiguous (RFC 9112 section 6.3) or broken reaches the user of the
/// etcd store as a clear error naming the endpoint, never as a value: the codec refuses it, and the
/// client, which checks `GET /version` before its first call, names the server as not etcd.
struct EtcdHostileAnswerTests {
  @Test(arguments: [
    "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
    "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}",
    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2 \r\n{}\r\n0\r\n\r\n",
    "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n Folded: x\r\n\r\n{}",
  ])
  func anAmbiguousAnswerIsAClearError(answer: String) throws {
    let server = try FakeHTTPServer(answer: Array(answer.utf8))
    defer { server.stop() }
    let store = try EtcdStore(endpoints: try EtcdEndpoint.list(server.endpoint), documentID: "app")
    let error = StoreError.etcd(
      .notEtcd(endpoint: "http://127.0.0.1:\(server.port)", path: "GET /version", status: 0))
    #expect(throws: error) { try store.read() }
    #expect(
      error.message
        == "http://127.0.0.1:\(server.port) is not an etcd v3 JSON gateway (GET /version answered with something "
        + "that is not HTTP)")
  }

  /// The same answer framed once is read: the server is then named by what it answered.
  @Test func theSameAnswerFramedOnceIsRead() throws {
    let server = try FakeHTTPServer(answer: Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}".utf8))
    defer { server.stop() }
    let store = try EtcdStore(endpoints: try EtcdEndpoint.list(server.endpoint), documentID: "app")
    #expect(
      throws: StoreError.etcd(
        .notEtcd(endpoint: "http://127.0.0.1:\(server.port)", path: "GET /version", status: 200))
    ) {
      try store.read()
    }
  }
}
