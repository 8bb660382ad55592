import Foundation

/// `stunnel4` in client mode on 127.0.0.1: plain HTTP in on ``port``, TLS with a client
/// certificate out to an etcd that requires one, as docs/ETCD.md's "etcd over TLS" sets it up.
/// Killed by its pid with ``stop()``.
public final class Stunnel: @unchecked Sendable {
  /// The local port `settings --etcd http://127.0.0.1:<port>` talks to.
  public let port: Int
  private let process: Process

  /// Starts stunnel in front of 127.0.0.1:`target` with the client certificate `client` (and the
  /// CA that signed etcd's), writing its configuration into `directory`; returns once it accepts.
  public init(target: Int, client: TLSFiles, in directory: TemporaryDirectory) throws {
    let tool = try ExternalTool.find("stunnel4").orThrow(
      ExternalTool.missing("stunnel4", install: "apt-get install stunnel4"))
    port = try Loopback.freePort()
    let configuration = try directory.write(
      "stunnel.conf",
      """
      foreground = yes
      pid =
      [etcd]
      client = yes
      accept = 127.0.0.1:\(port)
      connect = 127.0.0.1:\(target)
      cert = \(client.certificate)
      key = \(client.key)
      CAfile = \(client.authority)
      verifyChain = yes
      checkIP = 127.0.0.1

      """)
    process = Process()
    process.executableURL = URL(fileURLWithPath: tool.path)
    process.arguments = [configuration]
    let log = FileHandle(forWritingAtPath: try directory.write("stunnel.log", "")) ?? FileHandle.nullDevice
    process.standardOutput = log
    process.standardError = log
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, process.isRunning {
      if let socket = Loopback.connect(port: port) {
        close(socket)
        return
      }
      usleep(20_000)
    }
    stop()
    throw LoopbackError("stunnel did not start: \((try? directory.read("stunnel.log")) ?? "")")
  }

  /// Kills stunnel by its pid and waits for it.
  public func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
    process.waitForExit(seconds: 30)
  }

  deinit { stop() }
}
