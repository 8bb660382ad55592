import Testing

@testable import SettingsHTTP

/// The request-smuggling forms that parsers disagree on (HTTP Garden, the request-smuggling
/// literature, RFC 9112 section 6.3): each is refused with a 4xx status and its reason, or read
/// with exactly one meaning.
struct HTTPSmugglingTests {
  /// What the request decoder makes of `text` (a request, then `GET /next` to show where it
  /// stops): each head, each whole body, each end, then the error; fed at once and a byte at a
  /// time, the two must agree. A body cut by an error is left out (what of it was decoded before the
  /// error depends on the pieces; the message is refused either way).
  func reading(_ text: String) -> String {
    func read(piece: Int) -> String {
      var decoder = HTTPRequestDecoder()
      var result: [String] = []
      var body: [UInt8] = []
      let bytes = Array(text.utf8)
      var offset = 0
      do throws(HTTPError) {
        while offset < bytes.count {
          decoder.append(Array(bytes[offset..<min(bytes.count, offset + piece)]))
          offset += piece
          while let event = try decoder.next() {
            switch event {
            case .head(let head): result.append("\(head.method) \(head.target)")
            case .body(let data): body += data
            case .end:
              if !body.isEmpty {
                result.append("body \(String(decoding: body, as: UTF8.self).debugDescription)")
              }
              body = []
              result.append("end")
            }
          }
        }
      } catch {
        result.append("\(error.status) \(error)")
      }
      return result.joined(separator: " | ")
    }
    let whole = read(piece: .max)
    let bytewise = read(piece: 1)
    return whole == bytewise ? whole : "at once: \(whole); a byte at a time: \(bytewise)"
  }

  static let next = "GET /next HTTP/1.1\r\n\r\n"

  @Test(arguments: [
    // Content-Length together with Transfer-Encoding, in either order.
    (
      "POST / HTTP/1.1\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + next,
      "400 malformed HTTP: both Transfer-Encoding and Content-Length"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n" + next,
      "400 malformed HTTP: both Transfer-Encoding and Content-Length"
    ),
    // Content-Length twice, equal or not, or as a list.
    (
      "POST / HTTP/1.1\r\nContent-Length: 4\r\nContent-Length: 4\r\n\r\nabcd" + next,
      "400 malformed HTTP: Content-Length given more than once"
    ),
    (
      "POST / HTTP/1.1\r\nContent-Length: 4\r\ncontent-length: 30\r\n\r\nabcd" + next,
      "400 malformed HTTP: Content-Length given more than once"
    ),
    (
      "POST / HTTP/1.1\r\nContent-Length: 4, 4\r\n\r\nabcd" + next,
      "400 malformed HTTP: Content-Length given more than once"
    ),
    (
      "POST / HTTP/1.1\r\nContent-Length: +4\r\n\r\nabcd" + next,
      "400 malformed HTTP: Content-Length is not a number of bytes"
    ),
    (
      "POST / HTTP/1.1\r\nContent-Length: 0x4\r\n\r\nabcd" + next,
      "400 malformed HTTP: Content-Length is not a number of bytes"
    ),
    (
      "POST / HTTP/1.1\r\nContent-Length: 4 4\r\n\r\nabcd" + next,
      "400 malformed HTTP: Content-Length is not a number of bytes"
    ),
    (
      "POST / HTTP/1.1\r\nContent-Length:\r\n\r\n" + next,
      "400 malformed HTTP: Content-Length is not a number of bytes"
    ),
    (
      "POST / HTTP/1.1\r\nContent-Length: 18446744073709551620\r\n\r\n" + next,
      "400 malformed HTTP: Content-Length is not a number of bytes"
    ),
    // Optional whitespace around a length is not part of it: one meaning.
    (
      "POST / HTTP/1.1\r\nContent-Length: \t4 \r\n\r\nabcd" + next,
      "POST / | body \"abcd\" | end | GET /next | end"
    ),
    // Transfer-Encoding spelled oddly.
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: Chunked \r\n\r\n1\r\na\r\n0\r\n\r\n" + next,
      "POST / | body \"a\" | end | GET /next | end"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: xchunked\r\n\r\n1\r\na\r\n0\r\n\r\n" + next,
      "400 malformed HTTP: the last transfer coding is not chunked: 'xchunked'"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked, identity\r\n\r\n1\r\na\r\n0\r\n\r\n" + next,
      "400 malformed HTTP: the last transfer coding is not chunked: 'identity'"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked;q=1\r\n\r\n1\r\na\r\n0\r\n\r\n" + next,
      "400 malformed HTTP: the last transfer coding is not chunked: 'chunked;q=1'"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + next,
      "400 malformed HTTP: chunked twice"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding:\r\n\r\n0\r\n\r\n" + next,
      "400 malformed HTTP: an empty Transfer-Encoding"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: \u{0B}chunked\r\n\r\n0\r\n\r\n" + next,
      "400 malformed HTTP: a control character in the value of 'Transfer-Encoding'"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: identity, chunked\r\n\r\n0\r\n\r\n" + next,
      "501 unsupported transfer coding 'identity'; only chunked is"
    ),
    // A name that is not Transfer-Encoding is another field: no body, and the chunk is the next request.
    (
      "POST / HTTP/1.1\r\nTransfer_Encoding: chunked\r\n\r\n0\r\n\r\n" + next,
      "POST / | end | 400 malformed HTTP: the request line is not METHOD SP TARGET SP VERSION"
    ),
    // Obsolete line folding.
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding:\r\n chunked\r\n\r\n0\r\n\r\n" + next,
      "400 malformed HTTP: obsolete line folding"
    ),
    ("GET / HTTP/1.1\r\nX-A: b\r\n\tc\r\n\r\n" + next, "400 malformed HTTP: obsolete line folding"),
    ("GET / HTTP/1.1\r\n Host: a\r\n\r\n" + next, "400 malformed HTTP: obsolete line folding"),
    // Bare CR or LF, in the head and in chunked framing.
    ("GET / HTTP/1.1\nHost: a\n\n" + next, "400 malformed HTTP: a line ends in LF without CR"),
    ("GET / HTTP/1.1\r\nHost: a\rX: b\r\n\r\n" + next, "400 malformed HTTP: a CR not followed by LF"),
    ("GET / HTTP/1.1\r\nHost: a\r\n\rX" + next, "400 malformed HTTP: a CR not followed by LF"),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1\na\r\n0\r\n\r\n" + next,
      "POST / | 400 malformed HTTP: a chunk size line ends in LF without CR"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\n0\r\n\r\n" + next,
      "POST / | 400 malformed HTTP: chunk data longer than its size"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1\r\na\r\n0\r\n\n" + next,
      "POST / | 400 malformed HTTP: a trailer line ends in LF without CR"
    ),
    // NUL and control bytes in fields.
    ("GET / HTTP/1.1\r\nX-A: b\u{0}c\r\n\r\n" + next, "400 malformed HTTP: a NUL byte in the head"),
    (
      "GET / HTTP/1.1\r\nX-A: b\u{7F}c\r\n\r\n" + next,
      "400 malformed HTTP: a control character in the value of 'X-A'"
    ),
    (
      "GET / HTTP/1.1\r\nX-A: \u{1B}[31m\r\n\r\n" + next,
      "400 malformed HTTP: a control character in the value of 'X-A'"
    ),
    (
      "GET / HTTP/1.1\r\nX\u{1}A: b\r\n\r\n" + next,
      "400 malformed HTTP: a header field name that is not a token (no space before the colon)"
    ),
    // Chunk extensions and chunk sizes that overflow.
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1;a=b;c=\"d;\\\"e\"\r\nz\r\n0\r\n\r\n" + next,
      "POST / | body \"z\" | end | GET /next | end"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1;a=\"b\r\nz\r\n0\r\n\r\n" + next,
      "POST / | 400 malformed HTTP: a control character or unterminated quoted string in a chunk extension"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1;\r\nz\r\n0\r\n\r\n" + next,
      "POST / | 400 malformed HTTP: a chunk extension without a name"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1 ;a\r\nz\r\n0\r\n\r\n" + next,
      "POST / | 400 malformed HTTP: a chunk size followed by something other than an extension"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1;a\u{0}\r\nz\r\n0\r\n\r\n" + next,
      "POST / | 400 malformed HTTP: a chunk size followed by something other than an extension"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n1;\(String(repeating: "a", count: 1100))\r\nz\r\n0\r\n\r\n"
        + next,
      "POST / | 431 the request head is over 1024 bytes or has too many fields"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n10000000000000001\r\nz\r\n0\r\n\r\n" + next,
      "POST / | 400 malformed HTTP: a chunk size too large"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n0x1\r\nz\r\n0\r\n\r\n" + next,
      "POST / | 400 malformed HTTP: a chunk size followed by something other than an extension"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\nz\r\n0\r\n\r\n" + next,
      "POST / | 400 malformed HTTP: a chunk size that is not hexadecimal"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n10001\r\nz\r\n0\r\n\r\n" + next,
      "POST / | 413 the body is over 65536 bytes"
    ),
    // Spaces before the colon.
    (
      "POST / HTTP/1.1\r\nContent-Length : 4\r\n\r\nabcd" + next,
      "400 malformed HTTP: a header field name that is not a token (no space before the colon)"
    ),
    (
      "POST / HTTP/1.1\r\nTransfer-Encoding\t: chunked\r\n\r\n0\r\n\r\n" + next,
      "400 malformed HTTP: a header field name that is not a token (no space before the colon)"
    ),
  ])
  func readsEachSmugglingFormOneWayOrRefusesIt(request: String, reading expected: String) {
    #expect(reading(request) == expected)
  }
}
