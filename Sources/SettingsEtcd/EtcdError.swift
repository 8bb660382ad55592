import SettingsKit

/// Why the etcd store could not do what was asked: each case says what happened, where, and what
/// would be right. `StoreError.etcd(_:)` carries it.
public enum EtcdError: Error, Equatable, Sendable {
  /// An endpoint that is not `http://host:port`.
  case badEndpoint(String)
  /// A key prefix that does not end with `/`: the document's id follows the prefix, so `/kiosks`
  /// would keep document `fleet` under `/kiosksfleet/`. Thrown by ``EtcdStore/init(endpoints:prefix:documentID:credentials:)``.
  case badPrefix(String)
  /// An `https://` endpoint: the client speaks plain HTTP; TLS goes through stunnel4.
  case tlsEndpoint(String)
  /// No endpoint answered: each endpoint tried (`host:port`) with why (connection refused, timed
  /// out, no leader, …).
  case unreachable([Unreachable])
  /// The server at `endpoint` is not an etcd v3 JSON gateway (`status` is what `path` answered;
  /// 0 when the answer was not HTTP at all).
  case notEtcd(endpoint: String, path: String, status: Int)
  /// etcd answered 421: the endpoint's host name is not in its `--host-whitelist`.
  case hostNotAllowed(endpoint: String, host: String)
  /// The server is an etcd older than 3.4.
  case tooOld(endpoint: String, version: String)
  /// etcd refused the user's name or password (or the token could not be renewed); an empty `user`:
  /// no user was given to an etcd whose authentication is on.
  case authenticationFailed(user: String, prefix: String, reason: String)
  /// The user may not read or write the prefix.
  case permissionDenied(user: String?, prefix: String)
  /// Other writers changed the store under every attempt of a write.
  case conflict(key: String, attempts: Int)
  /// The answer to a write never came and its outcome could not be found: `now` says the key's
  /// current value (`airplane is now on`), or nil when etcd no longer answers.
  case unknownOutcome(key: String, now: String?)
  /// The change needs more operations in one transaction than etcd allows (`--max-txn-ops`):
  /// refused before anything was sent, or with `limit` 0 refused by etcd itself (its flag is below
  /// the store's ``EtcdStore/maxTransactionOperations``).
  case tooManyOperations(count: Int, limit: Int)
  /// The change's request is larger than etcd accepts (`--max-request-bytes`): refused before
  /// anything was sent, or with `limit` 0 refused by etcd itself (its flag is below the store's
  /// ``EtcdStore/maxRequestBytes``).
  case requestTooLarge(bytes: Int, limit: Int)
  /// An answer larger than the client accepts.
  case answerTooLarge(endpoint: String, limit: Int)
  /// An answer that does not follow the gateway's protocol.
  case malformedAnswer(endpoint: String, reason: String)
  /// An error etcd reported that no other case covers, as etcd words it.
  case server(endpoint: String, message: String)

  /// One endpoint that did not answer, and why.
  public struct Unreachable: Equatable, Sendable {
    /// `host:port`.
    public var endpoint: String
    /// Why, such as "connection refused" or "no leader".
    public var reason: String

    /// Creates a record.
    public init(endpoint: String, reason: String) {
      self.endpoint = endpoint
      self.reason = reason
    }
  }

  /// What each endpoint said when none answered (``unreachable(_:)``); empty for other failures.
  public var unreachableEndpoints: [Unreachable] {
    if case .unreachable(let endpoints) = self { return endpoints }
    return []
  }

  /// Whether this says that no endpoint answered (reads may fall back to a last-known-good copy).
  public var isUnreachable: Bool {
    if case .unreachable = self { return true }
    return false
  }
}

extension EtcdError: StoreBackendError {
  /// What went wrong, as a message fragment in plain text (the server's own words as they came).
  public var message: String {
    switch self {
    case .badEndpoint(let text):
      return "'\(text)' is not an etcd endpoint; give http://host:port"
    case .badPrefix(let prefix):
      return "the key prefix is '\(prefix)'; \(Self.prefixRule(prefix))"
    case .tlsEndpoint(let text):
      return "'\(text)': settings speaks plain HTTP to etcd; for TLS run stunnel4 in client mode "
        + "in front of it and give its local http:// address (docs/ETCD.md, \"etcd over TLS\")"
    case .unreachable(let endpoints):
      return endpoints.map { "etcd at \($0.endpoint) unreachable (\($0.reason))" }
        .joined(separator: "; ")
    case .notEtcd(let endpoint, let path, 0):
      return "\(endpoint) is not an etcd v3 JSON gateway (\(path) answered with something that "
        + "is not HTTP)"
    case .notEtcd(let endpoint, let path, let status):
      return "\(endpoint) is not an etcd v3 JSON gateway (\(path) answered \(status))"
    case .hostNotAllowed(let endpoint, let host):
      return
        "etcd at \(endpoint) does not accept the host name '\(host)' (it answered 421: the "
        + "name is not in its --host-whitelist); add it there, or give the endpoint by a name listed there"
    case .tooOld(let endpoint, let version):
      return "etcd at \(endpoint) is version \(version); settings needs etcd 3.4 or later"
    case .authenticationFailed("", let prefix, _):
      return "etcd refused an anonymous client for '\(prefix)': its authentication is on, so a user "
        + "is needed"
    case .authenticationFailed(let user, let prefix, let reason):
      return "etcd refused user '\(user)' for '\(prefix)': \(reason)"
    case .permissionDenied(let user, let prefix):
      let who = user.map { "user '\($0)'" } ?? "an anonymous client"
      return "etcd does not let \(who) read and write '\(prefix)': permission denied"
    case .conflict(let key, let attempts):
      return "'\(key)' was changed by other writers during each of \(attempts) attempts; nothing "
        + "was written"
    case .unknownOutcome(_, let now):
      return "the change may or may not have been applied; \(now ?? "etcd does not answer")"
    case .tooManyOperations(let count, 0):
      return "the change needs \(count) operations in one etcd transaction; etcd refused that many "
        + "(its --max-txn-ops flag is lower); nothing was written"
    case .tooManyOperations(let count, let limit):
      return "the change needs \(count) operations in one etcd transaction; etcd allows \(limit) "
        + "(its --max-txn-ops flag); nothing was sent"
    case .requestTooLarge(let bytes, 0):
      return "the change is a request of \(bytes) bytes; etcd refused it as too large "
        + "(its --max-request-bytes flag is lower); nothing was written"
    case .requestTooLarge(let bytes, let limit):
      return "the change is a request of \(bytes) bytes; etcd accepts \(limit) "
        + "(its --max-request-bytes flag); nothing was sent"
    case .answerTooLarge(let endpoint, let limit):
      return "etcd at \(endpoint) sent an answer over \(limit >> 20) MiB; refused"
    case .malformedAnswer(let endpoint, let reason):
      return "etcd at \(endpoint) sent an answer that is not etcd's: \(reason)"
    case .server(let endpoint, let message):
      return "etcd at \(endpoint): \(message)"
    }
  }

  /// Advice for the cases where there is one.
  public var hint: String? {
    switch self {
    case .conflict: "try again"
    case .permissionDenied, .authenticationFailed:
      "check SETTINGS_ETCD_USER, the password file, and the user's role on the prefix"
    case .unknownOutcome: "check the value, then change it again if needed"
    default: nil
    }
  }
}

extension EtcdError {
  /// The rule that ``badPrefix(_:)`` breaks, with the prefix that keeps it:
  /// `a prefix ends with '/' (the document's id follows it): give '/kiosks/'`.
  package static func prefixRule(_ prefix: String) -> String {
    "a prefix ends with '/' (the document's id follows it): give '\(prefix)/'"
  }
}

extension StoreError {
  /// The store error of an etcd failure: `StoreError.backend(_:)` holding it.
  public static func etcd(_ error: EtcdError) -> StoreError { .backend(error) }
}
