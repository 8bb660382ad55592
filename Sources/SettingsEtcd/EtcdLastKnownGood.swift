import SettingsKit
import SettingsPOSIX

/// The last-known-good copies of etcd stores: `<directory>/<cluster id>/<document id>.json`, each
/// written atomically after every successful read, with its revision and time, so that reads can
/// still answer (stale, and saying so) while no endpoint answers.
///
/// Every file here is written as the compiled documents are (`FileSystem.replaceBestEffort(_:with:)`:
/// not flushed, as a copy lost in a crash is only missing).
///
/// Since the cluster's id is only known from an answer, `<directory>/endpoints-<hash>` records the
/// cluster id last seen at a list of endpoints and a prefix.
public struct EtcdLastKnownGood: Sendable {
  /// `$XDG_CACHE_HOME/settings/etcd` (or `~/.cache/settings/etcd`).
  public var directory: SystemPath

  /// Copies kept in `directory`.
  public init(directory: SystemPath) {
    self.directory = directory
  }

  /// Writes the copy of `contents` (best effort: a cache that cannot be written is no error),
  /// unless the copy already holds the same values: a read of an unchanged store writes nothing.
  func save(_ contents: StoreContents, clusterID: String, for store: EtcdStore) {
    guard Self.isSafeName(clusterID), Self.isSafeName(store.documentID) else { return }
    if let copy = load(for: store), StoreChange.differingKeys(copy.contents.values, contents.values).isEmpty {
      return
    }
    let values = contents.values.map { JSONValue.Member(name: $0.key, nameOffset: 0, value: $0.value) }
    let copy = JSONValue.object([
      ("revision", .integer(Int(contents.revision.number))),
      ("time", .integer(Int(systemRealtimeNanoseconds() / 1_000_000_000))),
      ("values", JSONValue(.object(values))),
    ])
    let path = directory.appending(SystemPath(clusterID + "/" + store.documentID + ".json"))
    FileSystem.replaceBestEffort(path, with: Array(JSONWriter().string(copy).utf8))
    let pointer = pointerPath(for: store)
    if (try? FileSystem.readFile(at: pointer, limit: 256)).flatMap({ $0 }) != Array(clusterID.utf8) {
      FileSystem.replaceBestEffort(pointer, with: Array(clusterID.utf8))
    }
  }

  /// The copy for `store`, with its revision and time; nil when there is none or it does not parse.
  func load(for store: EtcdStore) -> (contents: StoreContents, revision: Int64, time: Int64)? {
    guard let pointer = (try? FileSystem.readFile(at: pointerPath(for: store), limit: 256)).flatMap({ $0 })
    else {
      return nil
    }
    let clusterID = String(decoding: pointer, as: UTF8.self)
    guard Self.isSafeName(clusterID), Self.isSafeName(store.documentID) else { return nil }
    let path = directory.appending(SystemPath(clusterID + "/" + store.documentID + ".json"))
    guard let bytes = (try? FileSystem.readFile(at: path)).flatMap({ $0 }),
      let copy = try? JSONParser(maximumDepth: 64).parse(bytes),
      case .object(let members)? = copy[member: "values"]?.kind
    else { return nil }
    var values: [String: JSONValue] = [:]
    for member in members { values[member.name] = member.value }
    let revision = EtcdMessages.int64(copy[member: "revision"])
    return (
      StoreContents(values: values, revision: StoreRevision(revision)), revision,
      EtcdMessages.int64(copy[member: "time"])
    )
  }

  /// The endpoints (`host:port`) an earlier process found to be etcd 3.4 or later, from
  /// `<directory>/etcd-versions`: their `/version` need not be read again.
  func knownEtcdEndpoints() -> Set<String> {
    guard let bytes = (try? FileSystem.readFile(at: versionsPath, limit: 64 << 10)).flatMap({ $0 }) else {
      return []
    }
    return Set(String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init))
  }

  /// Adds `endpoints` to those ``knownEtcdEndpoints()`` gives (best effort; nothing is written
  /// when they are known already).
  func rememberEtcdEndpoints(_ endpoints: Set<String>) {
    let known = knownEtcdEndpoints()
    guard !endpoints.isSubset(of: known) else { return }
    let lines = known.union(endpoints).sorted().map { $0 + "\n" }.joined()
    FileSystem.replaceBestEffort(versionsPath, with: Array(lines.utf8))
  }

  /// The endpoint (`host:port`) that answered last at `store`'s list of endpoints and prefix, from
  /// `<directory>/preferred-<hash>`; nil when none was recorded.
  func preferredEndpoint(for store: EtcdStore) -> String? {
    guard let bytes = (try? FileSystem.readFile(at: preferredPath(for: store), limit: 1024)).flatMap({ $0 })
    else { return nil }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Records `endpoint` (`host:port`) as the one ``preferredEndpoint(for:)`` gives (best effort).
  func rememberPreferredEndpoint(_ endpoint: String, for store: EtcdStore) {
    FileSystem.replaceBestEffort(preferredPath(for: store), with: Array(endpoint.utf8))
  }

  private var versionsPath: SystemPath { directory.appending(SystemPath("etcd-versions")) }

  /// `preferred-<FNV-1a of the endpoints and the prefix>`.
  private func preferredPath(for store: EtcdStore) -> SystemPath {
    directory.appending(SystemPath("preferred-" + Self.hash(of: store)))
  }

  /// `endpoints-<FNV-1a of the endpoints and the prefix>`.
  private func pointerPath(for store: EtcdStore) -> SystemPath {
    directory.appending(SystemPath("endpoints-" + Self.hash(of: store)))
  }

  /// FNV-1a of the store's endpoints and prefix, in hexadecimal.
  private static func hash(of store: EtcdStore) -> String {
    let text = store.endpoints.map(\.description).joined(separator: ",") + " " + store.prefix
    return String(Digest.fnv1a(text.utf8), radix: 16)
  }

  private static func isSafeName(_ name: String) -> Bool {
    !name.isEmpty && !name.contains("/") && !name.contains("\0") && name != "." && name != ".."
  }
}
