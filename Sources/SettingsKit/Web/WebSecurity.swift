/// The rules that keep `settings serve` to its own page (docs/WEB-API.md, "Authentication"):
/// the per-run tokens, the allowed `Host` values, the cookie, and the headers on every response.
package enum WebSecurity {
  /// The cookie that carries the token after the first request.
  package static let cookieName = "settings_auth"
  /// The request header that carries the CSRF token on every `POST`.
  package static let csrfHeader = "X-Settings-CSRF"

  /// The headers every response carries: a Content-Security-Policy without inline script, no
  /// sniffing, no referrer, no caching, and isolation from other origins.
  package static let responseHeaders: [(String, String)] = [
    (
      "Content-Security-Policy",
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    ),
    ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer"), ("Cache-Control", "no-store"),
    ("Cross-Origin-Opener-Policy", "same-origin"), ("Cross-Origin-Resource-Policy", "same-origin"),
  ]

  /// A new token: 32 bytes from `SystemRandomNumberGenerator` (`getrandom(2)` on Linux), as 64
  /// lowercase hexadecimal digits.
  package static func newToken() -> String {
    var generator = SystemRandomNumberGenerator()
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for _ in 0..<32 {
      let byte = UInt8.random(in: 0...255, using: &generator)
      text += [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// Whether `given` equals `secret`, in a time that depends only on their lengths (no early exit
  /// at the first differing byte, which would let an attacker guess a token a byte at a time).
  package static func matches(_ given: String, secret: String) -> Bool {
    let a = Array(given.utf8)
    let b = Array(secret.utf8)
    var difference = UInt8(a.count == b.count ? 0 : 1)
    for index in 0..<b.count {
      difference |= (index < a.count ? a[index] : 0) ^ b[index]
    }
    return difference == 0
  }

  /// Whether `host` (a `Host` header) names this server: exactly `127.0.0.1:PORT` or
  /// `localhost:PORT`. Anything else may be a DNS-rebinding attacker's name for 127.0.0.1.
  package static func isAllowedHost(_ host: String?, port: UInt16) -> Bool {
    guard let host else { return false }
    return host == "127.0.0.1:\(port)" || host == "localhost:\(port)"
  }

  /// The value of the cookie `name` in a `Cookie` header (`a=1; settings_auth=…`).
  package static func cookie(_ name: String, in header: String?) -> String? {
    guard let header else { return nil }
    for pair in header.split(separator: ";") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      if parts.count == 2, String(parts[0]).trimmingHTTPWhitespace() == name {
        return String(parts[1]).trimmingHTTPWhitespace()
      }
    }
    return nil
  }

  /// The `Set-Cookie` value that hands the token to the browser: not readable by scripts, never
  /// sent by another site's request, for every path.
  package static func authCookie(_ token: String) -> String {
    "\(cookieName)=\(token); HttpOnly; SameSite=Strict; Path=/"
  }
}
