import SettingsHTTP
import SettingsKit
import SettingsPOSIX
import SettingsSockets
import Synchronization

/// The client side of etcd's v3 JSON gateway: one `POST` of a JSON body to a path under `/v3/`
/// per call, over a fresh connection (``SocketConnection``, the package's one HTTP/1.1 codec),
/// moving to the next endpoint when one does not answer.
///
/// It reads `/version` once per endpoint before the first call there (an older etcd is named in
/// the error), unless an earlier process found an etcd 3.4 or later there (``assumeEtcd(at:)``):
/// then a call that fails the way a server that is not etcd or an older one would (a 404, an
/// answer that is not JSON) reads `/version` after all, to name that server. It authenticates when given credentials (the token goes in `Authorization`, and an
/// "invalid auth token" answer makes it authenticate once more), and refuses answers over
/// ``answerLimit`` bytes.
final class EtcdClient: Sendable {
  /// The endpoints, in the order given.
  let endpoints: [EtcdEndpoint]
  /// The user and password, or nil for a cluster without authentication.
  let credentials: EtcdCredentials?
  /// The key prefix, for messages about permissions.
  let prefix: String
  /// The most bytes of an answer: 64 MiB.
  static let answerLimit = 64 << 20

  private struct State {
    var preferred = 0
    /// The endpoint an earlier process found answering (``prefer(_:)``), to tell whether
    /// ``preferred`` moved since.
    var remembered: Int?
    var token: String?
    var checkedVersions: Set<Int> = []
    /// Endpoints an earlier process found to be etcd 3.4 or later: `/version` is not read there.
    var assumed: Set<Int> = []
  }

  private let state = Mutex(State())

  /// The token from the last authentication, or nil.
  var token: String? { state.withLock { $0.token } }

  /// The endpoint that answered last, where a watch starts.
  var preferredIndex: Int { state.withLock { $0.preferred } }

  /// Starts at endpoint `index` (the one an earlier process found answering), so that a member
  /// that stopped answering costs its timeout once, not in every command.
  func prefer(_ index: Int) {
    guard endpoints.indices.contains(index) else { return }
    state.withLock {
      $0.preferred = index
      $0.remembered = index
    }
  }

  /// The endpoint that answered last, when it is not the one ``prefer(_:)`` gave (nil otherwise).
  var movedPreference: Int? {
    state.withLock { $0.preferred == ($0.remembered ?? 0) ? nil : $0.preferred }
  }

  init(endpoints: [EtcdEndpoint], credentials: EtcdCredentials?, prefix: String) {
    self.endpoints = endpoints
    self.credentials = credentials
    self.prefix = prefix
  }

  /// Skips the `/version` round trip at the endpoints named in `endpoints` (`host:port`), which an
  /// earlier process found to be etcd 3.4 or later.
  func assumeEtcd(at endpoints: Set<String>) {
    let indices = self.endpoints.indices.filter { endpoints.contains(self.endpoints[$0].description) }
    state.withLock { $0.assumed = Set(indices) }
  }

  /// The endpoints (`host:port`) whose `/version` this client read and found to be etcd 3.4 or
  /// later.
  var checkedEndpoints: Set<String> {
    Set(state.withLock { $0.checkedVersions }.map { endpoints[$0].description })
  }

  /// Why a call did not give an answer.
  enum Failure: Error, Equatable {
    /// A definite error: nothing more to try.
    case etcd(EtcdError)
    /// No endpoint answered; nothing was applied.
    case unreachable([EtcdError.Unreachable])
    /// A write was sent but its answer never came: it may or may not have been applied.
    case unknown(endpoint: String, reason: String)
    /// A read at a revision that was compacted away (the oldest revision kept).
    case compacted(Int64)
  }

  /// Posts `body` to `path` and returns the answer's JSON.
  ///
  /// - Parameters:
  ///   - timeoutMilliseconds: per endpoint: 2 s for reads, 5 s for writes.
  ///   - isWrite: a write is never sent twice: once it reached an endpoint, a lost answer is
  ///     ``Failure/unknown(endpoint:reason:)``.
  func call(_ path: String, _ body: JSONValue, timeoutMilliseconds: Int32, isWrite: Bool) throws(Failure)
    -> JSONValue
  {
    let bytes = Array(JSONWriter().line(body).utf8.dropLast())
    var unreachable: [EtcdError.Unreachable] = []
    let first = state.withLock { $0.preferred }
    for offset in 0..<endpoints.count {
      let index = (first + offset) % endpoints.count
      let endpoint = endpoints[index]
      var reauthenticated = false
      while true {
        do throws(Failure) {
          try prepare(index, timeoutMilliseconds: timeoutMilliseconds)
          let answer = try exchange(
            endpoint, path: path, body: bytes, token: state.withLock { $0.token },
            timeoutMilliseconds: timeoutMilliseconds, isWrite: isWrite)
          state.withLock { $0.preferred = index }
          return answer
        } catch {
          switch error {
          case .unreachable(let records):
            unreachable += records
          case .etcd(.notEtcd), .etcd(.malformedAnswer):
            // What a server that is not etcd, or an older etcd, answers: nothing was applied. When
            // `/version` was skipped, it names that server now.
            guard state.withLock({ $0.assumed.remove(index) != nil }) else { throw error }
            try checkVersion(index, timeoutMilliseconds: timeoutMilliseconds)
            throw error
          case .etcd(.server(_, let message))
          where message.contains("invalid auth token") && !reauthenticated:
            reauthenticated = true
            try authenticate(at: endpoint, timeoutMilliseconds: timeoutMilliseconds)
            continue
          case .etcd(.server(_, let message))
          where message.contains("invalid auth token") || message.contains("user name is empty"):
            throw .etcd(
              .authenticationFailed(
                user: credentials?.user ?? "", prefix: prefix, reason: "the token was refused"))
          default:
            throw error
          }
        }
        break
      }
    }
    throw .unreachable(unreachable)
  }

  /// Before a call at endpoint `index`: reads its `/version` once unless it is assumed to be etcd
  /// (``checkVersion(_:timeoutMilliseconds:)``); authenticates when the client has credentials and
  /// no token.
  private func prepare(_ index: Int, timeoutMilliseconds: Int32) throws(Failure) {
    if !state.withLock({ $0.checkedVersions.contains(index) || $0.assumed.contains(index) }) {
      try checkVersion(index, timeoutMilliseconds: timeoutMilliseconds)
    }
    if credentials != nil, state.withLock({ $0.token == nil }) {
      try authenticate(at: endpoints[index], timeoutMilliseconds: timeoutMilliseconds)
    }
  }

  /// Reads `/version` of endpoint `index`: a server that is not etcd, or an etcd older than 3.4,
  /// is refused.
  private func checkVersion(_ index: Int, timeoutMilliseconds: Int32) throws(Failure) {
    let endpoint = endpoints[index]
    let answer: Answer
    do throws(Failure) {
      answer = try send(
        endpoint, method: "GET", path: "/version", body: [], token: nil,
        timeoutMilliseconds: timeoutMilliseconds,
        isWrite: false)
    } catch {
      // etcd answers /version in plain HTTP: anything else there is not etcd.
      guard case .etcd(.malformedAnswer) = error else { throw error }
      throw .etcd(.notEtcd(endpoint: "http://\(endpoint)", path: "GET /version", status: 0))
    }
    if answer.status == 421 {
      throw .etcd(.hostNotAllowed(endpoint: endpoint.description, host: endpoint.host))
    }
    guard answer.status == 200, let version = (try? JSONParser().parse(answer.body))?[member: "etcdserver"],
      case .string(let text) = version.kind
    else {
      throw .etcd(.notEtcd(endpoint: "http://\(endpoint)", path: "GET /version", status: answer.status))
    }
    let parts = text.split(separator: ".").compactMap { Int($0) }
    guard parts.count >= 2, parts[0] > 3 || (parts[0] == 3 && parts[1] >= 4) else {
      throw .etcd(.tooOld(endpoint: endpoint.description, version: text))
    }
    state.withLock { _ = $0.checkedVersions.insert(index) }
  }

  /// Authenticates again at `endpoint` (a watch whose token expired); an error leaves the old
  /// token, and the next call reports it.
  func reauthenticate(at endpoint: EtcdEndpoint) {
    try? authenticate(at: endpoint, timeoutMilliseconds: 2000)
  }

  /// Gets a token from `/v3/auth/authenticate`.
  private func authenticate(at endpoint: EtcdEndpoint, timeoutMilliseconds: Int32) throws(Failure) {
    guard let credentials else { return }
    let body = JSONValue.object([
      ("name", .string(credentials.user)), ("password", .string(credentials.password)),
    ])
    let answer: JSONValue
    do throws(Failure) {
      answer = try exchange(
        endpoint, path: "/v3/auth/authenticate", body: Array(JSONWriter().line(body).utf8.dropLast()),
        token: nil,
        timeoutMilliseconds: timeoutMilliseconds, isWrite: false)
    } catch {
      if case .etcd(.server(_, let message)) = error {
        throw .etcd(
          .authenticationFailed(user: credentials.user, prefix: prefix, reason: Self.trimmed(message)))
      }
      throw error
    }
    guard case .string(let token)? = answer[member: "token"]?.kind else {
      throw .etcd(.malformedAnswer(endpoint: endpoint.description, reason: "authenticate gave no token"))
    }
    state.withLock { $0.token = token }
  }

  /// Whether `endpoint` itself still answers: a linearizable count of the keys under the prefix,
  /// sent there only, within `timeoutMilliseconds`. Returns the failure when it does not answer
  /// (a member stopped or cut off keeps its sockets and says nothing), nil when it answers, also
  /// with an error (a watch's own stream reports those).
  func probe(_ endpoint: EtcdEndpoint, timeoutMilliseconds: Int32) -> Failure? {
    let body = JSONValue.object([
      ("key", EtcdMessages.key(prefix)), ("range_end", .string(EtcdMessages.rangeEnd(of: prefix))),
      ("count_only", .bool(true)),
    ])
    do throws(Failure) {
      _ = try exchange(
        endpoint, path: "/v3/kv/range", body: Array(JSONWriter().line(body).utf8.dropLast()),
        token: state.withLock { $0.token }, timeoutMilliseconds: timeoutMilliseconds, isWrite: false)
      return nil
    } catch {
      if case .unreachable = error { return error }
      return nil
    }
  }

  /// One request and its answer's JSON, with etcd's errors sorted out.
  private func exchange(
    _ endpoint: EtcdEndpoint, path: String, body: [UInt8], token: String?, timeoutMilliseconds: Int32,
    isWrite: Bool
  ) throws(Failure) -> JSONValue {
    let answer = try send(
      endpoint, method: "POST", path: path, body: body, token: token,
      timeoutMilliseconds: timeoutMilliseconds,
      isWrite: isWrite)
    if answer.status == 404 {
      throw .etcd(.notEtcd(endpoint: "http://\(endpoint)", path: "POST \(path)", status: 404))
    }
    if answer.status == 421 {
      throw .etcd(.hostNotAllowed(endpoint: endpoint.description, host: endpoint.host))
    }
    let json: JSONValue
    do {
      json = try JSONParser(maximumDepth: 64).parse(answer.body)
    } catch {
      throw .etcd(
        .malformedAnswer(
          endpoint: endpoint.description,
          reason: "\(path) answered \(answer.status) with text that is not JSON"))
    }
    guard answer.status == 200 else {
      let message = Self.errorMessage(json) ?? "\(path) answered \(answer.status)"
      throw classify(message, endpoint: endpoint, isWrite: isWrite)
    }
    if let message = Self.errorMessage(json) { throw classify(message, endpoint: endpoint, isWrite: isWrite) }
    return json
  }

  /// etcd's error text (`error` or `message`), or nil.
  static func errorMessage(_ json: JSONValue) -> String? {
    for name in ["message", "error"] {
      if case .string(let text)? = json[member: name]?.kind { return text }
      if case .object? = json[member: name]?.kind,
        case .string(let text)? = json[member: name]?[member: "message"]?.kind
      {
        return text
      }
    }
    return nil
  }

  /// "etcdserver: no leader" without its package name.
  static func trimmed(_ message: String) -> String {
    message.hasPrefix("etcdserver: ") ? String(message.dropFirst("etcdserver: ".count)) : message
  }

  private func classify(_ message: String, endpoint: EtcdEndpoint, isWrite: Bool) -> Failure {
    let reason = Self.trimmed(message)
    if reason == "no leader" || reason == "not capable" {
      // Refused before anything was proposed: safe to try the next endpoint.
      return .unreachable([EtcdError.Unreachable(endpoint: endpoint.description, reason: reason)])
    }
    // A proposal under way when the leader changed or time ran out may still be applied.
    if reason.hasPrefix("request timed out") || reason.hasPrefix("leader changed") {
      if isWrite { return .unknown(endpoint: endpoint.description, reason: reason) }
      return .unreachable([EtcdError.Unreachable(endpoint: endpoint.description, reason: reason)])
    }
    if reason.contains("permission denied") {
      return .etcd(.permissionDenied(user: credentials?.user, prefix: prefix))
    }
    if reason.contains("authentication failed") || reason.contains("user name is empty") {
      return .etcd(.authenticationFailed(user: credentials?.user ?? "", prefix: prefix, reason: reason))
    }
    // etcd's own limits, lower than the store's: the store says how much the change needed.
    if reason.contains("too many operations in txn") {
      return .etcd(.tooManyOperations(count: 0, limit: 0))
    }
    if reason.contains("request is too large") { return .etcd(.requestTooLarge(bytes: 0, limit: 0)) }
    if reason.contains("required revision has been compacted") { return .compacted(0) }
    return .etcd(.server(endpoint: endpoint.description, message: reason))
  }

  /// An answer's status and body.
  struct Answer {
    var status: Int
    var body: [UInt8]
  }

  /// Sends one request over a fresh connection and reads the whole answer.
  private func send(
    _ endpoint: EtcdEndpoint, method: String, path: String, body: [UInt8], token: String?,
    timeoutMilliseconds: Int32, isWrite: Bool
  ) throws(Failure) -> Answer {
    let connection = try connect(endpoint, timeoutMilliseconds: timeoutMilliseconds)
    defer { connection.close() }
    var headers: HTTPHeaders = [
      "Host": endpoint.description, "Content-Type": "application/json", "Connection": "close",
    ]
    if let token { headers.set("Authorization", token) }
    let request = HTTPWriter.request(
      HTTPRequestHead(method: method, target: path, headers: headers), body: body)
    let lost = { (reason: String) -> Failure in
      isWrite
        ? .unknown(endpoint: endpoint.description, reason: reason)
        : .unreachable([EtcdError.Unreachable(endpoint: endpoint.description, reason: reason)])
    }
    do {
      try connection.writeAll(request, timeoutMilliseconds: timeoutMilliseconds)
    } catch {
      throw lost(Self.reason(error))
    }
    var decoder = HTTPResponseDecoder(limits: HTTPLimits(maxBodySize: Self.answerLimit))
    decoder.requestMethod = method
    var status = 0
    var answer: [UInt8] = []
    // The answer's first bytes: a server that is not HTTP (ssh, a database) is told at once.
    var opening: [UInt8] = []
    let notHTTP = Failure.etcd(.malformedAnswer(endpoint: endpoint.description, reason: Self.notHTTP))
    let deadline = ContinuousClock.now + .milliseconds(timeoutMilliseconds)
    while true {
      do throws(HTTPError) {
        while let event = try decoder.next() {
          switch event {
          case .head(let head): status = head.status
          case .body(let bytes): answer += bytes
          case .end: return Answer(status: status, body: answer)
          }
        }
      } catch {
        if case .bodyTooLarge = error {
          throw .etcd(.answerTooLarge(endpoint: endpoint.description, limit: Self.answerLimit))
        }
        throw .etcd(.malformedAnswer(endpoint: endpoint.description, reason: error.description))
      }
      let left = Self.milliseconds(until: deadline)
      guard left > 0 else { throw lost("timed out") }
      let bytes: [UInt8]
      do {
        bytes = try connection.read(timeoutMilliseconds: Int32(left))
      } catch {
        throw lost(Self.reason(error))
      }
      if bytes.isEmpty {
        if !Self.mayBeHTTP(opening) { throw notHTTP }
        do throws(HTTPError) {
          if try decoder.finish() { return Answer(status: status, body: answer) }
        } catch {
          throw lost("the connection closed before the answer was complete")
        }
        throw lost("the connection closed without an answer")
      }
      if opening.count < 5 {
        opening += bytes.prefix(5 - opening.count)
        if !Self.mayBeHTTP(opening) { throw notHTTP }
      }
      decoder.append(bytes)
    }
  }

  /// The reason of a ``EtcdError/malformedAnswer(endpoint:reason:)`` for an answer that does not
  /// start as HTTP does.
  static let notHTTP = "the answer is not HTTP"

  /// Whether an answer that starts with `opening` may be HTTP: `HTTP/` or the start of it.
  static func mayBeHTTP(_ opening: [UInt8]) -> Bool {
    "HTTP/".utf8.prefix(opening.count).elementsEqual(opening.prefix(5))
  }

  /// A connection to `endpoint`; nothing is sent yet, so a failure is always "unreachable".
  func connect(_ endpoint: EtcdEndpoint, timeoutMilliseconds: Int32) throws(Failure) -> SocketConnection {
    do {
      let connection = try SocketConnection.connect(
        host: endpoint.host, port: endpoint.port, timeoutMilliseconds: timeoutMilliseconds)
      connection.setNoDelay()
      connection.setKeepAlive(idleSeconds: 10, intervalSeconds: 5, count: 3)
      return connection
    } catch {
      throw .unreachable([EtcdError.Unreachable(endpoint: endpoint.description, reason: Self.reason(error))])
    }
  }

  /// The whole milliseconds from now until `deadline` (0 or less when it passed).
  static func milliseconds(until deadline: ContinuousClock.Instant) -> Int64 {
    let left = ContinuousClock.now.duration(to: deadline).components
    return left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000
  }

  /// A socket error as a short reason: "connection refused", "timed out", "the name does not
  /// resolve (…)".
  static func reason(_ error: SocketError) -> String {
    switch error.kind {
    case .timedOut: return "timed out"
    case .closed: return "the connection was closed"
    case .unresolved(let why): return "the name does not resolve: \(why)"
    case .addressInUse: return "address in use"
    case .system(let errno):
      let text = errno.reason
      guard let first = text.first else { return errno.name }
      return first.lowercased() + text.dropFirst()
    }
  }
}
