import Foundation

/// etcd members the tests start themselves: on free loopback ports, in a
/// temporary directory, with the Host whitelist and CORS locked down and a progress notification
/// every second; every process is killed by its pid when the test ends (``stop()``), failure or
/// not, and ``stop()`` returns the pids of any still running afterwards, which the test expects
/// to be none.
///
/// ```swift
/// let etcd = try EtcdCluster.start()
/// defer { #expect(etcd.stop() == []) }
/// ```
public final class EtcdCluster: @unchecked Sendable {
  /// One member: its name, ports, data directory and, while it runs, its process.
  public struct Member: Sendable {
    /// The member's name (`m0`, `m1`, …).
    public let name: String
    /// The client port (the JSON gateway).
    public let clientPort: Int
    /// The peer port (raft).
    public let peerPort: Int
    /// The member's data directory.
    public let dataDirectory: String
    /// `https` when the member serves clients over TLS, else `http`.
    public var scheme = "http"
    /// The client URL, `http://127.0.0.1:<client port>`.
    public var endpoint: String { "\(scheme)://127.0.0.1:\(clientPort)" }
  }

  /// The directory holding every member's data directory and log.
  public let directory: TemporaryDirectory
  /// The members, in order.
  public private(set) var members: [Member]
  private let lock = NSLock()
  private var processes: [Int: Process] = [:]
  private let extraArguments: [String]

  /// The client URLs of every member, in order.
  public var endpoints: [String] { members.map(\.endpoint) }

  /// The client URLs joined with commas, as `--etcd` takes them.
  public var endpointList: String { endpoints.joined(separator: ",") }

  /// Whether etcd is installed; tests `#require` it with ``missingMessage``.
  public static var isInstalled: Bool {
    ExternalTool.find("etcd") != nil && ExternalTool.find("etcdctl") != nil
  }

  /// What to install when etcd is missing.
  public static let missingMessage = ExternalTool.missing(
    "etcd", install: "apt-get install etcd-server etcd-client")

  private init(directory: TemporaryDirectory, members: [Member], extraArguments: [String]) {
    self.directory = directory
    self.members = members
    self.extraArguments = extraArguments
  }

  /// Starts `count` members on free ports and waits until each answers `/health`; retries with
  /// other ports when one was taken meanwhile.
  ///
  /// With `tls` (the server's certificate and key and the CA that signs client certificates), the
  /// members serve clients over TLS only and require a client certificate (`--client-cert-auth`);
  /// they are then ready once their log says so, as `/health` needs a certificate.
  public static func start(members count: Int = 1, arguments: [String] = [], tls: TLSFiles? = nil) throws
    -> EtcdCluster
  {
    let directory = try TemporaryDirectory.inMemory()
    var lastError: (any Error)?
    for attempt in 0..<5 {
      var members: [Member] = []
      for index in 0..<count {
        var member = Member(
          name: "m\(index)", clientPort: try Loopback.freePort(), peerPort: try Loopback.freePort(),
          dataDirectory: directory.file("attempt\(attempt)-m\(index)"))
        if tls != nil { member.scheme = "https" }
        members.append(member)
      }
      let tlsArguments =
        tls.map {
          [
            "--cert-file", $0.certificate, "--key-file", $0.key, "--client-cert-auth", "--trusted-ca-file",
            $0.authority,
          ]
        } ?? []
      let cluster = EtcdCluster(
        directory: directory, members: members, extraArguments: arguments + tlsArguments)
      do {
        for index in members.indices { try cluster.launch(index, initial: true) }
        for index in members.indices { try cluster.waitHealthy(index) }
        return cluster
      } catch {
        cluster.killAll()
        lastError = error
      }
    }
    directory.remove()
    throw lastError ?? LoopbackError("etcd did not start")
  }

  /// Starts member `index` again (after ``kill(_:)``), on the same ports and data, and waits for
  /// it to answer `/health` when `waitForHealth`.
  public func restart(_ index: Int, waitForHealth: Bool = true) throws {
    try launch(index, initial: false)
    if waitForHealth { try waitHealthy(index) }
  }

  /// Kills member `index` with `SIGKILL` and waits for it to exit.
  public func kill(_ index: Int) {
    guard let process = lock.withLock({ processes.removeValue(forKey: index) }) else { return }
    Foundation.kill(process.processIdentifier, SIGKILL)
    process.waitForExit(seconds: 30)
  }

  /// Stops member `index` with `SIGSTOP` (it keeps its sockets and answers nothing).
  public func pause(_ index: Int) {
    if let process = lock.withLock({ processes[index] }) {
      Foundation.kill(process.processIdentifier, SIGSTOP)
    }
  }

  /// Continues member `index` after ``pause(_:)``.
  public func resume(_ index: Int) {
    if let process = lock.withLock({ processes[index] }) {
      Foundation.kill(process.processIdentifier, SIGCONT)
    }
  }

  /// The index of the current leader, from `etcdctl endpoint status`.
  public func leader() throws -> Int? {
    for (index, member) in members.enumerated() {
      let outcome = try etcdctl(["endpoint", "status", "--endpoints", member.endpoint, "-w", "json"])
      if outcome.stdout.contains("\"leader\":"),
        let memberID = Self.number(after: "\"member_id\":", in: outcome.stdout),
        let leaderID = Self.number(after: "\"leader\":", in: outcome.stdout), memberID == leaderID
      {
        return index
      }
    }
    return nil
  }

  /// Runs `etcdctl` (API v3) with `arguments` against the members that run (etcdctl 3.4 keeps
  /// trying the first endpoint it picked, even a dead one), unless they name `--endpoints`.
  public func etcdctl(_ arguments: [String], stdin: String? = nil) throws -> CommandOutcome {
    let tool = try ExternalTool.find("etcdctl").orThrow(Self.missingMessage)
    var environment = ProcessInfo.processInfo.environment
    environment["ETCDCTL_API"] = "3"
    let running = lock.withLock { processes.keys.sorted().map { members[$0].endpoint } }
    let endpoints = arguments.contains("--endpoints") ? [] : ["--endpoints", running.joined(separator: ",")]
    return try tool.run(
      endpoints + ["--command-timeout=5s"] + arguments, environment: environment, stdin: stdin)
  }

  /// Kills every member by its pid, waits for each, removes the data, and returns the pids of the
  /// members that still run afterwards (a test expects none).
  @discardableResult
  public func stop() -> [Int32] {
    let pids = lock.withLock { processes.values.map(\.processIdentifier) }
    killAll()
    directory.remove()
    return pids.filter { Foundation.kill($0, 0) == 0 }
  }

  private func killAll() {
    for index in lock.withLock({ Array(processes.keys) }) {
      resume(index)
      kill(index)
    }
  }

  private func launch(_ index: Int, initial: Bool) throws {
    let tool = try ExternalTool.find("etcd").orThrow(Self.missingMessage)
    let member = members[index]
    let cluster = members.map { "\($0.name)=http://127.0.0.1:\($0.peerPort)" }.joined(separator: ",")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool.path)
    process.arguments =
      [
        "--name", member.name, "--data-dir", member.dataDirectory,
        "--listen-client-urls", member.endpoint, "--advertise-client-urls", member.endpoint,
        "--listen-peer-urls", "http://127.0.0.1:\(member.peerPort)",
        "--initial-advertise-peer-urls", "http://127.0.0.1:\(member.peerPort)",
        "--initial-cluster", cluster, "--initial-cluster-state", "new",
        "--initial-cluster-token", "settings-tests",
        "--host-whitelist=127.0.0.1,localhost", "--cors=http://127.0.0.1:1",
        "--experimental-watch-progress-notify-interval=1s",
      ] + extraArguments
    let log = directory.file("\(member.name).log")
    FileManager.default.createFile(atPath: log, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: log))
    handle.seekToEndOfFile()
    process.standardOutput = handle
    process.standardError = handle
    process.standardInput = FileHandle.nullDevice
    try process.run()
    try handle.close()
    lock.withLock { processes[index] = process }
  }

  /// Waits up to 15 s for `/health` to say true; fails early when the process exited (a port clash).
  private func waitHealthy(_ index: Int) throws {
    let member = members[index]
    let deadline = Date().addingTimeInterval(15)
    while Date() < deadline {
      guard let process = lock.withLock({ processes[index] }), process.isRunning else {
        let log = (try? directory.read("\(member.name).log")) ?? ""
        throw LoopbackError("etcd \(member.name) exited: \(log.suffix(400))")
      }
      if member.scheme == "https" {
        let log = (try? directory.read("\(member.name).log")) ?? ""
        if log.contains("serving client traffic securely") || log.contains("serving client requests on") {
          return
        }
      } else if Loopback.get(port: member.clientPort, path: "/health")?.contains("\"health\":\"true\"")
        == true
      {
        return
      }
      usleep(50_000)
    }
    throw LoopbackError("etcd \(member.name) did not become healthy within 15 s")
  }

  private static func number(after label: String, in text: String) -> String? {
    guard let range = text.range(of: label) else { return nil }
    return String(text[range.upperBound...].prefix { $0.isNumber })
  }
}

/// The files of a TLS setup: a CA, and a certificate and key it signed.
public struct TLSFiles: Sendable {
  /// The CA's certificate (PEM).
  public var authority: String
  /// The certificate (PEM).
  public var certificate: String
  /// Its private key (PEM).
  public var key: String

  /// Makes, with `openssl` in `directory`, a CA and a certificate for `name` (with the subject
  /// alternative names `IP:127.0.0.1` and `DNS:localhost`) signed by it; the CA is made once per
  /// directory.
  public static func make(_ name: String, in directory: TemporaryDirectory) throws -> TLSFiles {
    let openssl = try ExternalTool.find("openssl").orThrow(
      ExternalTool.missing("openssl", install: "apt-get install openssl"))
    func run(_ arguments: [String]) throws {
      let outcome = try openssl.run(arguments, directory: directory.path)
      guard outcome.status == 0 else {
        throw LoopbackError("openssl \(arguments.joined(separator: " ")): \(outcome)")
      }
    }
    if (try? directory.read("ca.pem")) == nil {
      try run([
        "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
        "-subj", "/CN=settings test CA",
      ])
    }
    try directory.write(
      "\(name).ext", "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth,clientAuth\n")
    try run([
      "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "\(name).key", "-out", "\(name).csr", "-subj",
      "/CN=\(name)",
    ])
    try run([
      "x509", "-req", "-in", "\(name).csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out",
      "\(name).pem", "-days", "2", "-extfile", "\(name).ext",
    ])
    return TLSFiles(
      authority: directory.file("ca.pem"), certificate: directory.file("\(name).pem"),
      key: directory.file("\(name).key"))
  }
}

extension Optional {
  /// The value, or a thrown error with `message`.
  func orThrow(_ message: String) throws -> Wrapped {
    guard let self else { throw LoopbackError(message) }
    return self
  }
}
