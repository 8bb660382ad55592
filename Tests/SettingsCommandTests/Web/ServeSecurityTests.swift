import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsPOSIX
@testable import SettingsSockets

/// Every refusal of `settings serve`'s security model, sent as the bad request over a real socket
/// to the real binary (docs/SCREENS.md, "The settings screen in a browser").
@Suite(.serialized)
struct ServeSecurityTests {
  static let securityHeaders: [(String, String)] = [
    (
      "Content-Security-Policy",
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"), ("Cache-Control", "no-store"),
    ("Cross-Origin-Opener-Policy", "same-origin"), ("Cross-Origin-Resource-Policy", "same-origin"),
  ]

  /// The security headers are all there, and no CORS header is.
  func expectSecurityHeaders(
    _ reply: ServedSettings.Reply, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    for (name, value) in Self.securityHeaders {
      #expect(reply.head.headers[name] == value, "\(name) on \(reply.status)", sourceLocation: sourceLocation)
    }
    let cors = reply.head.headers.fields.filter { $0.name.lowercased().hasPrefix("access-control-") }
    #expect(cors.isEmpty, sourceLocation: sourceLocation)
  }

  @Test func printsOneLineAndListensOnLoopbackOnly() throws {
    let server = try ServedSettings()
    #expect(server.address == "http://127.0.0.1:\(server.port)/?token=\(server.token)")
    #expect(server.token.count == 64)
    #expect(server.token.allSatisfy { "0123456789abcdef".contains($0) })
    // The kernel's table of listening TCP sockets: this port is bound to 127.0.0.1 (0100007F) only.
    let table = try String(contentsOfFile: "/proc/net/tcp", encoding: .utf8)
    let portHex = String(format: ":%04X", server.port)
    var listening: [String] = []
    for line in table.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: " ").map(String.init)
      if fields.count > 3, fields[1].hasSuffix(portHex), fields[3] == "0A" { listening.append(fields[1]) }
    }
    #expect(listening == ["0100007F" + portHex])
    let ipv6 = (try? String(contentsOfFile: "/proc/net/tcp6", encoding: .utf8)) ?? ""
    var listeningOnIPv6 = false
    for line in ipv6.split(separator: "\n").dropFirst() {
      let fields = line.split(separator: " ").map(String.init)
      if fields.count > 3, fields[1].hasSuffix(portHex), fields[3] == "0A" { listeningOnIPv6 = true }
    }
    #expect(!listeningOnIPv6)
    let stopped = server.stop()
    #expect(stopped.status == 0)
    #expect(stopped.stdout == "")
  }

  @Test func theTokenInTheAddressSetsTheCookieAndEverythingElseIsRefused() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let host = "Host: 127.0.0.1:\(server.port)\r\n"
    let login = try server.send("GET /?token=\(server.token) HTTP/1.1\r\n\(host)\r\n")
    #expect(login.status == 303)
    #expect(login.head.headers["Location"] == "/")
    #expect(
      login.head.headers["Set-Cookie"] == "settings_auth=\(server.token); HttpOnly; SameSite=Strict; Path=/")
    expectSecurityHeaders(login)
    let wrongToken = String(server.token.dropLast()) + (server.token.last == "0" ? "1" : "0")
    for request in [
      "GET /?token=\(wrongToken) HTTP/1.1\r\n\(host)\r\n", "GET /?token= HTTP/1.1\r\n\(host)\r\n",
      "GET / HTTP/1.1\r\n\(host)\r\n", "GET /api/document HTTP/1.1\r\n\(host)\r\n",
      "GET /api/document HTTP/1.1\r\n\(host)Cookie: settings_auth=\(wrongToken)\r\n\r\n",
      "GET /api/document HTTP/1.1\r\n\(host)Cookie: settings_auth=\(server.token)x\r\n\r\n",
      "GET /app.js HTTP/1.1\r\n\(host)\r\n", "GET /api/events HTTP/1.1\r\n\(host)\r\n",
    ] {
      let reply = try server.send(request)
      #expect(reply.status == 403, "\(request)")
      #expect(
        reply.text.contains(
          "This page needs the address with its token that &#39;settings serve&#39; printed"))
      expectSecurityHeaders(reply)
    }
    #expect(try server.get("/api/document").status == 200)
  }

  /// Cookies are not kept apart by port: a page on another 127.0.0.1 port can set a
  /// `settings_auth` of its own with a longer path, which the browser sends before ours. It must
  /// not lock the page out (a denial of service that opening the address again did not end).
  @Test func aCookieOfTheSameNameBesidesTheTokenDoesNotShadowIt() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let host = "Host: 127.0.0.1:\(server.port)\r\n"
    for cookies in [
      "Cookie: settings_auth=tossed; settings_auth=\(server.token)\r\n",
      "Cookie: other=1; settings_auth=; settings_auth=\(server.token); more=2\r\n",
      "Cookie: settings_auth=tossed\r\nCookie: settings_auth=\(server.token)\r\n",
    ] {
      let reply = try server.send("GET /api/document HTTP/1.1\r\n\(host)\(cookies)\r\n")
      #expect(reply.status == 200, "\(cookies)")
    }
    for cookies in [
      "Cookie: settings_auth=tossed; settings_auth=\(server.token)x\r\n",
      "Cookie: settings_auth=tossed; Settings_Auth=\(server.token)\r\n",
      "Cookie: settings_auth=tossed\r\nCookie: xsettings_auth=\(server.token)\r\n",
    ] {
      let reply = try server.send("GET /api/document HTTP/1.1\r\n\(host)\(cookies)\r\n")
      #expect(reply.status == 403, "\(cookies)")
    }
  }

  @Test func aHostOtherThanItsOwnIsMisdirected() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let cookie = "Cookie: settings_auth=\(server.token)\r\n"
    for host in [
      "Host: evil.example:\(server.port)\r\n", "Host: 127.0.0.1\r\n",
      "Host: 127.0.0.1:\(server.port + 1)\r\n",
      "Host: localhost.evil.example:\(server.port)\r\n", "", "Host: 127.0.0.1:\(server.port)x\r\n",
      // Its own name, but a second Host header besides (either first).
      "Host: 127.0.0.1:\(server.port)\r\nHost: evil.example:\(server.port)\r\n",
      "Host: evil.example:\(server.port)\r\nHost: 127.0.0.1:\(server.port)\r\n",
    ] {
      let reply = try server.send("GET /api/document HTTP/1.1\r\n\(host)\(cookie)\r\n")
      #expect(reply.status == 421, "\(host)")
      expectSecurityHeaders(reply)
    }
    #expect(
      try server.send("GET /api/document HTTP/1.1\r\nHost: localhost:\(server.port)\r\n\(cookie)\r\n").status
        == 200)
  }

  @Test func aChangeNeedsJSONItsOwnOriginAndTheCSRFToken() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let csrf = try server.csrfToken()
    #expect(csrf.count == 64)
    #expect(csrf != server.token)
    let body = #"{"key": "airplane", "value": true, "expect": false}"#
    let origin = "Origin: http://127.0.0.1:\(server.port)\r\n"
    let json = "Content-Type: application/json\r\n"
    let token = "X-Settings-CSRF: \(csrf)\r\n"
    for headers in [
      "Content-Type: text/plain\r\n\(origin)\(token)",  // a no-cors form post
      "\(origin)\(token)",
      "\(json)\(token)",  // no Origin
      "\(json)Origin: http://127.0.0.1:\(server.port + 1)\r\n\(token)",  // another loopback port: same site
      "\(json)Origin: null\r\n\(token)", "\(json)\(origin)",  // no CSRF token
      "\(json)\(origin)X-Settings-CSRF: \(server.token)\r\n",
    ] {
      let reply = try server.send(
        "POST /api/set HTTP/1.1\r\n\(server.authorized)\(headers)Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
      )
      #expect(reply.status == 403, "\(headers)")
      expectSecurityHeaders(reply)
      #expect(server.storeText == "")
    }
    let options = try server.send(
      "OPTIONS /api/set HTTP/1.1\r\n\(server.authorized)\(origin)Access-Control-Request-Method: POST\r\n\r\n")
    #expect(options.status == 403)
    expectSecurityHeaders(options)
    let accepted = try server.post("/api/set", body)
    #expect(accepted.status == 200)
    expectSecurityHeaders(accepted)
    #expect(
      server.storeText.contains("\"airplane\" : true") || server.storeText.contains("\"airplane\": true"))
  }

  @Test func getNeverChangesAnything() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    for path in ["/api/set?key=airplane&value=true", "/api/reset?all=true", "/api/reveal?key=x"] {
      let reply = try server.get(path)
      #expect(reply.status == 405)
      #expect(reply.head.headers["Allow"] == "POST")
    }
    #expect(server.storeText == "")
  }

  @Test func hostileHTTPGetsItsStatusAndNeverStopsTheServer() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let host = "Host: 127.0.0.1:\(server.port)\r\n"
    let huge = "GET / HTTP/1.1\r\n\(host)X-Fill: \(String(repeating: "a", count: 17 * 1024))\r\n\r\n"
    let cases: [(String, Int)] = [
      (huge, 431),
      ("POST /api/set HTTP/1.1\r\n\(try server.postHeaders())Content-Length: 65537\r\n\r\n", 413),
      ("GET / HTTP/1.1 extra\r\n\(host)\r\n", 400), ("GET /\r\n\r\n", 400),
      ("GET / HTTP/1.1\r\nHost : x\r\n\r\n", 400), ("GET / HTTP/1.1\r\n\(host)X: a\u{1}b\r\n\r\n", 400),
      ("POST / HTTP/1.1\r\n\(host)Content-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
      ("PUT /api/set HTTP/1.1\r\n\(server.authorized)\r\n", 405),
      ("DELETE / HTTP/1.1\r\n\(server.authorized)\r\n", 405),
      ("GET /etc/passwd HTTP/1.1\r\n\(server.authorized)\r\n", 404),
      ("GET /../../etc/passwd HTTP/1.1\r\n\(server.authorized)\r\n", 404),
      ("GET /page/%ZZ HTTP/1.1\r\n\(server.authorized)\r\n", 400),
    ]
    for (request, status) in cases {
      let reply = try server.send(request)
      #expect(reply.status == status, "\(request.prefix(60))")
      expectSecurityHeaders(reply)
    }
    // Large cookies that another page on 127.0.0.1 set are the likely cause: the answer says what to do.
    #expect(
      String(decoding: try server.send(huge).body, as: UTF8.self)
        == "{\n  \"error\": \"the request head is over 16384 bytes or has too many fields\",\n  \"hint\": \"a browser "
        + "sends this when pages on 127.0.0.1 or localhost have set large cookies; clear that site's "
        + "cookies, then open the address that settings serve printed\"\n}\n")
    // A chunked body over the limit, sent in pieces.
    let chunks = String(repeating: "8000\r\n" + String(repeating: "{", count: 0x8000) + "\r\n", count: 3)
    let big = try server.send(
      "POST /api/set HTTP/1.1\r\n\(try server.postHeaders())Transfer-Encoding: chunked\r\n\r\n\(chunks)0\r\n\r\n"
    )
    #expect(big.status == 413)
    #expect(try server.get("/api/document").status == 200)
  }

  @Test func connectionsPastSixtyFourGet503() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    var open: [SocketConnection] = []
    defer { for connection in open { connection.close() } }
    for _ in 0..<64 {
      open.append(
        try SocketConnection.connect(host: "127.0.0.1", port: server.port, timeoutMilliseconds: 5000))
    }
    // The 64 are served (each answered in turn), so the next one is one too many.
    let first = open[0]
    try first.writeAll(
      Array("GET /api/document HTTP/1.1\r\n\(server.authorized)\r\n".utf8), timeoutMilliseconds: 5000)
    #expect(try server.read(first).status == 200)
    let reply = try server.send("GET /api/document HTTP/1.1\r\n\(server.authorized)\r\n")
    #expect(reply.status == 503)
    expectSecurityHeaders(reply)
    for connection in open { connection.close() }
    open = []
    // Once they are closed, requests are served again.
    var status = 0
    for _ in 0..<100 where status != 200 {
      status = try server.get("/api/document").status
      if status != 200 { usleep(20_000) }
    }
    #expect(status == 200)
  }

  @Test func aHeadNotCompleteInTenSecondsIsClosed() throws {
    let server = try ServedSettings()
    defer { _ = server.stop() }
    let connection = try SocketConnection.connect(
      host: "127.0.0.1", port: server.port, timeoutMilliseconds: 5000)
    defer { connection.close() }
    try connection.writeAll(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1".utf8), timeoutMilliseconds: 1000)
    // Nothing comes back, and the server closes the connection (within its 10 s and a margin).
    #expect(try connection.read(timeoutMilliseconds: 20_000) == [])
    #expect(try server.get("/api/document").status == 200)
  }
}
