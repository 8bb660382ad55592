import SettingsKit

/// The JSON of etcd's v3 gateway that the store sends and reads: keys and values are base64,
/// 64-bit numbers are decimal strings.
enum EtcdMessages {
  /// A key as the gateway takes it.
  static func key(_ text: String) -> JSONValue { .string(Base64.encode(text)) }

  /// The first key after every key that starts with `prefix`: its last byte raised by one.
  static func rangeEnd(of prefix: String) -> String {
    var bytes = Array(prefix.utf8)
    while let last = bytes.last {
      if last < 0xFF {
        bytes[bytes.count - 1] = last + 1
        return Base64.encode(bytes)
      }
      bytes.removeLast()
    }
    return Base64.encode([0])
  }

  /// A `RangeRequest` for every key under `prefix`, at `revision` (nil: the latest).
  static func range(prefix: String, revision: Int64? = nil) -> JSONValue {
    var members: [(String, JSONValue)] = [("key", key(prefix)), ("range_end", .string(rangeEnd(of: prefix)))]
    if let revision { members.append(("revision", .string(String(revision)))) }
    return .object(members)
  }

  /// A `RangeRequest` for one key.
  static func range(key name: String) -> JSONValue { .object([("key", key(name))]) }

  /// A number the gateway sends as a string (or a number); 0 when absent.
  static func int64(_ value: JSONValue?) -> Int64 {
    switch value?.kind {
    case .string(let text)?: Int64(text) ?? 0
    case .number(let text)?: Int64(text) ?? 0
    default: 0
    }
  }

  /// Whether a boolean member is true.
  static func flag(_ value: JSONValue?) -> Bool {
    if case .bool(true)? = value?.kind { return true }
    return false
  }

  /// One key-value pair of an answer.
  struct KeyValue: Equatable {
    var key: String
    var value: [UInt8]
    var modRevision: Int64
  }

  /// The `kvs` of a range answer (or of a `response_range`).
  static func keyValues(_ answer: JSONValue?) -> [KeyValue] {
    guard case .array(let items)? = answer?[member: "kvs"]?.kind else { return [] }
    return items.compactMap(keyValue)
  }

  /// One `kv` object, nil when its key is not base64 or not UTF-8 (no item's key can be such a
  /// key, and a name decoded with replacement characters would name another key: `check --fix`
  /// once "removed" one and left it).
  static func keyValue(_ item: JSONValue) -> KeyValue? {
    guard case .string(let keyText)? = item[member: "key"]?.kind, let key = Base64.decode(keyText),
      String(validating: key, as: UTF8.self) != nil
    else {
      return nil
    }
    var value: [UInt8] = []
    if case .string(let text)? = item[member: "value"]?.kind { value = Base64.decode(text) ?? [] }
    return KeyValue(
      key: String(decoding: key, as: UTF8.self), value: value,
      modRevision: int64(item[member: "mod_revision"]))
  }

  /// The revision in an answer's `header`.
  static func revision(_ answer: JSONValue?) -> Int64 {
    int64(answer?[member: "header"]?[member: "revision"])
  }

  /// The cluster id in an answer's `header`.
  static func clusterID(_ answer: JSONValue?) -> String {
    switch answer?[member: "header"]?[member: "cluster_id"]?.kind {
    case .string(let text)?: text
    case .number(let text)?: text
    default: "unknown"
    }
  }
}
