import SettingsKit
import Testing

// The checks of ``StoreConformanceTest``, one function each, in ``StoreConformanceTest/Check``'s order.
extension StoreConformanceTest {
  func checkANewStoreIsEmpty(_ store: any SettingsStore) throws {
    let contents = try store.read()
    expectEqual(contents.values, [:], "a new store's values")
    if let emptyRevision = configuration.emptyRevision {
      expectEqual(contents.revision, emptyRevision, "a new store's revision")
    }
  }

  func checkAnUpdateWritesEveryChange(_ store: any SettingsStore) throws {
    let before = try store.read().revision
    let returned = try store.update { contents in
      contents.values["airplane"] = .bool(true)
      contents.values["name"] = .string("한 Kim")
      contents.values["volume"] = JSONValue(.number("0.50"))
      return "done"
    }
    expectEqual(returned, "done", "what the update returned")
    let after = try store.read()
    expectEqual(
      texts(after.values), ["airplane": "true", "name": "\"한 Kim\"", "volume": "0.50"],
      "the values after the update")
    expectDifferent(after.revision, before, "the revision after the update")
    expectEqual(try store.read().revision, after.revision, "the revision read again")
  }

  func checkABodyThatThrowsChangesNothing(_ store: any SettingsStore) throws {
    try store.update { $0.values["airplane"] = .bool(true) }
    let before = try store.read()
    do {
      try store.update { (contents: inout StoreContents) throws(SettingsError) in
        contents.values["airplane"] = .bool(false)
        contents.values["other"] = .integer(1)
        throw .unknownKey("wifl", suggestion: nil)
      }
      Findings.report("an update whose body throws threw nothing", sourceLocation: #_sourceLocation)
    } catch {
      expectEqual(
        error, .refused(SettingsError.unknownKey("wifl", suggestion: nil)),
        "what an update whose body throws threw")
    }
    let after = try store.read()
    expectEqual(texts(after.values), ["airplane": "true"], "the values after an update that threw")
    expectEqual(after.revision, before.revision, "the revision after an update that threw")
  }

  func checkConflictingUpdatesAllLand(_ store: any SettingsStore) async throws {
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
    expectEqual(texts(values)["count"], "40", "the counter after 40 updates")
    expectEqual(
      values.keys.sorted(), ["count", "writer-0", "writer-1", "writer-2", "writer-3"], "the keys written")
  }

  func checkABadStoredValue(_ store: any SettingsStore) throws {
    try store.update {
      $0.values["airplane"] = .string("yes")
      $0.values["wifi"] = .string("켬")
      $0.values["legacy.unknown"] = JSONValue(.number("1.50"))
    }
    let settings = Settings(document: .embeddedDefault, store: store)
    let snapshot = try settings.snapshot()
    expectEqual(snapshot.value(forKey: "airplane"), .bool(false), "a bad stored value")
    expectEqual(snapshot.value(forKey: "wifi"), .string("켬"), "a good stored value")
    expectEqual(snapshot.problems.map(\.key), ["airplane"], "the keys with problems")
    expectEqual(
      texts(snapshot.otherOverrides), ["legacy.unknown": "1.50"], "the keys the document does not know")
    // The next write of the item replaces the bad value and keeps the key the document does not know.
    try settings.set("airplane", to: .bool(true))
    expectEqual(
      texts(try store.read().values), ["airplane": "true", "wifi": "\"켬\"", "legacy.unknown": "1.50"],
      "the values after the bad value is replaced")
  }

  func checkARemovedKeyIsGone(_ store: any SettingsStore) throws {
    try store.update {
      $0.values["airplane"] = .bool(true)
      $0.values["wifi"] = .bool(false)
    }
    let before = try store.read().revision
    try store.update { $0.values["airplane"] = nil }
    let after = try store.read()
    expectEqual(texts(after.values), ["wifi": "false"], "the values after a removal")
    expectDifferent(after.revision, before, "the revision after a removal")
    try store.update { $0.values = [:] }
    expectEqual(try store.read().values, [:], "the values after every key is removed")
  }

  func checkChangesReportEveryKeyOnce(_ store: any SettingsStore) async throws {
    try store.update { $0.values["gone"] = .bool(true) }
    let start = try store.read()
    let recorder = ChangeRecorder(store.changes(after: start.revision))
    defer { recorder.stop() }
    for step in 1...30 {
      try store.update { contents in
        contents.values["n"] = .integer(step)
        if step == 10 { contents.values["gone"] = nil }
        if step % 7 == 0 { contents.values["seven"] = .integer(step) }
      }
    }
    let final = try store.read()
    let events = await recorder.wait {
      texts(Folded($0, from: start.values).values) == texts(final.values)
    }
    let folded = Folded(events, from: start.values)
    expectEqual(texts(folded.values), texts(final.values), "the values the changes reported")
    expectEqual(texts(folded.values), ["n": "30", "seven": "28"], "the values the changes reported")
    expectEqual(folded.repeated, [], "the keys reported without a difference")
    expectEqual(folded.resyncs, 0, "the resyncs")
    if configuration.reportsEveryUpdate { expectEqual(events.count, 30, "the changes reported") }
    // Nothing more arrives once the store is still.
    expectEqual(await recorder.settle().count, events.count, "the changes reported once the store is still")
  }

  func checkChangesAfterAnOlderRevision(_ store: any SettingsStore) async throws {
    let old = try store.read().revision
    try store.update { $0.values["airplane"] = .bool(true) }
    let current = try store.read()
    let recorder = ChangeRecorder(store.changes(after: old))
    defer { recorder.stop() }
    let events = await recorder.wait { $0.count >= 1 }
    expectEqual(await recorder.settle().count, 1, "the changes reported after an older revision")
    switch (configuration.replaysHistory, events.first) {
    case (true, .changed(let contents, let keys)?):
      // A store that keeps its history replays the change itself.
      expectEqual(keys, ["airplane"], "the keys of the change replayed")
      expectEqual(texts(contents.values), texts(current.values), "the values of the change replayed")
    case (false, .resynced(let contents)?):
      expectEqual(texts(contents.values), texts(current.values), "the values resynced")
    default:
      let expected = configuration.replaysHistory ? "the change replayed" : "resynced"
      Findings.report("expected \(expected) first, got \(events)", sourceLocation: #_sourceLocation)
    }
  }
}

/// Change events applied to a store's values, counting keys reported without a difference.
struct Folded {
  var values: [String: JSONValue]
  var repeated: [String] = []
  var resyncs = 0
  var outages = 0

  /// Applies `events` to `values`; expects each change to list exactly the keys that differ.
  init(_ events: [StoreChange], from values: [String: JSONValue]) {
    self.values = values
    for event in events {
      switch event {
      case .changed(let contents, let keys):
        for key in keys where self.values[key].map(text) == contents.values[key].map(text) {
          repeated.append(key)
        }
        expectEqual(keys, StoreChange.differingKeys(self.values, contents.values), "the keys of a change")
        self.values = contents.values
      case .resynced(let contents):
        resyncs += 1
        self.values = contents.values
      case .unavailable, .available:
        outages += 1
      }
    }
  }
}

/// Each value as JSON text, for comparisons where a value's place in its source does not count.
package func texts(_ values: [String: JSONValue]) -> [String: String] {
  values.mapValues { text($0) }
}

/// A value as JSON text, without the writer's final newline.
package func text(_ value: JSONValue) -> String {
  var text = JSONWriter().string(value)
  while text.last == "\n" { text.removeLast() }
  return text
}
