import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// The library's ``Settings`` read through the compiled form (``DocumentCache/openDocument(at:locales:)``):
/// the rows a call reads are decoded, no others, and every answer is the whole load's; a document
/// reloaded through it compares with the one before without decoding the sections that did not
/// change.
struct CompiledSettingsTests {
  typealias Fixture = DocumentCacheTests.Fixture

  /// The indexes of the sections whose rows have been decoded, of those read on demand.
  func decoded(_ opened: LoadedDocument) -> [Int] {
    opened.compiledItems.filter { $0.value.isDecoded }.map(\.key).sorted()
  }

  @Test(arguments: ["ios-settings.json", "phone-settings.json", "accordion.json"])
  func settingsOverTheCompiledFormDecodeOnlyWhatTheyRead(name: String) throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let path = fixture.path(name)
    _ = try fixture.cache.loadDocument(at: path)
    let opened = try fixture.cache.openDocument(at: path)
    let whole = try DocumentLoader.load(path: path)
    let onDemand = opened.compiledItems.keys.sorted()
    #expect(onDemand.count >= 3)
    let compiled = Settings(document: try opened.documentWithAllItems(), store: MemoryStore())
    let reference = Settings(document: whole, store: MemoryStore())
    // Every value, read as a snapshot: the defaults come from the compiled form.
    #expect(try compiled.snapshot() == reference.snapshot())
    #expect(decoded(opened).isEmpty)
    // A switch of the last section read on demand that has one: that section alone is decoded to
    // answer.
    let switches = onDemand.compactMap { index in
      whole.sections[index].items.first { $0.type == .switch }?.key.map { (index, $0) }
    }
    let (section, key) = try #require(switches.last)
    #expect(try compiled.value(of: key) == reference.value(of: key))
    #expect(try compiled.locate(key) == reference.locate(key))
    #expect(decoded(opened) == [section])
    // A change of it, written as the whole load writes it; still no other section decoded.
    #expect(try compiled.toggle(key) == reference.toggle(key))
    #expect(try compiled.store.read().values == reference.store.read().values)
    #expect(try compiled.snapshot() == reference.snapshot())
    #expect(decoded(opened) == [section])
  }

  @Test func aDocumentOpenedTwiceFromTheSameBytesIsTheSameWithoutDecoding() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let path = fixture.path("phone-settings.json")
    _ = try fixture.cache.loadDocument(at: path)
    let first = try fixture.cache.openDocument(at: path)
    let second = try fixture.cache.openDocument(at: path)
    #expect(!first.compiledItems.isEmpty)
    #expect(first.document == second.document)
    #expect(decoded(first).isEmpty && decoded(second).isEmpty)
  }

  /// A new version of the file that changes one row: the sections around it are found the same
  /// without decoding, the one that changed is decoded and found different.
  @Test func aChangedRowDecodesItsSectionAloneToCompare() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let path = fixture.path("phone-settings.json")
    _ = try fixture.cache.loadDocument(at: path)
    let before = try fixture.cache.openDocument(at: path)
    let last = try #require(before.compiledItems.keys.max())
    let key = try #require(before.compiledItems[last]?.keys.compactMap { $0 }.first)
    let other = try fixture.cache.openDocument(at: path)
    var text = try String(contentsOfFile: path.description, encoding: .utf8)
    let range = try #require(text.range(of: "\"key\": \"\(key)\""))
    text.replaceSubrange(range, with: "\"key\": \"\(key)-renamed\"")
    try text.write(toFile: path.description, atomically: false, encoding: .utf8)
    _ = try fixture.cache.loadDocument(at: path)
    let after = try fixture.cache.openDocument(at: path)
    #expect(after.compiledItems.keys.sorted() == before.compiledItems.keys.sorted())
    #expect(other.document != after.document)
    #expect(decoded(other) == [last])
    #expect(decoded(after) == [last])
    #expect(try after.documentWithAllItems() == DocumentLoader.load(path: path))
  }

  /// A watch given the cache reloads the document through it: the event's document is the whole
  /// load's, with its rows still in the compiled form.
  @Test func aWatchReloadsThroughTheCache() async throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let path = fixture.path("phone-settings.json")
    _ = try fixture.cache.loadDocument(at: path)
    let opened = try fixture.cache.openDocument(at: path)
    let settings = Settings(
      document: try opened.documentWithAllItems(),
      store: FileStore(path: SystemPath(fixture.directory.file("store.json"))))
    var options = WatchOptions(documentPath: path, mechanism: .polling(intervalMilliseconds: 20))
    // As for a real edit: the new version is too recent to be cached on disk, and is compiled in
    // memory.
    options.document = fixture.options
    options.document.racyWindow = 2_000_000_000
    let recorder = Recorder(settings.changes(options))
    let switches = try DocumentLoader.load(path: path).sections.compactMap { section in
      section.items.first { $0.type == .switch }?.key
    }
    let key = try #require(switches.first)
    var text = try String(contentsOfFile: path.description, encoding: .utf8)
    let range = try #require(text.range(of: "\"en\": \"Settings\""))
    text.replaceSubrange(range, with: "\"en\": \"Phone\"")
    try replaceByRename(path.description, with: text)
    let events = await recorder.wait(count: 1)
    guard case .documentReloaded(let document, let changedDefaults) = events.first else {
      Issue.record("expected a reload, got \(events)")
      return
    }
    #expect(fixture.cacheFiles().count == 1)
    #expect(changedDefaults.isEmpty)
    #expect(document.title == "Phone")
    #expect(document.sections.contains { $0.compiledItems != nil })
    #expect(document == (try DocumentLoader.load(path: path)))
    #expect(try settings.value(of: key) == Settings(document: document, store: MemoryStore()).value(of: key))
  }

  /// A process that keeps the document gets the compiled form even where the cache cannot be
  /// written or trusted: a document modified within the racy window, a cache folder that cannot be
  /// made; a command that reads once gets the whole load it made.
  @Test func aDocumentThatCannotBeCachedIsCompiledInMemoryForAProcessThatKeepsIt() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let path = fixture.path("phone-settings.json")
    let whole = try DocumentLoader.open(path: path)
    var recent = fixture.cache
    recent.racyWindow = Int64.max / 2
    let unwritable = DocumentCache(
      directory: SystemPath(fixture.directory.file("phone-settings.json/cache")), buildTag: "test")
    for cache in [recent, unwritable] {
      let kept = try cache.openDocument(at: path, locales: [], keepingCompiledForm: true)
      #expect(kept.compiledItems.count == 3)
      #expect(decoded(kept).isEmpty)
      #expect(kept.document == whole.document)
      #expect(try kept.documentWithAllItems() == DocumentLoader.load(path: path))
      #expect(try cache.openDocument(at: path).compiledItems.isEmpty)
    }
    #expect(fixture.cacheFiles().isEmpty)
    // With items files, the page part does not apply: opened as the loader opens it.
    let notifications = try recent.openDocument(
      at: fixture.path("app-notifications.json"), locales: [], keepingCompiledForm: true)
    #expect(notifications.compiledItems.isEmpty)
    #expect(
      notifications.document
        == (try DocumentLoader.open(path: fixture.path("app-notifications.json"))).document)
  }

  /// Two builds sharing a folder (an application and `settings`) keep a file each.
  @Test func buildsThatShareAFolderKeepAFileEach() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let path = fixture.path("phone-settings.json")
    var other = fixture.cache
    other.buildTag = "MyApp 2.1"
    _ = try fixture.cache.loadDocument(at: path)
    _ = try other.loadDocument(at: path)
    #expect(fixture.cacheFiles().count == 2)
    #expect(try fixture.cache.openDocument(at: path).compiledItems.count == 3)
    #expect(try other.openDocument(at: path).compiledItems.count == 3)
  }

  /// A cache file that another user owns is not read (checksums find damage, not forgery): the
  /// document is compiled again, and the file replaced by one of the reader's own.
  @Test func aCacheFileAnotherUserOwnsIsNotRead() throws {
    // Giving a file away takes root; CI runs as root.
    guard systemEffectiveOwner().owner == 0 else { return }
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let path = fixture.path("phone-settings.json")
    _ = try fixture.cache.loadDocument(at: path)
    let file = try #require(fixture.cacheFiles().first)
    let cachePath = fixture.directory.file("cache/settings/" + file)
    #expect(chown(cachePath, 65534, 65534) == 0)
    #expect(fixture.cache.pagedDocument(at: path, locales: []) == nil)
    #expect(fixture.cache.document(at: path, keys: ["airplane"], locales: []) == nil)
    let opened = try fixture.cache.openDocument(at: path)
    #expect(opened.compiledItems.count == 3)
    #expect(opened.document == (try DocumentLoader.open(path: path)).document)
    #expect(try FileManager.default.attributesOfItem(atPath: cachePath)[.ownerAccountID] as? Int == 0)
    #expect(fixture.cache.pagedDocument(at: path, locales: []) != nil)
  }

  /// A watch that reloads a document without its items files' items (as `settings ui` does) reads
  /// it through the cache as without: a version whose items file is missing reloads the same.
  @Test func aWatchWithoutItemsFilesReloadsThroughTheCacheAsWithout() async throws {
    var reloads: [[SettingsEvent]] = []
    for cached in [false, true] {
      let fixture = try Fixture()
      defer { fixture.directory.remove() }
      let path = fixture.path("app-notifications.json")
      let opened = try DocumentLoader.open(path: path)
      let settings = Settings(
        document: opened.document, store: FileStore(path: SystemPath(fixture.directory.file("store.json"))))
      var options = WatchOptions(documentPath: path, mechanism: .polling(intervalMilliseconds: 20))
      options.loadingItemsFiles = false
      if cached { options.document = fixture.options }
      let recorder = Recorder(settings.changes(options))
      let text = try String(contentsOfFile: path.description, encoding: .utf8)
      try replaceByRename(
        path.description,
        with: text.replacingOccurrences(of: "\"apps.jsonl\"", with: "\"missing.jsonl\"")
          .replacingOccurrences(of: "\"title\": \"알림\"", with: "\"title\": \"Changed\""))
      reloads.append(await recorder.wait(count: 1))
    }
    #expect(reloads.count == 2 && reloads[0] == reloads[1])
    guard case .documentReloaded(let document, _)? = reloads.first?.first else {
      Issue.record("expected a reload, got \(reloads)")
      return
    }
    #expect(document.title == "Changed")
  }

  /// A write removes the other cache files that no build has written for 30 days (the files of
  /// earlier versions), and nothing else in the folder.
  @Test func aWriteRemovesCacheFilesUnwrittenFor30Days() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let path = fixture.path("phone-settings.json")
    var old = fixture.cache
    old.buildTag = "0.0.9"
    _ = try old.loadDocument(at: path)
    let folder = fixture.directory.file("cache/settings")
    let stale = try #require(fixture.cacheFiles().first)
    _ = try fixture.directory.write("cache/settings/0123456789abcdef.json", "{}")
    let monthAgo = Date(timeIntervalSinceNow: -31 * 24 * 3600)
    for name in [stale, "0123456789abcdef.json"] {
      try FileManager.default.setAttributes([.modificationDate: monthAgo], ofItemAtPath: folder + "/" + name)
    }
    _ = try fixture.cache.loadDocument(at: path)
    let files = fixture.cacheFiles()
    #expect(files.count == 2 && !files.contains(stale) && files.contains("0123456789abcdef.json"))
    // A file written within the 30 days stays.
    _ = try old.loadDocument(at: path)
    try FileManager.default.removeItem(
      atPath: folder + "/" + (files.first { $0 != "0123456789abcdef.json" } ?? ""))
    _ = try fixture.cache.loadDocument(at: path)
    #expect(fixture.cacheFiles().count == 3)
  }
}
