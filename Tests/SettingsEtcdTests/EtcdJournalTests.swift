import Foundation
import SettingsKitTesting
import TestSupport
import Testing

@testable import SettingsEtcd
@testable import SettingsKit

/// What only the etcd journal has to show: its keys, shared by every writer,
/// never read as settings, and kept through compaction.
@Suite(.serialized)
struct EtcdJournalTests {
  @Test func eachEntryIsAKeyHoldingAFileJournalsLineAndNoneReadsAsASetting() async throws {
    let subject = try JournalSubject(.etcd)
    defer { subject.remove() }
    let store = try #require(subject.store as? EtcdStore)
    let settings = subject.settings(how: "set")
    try settings.set("airplane", to: .bool(true))
    let start = try store.read()
    let recorder = Recorder(store.changes(after: start.revision))
    defer { recorder.stop() }
    try settings.set("name", to: .string("Lee"))
    let keys = try subject.keys()
    #expect(
      keys == [
        "/settings/app/.head", "/settings/app/.journal/00000000000000000001",
        "/settings/app/.journal/00000000000000000002", "/settings/app/.journal/base",
        "/settings/app/airplane",
        "/settings/app/name",
      ])
    let entry = try #require(try settings.journal().entries.last)
    let stored = try subject.value(of: "/settings/app/.journal/00000000000000000002")
    #expect(stored + "\n" == entry.line)
    #expect(try subject.value(of: "/settings/app/.journal/base").hasPrefix(#"{"base":{},"digest":""#))
    let contents = try store.read()
    #expect(texts(contents.values) == ["airplane": "true", "name": "\"Lee\""])
    #expect(contents.unparsed == [:])
    #expect(try settings.snapshot().otherOverrides == [:])
    let events = await recorder.wait(count: 1)
    // Nothing more before the next change.
    let settled = try await recorder.settle(
      marking: { try settings.set("airplane", to: .bool(false)) },
      until: { if case .changed(_, let keys) = $0 { keys == ["airplane"] } else { false } })
    #expect(settled.count == 1)
    guard case .changed(_, let changed)? = events.first else {
      Issue.record("expected a change, got \(events)")
      return
    }
    #expect(changed == ["name"])
  }

  @Test func compactionKeepsTheWholeJournal() throws {
    let subject = try JournalSubject(.etcd)
    defer { subject.remove() }
    let store = try #require(subject.store as? EtcdStore)
    let settings = subject.settings(how: "set")
    for step in 1...5 { try settings.set("name", to: .string("n\(step)")) }
    let before = try settings.journal()
    let revision = try store.read().revision.number
    #expect(try subject.cluster!.etcdctl(["compact", String(revision)]).status == 0)
    #expect(try settings.journal() == before)
    #expect(try settings.history().map(\.sequence) == [5, 4, 3, 2, 1])
    subject.context(settings, how: "undo")
    #expect(try settings.undo(.entry(5)).undone == [5])
    #expect(texts(try store.read().values) == ["name": "\"n4\""])
  }

  @Test func trimmingDeletesTheOldestEntriesKeysInTheSameTransaction() throws {
    let subject = try JournalSubject(.etcd, limit: 3)
    defer { subject.remove() }
    let settings = subject.settings(how: "set")
    for step in 1...10 { try settings.set("name", to: .string("n\(step)")) }
    #expect(
      try subject.keys() == [
        "/settings/app/.head", "/settings/app/.journal/00000000000000000007",
        "/settings/app/.journal/00000000000000000008", "/settings/app/.journal/00000000000000000009",
        "/settings/app/.journal/00000000000000000010", "/settings/app/.journal/base", "/settings/app/name",
      ])
    #expect(
      try subject.value(of: "/settings/app/.journal/base").hasPrefix(#"{"base":{"name":"n6"},"digest":""#))
  }

  @Test func writersOnManyMachinesShareOneUnbrokenJournal() async throws {
    let subject = try JournalSubject(.etcd)
    defer { subject.remove() }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for writer in 0..<4 {
        let settings = subject.settings(how: "set")
        settings.writeContext.host = "h\(writer)"
        group.addTask {
          for step in 0..<5 { try settings.set("name", to: .string("w\(writer)-\(step)")) }
        }
      }
      try await group.waitForAll()
    }
    let journal = try subject.settings(how: "set").journal()
    #expect(journal.entries.map(\.sequence) == Array(1...20))
    for (earlier, later) in zip(journal.entries, journal.entries.dropFirst()) {
      #expect(later.beforeDigest == earlier.afterDigest)
      #expect(later.changes["name"]?.before == earlier.changes["name"]?.after)
    }
    #expect(Set(journal.entries.map(\.context.host)) == ["h0", "h1", "h2", "h3"])
  }

  @Test func anOutsideChangeNoticedByAReadIsStoredWithTheTimeItWasNoticed() throws {
    let subject = try JournalSubject(.etcd)
    defer { subject.remove() }
    let settings = subject.settings(how: "set")
    try settings.set("airplane", to: .bool(true))
    try subject.writeOutside(["name": "\"Lee\""])
    let first = try settings.history()
    #expect(summary(first) == ["2 outside: name - → \"Lee\"", "1 set: airplane - → true"])
    #expect(try subject.keys().contains("/settings/app/.journal/00000000000000000002"))
    #expect(try settings.history() == first)
  }
}

extension JournalSubject {
  /// Every key under the document's prefix, in order.
  func keys() throws -> [String] {
    let listed = try cluster!.etcdctl(["get", "--prefix", "--keys-only", "/settings/app/"]).stdout
    return listed.split(separator: "\n").map(String.init)
  }

  /// One key's value.
  func value(of key: String) throws -> String {
    try cluster!.etcdctl(["get", "--print-value-only", key]).stdout.trimmingCharacters(in: .newlines)
  }
}
