import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// What a compilation costs when the cache cannot answer, or when one item holds most of the
/// document: the cache is written once, and its read-back check reads each sampled item once.
struct CacheFallbackTests {
  /// A switch on the top page, and a detailTitle whose page holds `count` switches, each enabled
  /// while the top switch is on (a subtree with conditions is compiled whole, as one record).
  static func document(count: Int) -> String {
    let page = (0..<count).map {
      #"{"key": "c\#($0)", "type": "switch", "title": "C \#($0)", "enabledWhen": {"master": true}}"#
    }
    return #"""
      {"id": "fallback", "sections": [
        {"items": [{"key": "master", "type": "switch", "title": "Master", "on": true}]},
        {"items": [{"key": "net", "type": "detailTitle", "title": "Network", "page": {"sections": [
          {"items": [\#(page.joined(separator: ",\n"))]}]}}]}
      ]}
      """# + "\n"
  }

  func fixture(count: Int) throws -> (TemporaryDirectory, SystemPath, DocumentOptions, ItemDecodeCount) {
    let directory = try TemporaryDirectory()
    let path = SystemPath(try directory.write("doc.json", Self.document(count: count)))
    var options = DocumentOptions(
      cache: .directory(SystemPath(directory.file("cache"))), buildTag: "fallback")
    options.racyWindow = 0
    let itemCount = ItemDecodeCount()
    options.itemCount = itemCount
    return (directory, path, options, itemCount)
  }

  func cacheIdentity(_ directory: TemporaryDirectory) throws -> [UInt64]? {
    let names = try FileManager.default.contentsOfDirectory(atPath: directory.file("cache"))
    #expect(names.count == 1)
    return FileSystem.status(of: SystemPath(directory.file("cache/" + names[0])))?.identity
  }

  /// A key given by its own name, or one the document lacks, is answered from the whole document
  /// once the cache is current: it is not compiled (and written) again on every run.
  @Test func aKeyTheCacheCannotAnswerDoesNotCompileItAgain() throws {
    var (directory, path, options, count) = try fixture(count: 20)
    defer { directory.remove() }
    options.reading = .keys(["net.c7"])
    #expect(try DocumentLoader.open(path, options: options).document.locate("net.c7")?.item.title == "C 7")
    #expect(count.compiled == 22)
    let written = try cacheIdentity(directory)
    for keys in [["c7"], ["nosuch"], ["master", "c3"]] {
      options.reading = .keys(keys)
      // The whole document, where `Settings` finds a key by its own name or suggests one.
      let document = try DocumentLoader.open(path, options: options).document
      #expect(document.keys.count == 22)
      #expect(document.locate("net.c7")?.item.title == "C 7")
    }
    #expect(count.compiled == 22)
    #expect(try cacheIdentity(directory) == written)
  }

  /// The read-back check reads the one item that holds a page of 300 conditioned keys once, not
  /// once for each of the keys it samples.
  @Test func theCheckReadsEachSampledItemOnce() throws {
    let (directory, path, options, count) = try fixture(count: 300)
    defer { directory.remove() }
    _ = try DocumentLoader.open(path, options: options)
    #expect(count.compiled == 302)
    #expect(count.readBack == 2)
    var get = options
    get.reading = .keys(["net.c299"])
    #expect(try DocumentLoader.open(path, options: get).document.locate("net.c299")?.item.title == "C 299")
    #expect(count.compiled == 302)
  }
}
