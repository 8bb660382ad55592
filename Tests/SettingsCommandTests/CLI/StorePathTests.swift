import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsPOSIX

#if canImport(Glibc)
  import Glibc
#endif

/// The store's path and file as the user gave them: byte-exact paths, a
/// read-only store (item 7) and a missing home (item 9), through the real binary.
@Suite(.serialized)
struct StorePathTests {
  /// `/tmp/…/d\xFE`: a directory whose name is not UTF-8.
  func badName(_ directory: TemporaryDirectory, _ name: [UInt8]) -> [UInt8] {
    Array((directory.path + "/").utf8) + name
  }

  @Test func storeOptionWithABadByteWritesToExactlyThatPath() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let folder = badName(directory, Array("d".utf8) + [0xFE])
    #expect(mkdir(folder.map { CChar(bitPattern: $0) } + [0], 0o755) == 0)
    let store = folder + Array("/s.json".utf8)
    let outcome = try runBinary(rawArguments: [
      Array("--store".utf8), store, Array("set".utf8), Array("airplane".utf8), Array("on".utf8),
    ])
    #expect(outcome == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(try FileStore(path: SystemPath(bytes: store)).read().values["airplane"]?.kind == .bool(true))
    // Nothing was written at the repaired path, and the folder holds the store, its journal and its lock.
    #expect(!FileManager.default.fileExists(atPath: directory.path + "/d\u{FFFD}"))
    #expect(try names(in: folder) == ["s.json", "s.json.journal", "s.json.lock"])

    let inline = try runBinary(rawArguments: [
      Array("--store=".utf8) + store, Array("get".utf8), Array("airplane".utf8),
    ])
    #expect(inline == CommandOutcome(status: 0, stdout: "on\n", stderr: ""))
    let fromEnvironment = try runBinary(
      rawArguments: [Array("get".utf8), Array("airplane".utf8)],
      environment: [Array("SETTINGS_STORE=".utf8) + store])
    #expect(fromEnvironment == CommandOutcome(status: 0, stdout: "on\n", stderr: ""))
  }

  @Test func validateFindsAFileWhoseNameIsNotUTF8AndShowsItEscaped() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = badName(directory, Array("bad".utf8) + [0xFF] + Array(".json".utf8))
    let text = try Data(contentsOf: URL(fileURLWithPath: examplePath("ios-settings.json")))
    #expect(FileManager.default.createFile(atPath: directory.path + "/ok.json", contents: text))
    #expect(rename(directory.path + "/ok.json", document.map { CChar(bitPattern: $0) } + [0]) == 0)
    let outcome = try runBinary(rawArguments: [Array("validate".utf8), document])
    #expect(
      outcome
        == CommandOutcome(
          status: 0, stdout: "\(directory.path)/bad\\xFF.json: valid: 3 sections, 10 items\n", stderr: ""))
    let missing = try runBinary(rawArguments: [
      Array("-f".utf8), document + Array("x".utf8), Array("show".utf8),
    ])
    #expect(
      missing
        == CommandOutcome(
          status: 66, stdout: "",
          stderr: "Error: '\(directory.path)/bad\\xFF.jsonx' does not exist; check the path\n"))
  }

  @Test func aStoreWithoutWriteBitsIsRefusedAndLeftByteIdentical() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try directory.write("s.json", "{ \"airplane\": true }")
    #expect(chmod(store, 0o444) == 0)
    for arguments in [["set", "airplane", "off"], ["toggle", "airplane"], ["reset", "airplane"]] {
      let outcome = try runBinary(["--store", store] + arguments, environment: [:])
      #expect(
        outcome
          == CommandOutcome(
            status: 77, stdout: "",
            stderr:
              "Error: cannot replace the read-only file '\(store)': permission denied; "
              + "check the file's and its directory's permissions\n"))
      #expect(try directory.read("s.json") == "{ \"airplane\": true }")
      #expect(try directory.contents() == ["s.json"])
    }
    var info = stat()
    #expect(stat(store, &info) == 0 && info.st_mode & 0o7777 == 0o444)
    // Reading it still works, and so does a change once it is writable again.
    #expect(
      try runBinary(["--store", store, "get", "airplane"])
        == CommandOutcome(status: 0, stdout: "on\n", stderr: ""))
    #expect(chmod(store, 0o644) == 0)
    #expect(
      try runBinary(["--store", store, "set", "airplane", "off"])
        == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(
      try runBinary(["--store", store, "get", "airplane"])
        == CommandOutcome(status: 0, stdout: "off\n", stderr: ""))
  }

  @Test func aHomeThatDoesNotExistIsNotCreated() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let home = directory.path + "/nonexistent"
    let environment = ["HOME": home, "XDG_CONFIG_HOME": ""]
    let message =
      "Error: the home directory '\(home)' (HOME) does not exist; settings does not create it: set HOME to an "
      + "existing directory, or XDG_CONFIG_HOME or SETTINGS_STORE to where settings are kept; give --store PATH\n"
    let accordion = examplePath("accordion.json")
    for arguments in [
      ["set", "airplane", "on"], ["toggle", "airplane"], ["reset", "airplane"],
      ["-f", accordion, "expand", "network"], ["-f", accordion, "collapse", "display"],
    ] {
      let outcome = try runBinary(arguments, environment: environment)
      #expect(outcome == CommandOutcome(status: 78, stdout: "", stderr: message), "\(arguments)")
      #expect(try directory.contents() == [])
    }
    // Reading commands see the defaults: there can be no overrides.
    #expect(
      try runBinary(["get", "airplane"], environment: environment)
        == CommandOutcome(status: 0, stdout: "off\n", stderr: ""))
    #expect(try directory.contents() == [])
  }

  @Test func aHomeThatIsAFileIsNotADirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let home = try directory.write("passwd", "root:x:0:0\n")
    #expect(
      try runBinary(["set", "airplane", "on"], environment: ["HOME": home, "XDG_CONFIG_HOME": ""])
        == CommandOutcome(
          status: 78, stdout: "",
          stderr: "Error: the home directory '\(home)' (HOME) is not a directory: set HOME to an existing "
            + "directory, or XDG_CONFIG_HOME or SETTINGS_STORE to where settings are kept; give --store PATH\n"
        ))
    #expect(try directory.contents() == ["passwd"])
  }

  @Test func theConfigFolderUnderAnExistingHomeIsCreatedWithMode700() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let outcome = try runBinary(
      ["set", "airplane", "on"], environment: ["HOME": home.path, "XDG_CONFIG_HOME": ""])
    #expect(outcome == CommandOutcome(status: 0, stdout: "", stderr: ""))
    for folder in ["/.config", "/.config/settings"] {
      var info = stat()
      #expect(stat(home.path + folder, &info) == 0 && info.st_mode & 0o7777 == 0o700, "\(folder)")
    }
    #expect(try home.read(".config/settings/ios-settings.json") == "{\n  \"airplane\": true\n}\n")
  }

  @Test func commandLineBytesGiveBackTheExactPathOfAnArgument() {
    let bad = Array("/tmp/d".utf8) + [0xFE] + Array("/s.json".utf8)
    let bytes = CommandLineBytes(
      arguments: [Array("--store".utf8), bad, Array("--file=".utf8) + bad + Array("x".utf8)],
      environment: ["HOME": [0x2F, 0xFF]])
    #expect(bytes.path(forArgument: "/tmp/d\u{FFFD}/s.json") == SystemPath(bytes: bad))
    #expect(bytes.path(forArgument: "/tmp/d\u{FFFD}/s.jsonx") == SystemPath(bytes: bad + Array("x".utf8)))
    #expect(bytes.path(forArgument: "/other") == "/other")
    #expect(bytes.path(forEnvironment: "HOME", value: "/\u{FFFD}") == SystemPath(bytes: [0x2F, 0xFF]))
    #expect(bytes.path(forEnvironment: "HOME", value: "/changed") == "/changed")
  }

  @Test func theEnvironmentKeepsAsBytesOnlyTheValuesThatAreNotUTF8() {
    let entries: [(name: [UInt8], value: [UInt8])] = [
      (Array("A".utf8), Array("x".utf8)), (Array("B".utf8), [0x2F, 0xFF]),
      (Array("B".utf8), Array("ok".utf8)),
      (Array("C".utf8), [0x2F, 0xFE]), (Array("D".utf8), Array("한".utf8)), (Array("E".utf8), []),
    ]
    let (text, notUTF8) = CommandLineBytes.environment(count: entries.count) { body in
      for (name, value) in entries {
        name.withUnsafeBytes { name in value.withUnsafeBytes { value in body(name, value) } }
      }
    }
    #expect(text == ["A": "x", "B": "ok", "C": "/\u{FFFD}", "D": "한", "E": ""])
    // B's second value replaced the first, which was not UTF-8.
    #expect(notUTF8 == ["C": [0x2F, 0xFE]])
    let bytes = CommandLineBytes(environment: notUTF8)
    #expect(bytes.path(forEnvironment: "C", value: "/\u{FFFD}") == SystemPath(bytes: [0x2F, 0xFE]))
    #expect(bytes.path(forEnvironment: "D", value: "한") == SystemPath(bytes: Array("한".utf8)))
  }

  // MARK: - Helpers

  /// The names in the directory at `path` (bytes), as text, sorted.
  func names(in path: [UInt8]) throws -> [String] {
    guard let stream = opendir(path.map { CChar(bitPattern: $0) } + [0]) else { throw POSIXError(.ENOENT) }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted()
  }
}
