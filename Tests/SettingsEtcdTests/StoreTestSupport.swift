import Foundation
import SettingsKitTesting
import TestSupport
import Testing

@testable import SettingsEtcd
@testable import SettingsKit

// What the etcd store's tests share: change events folded into values, values as JSON text, and a
// file or etcd journaling store with ways to change it behind the tool's back.

/// Applies `events` to `values`, counting keys reported without a difference.
func fold(_ events: [StoreChange], from values: [String: JSONValue]) -> Folded {
  var folded = Folded(values: values)
  for event in events {
    switch event {
    case .changed(let contents, let keys):
      for key in keys where folded.values[key].map(text) == contents.values[key].map(text) {
        folded.repeated.append(key)
      }
      #expect(keys == StoreChange.differingKeys(folded.values, contents.values))
      folded.values = contents.values
    case .resynced(let contents):
      folded.resyncs += 1
      folded.values = contents.values
    case .unavailable, .available:
      folded.outages += 1
    }
  }
  return folded
}

struct Folded {
  var values: [String: JSONValue]
  var repeated: [String] = []
  var resyncs = 0
  var outages = 0
}

/// The kinds of store that tests run against, where a file and etcd must behave alike.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case file
  case etcd

  var testDescription: String { rawValue }
}

/// A journaling store of one kind made for one test, with a way to change it without the tool.
struct JournalSubject {
  let store: any JournalingStore
  let document: SettingsDocument
  /// Sets keys to JSON texts behind the tool's back (a file: the whole file is written with them).
  let writeOutside: @Sendable ([String: String]) throws -> Void
  /// The journal as stored.
  let journalText: @Sendable () throws -> String
  /// Makes the stored record of entry N unreadable (a torn line, a value that is not JSON).
  let damageEntry: @Sendable (Int) throws -> Void
  /// The same store with another journal limit.
  let withLimit: @Sendable (Int) -> any JournalingStore
  /// The etcd cluster, for an etcd store.
  let cluster: EtcdCluster?
  let remove: @Sendable () -> Void

  init(_ kind: StoreKind, limit: Int = FileStore.defaultJournalLimit) throws {
    document = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(journalTestDocument.utf8)))
    switch kind {
    case .etcd:
      guard EtcdCluster.isInstalled else { throw LoopbackError(EtcdCluster.missingMessage) }
      let cluster = try EtcdCluster.start()
      let etcd = try EtcdStore(endpoints: try EtcdEndpoint.list(cluster.endpointList), documentID: "app")
      withLimit = { limit in
        var store = etcd
        store.journalLimit = limit
        return store
      }
      store = withLimit(limit)
      writeOutside = { values in
        for (key, value) in values {
          let outcome = try cluster.etcdctl(["put", "/settings/app/\(key)", value])
          #expect(outcome.status == 0)
        }
      }
      journalText = { try cluster.etcdctl(["get", "--prefix", "/settings/app/.journal/"]).stdout }
      damageEntry = { sequence in
        let key = "/settings/app/.journal/" + String(repeating: "0", count: 20 - String(sequence).count)
        let outcome = try cluster.etcdctl(["put", key + String(sequence), #"{"changes":{"torn"#])
        #expect(outcome.status == 0)
      }
      self.cluster = cluster
      remove = { #expect(cluster.stop() == []) }
    default:
      let directory = try TemporaryDirectory()
      let path = directory.file("store/app.json")
      withLimit = { limit in
        var store = FileStore(path: path)
        store.journalLimit = limit
        return store
      }
      store = withLimit(limit)
      writeOutside = { values in
        let members = values.keys.sorted().map { "\"\($0)\": \(values[$0]!)" }
        // As an editor saves: a new file renamed over the store, never seen half-written.
        try replaceByRename(path, with: "{" + members.joined(separator: ", ") + "}\n")
      }
      journalText = { try directory.read("store/app.json.journal") ?? "" }
      damageEntry = { sequence in
        let lines = (try directory.read("store/app.json.journal") ?? "").split(separator: "\n").map { line in
          line.contains("\"seq\":\(sequence),") ? #"{"changes":{"torn"# : String(line)
        }
        _ = try directory.write("store/app.json.journal", lines.joined(separator: "\n") + "\n")
      }
      cluster = nil
      remove = directory.remove
    }
  }

  /// Settings over the store (or `other`, the same store otherwise set up), writing as `how` with
  /// `message`, by a fixed writer.
  func settings(how: String, message: String? = nil, store other: (any JournalingStore)? = nil) -> Settings {
    let settings = Settings(document: document, store: other ?? store)
    settings.writeContext = WriteContext(
      how: how, message: message, user: "kim", host: "h1", program: "settings", pid: 7)
    return settings
  }

  /// Makes `settings` write as `how`, with no message.
  func context(_ settings: Settings, how: String) {
    settings.writeContext.how = how
    settings.writeContext.message = nil
  }
}

extension JournalSubject {
  /// The store and its hooks, for the conformance kit (``JournalConformanceTest``).
  var underTest: JournalingStoreUnderTest {
    JournalingStoreUnderTest(
      store: store, withJournalLimit: withLimit, writeOutside: writeOutside, journalText: journalText,
      damageEntry: damageEntry, remove: remove)
  }
}
