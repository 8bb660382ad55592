import SettingsKit
import SettingsKitTesting
import TestSupport
import Testing

/// The built-in stores keep the contract of every store (``StoreConformanceTest``) and a file's
/// journal keeps the journal's (``JournalConformanceTest``); the etcd store runs the same kit in
/// `SettingsEtcdTests`.
struct StoreConformanceTests {
  @Test(arguments: StoreConformanceTest.Check.allCases)
  func memoryStore(check: StoreConformanceTest.Check) async throws {
    let test = StoreConformanceTest(configuration: .init(reportsEveryUpdate: true)) {
      StoreUnderTest(MemoryStore())
    }
    try await test.run(check)
  }

  @Test(arguments: StoreConformanceTest.Check.allCases)
  func fileStore(check: StoreConformanceTest.Check) async throws {
    let test = StoreConformanceTest {
      let directory = try TemporaryDirectory()
      return StoreUnderTest(FileStore(path: directory.file("store/app.json")), remove: directory.remove)
    }
    try await test.run(check)
  }

  /// The kit reports a store that breaks the contract: one whose revision never moves.
  @Test func aStoreWhoseRevisionNeverMovesFails() async throws {
    let test = StoreConformanceTest { StoreUnderTest(StuckRevisionStore()) }
    let findings = try await Findings.collecting {
      try await test.run(.anUpdateWritesEveryChangeAndMovesTheRevision)
    }
    #expect(
      findings == [
        "the revision after the update: 0, expected a change from it"
      ])
    // A store that keeps the contract gives no finding.
    let memory = StoreConformanceTest { StoreUnderTest(MemoryStore()) }
    #expect(
      try await Findings.collecting { try await memory.run(.anUpdateWritesEveryChangeAndMovesTheRevision) }
        == [])
  }

  @Test(arguments: JournalConformanceTest.Check.allCases)
  func fileStoreJournal(check: JournalConformanceTest.Check) async throws {
    try await JournalConformanceTest(makeStore: Self.journalingFileStore).run(check)
  }

  /// A file store in a new temporary folder, and the ways to change it without the tool.
  @Sendable static func journalingFileStore() throws -> JournalingStoreUnderTest {
    let directory = try TemporaryDirectory()
    let path = directory.file("store/app.json")
    let withLimit: @Sendable (Int) -> any JournalingStore = { limit in
      var store = FileStore(path: path)
      store.journalLimit = limit
      return store
    }
    return JournalingStoreUnderTest(
      store: FileStore(path: path),
      withJournalLimit: withLimit,
      writeOutside: { values in
        let members = values.keys.sorted().map { "\"\($0)\": \(values[$0]!)" }
        // As an editor saves: a new file renamed over the store, never seen half-written.
        try replaceByRename(path, with: "{" + members.joined(separator: ", ") + "}\n")
      },
      journalText: { try directory.read("store/app.json.journal") ?? "" },
      damageEntry: { sequence in
        let lines = (try directory.read("store/app.json.journal") ?? "").split(separator: "\n").map { line in
          line.contains("\"seq\":\(sequence),") ? #"{"changes":{"torn"# : String(line)
        }
        _ = try directory.write("store/app.json.journal", lines.joined(separator: "\n") + "\n")
      },
      remove: directory.remove
    )
  }
}

/// A memory store that always reads at the initial revision: it breaks the contract.
private struct StuckRevisionStore: SettingsStore {
  let memory = MemoryStore()
  var name: String { "stuck" }

  func read() throws(StoreError) -> StoreContents {
    var contents = try memory.read()
    contents.revision = .initial
    return contents
  }

  func update<T, Refusal: Error>(
    _ body: (inout StoreContents) throws(Refusal) -> T
  ) throws(StoreUpdateError<Refusal>) -> T {
    try memory.update(body)
  }

  func changes(after revision: StoreRevision) -> AsyncStream<StoreChange> {
    memory.changes(after: revision)
  }
}
