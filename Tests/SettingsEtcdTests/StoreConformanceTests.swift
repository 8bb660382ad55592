import Foundation
import Synchronization
import TestSupport
import Testing

@testable import SettingsEtcd
@testable import SettingsKit

/// The one contract every store keeps (issue 20, item 1): reads with their revision, atomic
/// updates, conflicting updates that all land, bad stored values, deletion, and change events with
/// nothing lost and nothing delivered twice. Each test runs against every kind of store.
@Suite(.serialized)
struct StoreConformanceTests {
  @Test(arguments: StoreKind.allCases)
  func aNewStoreIsEmptyAtTheInitialRevision(kind: StoreKind) throws {
    let subject = try kind.make()
    defer { subject.remove() }
    let contents = try subject.store.read()
    #expect(contents.values == [:])
    #expect(contents.revision == kind.emptyRevision(subject))
  }

  @Test(arguments: StoreKind.allCases)
  func anUpdateWritesEveryChangeAndMovesTheRevision(kind: StoreKind) throws {
    let subject = try kind.make()
    defer { subject.remove() }
    let before = try subject.store.read().revision
    let returned = try subject.store.update { contents in
      contents.values["airplane"] = .bool(true)
      contents.values["name"] = .string("한 Kim")
      contents.values["volume"] = JSONValue(.number("0.50"))
      return "done"
    }
    #expect(returned == "done")
    let after = try subject.store.read()
    #expect(texts(after.values) == ["airplane": "true", "name": "\"한 Kim\"", "volume": "0.50"])
    #expect(after.revision != before)
    #expect(try subject.store.read().revision == after.revision)
  }

  @Test(arguments: StoreKind.allCases)
  func aBodyThatThrowsChangesNothing(kind: StoreKind) throws {
    let subject = try kind.make()
    defer { subject.remove() }
    try subject.store.update { $0.values["airplane"] = .bool(true) }
    let before = try subject.store.read()
    #expect(throws: StoreUpdateError.refused(SettingsError.unknownKey("wifl", suggestion: nil))) {
      try subject.store.update { (contents: inout StoreContents) throws(SettingsError) in
        contents.values["airplane"] = .bool(false)
        contents.values["other"] = .integer(1)
        throw .unknownKey("wifl", suggestion: nil)
      }
    }
    let after = try subject.store.read()
    #expect(texts(after.values) == ["airplane": "true"])
    #expect(after.revision == before.revision)
  }

  @Test(arguments: StoreKind.allCases)
  func conflictingUpdatesAllLand(kind: StoreKind) async throws {
    let subject = try kind.make()
    defer { subject.remove() }
    let store = subject.store
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<4 {
        group.addTask {
          for _ in 0..<10 {
            try store.update { contents in
              let count = contents.values["count"].flatMap { Int(text($0)) } ?? 0
              contents.values["count"] = .integer(count + 1)
              contents.values["writer-\(writer)"] = .bool(true)
            }
          }
        }
      }
      try await group.waitForAll()
    }
    let values = try store.read().values
    #expect(texts(values)["count"] == "40")
    #expect(values.keys.sorted() == ["count", "writer-0", "writer-1", "writer-2", "writer-3"])
  }

  @Test(arguments: StoreKind.allCases)
  func aBadStoredValueReadsAsTheDefaultAndSparesTheOtherKeys(kind: StoreKind) throws {
    let subject = try kind.make()
    defer { subject.remove() }
    try subject.store.update {
      $0.values["airplane"] = .string("yes")
      $0.values["wifi"] = .string("켬")
      $0.values["legacy.unknown"] = JSONValue(.number("1.50"))
    }
    let settings = Settings(document: .embeddedDefault, store: subject.store)
    let snapshot = try settings.snapshot()
    #expect(snapshot.values["airplane"] == .bool(false))
    #expect(snapshot.values["wifi"] == .string("켬"))
    #expect(snapshot.problems.map(\.key) == ["airplane"])
    #expect(texts(snapshot.otherOverrides) == ["legacy.unknown": "1.50"])
    // The next write of the item replaces the bad value and keeps the key the document does not know.
    try settings.set("airplane", to: .bool(true))
    #expect(
      texts(try subject.store.read().values) == [
        "airplane": "true", "wifi": "\"켬\"", "legacy.unknown": "1.50",
      ])
  }

  @Test(arguments: StoreKind.allCases)
  func aRemovedKeyIsGone(kind: StoreKind) throws {
    let subject = try kind.make()
    defer { subject.remove() }
    try subject.store.update {
      $0.values["airplane"] = .bool(true)
      $0.values["wifi"] = .bool(false)
    }
    let before = try subject.store.read().revision
    try subject.store.update { $0.values["airplane"] = nil }
    let after = try subject.store.read()
    #expect(texts(after.values) == ["wifi": "false"])
    #expect(after.revision != before)
    try subject.store.update { $0.values = [:] }
    #expect(try subject.store.read().values == [:])
  }

  @Test(arguments: StoreKind.allCases)
  func changesReportEveryKeyOnceAndTheLastValueOfEach(kind: StoreKind) async throws {
    let subject = try kind.make()
    defer { subject.remove() }
    try subject.store.update { $0.values["gone"] = .bool(true) }
    let start = try subject.store.read()
    let recorder = Recorder(subject.store.changes(after: start.revision))
    defer { recorder.stop() }
    for step in 1...30 {
      try subject.store.update { contents in
        contents.values["n"] = .integer(step)
        if step == 10 { contents.values["gone"] = nil }
        if step % 7 == 0 { contents.values["seven"] = .integer(step) }
      }
    }
    let final = try subject.store.read()
    let events = await recorder.wait {
      texts(Self.fold($0, from: start.values).values) == texts(final.values)
    }
    let folded = Self.fold(events, from: start.values)
    #expect(texts(folded.values) == texts(final.values))
    #expect(texts(folded.values) == ["n": "30", "seven": "28"])
    #expect(folded.repeated == [])
    #expect(folded.resyncs == 0)
    if kind == .memory { #expect(events.count == 30) }
    // Nothing more arrives once the store is still.
    #expect(await recorder.settle().count == events.count)
  }

  @Test(arguments: StoreKind.allCases)
  func changesAfterAnOlderRevisionCatchUpFirst(kind: StoreKind) async throws {
    let subject = try kind.make()
    defer { subject.remove() }
    let old = try subject.store.read().revision
    try subject.store.update { $0.values["airplane"] = .bool(true) }
    let current = try subject.store.read()
    let recorder = Recorder(subject.store.changes(after: old))
    defer { recorder.stop() }
    let events = await recorder.wait(count: 1)
    #expect(await recorder.settle().count == 1)
    switch (kind, events.first) {
    case (.etcd, .changed(let contents, let keys)?):
      // etcd keeps its history: the change itself is replayed.
      #expect(keys == ["airplane"])
      #expect(texts(contents.values) == texts(current.values))
    case (.memory, .resynced(let contents)?), (.file, .resynced(let contents)?):
      #expect(texts(contents.values) == texts(current.values))
    default:
      Issue.record("unexpected first event from \(kind): \(events)")
    }
  }

  @Test func aFileThatStopsParsingIsUnavailableUntilItParsesAgain() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("app.json", #"{"airplane": true}"#)
    let store = FileStore(path: path)
    let recorder = Recorder(store.changes(after: try store.read().revision))
    defer { recorder.stop() }
    try directory.write("app.json", "{\"airplane\": tru")
    let broken = await recorder.wait(count: 1)
    guard case .unavailable(.syntax(let file, _, _)) = broken.first else {
      Issue.record("expected unavailable, got \(broken)")
      return
    }
    #expect(file == path)
    try directory.write("app.json", #"{"airplane": false}"#)
    let events = await recorder.wait(count: 3)
    #expect(events.count == 3)
    #expect(events.dropFirst().first == .available)
    guard case .changed(let contents, let keys) = events.last else {
      Issue.record("expected changed, got \(events)")
      return
    }
    #expect(keys == ["airplane"])
    #expect(texts(contents.values) == ["airplane": "false"])
  }

  /// Applies `events` to `values`, counting keys reported without a difference.
  static func fold(_ events: [StoreChange], from values: [String: JSONValue]) -> Folded {
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
}

/// Each value as JSON text, for comparisons where a value's place in its source does not count.
func texts(_ values: [String: JSONValue]) -> [String: String] {
  values.mapValues { text($0) }
}

/// A value as JSON text, without the writer's final newline.
func text(_ value: JSONValue) -> String {
  JSONWriter().string(value).trimmingCharacters(in: .newlines)
}

/// The stores the conformance suite runs against.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case memory
  case file
  case etcd

  var testDescription: String { rawValue }

  /// A fresh, empty store of this kind.
  func make() throws -> StoreUnderTest {
    switch self {
    case .memory:
      return StoreUnderTest(store: MemoryStore(), remove: {})
    case .file:
      let directory = try TemporaryDirectory()
      return StoreUnderTest(
        store: FileStore(path: directory.file("store/app.json")), remove: directory.remove)
    case .etcd:
      guard EtcdCluster.isInstalled else { throw LoopbackError(EtcdCluster.missingMessage) }
      let cluster = try EtcdCluster.start()
      let store = EtcdStore(endpoints: try EtcdEndpoint.list(cluster.endpointList), documentID: "app")
      return StoreUnderTest(store: store, remove: { #expect(cluster.stop() == []) })
    }
  }

  /// The revision of an empty store of this kind.
  func emptyRevision(_ subject: StoreUnderTest) -> StoreRevision {
    // A new etcd cluster is at revision 1.
    self == .etcd ? StoreRevision(1) : .initial
  }
}

/// A store made for one test, and how to remove what it left.
struct StoreUnderTest: Sendable {
  let store: any SettingsStore
  let remove: @Sendable () -> Void
}
