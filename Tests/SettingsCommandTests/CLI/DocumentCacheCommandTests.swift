import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsPOSIX

/// `get`, `set` and `toggle` through the compiled document cache, `--no-cache` and
/// `SETTINGS_CACHE=off` (issue 17).
struct DocumentCacheCommandTests {
  @Test func getSetAndToggleUseTheCacheAndAnswerAsWithout() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try directory.write(
      "doc.json", try String(contentsOfFile: examplePath("phone-settings.json"), encoding: .utf8))
    // The cache trusts no source modified within 2 s of its reading (the racy window).
    Thread.sleep(forTimeInterval: 2.1)
    let environment = [
      "HOME": directory.path, "XDG_CACHE_HOME": directory.file("cache"),
      "SETTINGS_STORE": directory.file("store.json"),
    ]
    func cacheFiles() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: directory.file("cache/settings"))) ?? [])
        .sorted()
    }
    let full = try DocumentLoader.load(path: document)
    let key = try #require(full.keys.first { full.item(forKey: $0)?.type == .switch })

    #expect(runCLI(["-f", document, "get", "--no-cache", key], environment: environment).status == 0)
    var off = environment
    off["SETTINGS_CACHE"] = "off"
    #expect(runCLI(["-f", document, "get", key], environment: off).status == 0)
    #expect(cacheFiles() == [])

    let first = runCLI(["-f", document, "get", key], environment: environment)
    #expect(cacheFiles().count == 1)
    let cache = DocumentCache(
      directory: SystemPath(directory.file("cache/settings")), buildTag: CommandLineTool.version)
    #expect(cache.document(at: SystemPath(document), keys: [key], locales: []) != nil)
    #expect(first == runCLI(["-f", document, "get", "--no-cache", key], environment: environment))
    #expect(first == runCLI(["-f", document, "get", key], environment: environment))

    let toggled = runCLI(["-f", document, "toggle", key], environment: environment)
    #expect(toggled.status == 0)
    #expect(runCLI(["-f", document, "get", key], environment: environment).stdout == toggled.stdout)
    #expect(
      runCLI(["-f", document, "get", "--no-cache", key], environment: environment).stdout == toggled.stdout)
    let set = runCLI(
      ["-f", document, "set", "--json", "\(key)=\(first.stdout == "on\n" ? "on" : "off")"],
      environment: environment)
    let expected = runCLI(["-f", document, "get", "--no-cache", key], environment: environment)
    #expect(set.status == 0)
    #expect(runCLI(["-f", document, "get", key], environment: environment) == expected)
    #expect(expected.stdout == first.stdout)
    // An unknown key is answered by the full load, suggestion and all.
    #expect(
      runCLI(["-f", document, "get", key + "x"], environment: environment)
        == runCLI(["-f", document, "get", "--no-cache", key + "x"], environment: environment))
    #expect(cacheFiles().count == 1)
  }
}
