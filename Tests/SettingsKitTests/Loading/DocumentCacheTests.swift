import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// The compiled document cache: answers equal to a full load for every key, and never an answer
/// from a stale, racy, damaged or truncated cache.
struct DocumentCacheTests {
  /// A copy of the examples (the items file included) in a fresh directory, and a cache folder.
  struct Fixture {
    let directory: TemporaryDirectory
    var cache: DocumentCache

    init() throws {
      directory = try TemporaryDirectory()
      for name in [
        "ios-settings.json", "phone-settings.json", "app-notifications.json", "accordion.json", "apps.jsonl",
      ] {
        try FileManager.default.copyItem(atPath: examplePath(name), toPath: directory.file(name))
      }
      // Files written by the test itself are never older than the racy window; 0 lets the cache
      // trust them (the window's own test below keeps the default).
      cache = DocumentCache(directory: SystemPath(directory.file("cache/settings")), buildTag: "test")
      cache.racyWindow = 0
    }

    /// The options that open documents through ``cache``.
    var options: DocumentOptions {
      var options = DocumentOptions(cache: .directory(cache.directory), buildTag: cache.buildTag)
      options.racyWindow = cache.racyWindow
      return options
    }

    func path(_ name: String) -> SystemPath { SystemPath(directory.file(name)) }

    func cacheFiles() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: directory.file("cache/settings"))) ?? [])
        .sorted()
    }
  }

  /// What a command sees of `key`: the item, where it stands (`describe` numbers its section and
  /// row as in the whole document), its value and its state under the defaults.
  func answer(_ document: SettingsDocument, _ key: String) -> String {
    guard let located = document.locate(key) else { return "absent" }
    let snapshot = SettingsSnapshot(document: document)
    let value = snapshot.value(of: located.item).value?.description ?? "-"
    let place = "section \(located.section) row \(located.row) under \(located.ancestors.map(\.key))"
    return
      "\(located.item) \(place) \(value) \(snapshot.state(of: located.item)) \(document.id) \(document.title)"
  }

  @Test(arguments: ["ios-settings.json", "phone-settings.json", "app-notifications.json", "accordion.json"])
  func everyKeyReadsFromTheCacheAsFromAFullLoad(name: String) throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let full = try DocumentLoader.load(path: fixture.path(name))
    #expect(try fixture.cache.loadDocument(at: fixture.path(name), locales: []) == full)
    #expect(fixture.cacheFiles().count == 1)
    #expect(!full.keys.isEmpty)
    for key in full.keys {
      let partial = fixture.cache.document(at: fixture.path(name), keys: [key], locales: [])
      #expect(partial.map { answer($0, key) } == answer(full, key), "\(name) \(key)")
    }
    // Several keys at once, as `set a=1 b=2` asks.
    let keys = Array(full.keys.suffix(3))
    let partial = try #require(fixture.cache.document(at: fixture.path(name), keys: keys, locales: []))
    for key in keys { #expect(answer(partial, key) == answer(full, key)) }
  }

  /// Every key at once, last first: each top-level item that holds one is read once (however many
  /// keys of its page were asked for), in its section, in the whole document's order.
  @Test(arguments: ["ios-settings.json", "phone-settings.json", "accordion.json"])
  func everyKeyAtOnceReadsEachItemOnceInOrder(name: String) throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let full = try fixture.cache.loadDocument(at: fixture.path(name), locales: [])
    let keys = Array(full.keys.reversed())
    let partial = try #require(fixture.cache.document(at: fixture.path(name), keys: keys, locales: []))
    for key in keys { #expect(answer(partial, key) == answer(full, key), "\(name) \(key)") }
    let holding = full.sections.map { $0.items.filter { $0.key != nil }.map(\.key) }.filter { !$0.isEmpty }
    #expect(partial.sections.map { $0.items.map(\.key) } == holding)
  }

  /// The document a screen opened from the compiled form shows: its sections with the rows of
  /// those read on demand decoded.
  func shown(_ loaded: LoadedDocument) -> SettingsDocument {
    var document = loaded.document
    for (index, items) in loaded.compiledItems { document.sections[index].items = items.items }
    return document
  }

  /// A screen opened from the cache shows the document a full load gives, section by section;
  /// the sections that nothing else depends on are read on demand, the others with the document.
  @Test(arguments: [
    ("ios-settings.json", 3), ("phone-settings.json", 3), ("accordion.json", 4),
  ])
  func aScreenOpenedFromTheCacheShowsWhatAFullLoadGives(name: String, onDemand: Int) throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let path = fixture.path(name)
    let opened = try DocumentLoader.open(path: path)
    #expect(fixture.cache.pagedDocument(at: path, locales: []) == nil)
    // The first open compiles it from its bytes, writes the cache, and reads it as later opens do.
    let first = try fixture.cache.openDocument(at: path, locales: [])
    #expect(first.document == opened.document)
    #expect(first.compiledItems.count == onDemand)
    let paged = try #require(fixture.cache.pagedDocument(at: path, locales: []))
    #expect(try fixture.cache.openDocument(at: path, locales: []).compiledItems.count == onDemand)
    #expect(paged.compiledItems.count == onDemand)
    // The keys and the values' snapshot come from the compiled rows' keys and defaults, decoding
    // none of them; a snapshot over a stored key decodes the section that holds it alone.
    #expect(paged.document.keys == opened.document.keys)
    #expect(SettingsSnapshot(document: paged.document) == SettingsSnapshot(document: opened.document))
    #expect(paged.compiledItems.values.allSatisfy { !$0.isDecoded })
    let (index, items) = try #require(paged.compiledItems.min { $0.key < $1.key })
    let key = try #require(items.keys.compactMap { $0 }.last)
    let contents = StoreContents(values: [key: .string("not a value of it")])
    #expect(
      SettingsSnapshot(document: paged.document, contents: contents, storeName: "s")
        == SettingsSnapshot(document: opened.document, contents: contents, storeName: "s"))
    #expect(paged.compiledItems.filter { $0.value.isDecoded }.map(\.key) == [index])
    #expect(shown(paged) == opened.document)
    #expect(try paged.documentWithAllItems() == opened.document)
    for index in paged.compiledItems.keys {
      #expect(opened.document.sections[index].items.map(\.key) == paged.compiledItems[index]?.keys)
    }
  }

  @Test func aDocumentWithItemsFilesOpensWithoutThePagePart() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let path = fixture.path("app-notifications.json")
    _ = try fixture.cache.loadDocument(at: path, locales: [])
    #expect(fixture.cache.pagedDocument(at: path, locales: []) == nil)
    let opened = try fixture.cache.openDocument(at: path, locales: [])
    #expect(opened.document == (try DocumentLoader.open(path: path)).document)
    #expect(!opened.itemsFiles.isEmpty)
  }

  /// What `settings find` finds: each match's key, breadcrumb, field and state under the defaults.
  func found(_ text: String, in document: SettingsDocument) -> [String] {
    SettingsSearch.find(text, in: document, snapshot: SettingsSnapshot(document: document)).map {
      "\($0.item.key ?? "-") \($0.breadcrumb) \($0.field) \($0.isVisible) \($0.isEnabled)"
    }
  }

  /// A search of the document the cache's index gives finds what a search of the whole one finds,
  /// for texts that match in titles, subtitles, keys and choices, on pages, in an items file, many
  /// items or none; a match in an item no key leads to is left to the full load.
  @Test(arguments: ["ios-settings.json", "phone-settings.json", "app-notifications.json", "accordion.json"])
  func aSearchOfTheCachedIndexFindsWhatTheWholeDocumentGives(name: String) throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let full = try DocumentLoader.load(path: fixture.path(name))
    _ = try fixture.cache.loadDocument(at: fixture.path(name), locales: [])
    var answered = 0
    for text in ["a", "E", "wi", "셀룰러", "on", "zzz", "cellular.", "Bluetooth", "é", "1"] {
      let whole = found(text, in: full)
      guard let reduced = fixture.cache.document(at: fixture.path(name), matching: text, locales: []) else {
        continue
      }
      answered += 1
      #expect(found(text, in: reduced) == whole, "\(name) \(text)")
      let keys = full.keys.filter { key in whole.contains { $0.hasPrefix(key + " ") } }
      #expect(reduced.keys.count <= full.keys.count)
      #expect(Set(keys).isSubset(of: Set(reduced.keys)))
    }
    #expect(answered >= 8, "\(name): the cache answered \(answered) searches")
    // With nothing found, the reduced document holds only what every partial document holds.
    let none = try #require(fixture.cache.document(at: fixture.path(name), matching: "zzz", locales: []))
    #expect(none.keys.count < full.keys.count)
  }

  @Test func aKeyTheCacheDoesNotHaveIsLeftToTheFullLoad() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let path = fixture.path("ios-settings.json")
    _ = try fixture.cache.loadDocument(at: path, locales: [])
    #expect(fixture.cache.document(at: path, keys: ["airplane"], locales: []) != nil)
    // Unknown, a local key of a child page, and a cache read with other locales.
    #expect(fixture.cache.document(at: path, keys: ["airplanes"], locales: []) == nil)
    #expect(fixture.cache.document(at: path, keys: ["airplane", "nope"], locales: []) == nil)
    #expect(fixture.cache.document(at: path, keys: ["airplane"], locales: ["en"]) == nil)
  }

  @Test func aSourceModifiedWithinTheRacyWindowIsNotCached() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    var cache = fixture.cache
    cache.racyWindow = 2_000_000_000
    let path = SystemPath(
      try fixture.directory.write(
        "new.json", try String(contentsOfFile: examplePath("ios-settings.json"), encoding: .utf8)))
    #expect(try cache.loadDocument(at: path, locales: []) == DocumentLoader.load(path: path))
    #expect(fixture.cacheFiles() == [])
    #expect(cache.document(at: path, keys: ["airplane"], locales: []) == nil)
  }

  @Test func aChangedSourceMakesTheCacheStaleAndTheNextLoadRebuildsIt() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let path = fixture.path("app-notifications.json")
    _ = try fixture.cache.loadDocument(at: path, locales: [])
    let full = try DocumentLoader.load(path: path)
    let key = try #require(full.keys.last)
    #expect(fixture.cache.document(at: path, keys: [key], locales: []) != nil)
    // The items file changes, same size: its times and the cache's record no longer match.
    let jsonl = fixture.directory.file("apps.jsonl")
    let text = try String(contentsOfFile: jsonl, encoding: .utf8)
    try Data(text.utf8).write(to: URL(fileURLWithPath: jsonl))
    #expect(fixture.cache.document(at: path, keys: [key], locales: []) == nil)
    _ = try fixture.cache.loadDocument(at: path, locales: [])
    #expect(
      fixture.cache.document(at: path, keys: [key], locales: []).map { answer($0, key) } == answer(full, key))
  }

  @Test func everyDamagedOrTruncatedCacheGivesNoAnswerOrTheRightOne() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let path = fixture.path("phone-settings.json")
    let full = try DocumentLoader.load(path: path)
    _ = try fixture.cache.loadDocument(at: path, locales: [])
    let file = fixture.directory.file("cache/settings/" + fixture.cacheFiles()[0])
    let good = try Data(contentsOf: URL(fileURLWithPath: file))
    let keys = [full.keys.first!, full.keys.last!]
    let expected = keys.map { answer(full, $0) }
    func answers() -> [String]? {
      guard let partial = fixture.cache.document(at: path, keys: keys, locales: []) else { return nil }
      return keys.map { answer(partial, $0) }
    }
    #expect(answers() == expected)
    let text = "e"
    let expectedFound = found(text, in: full)
    func searched() -> [String]? {
      fixture.cache.document(at: path, matching: text, locales: []).map { found(text, in: $0) }
    }
    #expect(searched() == expectedFound)
    func paged() -> SettingsDocument? { fixture.cache.pagedDocument(at: path, locales: []).map(shown) }
    let expectedPage = try DocumentLoader.open(path: path).document
    #expect(paged() == expectedPage)
    // The screen reads the header, the meta and the page part, and nothing else.
    let goodBytes = [UInt8](good)
    let pagePart = try #require(
      DocumentCacheFile(size: goodBytes.count) { offset, count in
        offset >= 0 && count >= 0 && offset <= goodBytes.count - count
          ? Array(goodBytes[offset..<offset + count]) : nil
      }.meta(fingerprint: DocumentCacheFormat.fingerprint(buildTag: "test"))?.page)
    #expect(pagePart.count > 100)
    // The header and the meta (locales, sources, the document's fields) are all checked.
    let checked = 64 + Int(good[32]) + Int(good[33]) << 8 + Int(good[34]) << 16
    for index in 0..<good.count {
      var damaged = good
      damaged[index] ^= 0x5A
      try damaged.write(to: URL(fileURLWithPath: file))
      let got = answers()
      let gotFound = searched()
      let gotPage = index < checked || pagePart.contains(index) ? paged() : nil
      if index < checked {
        #expect(got == nil, "byte \(index)")
        #expect(gotFound == nil, "byte \(index)")
        #expect(gotPage == nil, "byte \(index)")
      } else {
        #expect(got == nil || got == expected, "byte \(index)")
        #expect(gotFound == nil || gotFound == expectedFound, "byte \(index)")
        #expect(gotPage == nil || gotPage == expectedPage, "byte \(index)")
      }
    }
    for length in stride(from: 0, to: good.count, by: 7) {
      try good.prefix(length).write(to: URL(fileURLWithPath: file))
      #expect(answers() == nil, "length \(length)")
      #expect(paged() == nil, "length \(length)")
      #expect(searched() == nil, "length \(length)")
    }
  }

  @Test func anUnwritableCacheFolderOnlyCostsSpeed() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    try fixture.directory.write("cache", "a file where the folder would be")
    let path = fixture.path("ios-settings.json")
    #expect(try fixture.cache.loadDocument(at: path, locales: []) == DocumentLoader.load(path: path))
    #expect(fixture.cache.document(at: path, keys: ["airplane"], locales: []) == nil)
  }

  /// A temporary file a crash left (created, never renamed) goes with the next write of the same
  /// target once its writer is gone; a live writer's, another target's and a user's file stay.
  @Test func theNextWriteRemovesTemporaryFilesACrashLeft() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let gone = Int32.max - 1  // above any pid_max: no such process
    let own = systemGetpid()
    for name in [
      "a.cache.\(gone).123.tmp", "a.cache.\(own).5.tmp", "a.cache.1.tmp", "a.cache.x.5.tmp",
      "b.cache.\(gone).1.tmp",
    ] {
      _ = try directory.write(name, "partial")
    }
    FileSystem.replaceBestEffort(SystemPath(directory.file("a.cache")), with: Array("new".utf8))
    #expect(
      try Set(directory.contents()) == [
        "a.cache", "a.cache.\(own).5.tmp", "a.cache.1.tmp", "a.cache.x.5.tmp", "b.cache.\(gone).1.tmp",
      ])
    #expect(try directory.read("a.cache") == "new")
  }

  @Test func loadErrorsAreThoseOfTheLoader() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let path = SystemPath(
      try fixture.directory.write("bad.json", "{\"id\": \"x\", \"sections\": [{\"items\": [1]}]}"))
    let expected = #expect(throws: DocumentError.self) { try DocumentLoader.load(path: path) }
    let got = #expect(throws: DocumentError.self) { try fixture.cache.loadDocument(at: path, locales: []) }
    #expect(got?.message == expected?.message)
    let missing = fixture.path("missing.json")
    let expectedMissing = #expect(throws: DocumentError.self) { try DocumentLoader.load(path: missing) }
    let gotMissing = #expect(throws: DocumentError.self) {
      try fixture.cache.loadDocument(at: missing, locales: [])
    }
    #expect(gotMissing?.message == expectedMissing?.message)
    #expect(fixture.cacheFiles() == [])
  }

  @Test func itemsFilesResolveAgainstThePathAsGivenNotItsLinksTarget() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let files = FileManager.default
    try files.createDirectory(atPath: fixture.directory.file("a"), withIntermediateDirectories: false)
    try files.createDirectory(atPath: fixture.directory.file("b"), withIntermediateDirectories: false)
    try fixture.directory.write(
      "a/doc.json", #"{"id": "linked", "sections": [{"itemsFile": "lines.jsonl"}]}"#)
    try fixture.directory.write("a/lines.jsonl", #"{"key": "a1", "type": "switch", "title": "A"}"# + "\n")
    try fixture.directory.write("b/lines.jsonl", #"{"key": "b1", "type": "switch", "title": "B"}"# + "\n")
    try files.createSymbolicLink(
      atPath: fixture.directory.file("b/link.json"), withDestinationPath: "../a/doc.json")
    let direct = fixture.path("a/doc.json")
    let linked = fixture.path("b/link.json")
    _ = try fixture.cache.loadDocument(at: direct, locales: [])
    #expect(fixture.cache.document(at: direct, keys: ["a1"], locales: []) != nil)
    #expect(fixture.cache.document(at: linked, keys: ["a1"], locales: []) == nil)
    #expect(try fixture.cache.loadDocument(at: linked, locales: []).keys == ["b1"])
    #expect(fixture.cache.document(at: linked, keys: ["b1"], locales: [])?.keys == ["b1"])
    #expect(fixture.cache.document(at: linked, keys: ["a1"], locales: []) == nil)
    #expect(fixture.cacheFiles().count == 2)
  }

  @Test func theFolderFollowsTheXDGRules() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let path = SystemPath(home.path)
    #expect(
      DocumentCache.directory(environment: ["XDG_CACHE_HOME": "/c", "HOME": path])
        == SystemPath("/c/settings"))
    #expect(
      DocumentCache.directory(environment: ["XDG_CACHE_HOME": "rel", "HOME": path])
        == path.appending(".cache/settings"))
    #expect(DocumentCache.directory(environment: ["HOME": path]) == path.appending(".cache/settings"))
    #expect(DocumentCache.directory(environment: [:]) == nil)
    // A home that does not exist is not made for a cache (`HOME=/nonexistent`, as for daemons).
    #expect(DocumentCache.directory(environment: ["HOME": path.appending("missing")]) == nil)
  }
}
