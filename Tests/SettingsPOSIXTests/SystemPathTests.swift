import Foundation
import TestSupport
import Testing

@testable import SettingsPOSIX

/// Paths as bytes: the parts, joining, and how a path that is not UTF-8 is shown.
struct SystemPathTests {
  @Test(arguments: [
    ("a/b/c", "a/b", "c"), ("c", ".", "c"), ("/c", "/", "c"), ("/", "/", ""), ("a/", "a", ""),
    ("", ".", ""), ("/x/y.json", "/x", "y.json"),
  ])
  func directoryAndLastComponent(path: String, directory: String, last: String) {
    #expect(SystemPath(path).directory == SystemPath(directory))
    #expect(SystemPath(path).lastComponent == SystemPath(last))
  }

  @Test func appendingJoinsWithOneSlashAndKeepsAnAbsolutePath() {
    #expect(SystemPath("/a").appending("b.json") == "/a/b.json")
    #expect(SystemPath("/a/").appending("b.json") == "/a/b.json")
    #expect(SystemPath(".").appending("apps.jsonl") == "./apps.jsonl")
    #expect(SystemPath("/a").appending("/etc/x") == "/etc/x")
    #expect(SystemPath("").appending("x") == "x")
    #expect(
      SystemPath("/h").appending(".config").appending("settings/x.json") == "/h/.config/settings/x.json")
  }

  @Test func bytesThatAreNotUTF8SurviveTheParts() {
    let path = SystemPath(bytes: Array("/tmp/d".utf8) + [0xFE] + Array("/s.json".utf8))
    #expect(path.directory.bytes == Array("/tmp/d".utf8) + [0xFE])
    #expect(path.lastComponent == "s.json")
    #expect(path.directory.appending("t.json").bytes == Array("/tmp/d".utf8) + [0xFE] + Array("/t.json".utf8))
    #expect(path.string == nil)
  }

  @Test func descriptionEscapesControlsAndShowsBadBytesAsHex() {
    #expect(SystemPath("/home/kim/설정.json").description == "/home/kim/설정.json")
    #expect(SystemPath("/tmp/\u{1B}[2J.json").description == "/tmp/\\u{1B}[2J.json")
    #expect(
      SystemPath(bytes: Array("/tmp/d".utf8) + [0xFE] + Array("/s.json".utf8)).description
        == "/tmp/d\\xFE/s.json")
    // A truncated sequence, an overlong encoding, a surrogate and a lone continuation byte.
    #expect(SystemPath(bytes: [0x61, 0xE2, 0x82, 0x62]).description == "a\\xE2\\x82b")
    #expect(SystemPath(bytes: [0xC0, 0xAF]).description == "\\xC0\\xAF")
    #expect(SystemPath(bytes: [0xED, 0xA0, 0x80]).description == "\\xED\\xA0\\x80")
    #expect(SystemPath(bytes: [0x80, 0x1B, 0xEA, 0xB0, 0x80]).description == "\\x80\\u{1B}가")
  }

  @Test func errnoCarriesItsCName() {
    #expect(Errno.noSuchFileOrDirectory.name == "ENOENT")
    #expect(Errno.notDirectory.description == "ENOTDIR (Not a directory)")
    #expect(Errno(rawValue: 9999).name == "errno 9999")
  }
}
