import Foundation
import TestSupport
import Testing

/// A command that only reads asks nobody who the user is: the journal's author (user, host) is
/// looked up by a write alone, as `strace` of the real binary shows.
struct ReadIdentityTests {
  /// The files opened and the `uname` calls of `settings ARGUMENTS…`, from `strace -f`.
  static func traced(_ arguments: [String], in directory: TemporaryDirectory) throws -> [String] {
    let strace = try #require(
      ExternalTool.find("strace"), "\(ExternalTool.missing("strace", install: "apt-get install strace"))")
    let log = directory.file("trace.log")
    let outcome = try strace.run(
      ["-f", "-qq", "-e", "trace=openat,open,uname", "-o", log, settingsBinary] + arguments,
      environment: [
        "SETTINGS_STORE": directory.file("store.json"), "XDG_CACHE_HOME": directory.file("cache"),
        "HOME": directory.path,
      ])
    #expect(outcome.status == 0, "\(outcome)")
    let text = try String(contentsOfFile: log, encoding: .utf8)
    return text.split(separator: "\n").filter { $0.contains("/etc/passwd") || $0.contains("uname(") }
      .map(String.init)
  }

  @Test func aGetLooksUpNoUserAndAWriteDoes() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect(try Self.traced(["get", "airplane"], in: directory) == [])
    #expect(try Self.traced(["show"], in: directory) == [])
    // The write records its author: the user database and the host name are read.
    let written = try Self.traced(["set", "airplane", "on"], in: directory)
    #expect(written.contains { $0.contains("/etc/passwd") }, "\(written)")
    #expect(written.contains { $0.contains("uname(") }, "\(written)")
  }
}
