import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsPOSIX
@testable import SettingsSockets

/// The store in etcd through the command line, against a real etcd started by the test:
/// the layout, writes that are never doubled, and every fault with its exact message.
@Suite(.serialized)
struct EtcdCommandTests {
  static let document = """
    {"version": 1, "id": "fleet", "title": "Fleet", "sections": [{"items": [
      {"key": "airplane", "type": "switch", "title": "Airplane", "on": false},
      {"key": "wifi", "type": "switch", "title": "Wi-Fi", "on": true},
      {"key": "mode", "type": "rightDetail", "title": "Mode", "value": "a",
       "choices": [{"value": "a", "title": "A"}, {"value": "b", "title": "B"}]}
    ]}]}

    """

  /// A document and a home directory, and the environment that points `settings` at etcd.
  struct Setup {
    let directory: TemporaryDirectory
    let documentPath: String

    init() throws {
      directory = try TemporaryDirectory()
      documentPath = try directory.write("fleet.json", EtcdCommandTests.document)
      try FileManager.default.createDirectory(
        atPath: directory.file("home"), withIntermediateDirectories: true)
    }

    func environment(etcd: String) -> [String: String] {
      ["SETTINGS_FILE": documentPath, "SETTINGS_ETCD": etcd, "HOME": directory.file("home")]
    }
  }

  @Test func setAndGetShareTheStoreInItsDocumentedLayout() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    let setup = try Setup()
    defer { setup.directory.remove() }
    let environment = setup.environment(etcd: etcd.endpointList)
    #expect(runCLI(["set", "airplane=on", "mode=b"], environment: environment).status == 0)
    #expect(
      runCLI(["get", "airplane"], environment: environment)
        == CommandOutcome(status: 0, stdout: "on\n", stderr: ""))
    #expect(runCLI(["toggle", "wifi"], environment: environment).status == 0)
    let keys = try etcd.etcdctl(["get", "--prefix", "--keys-only", "/settings/fleet/"]).stdout
    #expect(
      keys.split(separator: "\n") == [
        "/settings/fleet/.head", "/settings/fleet/.journal/00000000000000000001",
        "/settings/fleet/.journal/00000000000000000002", "/settings/fleet/.journal/base",
        "/settings/fleet/airplane", "/settings/fleet/mode", "/settings/fleet/wifi",
      ])
    #expect(try etcd.etcdctl(["get", "--print-value-only", "/settings/fleet/mode"]).stdout == "\"b\"\n")
    let head = try etcd.etcdctl(["get", "--print-value-only", "/settings/fleet/.head"]).stdout
    #expect(
      head.hasPrefix(#"{"writer":""#) && head.contains("/\(ProcessInfo.processInfo.processIdentifier)/"))
    // A raw etcdctl put is seen; reset --all removes every key but the head and the journal
    // (where the put is entry 3, noticed by the reset, entry 4).
    #expect(try etcd.etcdctl(["put", "/settings/fleet/airplane", "false"]).status == 0)
    #expect(runCLI(["get", "airplane"], environment: environment).stdout == "off\n")
    #expect(runCLI(["reset", "--all"], environment: environment).status == 0)
    #expect(
      try etcd.etcdctl(["get", "--prefix", "--keys-only", "/settings/fleet/"]).stdout
        == "/settings/fleet/.head\n\n"
        + (1...4).map { "/settings/fleet/.journal/0000000000000000000\($0)\n\n" }
        .joined() + "/settings/fleet/.journal/base\n\n")
    // Another prefix is another store.
    let other = runCLI(["get", "airplane", "--etcd-prefix", "/other/"], environment: environment)
    #expect(other == CommandOutcome(status: 0, stdout: "off\n", stderr: ""))
  }

  @Test func aValueThatIsNotJSONOrDoesNotFitReadsAsTheDefaultWithAWarningNamingTheEtcdKey() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    let setup = try Setup()
    defer { setup.directory.remove() }
    let environment = setup.environment(etcd: etcd.endpointList)
    #expect(try etcd.etcdctl(["put", "/settings/fleet/airplane", "yes please"]).status == 0)
    #expect(try etcd.etcdctl(["put", "/settings/fleet/mode", "\"z\""]).status == 0)
    #expect(try etcd.etcdctl(["put", "/settings/fleet/wifi", "false"]).status == 0)
    let notJSON =
      "Warning: etcd key /settings/fleet/airplane: not JSON (unexpected 'y'; expected a value); "
      + "using the default false; 'settings reset airplane' removes it\n"
    #expect(
      runCLI(["get", "airplane"], environment: environment)
        == CommandOutcome(status: 0, stdout: "off\n", stderr: notJSON))
    #expect(
      runCLI(["get", "mode"], environment: environment)
        == CommandOutcome(
          status: 0, stdout: "a\n",
          stderr:
            "Warning: etcd key /settings/fleet/mode: stored value is \"z\"; expected one of \"a\", \"b\"; "
            + "using the default \"a\"; 'settings reset mode' removes it\n"))
    // Other keys are unaffected.
    #expect(
      runCLI(["get", "wifi"], environment: environment)
        == CommandOutcome(status: 0, stdout: "off\n", stderr: ""))
    // A reset removes the value that is not JSON; a set replaces it.
    #expect(runCLI(["reset", "airplane"], environment: environment).status == 0)
    #expect(try etcd.etcdctl(["get", "--print-value-only", "/settings/fleet/airplane"]).stdout == "")
    #expect(try etcd.etcdctl(["put", "/settings/fleet/airplane", ""]).status == 0)
    #expect(
      runCLI(["get", "airplane"], environment: environment).stderr
        == "Warning: etcd key /settings/fleet/airplane: not JSON (the value is empty); "
        + "using the default false; 'settings reset airplane' removes it\n")
    #expect(runCLI(["set", "airplane=on"], environment: environment).status == 0)
    #expect(try etcd.etcdctl(["get", "--print-value-only", "/settings/fleet/airplane"]).stdout == "true\n")
    #expect(
      runCLI(["get", "airplane"], environment: environment)
        == CommandOutcome(status: 0, stdout: "on\n", stderr: ""))
  }

  @Test func aRefusedConnectionExits69WithinASecond() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let port = try Loopback.freePort()
    let started = Date()
    let outcome = runCLI(
      ["get", "airplane"], environment: setup.environment(etcd: "http://127.0.0.1:\(port)"))
    #expect(Date().timeIntervalSince(started) < 1)
    #expect(
      outcome
        == CommandOutcome(
          status: 69, stdout: "",
          stderr: "Error: etcd at 127.0.0.1:\(port) unreachable (connection refused)\n"))
    let write = runCLI(
      ["set", "airplane", "on"], environment: setup.environment(etcd: "http://127.0.0.1:\(port)"))
    #expect(write.status == 69)
  }

  @Test func theNextEndpointAnswersWhenTheFirstRefuses() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    let setup = try Setup()
    defer { setup.directory.remove() }
    let dead = "http://127.0.0.1:\(try Loopback.freePort())"
    let environment = setup.environment(etcd: dead + "," + etcd.endpointList)
    #expect(runCLI(["set", "airplane", "on"], environment: environment).status == 0)
    #expect(runCLI(["get", "airplane"], environment: environment).stdout == "on\n")
  }

  @Test func aServerThatIsNotEtcdExits78() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let server = try FakeHTTPServer(status: 404, reason: "Not Found", body: "Not Found\n")
    defer { server.stop() }
    let outcome = runCLI(["get", "airplane"], environment: setup.environment(etcd: server.endpoint))
    #expect(
      outcome
        == CommandOutcome(
          status: 78, stdout: "",
          stderr: "Error: \(server.endpoint) is not an etcd v3 JSON gateway (GET /version answered 404)\n"))
    // An endpoint that an earlier command found to be etcd is not asked for /version again, until a
    // call fails the way a server that is not etcd would: the same error then.
    let hostPort = String(server.endpoint.dropFirst("http://".count))
    try FileManager.default.createDirectory(
      atPath: setup.directory.file("home/.cache/settings/etcd"), withIntermediateDirectories: true)
    try (hostPort + "\n").write(
      toFile: setup.directory.file("home/.cache/settings/etcd/etcd-versions"), atomically: true,
      encoding: .utf8)
    #expect(runCLI(["get", "airplane"], environment: setup.environment(etcd: server.endpoint)) == outcome)
  }

  @Test func theFirstCommandRemembersTheEtcdEndpointsSoLaterOnesSkipVersion() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    let proxy = try TCPProxy(target: etcd.members[0].clientPort)
    defer { proxy.stop() }
    let setup = try Setup()
    defer { setup.directory.remove() }
    let environment = setup.environment(etcd: proxy.endpoint)
    // The first command reads /version, then the range and sends the transaction.
    #expect(runCLI(["set", "airplane=on"], environment: environment).status == 0)
    #expect(proxy.requestCount == 3)
    let versions = setup.directory.file("home/.cache/settings/etcd/etcd-versions")
    #expect(try String(contentsOfFile: versions, encoding: .utf8) == "127.0.0.1:\(proxy.port)\n")
    // A later one only reads the range.
    #expect(
      runCLI(["get", "airplane"], environment: environment)
        == CommandOutcome(status: 0, stdout: "on\n", stderr: ""))
    #expect(proxy.requestCount == 4)
  }

  @Test func anHTTPSEndpointIsRefusedPointingToTheEtcdGuide() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let outcome = runCLI(["get", "airplane"], environment: setup.environment(etcd: "https://127.0.0.1:2379"))
    #expect(
      outcome
        == CommandOutcome(
          status: 78, stdout: "",
          stderr: "Error: 'https://127.0.0.1:2379': settings speaks plain HTTP to etcd; for TLS run stunnel4 "
            + "in client mode in front of it and give its local http:// address (docs/ETCD.md, \"etcd over TLS\")\n"
        ))
  }

  @Test func aDroppedAnswerIsResolvedThroughTheHeadAndNeverDoubled() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    let proxy = try TCPProxy(target: etcd.members[0].clientPort)
    defer { proxy.stop() }
    let setup = try Setup()
    defer { setup.directory.remove() }
    let environment = setup.environment(etcd: proxy.endpoint)
    // GET /version, the range, then the txn: its answer is lost.
    proxy.fault = .dropAnswer(toRequest: 3)
    let outcome = runCLI(["toggle", "airplane"], environment: environment)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(proxy.droppedRequests == [3])
    #expect(try etcd.etcdctl(["get", "--print-value-only", "/settings/fleet/airplane"]).stdout == "true\n")
    // The head was written once: one write, not two.
    let head = try etcd.etcdctl(["get", "-w", "json", "/settings/fleet/.head"]).stdout
    #expect(head.contains("\"version\":1"), "\(head)")
    // Its journal entry went with it, once.
    #expect(
      try etcd.etcdctl(["get", "--prefix", "--keys-only", "/settings/fleet/.journal/"]).stdout
        == "/settings/fleet/.journal/00000000000000000001\n\n/settings/fleet/.journal/base\n\n")
  }

  @Test func aWriteWhoseAnswerIsLostWhileEtcdStopsAnsweringExits75() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    let proxy = try TCPProxy(target: etcd.members[0].clientPort)
    defer { proxy.stop() }
    let setup = try Setup()
    defer { setup.directory.remove() }
    proxy.fault = .dropAnswer(toRequest: 3)
    // After the dropped answer, every new connection is reset: the outcome cannot be found.
    proxy.faultAfterDrop = .reset
    let outcome = runCLI(["set", "airplane", "on"], environment: setup.environment(etcd: proxy.endpoint))
    #expect(
      outcome
        == CommandOutcome(
          status: 75, stdout: "",
          stderr:
            "Error: the change may or may not have been applied; etcd does not answer; check the value, "
            + "then change it again if needed\n"))
  }

  @Test func etcdDownRefusesWritesWith69() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    let setup = try Setup()
    defer { setup.directory.remove() }
    let environment = setup.environment(etcd: etcd.endpointList)
    #expect(runCLI(["set", "airplane", "on"], environment: environment).status == 0)
    let port = etcd.members[0].clientPort
    #expect(etcd.stop() == [])
    let outcome = runCLI(["set", "airplane", "off"], environment: environment)
    #expect(
      outcome
        == CommandOutcome(
          status: 69, stdout: "",
          stderr: "Error: etcd at 127.0.0.1:\(port) unreachable (connection refused)\n"))
  }

  @Test func etcdDownGivesStaleReadsWithOneWarningAndNoStaleExits69() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    let setup = try Setup()
    defer { setup.directory.remove() }
    let environment = setup.environment(etcd: etcd.endpointList)
    #expect(runCLI(["set", "airplane", "on"], environment: environment).status == 0)
    // A successful read refreshes the copy, at the revision of the set (a new cluster is at 1).
    #expect(runCLI(["get", "airplane"], environment: environment).stdout == "on\n")
    let port = etcd.members[0].clientPort
    #expect(etcd.stop() == [])
    let stale = runCLI(["get", "airplane"], environment: environment)
    #expect(stale.status == 0)
    #expect(stale.stdout == "on\n")
    let warning =
      "Warning: etcd at 127.0.0.1:\(port) unreachable (connection refused); values as of revision 2, "
    #expect(stale.stderr.hasPrefix(warning) && stale.stderr.count == warning.count + 9, "\(stale)")
    #expect(stale.stderr.split(separator: "\n").count == 1)
    let show = runCLI(["show", "--json"], environment: environment)
    #expect(show.status == 0)
    #expect(show.stdout.hasPrefix("{\n  \"stale\": true,\n  \"revision\": 2,\n"), "\(show)")
    let strict = runCLI(["get", "airplane", "--no-stale"], environment: environment)
    #expect(
      strict
        == CommandOutcome(
          status: 69, stdout: "",
          stderr: "Error: etcd at 127.0.0.1:\(port) unreachable (connection refused)\n"))
    // Another machine, with no copy: 69.
    var elsewhere = environment
    elsewhere["XDG_CACHE_HOME"] = setup.directory.file("other-cache")
    #expect(runCLI(["get", "airplane"], environment: elsewhere).status == 69)
    // Writes are refused, not queued.
    #expect(runCLI(["set", "airplane", "off"], environment: environment).status == 69)
  }

  @Test func theLastKnownGoodCopyIsPrivateWholeAndRewrittenOnlyWhenValuesChange() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    let setup = try Setup()
    defer { setup.directory.remove() }
    let environment = setup.environment(etcd: etcd.endpointList)
    #expect(runCLI(["set", "airplane", "on"], environment: environment).status == 0)
    #expect(runCLI(["get", "airplane"], environment: environment).stdout == "on\n")
    let cache = setup.directory.file("home/.cache/settings/etcd")
    let files = FileManager.default.subpaths(atPath: cache)?.sorted() ?? []
    // The endpoints' pointer, the endpoints known to be etcd, and the copy; no temporary file left.
    #expect(files.count == 4, "\(files)")
    #expect(files.filter { $0.hasPrefix("endpoints-") }.count == 1, "\(files)")
    #expect(files.contains("etcd-versions"), "\(files)")
    let copyName = try #require(files.first { $0.hasSuffix("/fleet.json") })
    let copyPath = cache + "/" + copyName
    for file in files {
      let attributes = try FileManager.default.attributesOfItem(atPath: cache + "/" + file)
      guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
      #expect(attributes[.posixPermissions] as? Int == 0o600, "\(file)")
    }
    let copy = try String(contentsOfFile: copyPath, encoding: .utf8)
    #expect(copy.hasPrefix("{\n  \"revision\": 2,\n  \"time\": "), "\(copy)")
    #expect(copy.hasSuffix(",\n  \"values\": {\n    \"airplane\": true\n  }\n}\n"), "\(copy)")
    func inode() throws -> Int? {
      try FileManager.default.attributesOfItem(atPath: copyPath)[.systemFileNumber] as? Int
    }
    let first = try inode()
    // The same values: not rewritten. Changed values: replaced whole (a new file renamed over it).
    #expect(runCLI(["get", "airplane"], environment: environment).stdout == "on\n")
    #expect(try inode() == first)
    #expect(runCLI(["set", "airplane", "off"], environment: environment).status == 0)
    #expect(runCLI(["get", "airplane"], environment: environment).stdout == "off\n")
    #expect(try inode() != first)
    let changed = try String(contentsOfFile: copyPath, encoding: .utf8)
    #expect(changed.hasPrefix("{\n  \"revision\": 3,\n"), "\(changed)")
    #expect(changed.hasSuffix("\"airplane\": false\n  }\n}\n"), "\(changed)")
    #expect((FileManager.default.subpaths(atPath: cache)?.count ?? 0) == 4)
  }

  @Test func everyStaleJSONAnswerSaysStaleWithTheRevisionAndDumpIsNeverStale() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    let setup = try Setup()
    defer { setup.directory.remove() }
    let environment = setup.environment(etcd: etcd.endpointList)
    #expect(runCLI(["set", "airplane=on", "mode=b"], environment: environment).status == 0)
    // Fresh answers are not marked (and the get refreshes the copy, at revision 2).
    #expect(
      runCLI(["get", "airplane", "--json"], environment: environment)
        == CommandOutcome(status: 0, stdout: "true\n", stderr: ""))
    let port = etcd.members[0].clientPort
    #expect(etcd.stop() == [])
    let warning =
      "Warning: etcd at 127.0.0.1:\(port) unreachable (connection refused); values as of revision 2, "
    func stale(_ arguments: [String]) -> String {
      let outcome = runCLI(arguments, environment: environment)
      #expect(outcome.status == 0, "\(arguments): \(outcome)")
      #expect(
        outcome.stderr.hasPrefix(warning) && outcome.stderr.count == warning.count + 9,
        "\(arguments): \(outcome)")
      return outcome.stdout
    }
    #expect(
      stale(["get", "airplane", "--json"]) == """
        {
          "stale": true,
          "revision": 2,
          "value": true
        }

        """)
    #expect(
      stale(["get", "mode", "--json"]) == """
        {
          "stale": true,
          "revision": 2,
          "value": "b"
        }

        """)
    #expect(
      stale(["list", "--modified", "--json"]) == """
        {
          "stale": true,
          "revision": 2,
          "items": [
            {
              "default": false,
              "key": "airplane",
              "modified": true,
              "source": "user",
              "type": "switch",
              "value": true
            },
            {
              "default": "a",
              "key": "mode",
              "modified": true,
              "source": "user",
              "type": "rightDetail",
              "value": "b"
            }
          ]
        }

        """)
    #expect(
      stale(["find", "Mode", "--json"]) == """
        {
          "stale": true,
          "revision": 2,
          "matches": [
            {
              "breadcrumb": [
                "Fleet",
                "Mode"
              ],
              "enabled": true,
              "field": "title",
              "key": "mode",
              "title": "Mode",
              "visible": true
            }
          ]
        }

        """)
    #expect(
      stale(["why", "airplane", "--json"]) == """
        {
          "stale": true,
          "revision": 2,
          "key": "airplane",
          "layers": [
            {
              "layer": "default",
              "value": false,
              "wins": false
            },
            {
              "layer": "user",
              "value": true,
              "wins": true
            }
          ],
          "source": "user",
          "value": true,
          "winner": "user"
        }

        """)
    #expect(
      stale(["describe", "wifi", "--json"]).hasPrefix(
        "{\n  \"stale\": true,\n  \"revision\": 2,\n  \"breadcrumb\": [\n    \"Fleet\"\n  ],\n"))
    #expect(stale(["list", "--json"]).hasSuffix("\n  ]\n}\n"))
    // Text answers are as fresh ones are, with the warning.
    #expect(stale(["find", "Mode"]) == "mode  Fleet › Mode\n")
    // dump's output is a store for load: never the copy.
    let unreachable = "Error: etcd at 127.0.0.1:\(port) unreachable (connection refused)\n"
    #expect(
      runCLI(["dump"], environment: environment)
        == CommandOutcome(status: 69, stdout: "", stderr: unreachable))
    for arguments in [["find", "Mode", "--json", "--no-stale"], ["why", "airplane", "--no-stale"]] {
      #expect(
        runCLI(arguments, environment: environment)
          == CommandOutcome(status: 69, stdout: "", stderr: unreachable), "\(arguments)")
    }
    // With no copy, find does not judge conditions on the defaults: 69.
    var elsewhere = environment
    elsewhere["XDG_CACHE_HOME"] = setup.directory.file("other-cache")
    #expect(
      runCLI(["find", "Mode"], environment: elsewhere)
        == CommandOutcome(status: 69, stdout: "", stderr: unreachable))
  }

  @Test func usersAndRolesWrongPasswordsAndOtherPrefixesExit77() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    for arguments in [
      ["user", "add", "root:rootpw", "--interactive=false"], ["role", "add", "fleet"],
      ["role", "grant-permission", "fleet", "--prefix=true", "readwrite", "/settings/fleet/"],
      ["user", "add", "alice:alicepw", "--interactive=false"], ["user", "grant-role", "alice", "fleet"],
      ["auth", "enable"],
    ] {
      let outcome = try etcd.etcdctl(arguments)
      #expect(outcome.status == 0, "\(arguments): \(outcome)")
    }
    let setup = try Setup()
    defer { setup.directory.remove() }
    let password = try setup.directory.write("password", "alicepw\n")
    let wrong = try setup.directory.write("wrong", "nope\n")
    var environment = setup.environment(etcd: etcd.endpointList)
    environment["SETTINGS_ETCD_USER"] = "alice"
    #expect(
      runCLI(["set", "airplane", "on", "--etcd-password-file", password], environment: environment).status
        == 0)
    #expect(
      runCLI(["get", "airplane", "--etcd-password-file", password], environment: environment).stdout == "on\n"
    )
    #expect(
      runCLI(["get", "airplane", "--etcd-password-file", wrong], environment: environment)
        == CommandOutcome(
          status: 77, stdout: "",
          stderr:
            "Error: etcd refused user 'alice' for '/settings/fleet/': authentication failed, invalid user ID "
            + "or password; check SETTINGS_ETCD_USER, the password file, and the user's role on the prefix\n")
    )
    #expect(
      runCLI(
        ["get", "airplane", "--etcd-password-file", password, "--etcd-prefix", "/other/"],
        environment: environment)
        == CommandOutcome(
          status: 77, stdout: "",
          stderr:
            "Error: etcd does not let user 'alice' read and write '/other/fleet/': permission denied; check "
            + "SETTINGS_ETCD_USER, the password file, and the user's role on the prefix\n"))
    // The password never comes from the command line or the environment: without the file, a usage error.
    #expect(runCLI(["get", "airplane"], environment: environment).status == 64)
  }

  @Test func etcdWithClientCertificatesThroughStunnelInClientMode() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let certificates = try TemporaryDirectory()
    defer { certificates.remove() }
    let server = try TLSFiles.make("server", in: certificates)
    let client = try TLSFiles.make("client", in: certificates)
    let etcd = try EtcdCluster.start(tls: server)
    defer { #expect(etcd.stop() == []) }
    let tunnel = try Stunnel(target: etcd.members[0].clientPort, client: client, in: certificates)
    defer { tunnel.stop() }
    let setup = try Setup()
    defer { setup.directory.remove() }
    let environment = setup.environment(etcd: "http://127.0.0.1:\(tunnel.port)")
    let set = runCLI(["set", "airplane", "on"], environment: environment)
    #expect(set.status == 0, "\(set)")
    #expect(runCLI(["get", "airplane"], environment: environment).stdout == "on\n")
    // Straight to etcd's https:// URL: refused, pointing to docs/ETCD.md.
    #expect(
      runCLI(["get", "airplane"], environment: setup.environment(etcd: etcd.endpointList)).status == 78)
  }

  @Test func watchSeesAnotherMachinesSetAndReportsLosingEtcdAndGettingItBack() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    let setup = try Setup()
    defer { setup.directory.remove() }
    let environment = setup.environment(etcd: etcd.endpointList)
    let watch = try WatchingProcess(["watch"], environment: environment)
    #expect(runCLI(["set", "airplane", "on"], environment: environment).status == 0)
    // Each line names the journal entry put in the same transaction as the change.
    #expect(watch.waitForLines(1) == ["airplane: off -> on  (change 1)"])
    etcd.kill(0)
    let lost = watch.waitForErrorLines(1)
    #expect(
      lost.first?.hasPrefix("lost etcd: ") == true && lost.first?.hasSuffix("; retrying") == true, "\(lost)")
    // However long the outage, one line for it: a test of time, so it waits out one second of
    // retries (the first at 100 ms, doubling) before it looks again.
    Thread.sleep(forTimeInterval: 1)
    #expect(watch.waitForErrorLines(1, seconds: 0).count == 1)
    try etcd.restart(0)
    let back = watch.waitForErrorLines(2)
    #expect(back.count == 2 && back[1].hasPrefix("etcd back at revision "), "\(back)")
    #expect(runCLI(["set", "mode", "b"], environment: environment).status == 0)
    #expect(watch.waitForLines(2) == ["airplane: off -> on  (change 1)", "mode: a -> b  (change 2)"])
    #expect(watch.stop(signal: SIGTERM) == 0)
  }
}

extension EtcdCommandTests {
  /// `settings serve --etcd` once served the local store file: the page's edits went to the file
  /// and changes in etcd never reached it.
  @Test func serveKeepsItsStoreInEtcdAndAnEtcdctlChangeReachesTheOpenPage() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    #expect(try etcd.etcdctl(["put", "/settings/fleet/mode", "\"b\""]).status == 0)
    let server = try ServedSettings(document: Self.document, arguments: ["--etcd", etcd.endpointList])
    defer { _ = server.stop() }
    #expect(try server.get("/api/row?key=mode").json?[member: "row"]?[member: "value"]?.kind == .string("b"))
    let connection = try SocketConnection.connect(
      host: "127.0.0.1", port: server.port, timeoutMilliseconds: 5000)
    defer { connection.close() }
    try connection.writeAll(
      Array("GET /api/events HTTP/1.1\r\n\(server.authorized)\r\n".utf8), timeoutMilliseconds: 5000)
    func readEvent() throws -> String {
      var text = ""
      while !text.hasSuffix("\n\n") {
        let bytes = try connection.read(timeoutMilliseconds: 20_000)
        if bytes.isEmpty { break }
        text += String(decoding: bytes, as: UTF8.self)
      }
      return text
    }
    #expect(try readEvent().hasSuffix("\r\n\r\nretry: 1000\n\n"))
    #expect(try etcd.etcdctl(["put", "/settings/fleet/airplane", "true"]).status == 0)
    #expect(
      try readEvent()
        == "id: 1\nevent: change\ndata: {\"key\":\"airplane\",\"row\":{\"key\":\"airplane\",\"type\":\"switch\","
        + "\"title\":\"Airplane\",\"value\":true,\"shown\":\"On\",\"modified\":true,\"default\":false,"
        + "\"defaultShown\":\"Off\",\"source\":\"user\"},\"previous\":false,\"previousShown\":\"Off\","
        + "\"origin\":\"elsewhere\",\"dependents\":[]}\n\n")
    // The page's edit goes to etcd, not to a store file.
    let set = try server.post("/api/set", #"{"key": "wifi", "value": false, "expect": true}"#)
    #expect(set.status == 200)
    #expect(try etcd.etcdctl(["get", "--print-value-only", "/settings/fleet/wifi"]).stdout == "false\n")
    #expect(server.storeText == "")
  }
}

extension EtcdCommandTests {
  /// `check` over etcd once placed an unknown key at `etcd … /settings/fleet/:1:1`, and `check
  /// --fix` announced `remove "airplane": null` for a value that is not JSON but left it in etcd.
  @Test func checkNamesEtcdKeysAndFixRemovesAValueThatIsNotJSON() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    let setup = try Setup()
    defer { setup.directory.remove() }
    let environment = setup.environment(etcd: etcd.endpointList)
    #expect(try etcd.etcdctl(["put", "/settings/fleet/airplane", "yes"]).status == 0)
    #expect(try etcd.etcdctl(["put", "/settings/fleet/mode", "\"z\""]).status == 0)
    #expect(try etcd.etcdctl(["put", "/settings/fleet/extra", "1"]).status == 0)
    let findings =
      "etcd key /settings/fleet/extra: unknown key \"extra\"; the document has no such item\n"
      + "etcd key /settings/fleet/airplane: not JSON (unexpected 'y'; expected a value); using the default false\n"
      + "etcd key /settings/fleet/mode: stored value is \"z\"; expected one of \"a\", \"b\"; using the default \"a\"\n"
    #expect(
      runCLI(["check"], environment: environment) == CommandOutcome(status: 1, stdout: findings, stderr: ""))
    // why once showed the value that is not JSON as `null (rejected: expected true or false)`.
    #expect(
      runCLI(["why", "airplane"], environment: environment).stdout
        == "key:     airplane\nvalue:   off\nsource:  default\nlayers, lowest first:\n"
        + "  default  off                                          wins\n"
        + "  user     not JSON (unexpected 'y'; expected a value)\n")
    let fixed = runCLI(["check", "--fix"], environment: environment)
    #expect(
      fixed.stdout
        == findings + "fix: remove \"airplane\": not JSON (unexpected 'y'; expected a value)\n"
        + "fix: remove \"mode\": \"z\"\n")
    #expect(
      try etcd.etcdctl(["get", "--prefix", "--keys-only", "/settings/fleet/"]).stdout
        == "/settings/fleet/.head\n\n/settings/fleet/.journal/00000000000000000001\n\n"
        + "/settings/fleet/.journal/base\n\n/settings/fleet/extra\n\n")
    #expect(
      runCLI(["check"], environment: environment)
        == CommandOutcome(
          status: 1,
          stdout: "etcd key /settings/fleet/extra: unknown key \"extra\"; the document has no such item\n",
          stderr: ""))
  }
}

extension EtcdCommandTests {
  /// A port where something other than HTTP answers (ssh here) once read as etcd being down: `etcd at
  /// …: unreachable (the connection closed before the answer was complete)`, exit 69, and a read
  /// fell back to the last-known-good copy.
  @Test func aServerThatIsNotHTTPIsNotEtcdAndExits78() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let server = try FakeHTTPServer(answer: Array("SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n".utf8))
    defer { server.stop() }
    let expected = CommandOutcome(
      status: 78, stdout: "",
      stderr:
        "Error: \(server.endpoint) is not an etcd v3 JSON gateway (GET /version answered with something "
        + "that is not HTTP)\n")
    #expect(runCLI(["get", "airplane"], environment: setup.environment(etcd: server.endpoint)) == expected)
    #expect(
      runCLI(["set", "airplane", "on"], environment: setup.environment(etcd: server.endpoint)) == expected)
    // Also where an earlier command found etcd: the call fails as not HTTP, and /version says why.
    let hostPort = String(server.endpoint.dropFirst("http://".count))
    try FileManager.default.createDirectory(
      atPath: setup.directory.file("home/.cache/settings/etcd"), withIntermediateDirectories: true)
    try (hostPort + "\n").write(
      toFile: setup.directory.file("home/.cache/settings/etcd/etcd-versions"), atomically: true,
      encoding: .utf8)
    #expect(
      runCLI(["set", "airplane", "on"], environment: setup.environment(etcd: server.endpoint)) == expected)
  }
}

extension EtcdCommandTests {
  /// Only reads refreshed the last-known-good copy: after `get` (off) then `set airplane on`, etcd
  /// going down made this machine's own `get` answer `off`, the value before its own write.
  @Test func aStaleReadShowsThisMachinesLastWrite() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    let setup = try Setup()
    defer { setup.directory.remove() }
    let environment = setup.environment(etcd: etcd.endpointList)
    #expect(runCLI(["set", "mode", "b"], environment: environment).status == 0)
    #expect(runCLI(["get", "airplane"], environment: environment).stdout == "off\n")
    #expect(runCLI(["set", "airplane", "on"], environment: environment).status == 0)
    let port = etcd.members[0].clientPort
    #expect(etcd.stop() == [])
    let stale = runCLI(["get", "airplane"], environment: environment)
    #expect(stale.stdout == "on\n")
    let warning =
      "Warning: etcd at 127.0.0.1:\(port) unreachable (connection refused); values as of revision 3, "
    #expect(stale.stderr.hasPrefix(warning) && stale.stderr.count == warning.count + 9, "\(stale)")
    #expect(runCLI(["get", "mode"], environment: environment).stdout == "b\n")
  }
}

extension EtcdCommandTests {
  /// With authentication on, no user once read `etcd refused user '' for …: user name is empty`, and
  /// an empty password file went to etcd as an empty password (`authentication failed`).
  @Test func noUserAndAnEmptyPasswordFileSayWhatIsMissing() throws {
    try #require(EtcdCluster.isInstalled, "\(EtcdCluster.missingMessage)")
    let etcd = try EtcdCluster.start()
    defer { #expect(etcd.stop() == []) }
    for arguments in [
      ["user", "add", "root:rootpw", "--interactive=false"], ["role", "add", "fleet"],
      ["role", "grant-permission", "fleet", "--prefix=true", "readwrite", "/settings/fleet/"],
      ["user", "add", "alice:alicepw", "--interactive=false"], ["user", "grant-role", "alice", "fleet"],
      ["auth", "enable"],
    ] {
      let outcome = try etcd.etcdctl(arguments)
      #expect(outcome.status == 0, "\(arguments): \(outcome)")
    }
    let setup = try Setup()
    defer { setup.directory.remove() }
    var environment = setup.environment(etcd: etcd.endpointList)
    #expect(
      runCLI(["get", "airplane"], environment: environment)
        == CommandOutcome(
          status: 77, stdout: "",
          stderr:
            "Error: etcd refused an anonymous client for '/settings/fleet/': its authentication is on, so a "
            + "user is needed; check SETTINGS_ETCD_USER, the password file, and the user's role on the prefix\n"
        ))
    environment["SETTINGS_ETCD_USER"] = "alice"
    for text in ["", "\nalicepw\n"] {
      let empty = try setup.directory.write("empty", text)
      #expect(
        runCLI(["get", "airplane", "--etcd-password-file", empty], environment: environment)
          == CommandOutcome(
            status: 66, stdout: "",
            stderr:
              "Error: the password file '\(empty)' has no password on its first line; write the password of "
              + "etcd user 'alice' there\n"))
    }
  }
}

extension EtcdCommandTests {
  /// `--etcd-prefix /kiosks` once kept the document under `/kiosksfleet/`: the document's id was
  /// glued to the prefix.
  @Test func aPrefixWithoutItsTrailingSlashIsRefused() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    #expect(
      runCLI(
        ["set", "mode", "b", "--etcd-prefix", "/kiosks"],
        environment: setup.environment(etcd: "http://127.0.0.1:1"))
        == CommandOutcome(
          status: 64, stdout: "",
          stderr:
            "Error: '--etcd-prefix' is '/kiosks'; a prefix ends with '/' (the document's id follows it): give "
            + "'/kiosks/'\nUsage: settings set KEY VALUE | KEY=VALUE... [--add VALUE] [--remove VALUE]\n"
            + "                    [--message TEXT] [--json]\nSee 'settings help set' for more information.\n"
        ))
  }
}

extension EtcdCommandTests {
  /// `--store` beside `--etcd` was ignored without a word (the change went to etcd), and so was
  /// `--store` under `SETTINGS_ETCD`, although the command line wins over the environment elsewhere.
  @Test func storeAndEtcdTogetherAreRefusedAndStoreWinsOverTheEnvironment() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let file = setup.directory.file("local.json")
    let environment = setup.environment(etcd: "http://127.0.0.1:1")
    #expect(
      runCLI(["set", "mode", "b", "--store", file, "--etcd", "http://127.0.0.1:1"], environment: environment)
        == CommandOutcome(
          status: 64, stdout: "",
          stderr:
            "Error: '--store' and '--etcd' name two stores; give one\n"
            + "Usage: settings set KEY VALUE | KEY=VALUE... [--add VALUE] [--remove VALUE]\n"
            + "                    [--message TEXT] [--json]\nSee 'settings help set' for more information.\n"
        ))
    #expect(!FileManager.default.fileExists(atPath: file))
    // SETTINGS_ETCD names an etcd that is down: --store is used, and etcd is not asked.
    #expect(
      runCLI(["set", "mode", "b", "--store", file], environment: environment)
        == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("\"mode\": \"b\""))
  }
}

extension EtcdCommandTests {
  /// etcd answers 421 (as etcd 3.4.23 does, by hand) to a Host its `--host-whitelist` does not
  /// list, which docs/ETCD.md asks for: that read "is not an etcd v3 JSON gateway (GET /version
  /// answered 421)".
  @Test func aHostNameOutsideEtcdsWhitelistIsNamed() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let server = try FakeHTTPServer(
      status: 421, reason: "Misdirected Request",
      body: "\netcd received your request, but the Host header was unrecognized.\n")
    defer { server.stop() }
    #expect(
      runCLI(["get", "airplane"], environment: setup.environment(etcd: server.endpoint))
        == CommandOutcome(
          status: 78, stdout: "",
          stderr:
            "Error: etcd at 127.0.0.1:\(server.port) does not accept the host name '127.0.0.1' (it answered 421: "
            + "the name is not in its --host-whitelist); add it there, or give the endpoint by a name listed "
            + "there\n"))
  }
}
