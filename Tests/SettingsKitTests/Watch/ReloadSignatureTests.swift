import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// After a reload, the watch remembers the document's file as it was before it was read: a write
/// made while it was being read (a large document compiles for a second) shows at the next look.
/// It once looked again after reading, took that write for the version read, and kept showing the
/// one before until another edit.
struct ReloadSignatureTests {
  @Test func aWriteWhileTheDocumentWasReadIsSeenAtTheNextLook() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = SystemPath(
      try directory.write(
        "d.json", #"{"id": "d", "sections": [{"items": [{"key": "a", "type": "switch", "title": "T"}]}]}"#))
    let document = try DocumentLoader.load(path: path)
    let before = FileSystem.status(of: path)
    // The next version lands while the one read is being compiled.
    _ = try directory.write(
      "d.json",
      #"{"id": "d", "sections": [{"items": [{"key": "a", "type": "switch", "title": "T", "on": true}]}]}"#)
    let now = FileSystem.status(of: path)
    #expect(now != before)
    let remembered = SettingsWatch.signature(of: document, at: path, readAfter: [before], itemsFiles: [])
    #expect(remembered == [before])
  }

  /// The items files' statuses are also those taken before the read when the new version names
  /// the same files; a version that names another file gets its status as it is now.
  @Test func theItemsFilesStatusesAreThoseBeforeTheReadUnlessTheFilesChanged() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = try directory.write("a.jsonl", #"{"key": "x", "type": "switch", "title": "T"}"# + "\n")
    _ = try directory.write("b.jsonl", #"{"key": "y", "type": "switch", "title": "T"}"# + "\n")
    let path = SystemPath(
      try directory.write("d.json", #"{"id": "d", "sections": [{"itemsFile": "a.jsonl"}]}"#))
    let document = try DocumentLoader.load(path: path, loadingItemsFiles: false)
    let itemsFile = SystemPath(directory.file("a.jsonl"))
    let read = [FileSystem.status(of: path), FileSystem.status(of: itemsFile)]
    _ = try directory.write("a.jsonl", #"{"key": "x", "type": "switch", "title": "T", "on": true}"# + "\n")
    #expect(
      SettingsWatch.signature(of: document, at: path, readAfter: read, itemsFiles: [itemsFile]) == read)
    let other = FileSystem.status(of: SystemPath(directory.file("b.jsonl")))
    let moved = try DocumentLoader.load(
      path: SystemPath(
        try directory.write("e.json", #"{"id": "d", "sections": [{"itemsFile": "b.jsonl"}]}"#)),
      loadingItemsFiles: false)
    #expect(
      SettingsWatch.signature(of: moved, at: path, readAfter: read, itemsFiles: [itemsFile])
        == [read[0], other])
  }
}
