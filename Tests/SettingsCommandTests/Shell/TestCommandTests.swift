import Foundation
import TestSupport
import Testing

/// The README's one test command, `Scripts/test.sh`: the Quick start gives it, `.ci/run` calls it,
/// and it says how it is used. (What it installs is checked by running it twice: the second run
/// installs nothing; see the script.)
struct TestCommandTests {
  /// The package's root folder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func read(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theQuickStartAndCIUseTheSameCommand() throws {
    let readme = try Self.read("README.md")
    let quickStart = try #require(readme.range(of: "## Quick start")).upperBound
    let block = readme[quickStart...].prefix(400)
    #expect(block.contains("\nScripts/test.sh "), "\(block)")
    #expect(!block.contains("\nswift test "))
    let ci = try Self.read(".ci/run")
    #expect(ci.contains("\nScripts/test.sh --install\n"))
    #expect(ci.contains("\nScripts/test.sh --no-install\n"))
    let script = try Self.read("Scripts/test.sh")
    #expect(script.contains(".ci/swift-test-watchdog"))
    #expect(script.contains("Tests/Web/run.py"))
  }

  @Test func aWrongArgumentIsAUsageError() throws {
    let bash = try #require(
      ExternalTool.find("bash"), "\(ExternalTool.missing("bash", install: "apt-get install bash"))")
    let outcome = try bash.run([Self.root.appendingPathComponent("Scripts/test.sh").path, "--bogus"])
    #expect(
      outcome
        == CommandOutcome(
          status: 64, stdout: "", stderr: "Usage: Scripts/test.sh [--install | --no-install]\n"))
  }

  @Test func helpIsTheUsageOnStandardOutput() throws {
    let bash = try #require(
      ExternalTool.find("bash"), "\(ExternalTool.missing("bash", install: "apt-get install bash"))")
    let outcome = try bash.run([Self.root.appendingPathComponent("Scripts/test.sh").path, "--help"])
    #expect(outcome.status == 0 && outcome.stderr == "")
    #expect(
      outcome.stdout.hasPrefix(
        "Usage: Scripts/test.sh [--install | --no-install]\nInstalls what the tests need"))
  }
}
