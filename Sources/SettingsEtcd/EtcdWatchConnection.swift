import SettingsHTTP
import SettingsKit
import SettingsPOSIX
import SettingsSockets

/// One `POST /v3/watch` held open: the request goes out once, and the chunked answer is split into
/// its JSON lines (each `{"result": …}` or `{"error": …}`), read one at a time.
///
/// The header `Grpc-Metadata-hasleader: true` makes a member cut off from the others end the
/// stream with a "no leader" error instead of staying silent.
struct EtcdWatchConnection {
  private let connection: SocketConnection
  private var decoder = HTTPResponseDecoder(limits: HTTPLimits(maxBodySize: .max))
  private var pending: [UInt8] = []
  private var status = 0
  private var ended = false
  /// The endpoint, for messages.
  let endpoint: EtcdEndpoint

  /// Connects to `endpoint` and sends the watch's `create_request`.
  init(
    client: EtcdClient, endpoint: EtcdEndpoint, createRequest: JSONValue, timeoutMilliseconds: Int32
  ) throws(EtcdClient.Failure) {
    self.endpoint = endpoint
    connection = try client.connect(endpoint, timeoutMilliseconds: timeoutMilliseconds)
    var headers: HTTPHeaders = [
      "Host": endpoint.description, "Content-Type": "application/json", "Grpc-Metadata-hasleader": "true",
    ]
    if let token = client.token { headers.set("Authorization", token) }
    let body = Array(JSONWriter().line(.object([("create_request", createRequest)])).utf8)
    do {
      try connection.writeAll(
        HTTPWriter.request(
          HTTPRequestHead(method: "POST", target: "/v3/watch", headers: headers), body: body),
        timeoutMilliseconds: timeoutMilliseconds)
    } catch {
      connection.close()
      throw .unreachable([
        EtcdError.Unreachable(endpoint: endpoint.description, reason: EtcdClient.reason(error))
      ])
    }
  }

  /// Closes the connection (the gateway leaves a cancelled watch's connection open).
  func close() { connection.close() }

  /// The next line's JSON, waiting at most `timeoutMilliseconds`; nil when nothing came in time.
  ///
  /// - Throws: ``EtcdClient/Failure/unreachable(_:)`` when the stream ends or the connection
  ///   fails, ``EtcdClient/Failure/etcd(_:)`` for an answer that is not a watch stream.
  mutating func next(timeoutMilliseconds: Int32) throws(EtcdClient.Failure) -> JSONValue? {
    let deadline = ContinuousClock.now + .milliseconds(timeoutMilliseconds)
    while true {
      if let line = try takeLine() { return line }
      if ended {
        // The gateway ends a stream with its error and no newline after it (`{"error": {…
        // "etcdserver: no leader"…}}`): that last line says why the stream ended.
        if let last = lastLine() { return last }
        throw lost("the watch stream ended")
      }
      let left = EtcdClient.milliseconds(until: deadline)
      guard left > 0 else { return nil }
      let bytes: [UInt8]
      do {
        bytes = try connection.read(timeoutMilliseconds: Int32(left))
      } catch {
        if error.kind == .timedOut { return nil }
        throw lost(EtcdClient.reason(error))
      }
      if bytes.isEmpty {
        ended = true
        continue
      }
      decoder.append(bytes)
      do throws(HTTPError) {
        while let event = try decoder.next() {
          switch event {
          case .head(let head): status = head.status
          case .body(let data): pending += data
          case .end: ended = true
          }
        }
      } catch {
        throw .etcd(.malformedAnswer(endpoint: endpoint.description, reason: error.description))
      }
      if status == 404 {
        throw .etcd(.notEtcd(endpoint: "http://\(endpoint)", path: "POST /v3/watch", status: 404))
      }
    }
  }

  /// The first complete line of what arrived, parsed; a line over 64 MiB is refused.
  private mutating func takeLine() throws(EtcdClient.Failure) -> JSONValue? {
    while let newline = pending.firstIndex(of: 0x0A) {
      let line = Array(pending[..<newline])
      pending.removeFirst(newline + 1)
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
      do {
        return try JSONParser(maximumDepth: 64).parse(line)
      } catch {
        throw .etcd(
          .malformedAnswer(endpoint: endpoint.description, reason: "a watch line is not JSON"))
      }
    }
    if pending.count > EtcdClient.answerLimit {
      throw .etcd(.answerTooLarge(endpoint: endpoint.description, limit: EtcdClient.answerLimit))
    }
    return nil
  }

  /// What is left after the last newline once the stream ended, parsed; nil when it is blank or
  /// not JSON (a stream cut in the middle of a line).
  private mutating func lastLine() -> JSONValue? {
    let rest = pending
    pending = []
    guard rest.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 && $0 != 0x0A }) else { return nil }
    return try? JSONParser(maximumDepth: 64).parse(rest)
  }

  private func lost(_ reason: String) -> EtcdClient.Failure {
    .unreachable([EtcdError.Unreachable(endpoint: endpoint.description, reason: reason)])
  }
}
