// libFuzzer target: what the etcd store reads from etcd's v3 JSON gateway, on arbitrary bytes: an
// HTTP answer decoded as the client decodes it (the shared codec, a 64 KiB body limit here), its
// body split into JSON lines as a watch stream is, and each line read as a range answer (kvs,
// header) and as a watch response (events, errors, compaction).
//
// Checked: nothing crashes or loops; base64 that decodes encodes back to the same bytes; error
// messages built from the answers (plain text), escaped as a terminal edge escapes them, never let
// a control character through; the changes read from a watch response list only keys whose values
// differ, and applied one after the other give the values the response leaves.
//
// Built by Scripts/fuzz.sh together with every file of Sources/SettingsKit as one module.

/// A store under the default prefix, which ends with `/`: its init cannot throw here.
let etcdFuzzStore = try! EtcdStore(
  endpoints: [EtcdEndpoint(host: "127.0.0.1", port: 2379)], documentID: "app")

/// The target's entry point, which `FuzzerMain.swift` calls: runs one input; returns 0 (inputs
/// are never rejected).
public func etcdGatewayFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  var decoder = HTTPResponseDecoder(limits: HTTPLimits(maxBodySize: 64 * 1024))
  decoder.requestMethod = "POST"
  decoder.append(bytes)
  var body: [UInt8] = []
  var sawHead = false
  do {
    while let event = try decoder.next() {
      switch event {
      case .head: sawHead = true
      case .body(let data): body += data
      case .end: break
      }
    }
  } catch {
    let failure = EtcdError.malformedAnswer(endpoint: "e", reason: error.description)
    etcdFuzzCheckSafe(TerminalText.escaped(failure.message))
  }
  // Without a head, the bytes themselves are the stream's body.
  if !sawHead { body = bytes }
  for line in body.split(separator: 0x0A, omittingEmptySubsequences: true) {
    if let text = String(validating: line, as: UTF8.self), let decoded = Base64.decode(text) {
      if Base64.decode(Base64.encode(decoded)) != decoded { fatalError("base64 does not round-trip") }
    }
    guard let json = try? JSONParser(maximumDepth: 64).parse(Array(line)) else { continue }
    if let message = EtcdClient.errorMessage(json) {
      let error = EtcdError.server(endpoint: "e", message: EtcdClient.trimmed(message))
      etcdFuzzCheckSafe(TerminalText.escaped(error.message))
    }
    let pairs = EtcdMessages.keyValues(json)
    _ = etcdFuzzStore.contents(of: pairs, revision: EtcdMessages.revision(json))
    _ = EtcdMessages.clusterID(json)
    guard let result = json[member: "result"], case .array(let events)? = result[member: "events"]?.kind
    else {
      continue
    }
    let start: [String: JSONValue] = ["a": .bool(true)]
    let (values, _, changes) = EtcdFollower.changes(from: events, after: start, in: etcdFuzzStore)
    var folded = start
    for change in changes {
      guard case .changed(let contents, let keys) = change else { fatalError("a watch response resynced") }
      if keys.isEmpty || keys != StoreChange.differingKeys(folded, contents.values) {
        fatalError("changed keys \(keys) are not the differences")
      }
      folded = contents.values
    }
    if !StoreChange.differingKeys(folded, values).isEmpty {
      fatalError("the changes do not add up to the values")
    }
  }
  return 0
}

/// Stops the run when `text` (an error message as a terminal edge escapes it) holds a character
/// the terminal would act on.
func etcdFuzzCheckSafe(_ text: String) {
  if let scalar = text.unicodeScalars.first(where: { ControlCharacters.isEscaped($0) }) {
    fatalError("raw U+\(String(scalar.value, radix: 16, uppercase: true)) in an error message")
  }
}
