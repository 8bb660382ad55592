import SettingsKit
import Testing

// The checks of ``StoreConformanceTest``, one function each, in ``StoreConformanceTest/Check``'s order.
extension StoreConformanceTest {
  func checkANewStoreIsEmpty(_ store: any SettingsStore) throws {
    let contents = try store.read()
    #expect(contents.values == [:])
    if let emptyRevision = configuration.emptyRevision {
      #expect(contents.revision == emptyRevision)
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
    #expect(returned == "done")
    let after = try store.read()
    #expect(texts(after.values) == ["airplane": "true", "name": "\"한 Kim\"", "volume": "0.50"])
    #expect(after.revision != before)
    #expect(try store.read().revision == after.revision)
  }

  func checkABodyThatThrowsChangesNothing(_ store: any SettingsStore) throws {
    try store.update { $0.values["airplane"] = .bool(true) }
    let before = try store.read()
    #expect(throws: StoreUpdateError.refused(SettingsError.unknownKey("wifl", suggestion: nil))) {
      try store.update { (contents: inout StoreContents) throws(SettingsError) in
        contents.values["airplane"] = .bool(false)
        contents.values["other"] = .integer(1)
        throw .unknownKey("wifl", suggestion: nil)
      }
    }
    let after = try store.read()
    #expect(texts(after.values) == ["airplane": "true"])
    #expect(after.revision == before.revision)
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
    #expect(texts(values)["count"] == "40")
    #expect(values.keys.sorted() == ["count", "writer-0", "writer-1", "writer-2", "writer-3"])
  }

  func checkABadStoredValue(_ store: any SettingsStore) throws {
    try store.update {
      $0.values["airplane"] = .string("yes")
      $0.values["wifi"] = .string("켬")
      $0.values["legacy.unknown"] = JSONValue(.number("1.50"))
    }
    let settings = Settings(document: .embeddedDefault, store: store)
    let snapshot = try settings.snapshot()
    #expect(snapshot.value(forKey: "airplane") == .bool(false))
    #expect(snapshot.value(forKey: "wifi") == .string("켬"))
    #expect(snapshot.problems.map(\.key) == ["airplane"])
    #expect(texts(snapshot.otherOverrides) == ["legacy.unknown": "1.50"])
    // The next write of the item replaces the bad value and keeps the key the document does not know.
    try settings.set("airplane", to: .bool(true))
    #expect(
      texts(try store.read().values) == ["airplane": "true", "wifi": "\"켬\"", "legacy.unknown": "1.50"])
  }

  func checkARemovedKeyIsGone(_ store: any SettingsStore) throws {
    try store.update {
      $0.values["airplane"] = .bool(true)
      $0.values["wifi"] = .bool(false)
    }
    let before = try store.read().revision
    try store.update { $0.values["airplane"] = nil }
    let after = try store.read()
    #expect(texts(after.values) == ["wifi": "false"])
    #expect(after.revision != before)
    try store.update { $0.values = [:] }
    #expect(try store.read().values == [:])
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
    #expect(texts(folded.values) == texts(final.values))
    #expect(texts(folded.values) == ["n": "30", "seven": "28"])
    #expect(folded.repeated == [])
    #expect(folded.resyncs == 0)
    if configuration.reportsEveryUpdate { #expect(events.count == 30) }
    // Nothing more arrives once the store is still.
    #expect(await recorder.settle().count == events.count)
  }

  func checkChangesAfterAnOlderRevision(_ store: any SettingsStore) async throws {
    let old = try store.read().revision
    try store.update { $0.values["airplane"] = .bool(true) }
    let current = try store.read()
    let recorder = ChangeRecorder(store.changes(after: old))
    defer { recorder.stop() }
    let events = await recorder.wait { $0.count >= 1 }
    #expect(await recorder.settle().count == 1)
    switch (configuration.replaysHistory, events.first) {
    case (true, .changed(let contents, let keys)?):
      // A store that keeps its history replays the change itself.
      #expect(keys == ["airplane"])
      #expect(texts(contents.values) == texts(current.values))
    case (false, .resynced(let contents)?):
      #expect(texts(contents.values) == texts(current.values))
    default:
      let expected = configuration.replaysHistory ? "the change replayed" : "resynced"
      Issue.record("expected \(expected) first, got \(events)")
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
        #expect(keys == StoreChange.differingKeys(self.values, contents.values))
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
