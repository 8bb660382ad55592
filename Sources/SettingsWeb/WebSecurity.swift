import SettingsKit

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

  /// Every value of the cookie `name` in the `Cookie` headers (`a=1; settings_auth=…`), in order.
  ///
  /// There may be several: cookies are not kept apart by port, so a page served on another
  /// 127.0.0.1 port can set its own `settings_auth` with a longer path (`Path=/api`), which the
  /// browser then sends first. Such a cookie must not shadow the one with the token.
  package static func cookies(_ name: String, in headers: [String]) -> [String] {
    var values: [String] = []
    for header in headers {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2, String(parts[0]).trimmingHTTPWhitespace() == name {
          values.append(String(parts[1]).trimmingHTTPWhitespace())
        }
      }
    }
    return values
  }

  /// Whether one of the `Cookie` headers carries the token in the cookie ``cookieName``, each
  /// value compared in constant time.
  package static func hasToken(_ token: String, inCookies headers: [String]) -> Bool {
    var found = false
    for value in cookies(cookieName, in: headers) where matches(value, secret: token) { found = true }
    return found
  }

  /// The `Set-Cookie` value that hands the token to the browser: not readable by scripts, never
  /// sent by another site's request, for every path.
  package static func authCookie(_ token: String) -> String {
    "\(cookieName)=\(token); HttpOnly; SameSite=Strict; Path=/"
  }
}
