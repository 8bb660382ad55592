import SettingsKit

/// One etcd client URL, `http://host:port` (a trailing `/` allowed).
public struct EtcdEndpoint: Sendable, Equatable, CustomStringConvertible {
  /// The host: a name or a numeric address (IPv6 without its brackets).
  public var host: String
  /// The port.
  public var port: UInt16

  /// Creates an endpoint.
  public init(host: String, port: UInt16) {
    self.host = host
    self.port = port
  }

  /// Parses `http://host:port`.
  ///
  /// - Throws: ``EtcdError/tlsEndpoint(_:)`` for `https://`, ``EtcdError/badEndpoint(_:)`` for
  ///   anything else that is not that shape.
  public init(parsing text: String) throws(EtcdError) {
    if text.lowercased().hasPrefix("https://") { throw .tlsEndpoint(text) }
    guard text.lowercased().hasPrefix("http://") else { throw .badEndpoint(text) }
    var rest = Substring(text.dropFirst("http://".count))
    if rest.hasSuffix("/") { rest = rest.dropLast() }
    let host: Substring
    let portText: Substring
    if rest.hasPrefix("[") {
      guard let close = rest.firstIndex(of: "]"), rest[rest.index(after: close)...].hasPrefix(":") else {
        throw .badEndpoint(text)
      }
      host = rest[rest.index(after: rest.startIndex)..<close]
      portText = rest[rest.index(close, offsetBy: 2)...]
    } else {
      guard let colon = rest.lastIndex(of: ":") else { throw .badEndpoint(text) }
      host = rest[..<colon]
      portText = rest[rest.index(after: colon)...]
    }
    guard !host.isEmpty, !host.contains("/"), !host.contains("@"), let port = UInt16(portText), port > 0
    else {
      throw .badEndpoint(text)
    }
    self.init(host: String(host), port: port)
  }

  /// Parses a comma-separated list of endpoints (`--etcd`, `SETTINGS_ETCD`); spaces and tabs
  /// around each one are left out (`http://a:2379, http://b:2379`), an empty one is refused.
  ///
  /// - Throws: what ``init(parsing:)`` throws, for the first endpoint that is not one.
  public static func list(_ text: String) throws(EtcdError) -> [EtcdEndpoint] {
    var endpoints: [EtcdEndpoint] = []
    for part in text.split(separator: ",", omittingEmptySubsequences: false) {
      let trimmed = part.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }
      endpoints.append(try EtcdEndpoint(parsing: String(trimmed.reversed())))
    }
    return endpoints
  }

  /// `host:port`, for messages.
  public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
