import Foundation
import TestSupport
import Testing

/// Text on the command line must be UTF-8, as a document must be; only paths may hold other bytes
/// (issue "Defects found trying history, undo, the screens and codegen", item 5). Through the real
/// binary, with arguments given as bytes.
@Suite(.serialized)
struct CommandLineUTF8Tests {
  /// A store in a fresh folder and the phone example, as the environment (`NAME=value`, as bytes).
  func environment(_ directory: TemporaryDirectory) -> [[UInt8]] {
    [
      "SETTINGS_FILE=\(examplePath("phone-settings.json"))", "SETTINGS_STORE=\(directory.path)/s.json",
      "XDG_CONFIG_HOME=\(directory.path)/c", "XDG_CACHE_HOME=\(directory.path)/k",
      "XDG_CONFIG_DIRS=\(directory.path)/sys",
    ].map { Array($0.utf8) }
  }

  static let setUsage = """
    Usage: settings set KEY VALUE | KEY=VALUE... [--add VALUE] [--remove VALUE]
                        [--message TEXT] [--json]
    See 'settings help set' for more information.

    """

  @Test func aValueThatIsNotUTF8IsRefusedAndNothingIsStored() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let value = Array("ab".utf8) + [0xFF] + Array("cd".utf8)
    let outcome = try runBinary(
      rawArguments: rawWords("set", "device-name") + [value], environment: environment(directory))
    #expect(
      outcome
        == CommandOutcome(
          status: 64, stdout: "",
          stderr: "Error: Argument 'ab\\xFFcd' (VALUE) is not valid UTF-8 at byte offset 2; "
            + "only a path may hold bytes that are not UTF-8\n" + Self.setUsage))
    #expect(!FileManager.default.fileExists(atPath: directory.file("s.json")))
  }

  @Test func aMessageThatIsNotUTF8IsRefusedInEitherForm() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let expected = CommandOutcome(
      status: 64, stdout: "",
      stderr: "Error: Value 'x\\xFF' of '--message' is not valid UTF-8 at byte offset 1; "
        + "only a path may hold bytes that are not UTF-8\n" + Self.setUsage)
    let apart = try runBinary(
      rawArguments: rawWords("set", "airplane", "on", "--message") + [[0x78, 0xFF]],
      environment: environment(directory))
    #expect(apart == expected)
    let joined = try runBinary(
      rawArguments: rawWords("set", "airplane", "on") + [Array("--message=x".utf8) + [0xFF]],
      environment: environment(directory))
    #expect(joined == expected)
    #expect(!FileManager.default.fileExists(atPath: directory.file("s.json")))
  }

  /// A key, an assignment, a section and a subcommand's name are text too.
  @Test func namesThatAreNotUTF8AreRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let name = Array("a".utf8) + [0xFF] + Array("b".utf8)
    let rest = "only a path may hold bytes that are not UTF-8\n"
    #expect(
      try runBinary(rawArguments: rawWords("get") + [name], environment: environment(directory))
        == CommandOutcome(
          status: 64, stdout: "",
          stderr: "Error: Argument 'a\\xFFb' (KEY) is not valid UTF-8 at byte offset 1; " + rest
            + "Usage: settings get KEY [--json]\nSee 'settings help get' for more information.\n"))
    #expect(
      try runBinary(
        rawArguments: rawWords("set") + [name + Array("=on".utf8)], environment: environment(directory))
        == CommandOutcome(
          status: 64, stdout: "",
          stderr: "Error: Argument 'a\\xFFb=on' (KEY=VALUE) is not valid UTF-8 at byte offset 1; " + rest
            + Self.setUsage))
    #expect(
      try runBinary(rawArguments: [[0xC3]], environment: environment(directory))
        == CommandOutcome(
          status: 64, stdout: "",
          stderr: "Error: Argument '\\xC3' is not valid UTF-8 at byte offset 0; " + rest
            + "Usage: settings [SUBCOMMAND] [OPTIONS]\nSee 'settings --help' for more information.\n"))
    #expect(!FileManager.default.fileExists(atPath: directory.file("s.json")))
  }

  /// Text that is UTF-8, though not ASCII, is taken as it is.
  @Test func utf8TextIsStored() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let set = try runBinary(
      rawArguments: rawWords("set", "device-name", "설정 ✓", "--message", "é"),
      environment: environment(directory))
    #expect(set == CommandOutcome(status: 0, stdout: "", stderr: ""))
    let get = try runBinary(rawArguments: rawWords("get", "device-name"), environment: environment(directory))
    #expect(get == CommandOutcome(status: 0, stdout: "설정 ✓\n", stderr: ""))
  }
}
