import Foundation
import TestSupport
import Testing

@testable import SettingsKit

/// One rule for every long-running command when etcd is out of reach at the start: `ui`, `serve`
/// and `watch` read the store once and exit 69 with the error `get` gives, having started
/// nothing (no address, no screen). Once running they live through outages
/// (`EtcdCommandTests.watchSeesAnotherMachinesSetAndReportsLosingEtcdAndGettingItBack`).
@Suite(.serialized)
struct EtcdOutOfReachTests {
  /// A document and a home in a temporary folder, the store in etcd at `endpoint`.
  struct Setup {
    let directory: TemporaryDirectory
    let port: Int
    init() throws {
      directory = try TemporaryDirectory()
      _ = try directory.write("fleet.json", EtcdCommandTests.document)
      try FileManager.default.createDirectory(
        atPath: directory.file("home"), withIntermediateDirectories: true)
      port = try Loopback.freePort()
    }
    var environment: [String: String] {
      [
        "SETTINGS_FILE": directory.file("fleet.json"), "SETTINGS_ETCD": "http://127.0.0.1:\(port)",
        "HOME": directory.file("home"), "TERM": "xterm", "LANG": "C",
      ]
    }
    var unreachable: String { "Error: etcd at 127.0.0.1:\(port) unreachable (connection refused)\n" }
  }

  /// The binary with `arguments`, given 10 s to exit (a server that starts is killed then);
  /// `etcd` replaces the setup's endpoint.
  func run(_ arguments: [String], _ setup: Setup, etcd: String? = nil) throws -> (
    exited: Bool, outcome: CommandOutcome
  ) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: settingsBinary)
    process.arguments = arguments
    process.environment = setup.environment.merging(etcd.map { ["SETTINGS_ETCD": $0] } ?? [:]) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let exited = process.waitForExit(seconds: 10)
    let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    return (exited, CommandOutcome(status: process.terminationStatus, stdout: stdout, stderr: stderr))
  }

  @Test(arguments: [["serve"], ["watch"], ["watch", "airplane", "--json"]])
  func aLongRunningCommandExits69BeforeItStarts(arguments: [String]) throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let (exited, outcome) = try run(arguments, setup)
    #expect(exited, "\(arguments) still ran after 10 s: \(outcome)")
    #expect(outcome == CommandOutcome(status: 69, stdout: "", stderr: setup.unreachable), "\(arguments)")
  }

  /// What answers is not etcd (a web server's 403): `get`'s error and status 78, and nothing
  /// started, for every long-running command too (serve printed its address and served errors).
  @Test(arguments: [["serve"], ["watch"], ["ui", "--accessible"], ["get", "airplane"]])
  func aServerThatIsNotEtcdStopsEveryCommandAsGet(arguments: [String]) throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let server = try FakeHTTPServer(answer: Array("HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n".utf8))
    defer { server.stop() }
    let (exited, outcome) = try run(arguments, setup, etcd: server.endpoint)
    let (stdout, stderr) = (outcome.stdout, outcome.stderr)
    #expect(exited, "\(arguments) still ran after 10 s")
    #expect(outcome.status == 78 && stdout == "", "\(arguments): \(stdout)\(stderr)")
    #expect(
      stderr == "Error: \(server.endpoint) is not an etcd v3 JSON gateway (GET /version answered 403)\n",
      "\(arguments)")
  }

  @Test func theScreenExits69BeforeItOpens() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let terminal = try PseudoTerminal(
      arguments: ["ui"], environment: setup.environment, width: 60, height: 20)
    #expect(terminal.waitForExit() == 69)
    let transcript = String(decoding: terminal.transcript, as: UTF8.self)
    #expect(transcript == setup.unreachable.replacingOccurrences(of: "\n", with: "\r\n"), "\(transcript)")
  }
}
