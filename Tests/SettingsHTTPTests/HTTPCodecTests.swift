import Testing

@testable import SettingsHTTP

/// The HTTP/1.1 codec from bytes alone: heads, limits, framing, chunked bodies, the writers.
struct HTTPCodecTests {
  func bytes(_ text: String) -> ArraySlice<UInt8> { ArraySlice(Array(text.utf8)) }

  /// Every event of `input`, fed in pieces of `step` bytes.
  func events(_ input: String, step: Int = 1_000_000, limits: HTTPLimits = HTTPLimits()) throws
    -> [HTTPEvent<HTTPRequestHead>]
  {
    var decoder = HTTPRequestDecoder(limits: limits)
    var events: [HTTPEvent<HTTPRequestHead>] = []
    let all = Array(input.utf8)
    var offset = 0
    while offset < all.count {
      decoder.append(Array(all[offset..<min(all.count, offset + step)]))
      offset += step
      while let event = try decoder.next() { events.append(event) }
    }
    return events
  }

  /// Body events joined, so that feeding in pieces compares with feeding at once.
  func joined(_ events: [HTTPEvent<HTTPRequestHead>]) -> [HTTPEvent<HTTPRequestHead>] {
    var result: [HTTPEvent<HTTPRequestHead>] = []
    for event in events {
      if case .body(let more) = event, case .body(let some)? = result.last {
        result[result.count - 1] = .body(some + more)
      } else {
        result.append(event)
      }
    }
    return result
  }

  @Test func parsesARequestHead() throws {
    let text = "GET /api/page?key=wifi HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nX-A:  b c \t\r\nx-a: d\r\n\r\nrest"
    let (head, length) = try #require(try HTTPHeadParser.request(bytes(text)))
    #expect(length == text.utf8.count - 4)
    #expect(head.method == "GET")
    #expect(head.target == "/api/page?key=wifi")
    #expect(head.path == "/api/page")
    #expect(head.query == "key=wifi")
    #expect(head.minorVersion == 1)
    #expect(head.headers.fields.map(\.name) == ["Host", "X-A", "x-a"])
    #expect(head.headers["HOST"] == "127.0.0.1:8080")
    #expect(head.headers.values(of: "x-a") == ["b c", "d"])
    #expect(head.keepsAlive)
  }

  @Test func anIncompleteHeadWaitsForMore() throws {
    #expect(try HTTPHeadParser.request(bytes("GET / HTTP/1.1\r\nHost: a\r\n")) == nil)
    #expect(try HTTPHeadParser.request(bytes("GET / HTTP/1.1\r\nHost: a\r\n\r")) == nil)
    #expect(try HTTPHeadParser.request(bytes("\r\n\r\nGET / HTTP/1.1\r\n\r\n"))?.length == 22)
  }

  @Test(arguments: [
    ("GET  / HTTP/1.1\r\n\r\n", "the request line is not METHOD SP TARGET SP VERSION"),
    ("GET / HTTP/2.0\r\n\r\n", "the version is not HTTP/1.0 or HTTP/1.1"),
    ("G(T / HTTP/1.1\r\n\r\n", "the method is not a token"),
    ("GET / HTTP/1.1\nHost: a\r\n\r\n", "a line ends in LF without CR"),
    ("GET / HTTP/1.1\r\nHost: a\rb\r\n\r\n", "a CR not followed by LF"),
    (
      "GET / HTTP/1.1\r\nHost : a\r\n\r\n",
      "a header field name that is not a token (no space before the colon)"
    ),
    ("GET / HTTP/1.1\r\nHost\r\n\r\n", "a header field without a colon"),
    ("GET / HTTP/1.1\r\nA: b\r\n c\r\n\r\n", "obsolete line folding"),
    ("GET / HTTP/1.1\r\nA: b\u{7F}\r\n\r\n", "a control character in the value of 'A'"),
    ("GET / HTTP/1.1\r\nA: \0\r\n\r\n", "a NUL byte in the head"),
  ])
  func refusesMalformedHeads(input: String, reason: String) {
    #expect(throws: HTTPError.malformed(reason)) { try HTTPHeadParser.request(bytes(input)) }
    #expect(HTTPError.malformed(reason).status == 400)
  }

  @Test func refusesAHeadOverTheLimitBeforeItEnds() {
    let limits = HTTPLimits(maxHeadSize: 64, maxFieldCount: 3)
    let long = "GET / HTTP/1.1\r\nA: " + String(repeating: "x", count: 60)
    #expect(throws: HTTPError.headTooLarge(limit: 64)) {
      try HTTPHeadParser.request(bytes(long), limits: limits)
    }
    let many = "GET / HTTP/1.1\r\nA: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n"
    #expect(throws: HTTPError.headTooLarge(limit: 64)) {
      try HTTPHeadParser.request(bytes(many), limits: limits)
    }
    #expect(HTTPError.headTooLarge(limit: 64).status == 431)
  }

  @Test func parsesAResponseHead() throws {
    let (head, length) = try #require(
      try HTTPHeadParser.response(bytes("HTTP/1.1 409 Conflict Now\r\nContent-Length: 2\r\n\r\n{}")))
    #expect(head == HTTPResponseHead(status: 409, reason: "Conflict Now", headers: ["Content-Length": "2"]))
    #expect(length == 48)
    #expect(try HTTPHeadParser.response(bytes("HTTP/1.0 200\r\n\r\n"))?.head.reason == "")
    #expect(throws: HTTPError.malformed("the status is not three digits from 100 to 999")) {
      try HTTPHeadParser.response(bytes("HTTP/1.1 2x0 OK\r\n\r\n"))
    }
  }

  @Test func framingFollowsTheFieldsAndRefusesSmuggling() throws {
    func framing(_ fields: HTTPHeaders) throws -> HTTPBodyFraming {
      try HTTPRequestHead(method: "POST", target: "/", headers: fields).bodyFraming()
    }
    #expect(try framing([:]) == HTTPBodyFraming.none)
    #expect(try framing(["Content-Length": "12"]) == .contentLength(12))
    #expect(throws: HTTPError.malformed("Content-Length given more than once")) {
      try framing(["Content-Length": "12, 12"])
    }
    #expect(try framing(["Transfer-Encoding": "Chunked"]) == .chunked)
    #expect(throws: HTTPError.malformed("both Transfer-Encoding and Content-Length")) {
      try framing(["Transfer-Encoding": "chunked", "Content-Length": "3"])
    }
    #expect(throws: HTTPError.malformed("Content-Length given more than once")) {
      try framing(
        HTTPHeaders([.init(name: "Content-Length", value: "3"), .init(name: "content-length", value: "4")]))
    }
    #expect(throws: HTTPError.malformed("Content-Length is not a number of bytes")) {
      try framing(["Content-Length": "+3"])
    }
    #expect(throws: HTTPError.unsupportedTransferCoding("gzip")) {
      try framing(["Transfer-Encoding": "gzip, chunked"])
    }
    #expect(throws: HTTPError.malformed("the last transfer coding is not chunked: 'gzip'")) {
      try framing(["Transfer-Encoding": "chunked, gzip"])
    }
    let response = HTTPResponseHead(status: 200, headers: ["Transfer-Encoding": "gzip"])
    #expect(try response.bodyFraming(requestMethod: "GET") == .untilClose)
    #expect(try response.bodyFraming(requestMethod: "HEAD") == HTTPBodyFraming.none)
    #expect(try HTTPResponseHead(status: 204).bodyFraming(requestMethod: "GET") == HTTPBodyFraming.none)
  }

  @Test func decodesChunksFedOneByteAtATime() throws {
    let input =
      "4\r\nWiki\r\n5;name=x\r\npedia\r\nE;q=\"a\\\"b;c\"\r\n in\r\n\r\nchunks.\r\n0\r\nExpires: never\r\n\r\nNEXT"
    for step in [1, 2, 3, 7, 100] {
      var decoder = HTTPChunkedDecoder()
      var body: [UInt8] = []
      var used = 0
      let all = Array(input.utf8)
      var offset = 0
      while offset < all.count && !decoder.isComplete {
        let piece = all[offset..<min(all.count, offset + step)]
        let (data, consumed) = try decoder.decode(piece)
        body += data
        used += consumed
        offset += step
      }
      #expect(String(decoding: body, as: UTF8.self) == "Wikipedia in\r\n\r\nchunks.")
      #expect(decoder.isComplete)
      #expect(used == all.count - 4)
    }
  }

  @Test(arguments: [
    ("x\r\n", HTTPError.malformed("a chunk size that is not hexadecimal")),
    ("-1\r\n", .malformed("a chunk size that is not hexadecimal")),
    ("3x\r\n", .malformed("a chunk size followed by something other than an extension")),
    ("3 \r\n", .malformed("a chunk size followed by something other than an extension")),
    ("3 ;a\r\n", .malformed("a chunk size followed by something other than an extension")),
    ("3;\r\n", .malformed("a chunk extension without a name")),
    ("3;a=\r\n", .malformed("a chunk extension's value is not a token or quoted string")),
    ("3;a=\"b;c\r\n", .malformed("a control character or unterminated quoted string in a chunk extension")),
    ("3\n", .malformed("a chunk size line ends in LF without CR")),
    ("3\r\nabcd", .malformed("chunk data longer than its size")),
    ("3\r\nabc\rx", .malformed("a CR after chunk data not followed by LF")),
    ("FFFFFFFFFFFFFFFFFF\r\n", .malformed("a chunk size too large")),
    ("10001\r\n", .bodyTooLarge(limit: 65536)),
    ("0\r\nbad trailer\r\n", .malformed("a trailer line that is not a field")),
  ])
  func refusesBadChunks(input: String, error: HTTPError) {
    var decoder = HTTPChunkedDecoder()
    #expect(throws: error) { try decoder.decode(bytes(input)) }
  }

  @Test func countsChunkedBodiesAgainstTheLimit() throws {
    var decoder = HTTPChunkedDecoder(limits: HTTPLimits(maxBodySize: 5))
    #expect(try decoder.decode(bytes("3\r\nabc\r\n")).data == Array("abc".utf8))
    #expect(throws: HTTPError.bodyTooLarge(limit: 5)) { try decoder.decode(bytes("3\r\n")) }
  }

  @Test func decodesKeptAliveRequestsWithBodiesInAnyPieces() throws {
    let input =
      "POST /api/set HTTP/1.1\r\nContent-Length: 5\r\n\r\n{\"a\"}"
      + "POST /b HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n"
      + "GET /c HTTP/1.0\r\n\r\n"
    let expected: [HTTPEvent<HTTPRequestHead>] = [
      .head(HTTPRequestHead(method: "POST", target: "/api/set", headers: ["Content-Length": "5"])),
      .body(Array("{\"a\"}".utf8)), .end,
      .head(HTTPRequestHead(method: "POST", target: "/b", headers: ["Transfer-Encoding": "chunked"])),
      .body(Array("hi".utf8)), .end,
      .head(HTTPRequestHead(method: "GET", target: "/c", minorVersion: 0)), .end,
    ]
    for step in [1, 5, 13, 1000] {
      #expect(joined(try events(input, step: step)) == expected)
    }
    #expect(
      try events("GET /c HTTP/1.0\r\n\r\n").first.map {
        if case .head(let h) = $0 { h.keepsAlive } else { true }
      } == false)
  }

  @Test func aBodyOverTheLimitIsRefusedFromItsLength() {
    #expect(throws: HTTPError.bodyTooLarge(limit: 65536)) {
      try events("POST / HTTP/1.1\r\nContent-Length: 65537\r\n\r\n")
    }
  }

  @Test func theEndOfTheConnectionEndsOnlyABodyReadUntilClose() throws {
    var decoder = HTTPResponseDecoder()
    decoder.append(Array("HTTP/1.1 200 OK\r\n\r\nabc".utf8))
    #expect(try decoder.next() == .head(HTTPResponseHead(status: 200)))
    #expect(try decoder.next() == .body(Array("abc".utf8)))
    #expect(try decoder.next() == nil)
    #expect(try decoder.finish())
    var cut = HTTPRequestDecoder()
    cut.append(Array("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nab".utf8))
    while try cut.next() != nil {}
    #expect(throws: HTTPError.truncated) { try cut.finish() }
    var idle = HTTPRequestDecoder()
    idle.append(Array("\r\n".utf8))
    #expect(try idle.next() == nil)
    #expect(try idle.finish() == false)
  }

  @Test func aResponseToHeadHasNoBody() throws {
    var decoder = HTTPResponseDecoder()
    decoder.requestMethod = "HEAD"
    decoder.append(Array("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n".utf8))
    #expect(try decoder.next() == .head(HTTPResponseHead(status: 200, headers: ["Content-Length": "10"])))
    #expect(try decoder.next() == .end)
  }

  @Test func decodesAStreamOfJSONLinesInChunks() throws {
    var decoder = HTTPResponseDecoder(limits: HTTPLimits(maxBodySize: .max))
    decoder.append(Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8))
    #expect(
      try decoder.next() == .head(HTTPResponseHead(status: 200, headers: ["Transfer-Encoding": "chunked"])))
    decoder.append(Array("a\r\n{\"r\":1}\n{\"".utf8))
    #expect(try decoder.next() == .body(Array("{\"r\":1}\n{\"".utf8)))
    #expect(try decoder.next() == nil)
    decoder.append(Array("\r\n6\r\nr\":2}\n\r\n".utf8))
    #expect(try decoder.next() == .body(Array("r\":2}\n".utf8)))
  }

  @Test func writesHeadsThatCannotBeSplit() {
    let response = HTTPResponseHead(
      status: 303, headers: ["Location": "/\r\nSet-Cookie: evil=1", "Bad Name": "x", "": "y"])
    #expect(
      String(decoding: HTTPWriter.response(response, body: Array("ok".utf8)), as: UTF8.self)
        == "HTTP/1.1 303 See Other\r\nLocation: /  Set-Cookie: evil=1\r\nBadName: x\r\nContent-Length: 2\r\n\r\nok"
    )
    let request = HTTPRequestHead(method: "PUT", target: "/v3/kv put?a b", headers: ["Host": "etcd:2379"])
    #expect(
      String(decoding: HTTPWriter.request(request, body: Array("{}".utf8)), as: UTF8.self)
        == "PUT /v3/kv%20put?a%20b HTTP/1.1\r\nHost: etcd:2379\r\nContent-Length: 2\r\n\r\n{}")
    #expect(
      String(decoding: HTTPWriter.request(HTTPRequestHead(method: "GET", target: "/")), as: UTF8.self)
        == "GET / HTTP/1.1\r\n\r\n")
    #expect(
      String(decoding: HTTPWriter.chunk(Array(String(repeating: "a", count: 26).utf8)), as: UTF8.self)
        == "1a\r\n" + String(repeating: "a", count: 26) + "\r\n")
    #expect(HTTPWriter.chunk([]) == [])
    #expect(String(decoding: HTTPWriter.lastChunk, as: UTF8.self) == "0\r\n\r\n")
  }

  @Test func whatTheWriterWritesTheDecoderReadsBack() throws {
    var head = HTTPResponseHead(status: 200, headers: ["Transfer-Encoding": "chunked"])
    head.headers.add("X-Run", "7")
    let body = (0..<300).map { UInt8(truncatingIfNeeded: $0 * 7) }
    let wire =
      HTTPWriter.bytes(of: head) + HTTPWriter.chunk(Array(body[0..<100]))
      + HTTPWriter.chunk(Array(body[100...]))
      + HTTPWriter.lastChunk
    var decoder = HTTPResponseDecoder()
    decoder.append(wire)
    #expect(try decoder.next() == .head(head))
    var received: [UInt8] = []
    while let event = try decoder.next() {
      if case .body(let data) = event { received += data } else { #expect(event == .end) }
    }
    #expect(received == body)
  }
}
