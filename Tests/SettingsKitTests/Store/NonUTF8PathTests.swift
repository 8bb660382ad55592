import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// A path whose bytes are not UTF-8 reaches the file system as those bytes, through the store and
/// the loader.
struct NonUTF8PathTests {
  @Test func readingAFileWhoseNameIsNotUTF8() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = SystemPath(directory.path).appending(
      SystemPath(bytes: Array("bad".utf8) + [0xFF] + Array(".json".utf8)))
    try AtomicFile.write(Array("{}".utf8), to: path)
    #expect(try AtomicFile.read(path) == Array("{}".utf8))
    // The text of that name (with U+FFFD) is another file.
    #expect(try AtomicFile.read(directory.path + "/bad\u{FFFD}.json") == nil)
    #expect(
      throws: DocumentError.unreadable(
        file: directory.path + "/bad\\xFF.jsonx",
        reason: .notFound(path: directory.path + "/bad\\xFF.jsonx"))
    ) {
      try DocumentLoader.load(path: path.addingSuffix("x"))
    }
  }
}
