import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsPOSIX

/// `settings history` and `settings undo` against a real etcd: the same journal
/// as a file store's, shared by every machine, with a change made by `etcdctl` journaled as `outside`.
@Suite(.serialized)
struct EtcdHistoryCommandTests {
  @Test func historyAndUndoWorkAgainstEtcdAsAgainstAFile() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    let setup = try EtcdCommandTests.Setup()
    defer { setup.directory.remove() }
    let environment = [
      "SETTINGS_FILE": setup.documentPath, "HOME": setup.directory.file("home"),
    ]
    func run(_ arguments: [String]) -> CommandOutcome {
      runCLI(["--etcd", etcd.endpointList] + arguments, environment: environment)
    }
    #expect(run(["set", "airplane=on", "--message", "for the flight"]).status == 0)
    #expect(try etcd.etcdctl(["put", "/settings/fleet/wifi", "false"]).status == 0)
    #expect(run(["toggle", "airplane"]).status == 0)
    let history = run(["history"])
    #expect(history.status == 0)
    #expect(history.stderr == "")
    #expect(
      Self.withoutTimes(history.stdout)
        == """
        change 3  toggle
          airplane (Airplane): on -> off

        change 2  outside
          wifi (Wi-Fi): (default) -> off

        change 1  set
            for the flight
          airplane (Airplane): (default) -> on

        """)
    // Each entry names the machine that wrote it.
    #expect(history.stdout.contains("@\(systemHostName()) ("))
    #expect(
      run(["undo", "1"])
        == CommandOutcome(
          status: 1, stdout: "",
          stderr:
            "Error: 'airplane' changed again after change 1, in change 3 (toggle); nothing was changed; "
            + "give --force to undo it anyway, or 'settings history' to see both\n"))
    #expect(
      run(["undo"])
        == CommandOutcome(status: 0, stdout: "undid change 3\n  airplane (Airplane): off -> on\n", stderr: "")
    )
    #expect(run(["get", "airplane"]).stdout == "on\n")
    #expect(run(["undo", "2"]).status == 0)
    #expect(run(["get", "wifi"]).stdout == "on\n")
    #expect(run(["history", "-n", "1"]).stdout.hasPrefix("change 5  "))
  }

  /// History's text with each header's time and writer left out: `change N  how`.
  static func withoutTimes(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      guard line.hasPrefix("change ") else { return String(line) }
      let parts = line.components(separatedBy: "  ")
      return parts.first! + "  " + parts.last!
    }.joined(separator: "\n")
  }
}
