import Foundation
import Synchronization
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// The file watcher and the directories it watches.
@Suite(.serialized)
struct FileWatcherTests {
  @Test func thePlanFollowsLinksAndStartsFromTheNearestExistingAncestor() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let root = directory.path
    try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: root + "/links", withIntermediateDirectories: true)
    #expect(symlink("../real/store.json", root + "/links/store.json") == 0)
    #expect(symlink(root + "/links", root + "/dirlink") == 0)
    // A link to a file whose directory is missing: watched in the nearest existing ancestor.
    #expect(symlink("../real/missing/deeper/store.json", root + "/links/far.json") == 0)

    #expect(
      WatchPlan(paths: [SystemPath(root + "/links/store.json")]).interests
        == plan([
          root + "/links": ["store.json"], root + "/links/../real": ["store.json"],
        ]))
    #expect(
      WatchPlan(paths: [SystemPath(root + "/dirlink/store.json")]).interests
        == plan([
          root + "/dirlink": ["store.json"], root: ["dirlink"], root + "/dirlink/../real": ["store.json"],
        ]))
    #expect(
      WatchPlan(paths: [SystemPath(root + "/links/far.json")]).interests
        == plan([
          root + "/links": ["far.json"], root + "/links/../real": ["missing"],
        ]))
    #expect(WatchPlan(paths: [SystemPath(root + "/a/b/c.json")]).interests == plan([root: ["a"]]))
    #expect(
      WatchPlan(paths: [SystemPath(root + "/links/far.json")]).targets == [
        SystemPath(root + "/links/../real/missing/deeper/store.json")
      ])
  }

  @Test func reachingTheWatchLimitFallsBackToPollingThatStillNotices() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("s.json")
    let calls = Atomic<Int>(0)
    let watcher = FileWatcher(paths: [SystemPath(path)], mechanism: .automatic, simulatingWatchLimit: true) {
      calls.add(1, ordering: .relaxed)
    }
    defer { watcher.stop() }
    #expect(watcher.activeMechanism == .polling(intervalMilliseconds: 250))
    try directory.write("s.json", "{}")
    let deadline = Date().addingTimeInterval(20)
    while calls.load(ordering: .relaxed) == 0 && Date() < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    #expect(calls.load(ordering: .relaxed) >= 1)
  }

  @Test func theWatchedFileCallsTheWatchAndAStoppedOneEnds() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("s.json", "{}")
    let calls = Atomic<Int>(0)
    let watcher = FileWatcher(paths: [SystemPath(path)], mechanism: .automatic) {
      calls.add(1, ordering: .relaxed)
    }
    #expect(watcher.activeMechanism == .automatic)
    // Other files in the directory (the lock file, an editor's swap file) are not the watched
    // file (which names matter is the plan's, tested above); the watched file's write calls it.
    try directory.write("s.json.lock", "")
    try directory.write(".s.json.swp", "{}")
    try directory.write("s.json", #"{"a": false}"#)
    let deadline = Date().addingTimeInterval(20)
    while calls.load(ordering: .relaxed) == 0 && Date() < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    #expect(calls.load(ordering: .relaxed) >= 1)
    // Stopped: its loop ends, so nothing can call it any more.
    watcher.stop()
    #expect(watcher.waitUntilEnded(seconds: 20))
    let seen = calls.load(ordering: .relaxed)
    try directory.write("s.json", #"{"a": true}"#)
    #expect(calls.load(ordering: .relaxed) == seen)
  }

  /// A plan's interests from text paths and names.
  private func plan(_ interests: [String: Set<String>]) -> [SystemPath: Set<SystemPath>] {
    Dictionary(
      uniqueKeysWithValues: interests.map { (SystemPath($0.key), Set($0.value.map { SystemPath($0) })) })
  }
}
