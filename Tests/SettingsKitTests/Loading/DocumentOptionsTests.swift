import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// `DocumentLoader.open(_:options:)`, the one way to open a document file: the same document
/// through the cache as without it, the cache folder from the XDG rule, and `Settings` from it.
struct DocumentOptionsTests {
  typealias Fixture = DocumentCacheTests.Fixture

  @Test func openingThroughAFolderWritesOneCacheFileAndGivesTheDocumentWithoutIt() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let path = fixture.path("phone-settings.json")
    let without = try DocumentLoader.open(path, options: DocumentOptions(cache: .none))
    #expect(fixture.cacheFiles() == [])
    var options = fixture.options
    options.keepsDocument = false
    let first = try DocumentLoader.open(path, options: options)
    #expect(fixture.cacheFiles().count == 1)
    let second = try DocumentLoader.open(path, options: options)
    #expect(!second.compiledItems.isEmpty)
    #expect(first.document == without.document)
    #expect(second.document == without.document)
    #expect(try Settings(document: second, store: MemoryStore()).document == DocumentLoader.load(path: path))
  }

  @Test func settingsFromAnOpenedDocumentHaveTheItemsOfItsItemsFiles() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let path = fixture.path("app-notifications.json")
    let opened = try DocumentLoader.open(path, options: fixture.options)
    #expect(opened.itemsFiles.count == 1)
    let settings = try Settings(document: opened, store: MemoryStore())
    #expect(settings.document == (try DocumentLoader.load(path: path)))
  }

  @Test func theAutomaticCacheIsTheXDGFolder() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let home = SystemPath(directory.path)
    #expect(
      DocumentOptions.automaticCache(environment: ["XDG_CACHE_HOME": "/var/cache/me", "HOME": home])
        == .directory("/var/cache/me/settings"))
    #expect(
      DocumentOptions.automaticCache(environment: ["XDG_CACHE_HOME": "relative", "HOME": home])
        == .directory(home.appending(".cache").appending("settings")))
    #expect(DocumentOptions.automaticCache(environment: ["HOME": home.appending("missing")]) == .none)
    #expect(DocumentOptions.automaticCache(environment: [:]) == .none)
  }

  @Test func aDocumentTooRecentForTheFolderIsCompiledInMemoryOnlyForAProgramThatKeepsIt() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let path = fixture.path("phone-settings.json")
    var options = fixture.options
    options.racyWindow = Int64.max / 2
    let kept = try DocumentLoader.open(path, options: options)
    #expect(kept.compiledItems.count == 3)
    options.keepsDocument = false
    let once = try DocumentLoader.open(path, options: options)
    #expect(once.compiledItems.isEmpty)
    #expect(fixture.cacheFiles() == [])
    #expect(kept.document == once.document)
  }

  /// One racy rule: a file modified or changed within the window before `now` cannot be trusted
  /// unchanged; the window is 2 s, the coarsest timestamp granularity.
  @Test func theRacyRuleLooksAtTheNewerOfTheModificationAndChangeTimes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let status = try #require(FileSystem.status(of: SystemPath(try directory.write("file", "x"))))
    let newest = max(status.modificationTime, status.changeTime)
    #expect(FileStatus.racyWindow == 2_000_000_000)
    #expect(status.isRacy(at: newest + 1_999_999_999))
    #expect(!status.isRacy(at: newest + 2_000_000_000))
    #expect(!status.isRacy(at: newest + 1, window: 0))
  }

  /// The identity the cache stores, in the order of its format: device, inode, size, the two
  /// times' bit patterns, and whether it is a regular file.
  @Test func aFilesIdentityIsTheSixNumbersTheCacheStores() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let status = try #require(FileSystem.status(of: SystemPath(try directory.write("file", "four"))))
    #expect(
      status.identity == [
        status.device, status.inode, 4, UInt64(bitPattern: status.modificationTime),
        UInt64(bitPattern: status.changeTime), 1,
      ])
    let folder = try #require(FileSystem.status(of: SystemPath(directory.path)))
    #expect(folder.identity.last == 0)
  }
}
