import SettingsKit

extension EtcdStore {
  /// What became of a write whose answer never came.
  enum WriteOutcome: Equatable {
    /// The head or its history holds the write's id.
    case applied
    /// The head's history since the read is complete and the id is not in it.
    case notApplied
    /// The history was compacted or etcd no longer answers: `now` says what `key` holds now (nil
    /// when etcd does not answer).
    case undetermined(now: String?)
  }

  /// Finds out whether the write with id `writer`, sent after reading revision `revision`, was
  /// applied: the head holds the id (applied); the head was not rewritten since `revision` (not
  /// applied); else the head's history after `revision` (a watch with `start_revision`) holds the
  /// id (applied) or, read up to the head's current revision, does not (not applied).
  func resolve(writer: String, after revision: Int64, key: String) -> WriteOutcome {
    let answer: JSONValue
    do throws(EtcdClient.Failure) {
      answer = try client.call(
        "/v3/kv/range", EtcdMessages.range(key: headKey), timeoutMilliseconds: 2000, isWrite: false)
    } catch {
      return .undetermined(now: nil)
    }
    guard let head = EtcdMessages.keyValues(answer).first else { return .notApplied }
    if Self.writer(of: head.value) == writer { return .applied }
    if head.modRevision <= revision { return .notApplied }
    let request = JSONValue.object([
      ("key", EtcdMessages.key(headKey)), ("start_revision", .string(String(revision + 1))),
    ])
    for offset in 0..<endpoints.count {
      let endpoint = endpoints[(client.preferredIndex + offset) % endpoints.count]
      guard
        var watch = try? EtcdWatchConnection(
          client: client, endpoint: endpoint, createRequest: request, timeoutMilliseconds: 2000)
      else { continue }
      defer { watch.close() }
      while let line = try? watch.next(timeoutMilliseconds: 2000) {
        guard let result = line[member: "result"] else { break }
        if EtcdMessages.int64(result[member: "compact_revision"]) > 0
          || EtcdMessages.flag(result[member: "canceled"])
        {
          return .undetermined(now: currentValue(of: key))
        }
        guard case .array(let events)? = result[member: "events"]?.kind else { continue }
        for event in events {
          guard let pair = event[member: "kv"].flatMap(EtcdMessages.keyValue), pair.key == headKey else {
            continue
          }
          if Self.writer(of: pair.value) == writer { return .applied }
          if pair.modRevision >= head.modRevision { return .notApplied }
        }
      }
    }
    return .undetermined(now: nil)
  }

  /// The write id in a head's value, or nil for a missing or garbled head.
  static func writer(of value: [UInt8]) -> String? {
    guard let json = try? JSONParser(maximumDepth: 8).parse(value),
      case .string(let id)? = json[member: "writer"]?.kind
    else { return nil }
    return id
  }

  /// "airplane is now on", "airplane now has no override", or nil when etcd does not answer.
  func currentValue(of key: String) -> String? {
    guard
      let answer = try? client.call(
        "/v3/kv/range", EtcdMessages.range(key: documentPrefix + key), timeoutMilliseconds: 2000,
        isWrite: false)
    else { return nil }
    guard let pair = EtcdMessages.keyValues(answer).first else { return "\(key) now has no override" }
    guard let value = try? JSONParser(maximumDepth: 64).parse(pair.value) else {
      return "\(key) now holds text that is not JSON"
    }
    switch value.kind {
    case .bool(let flag): return "\(key) is now \(ValueRules.text(of: .bool(flag)))"
    case .string(let text): return "\(key) is now \(ValueRules.text(of: .string(text)))"
    default: return "\(key) is now \(JSONWriter().line(value).dropLast())"
    }
  }
}
