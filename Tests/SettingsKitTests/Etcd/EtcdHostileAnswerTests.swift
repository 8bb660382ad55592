import TestSupport
import Testing

@testable import SettingsKit

/// An answer whose framing is ambiguous (RFC 9112 section 6.3) or broken reaches the user of the
/// etcd store as a clear error naming the endpoint and what is wrong, never as a value.
struct EtcdHostileAnswerTests {
  @Test(arguments: [
    (
      "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
      "malformed HTTP: both Transfer-Encoding and Content-Length"
    ),
    (
      "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\n{}",
      "malformed HTTP: Content-Length given more than once"
    ),
    (
      "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2 \r\n{}\r\n0\r\n\r\n",
      "malformed HTTP: a chunk size followed by something other than an extension"
    ),
    ("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n Folded: x\r\n\r\n{}", "malformed HTTP: obsolete line folding"),
  ])
  func anAmbiguousAnswerIsAClearError(answer: String, reason: String) throws {
    let server = try FakeHTTPServer(answer: Array(answer.utf8))
    defer { server.stop() }
    let store = EtcdStore(endpoints: try EtcdEndpoint.list(server.endpoint), documentID: "app")
    let error = StoreError.etcd(.malformedAnswer(endpoint: "127.0.0.1:\(server.port)", reason: reason))
    #expect(throws: error) { try store.read() }
    #expect(error.message == "etcd at 127.0.0.1:\(server.port) sent an answer that is not etcd's: \(reason)")
  }
}
