import SettingsKit

/// A store in etcd, shared by many machines: one etcd key per override,
/// `<prefix><document id>/<key>`, whose value is the value's JSON text, and a head key
/// `<prefix><document id>/.head` that every update rewrites with a write id
/// (`{"writer": "<host>/<pid>/<random>"}`).
///
/// Reads are linearizable (2 s per endpoint, the next endpoint on a refused connection, a timeout
/// or "no leader"). ``update(_:)`` reads the whole prefix at one revision R, runs `body`, and sends
/// one transaction whose compare is "no key under the prefix has a mod_revision above R"; on a
/// failed compare `body` runs again on a fresh read, up to 5 times with a jittered backoff of 10 to
/// 200 ms. A write whose answer never comes is looked up through the head and its history, never
/// sent again blind. ``changes(after:)`` holds a watch on the prefix that recovers by itself.
public struct EtcdStore: SettingsStore {
  /// The endpoints, tried in order.
  public var endpoints: [EtcdEndpoint] { client.endpoints }
  /// The key prefix of every document (`/settings/` by default).
  public let prefix: String
  /// The document's id.
  public let documentID: String
  /// The most operations etcd accepts in one transaction (its `--max-txn-ops`, 128 by default).
  public var maxTransactionOperations = 128
  /// The largest request etcd accepts (its `--max-request-bytes`, 1.5 MiB by default).
  public var maxRequestBytes = 1_572_864
  /// How many times a conflicting write is tried.
  public var attempts = 5
  /// Where the last-known-good copy is kept (every successful ``read()`` refreshes it), or nil.
  /// The endpoints found to be etcd 3.4 or later are remembered there too, so that later commands
  /// skip the `/version` round trip, and the endpoint that answered last, where later commands
  /// start (a stopped member costs its 2 s timeout once, not in every command).
  public var lastKnownGood: EtcdLastKnownGood? {
    didSet {
      client.assumeEtcd(at: lastKnownGood?.knownEtcdEndpoints() ?? [])
      if let name = lastKnownGood?.preferredEndpoint(for: self),
        let index = endpoints.firstIndex(where: { $0.description == name })
      {
        client.prefer(index)
      }
    }
  }
  /// Whether ``read()`` answers from the last-known-good copy when no endpoint answers (`get`,
  /// `show`, `list`, `describe`, `find`, `why`, unless `--no-stale`); writes never do.
  public var allowsStaleReads = false
  /// Called when ``read()`` answered from the copy, with what the warning says.
  public var onStaleRead: (@Sendable (StaleRead) -> Void)?
  /// How many entries the journal keeps (`EtcdJournal`); 0: nothing is journaled.
  public var journalLimit = FileStore.defaultJournalLimit
  let client: EtcdClient

  /// The key prefix of documents when none is given: `/settings/`.
  public static let defaultPrefix = "/settings/"

  /// A store for document `documentID` under `prefix` at `endpoints`; nothing is sent until the
  /// first read. The document's keys are `<prefix><document id>/<key>`.
  ///
  /// - Throws: ``EtcdError/badPrefix(_:)`` when `prefix` does not end with `/`.
  public init(
    endpoints: [EtcdEndpoint], prefix: String = EtcdStore.defaultPrefix, documentID: String,
    credentials: EtcdCredentials? = nil
  ) throws(EtcdError) {
    try Self.checkPrefix(prefix)
    self.prefix = prefix
    self.documentID = documentID
    client = EtcdClient(endpoints: endpoints, credentials: credentials, prefix: prefix + documentID + "/")
  }

  /// Checks that `prefix` ends with `/`, as the document's id follows it.
  ///
  /// - Throws: ``EtcdError/badPrefix(_:)`` when it does not.
  package static func checkPrefix(_ prefix: String) throws(EtcdError) {
    guard prefix.hasSuffix("/") else { throw .badPrefix(prefix) }
  }

  /// The document's keys start with this: `<prefix><document id>/`.
  package var documentPrefix: String { prefix + documentID + "/" }

  /// The head key, `<prefix><document id>/.head`.
  package var headKey: String { documentPrefix + ".head" }

  /// The journal's keys start with this: `<prefix><document id>/.journal/` (`EtcdJournal`).
  package var journalPrefix: String { documentPrefix + ".journal/" }

  /// "etcd 127.0.0.1:2379 /settings/app/".
  public var name: String {
    "etcd \(endpoints.map(\.description).joined(separator: ",")) \(documentPrefix)"
  }

  /// The overrides at the latest revision, read linearizably.
  ///
  /// A value that is not JSON is left out of the values and listed in
  /// `StoreContents.unparsed` (the key reads as its default, with a warning naming the etcd
  /// key); the head is not a value.
  /// When no endpoint answers and ``allowsStaleReads`` is set, the last-known-good copy answers
  /// and ``onStaleRead`` is told.
  ///
  /// - Throws: `StoreError.etcd(_:)`: ``EtcdError/unreachable(_:)`` when no endpoint answers,
  ///   or the error etcd gave.
  public func read() throws(StoreError) -> StoreContents {
    do throws(EtcdClient.Failure) {
      let read = try readPrefix(revision: nil)
      lastKnownGood?.save(read.contents, clusterID: read.clusterID, for: self)
      rememberCheckedEndpoints()
      return read.contents
    } catch {
      let reason = Self.error(error)
      if reason.isUnreachable, allowsStaleReads, let copy = lastKnownGood?.load(for: self) {
        onStaleRead?(StaleRead(reason: reason, revision: copy.revision, time: copy.time))
        return copy.contents
      }
      throw .etcd(reason)
    }
  }

  /// Records in the last-known-good directory the endpoints whose `/version` was read, and the
  /// endpoint that answered when it is not the one this store started at.
  func rememberCheckedEndpoints() {
    guard let lastKnownGood else { return }
    let checked = client.checkedEndpoints
    if !checked.isEmpty { lastKnownGood.rememberEtcdEndpoints(checked) }
    if let moved = client.movedPreference {
      lastKnownGood.rememberPreferredEndpoint(endpoints[moved].description, for: self)
    }
  }

  /// What one range of the prefix gives: the contents, the head's key-value, the cluster's id,
  /// each item key's value as stored, and the journal's keys.
  struct PrefixRead {
    var contents: StoreContents
    var head: EtcdMessages.KeyValue?
    var clusterID: String
    var raw: [String: [UInt8]] = [:]
    var journal: [EtcdMessages.KeyValue] = []
  }

  /// Reads the prefix at `revision` (nil: the latest).
  func readPrefix(revision: Int64?) throws(EtcdClient.Failure) -> PrefixRead {
    let answer = try client.call(
      "/v3/kv/range", EtcdMessages.range(prefix: documentPrefix, revision: revision),
      timeoutMilliseconds: 2000,
      isWrite: false)
    let revision = EtcdMessages.revision(answer)
    let pairs = EtcdMessages.keyValues(answer)
    var raw: [String: [UInt8]] = [:]
    for pair in pairs {
      if let name = itemKey(pair.key) { raw[name] = pair.value }
    }
    let journal = pairs.filter { $0.key.hasPrefix(journalPrefix) }
    var contents = contents(of: pairs, revision: revision)
    contents.journalSequence = journalSequence(in: journal, raw: raw)
    return PrefixRead(
      contents: contents, head: pairs.first { $0.key == headKey }, clusterID: EtcdMessages.clusterID(answer),
      raw: raw, journal: journal)
  }

  /// The overrides held by `pairs` (keys under the document's prefix).
  func contents(of pairs: [EtcdMessages.KeyValue], revision: Int64) -> StoreContents {
    var values: [String: JSONValue] = [:]
    var unparsed: [String: String] = [:]
    for pair in pairs {
      guard let name = itemKey(pair.key) else { continue }
      do {
        values[name] = try JSONParser(maximumDepth: 64).parse(pair.value)
      } catch {
        unparsed[name] =
          error.reason == .empty
          ? "the value is empty" : error.message(in: SourceText(name: pair.key, bytes: pair.value))
      }
    }
    var contents = StoreContents(values: values, revision: StoreRevision(revision))
    contents.unparsed = unparsed
    contents.keyNamePrefix = "etcd key " + documentPrefix
    return contents
  }

  /// The item key of etcd key `key`, nil for the head, the journal's keys or a key outside the
  /// document.
  func itemKey(_ key: String) -> String? {
    guard key.hasPrefix(documentPrefix), key != headKey, !key.hasPrefix(journalPrefix) else { return nil }
    let name = String(key.dropFirst(documentPrefix.count))
    return name.isEmpty ? nil : name
  }

  /// An engine error for a failed call.
  static func error(_ failure: EtcdClient.Failure) -> EtcdError {
    switch failure {
    case .etcd(let error): error
    case .unreachable(let records): .unreachable(records)
    case .unknown(let endpoint, let reason):
      .unreachable([EtcdError.Unreachable(endpoint: endpoint, reason: reason)])
    case .compacted(let revision):
      .server(endpoint: "", message: "the revision was compacted (oldest kept: \(revision))")
    }
  }
}
