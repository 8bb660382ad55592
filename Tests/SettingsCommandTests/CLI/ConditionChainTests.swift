import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// Conditions compose through hidden items: an item whose `visibleWhen` names a hidden item is
/// hidden, one whose `enabledWhen` names a hidden (or disabled) item is disabled, at any depth and
/// in mixed chains, and the reason names the root. `describe`, `why`, `find`, `set`, the screen
/// and the page agree.
@Suite(.serialized)
struct ConditionChainTests {
  /// wifi ← ask (visible) ← notify (visible); ask ← proxy (enabled) ← auth (enabled, through a
  /// disabled item); ask's own value is on, so only wifi hides the chain.
  static let document = #"""
    {"id": "chain", "title": "Chain", "sections": [{"items": [
      {"key": "wifi", "type": "switch", "title": "Wi-Fi"},
      {"key": "ask", "type": "switch", "title": "Ask to Join", "on": true, "visibleWhen": {"wifi": true}},
      {"key": "notify", "type": "switch", "title": "Notify", "visibleWhen": {"ask": true}},
      {"key": "proxy", "type": "textField", "title": "Proxy", "enabledWhen": {"ask": true}},
      {"key": "auth", "type": "switch", "title": "Auth", "enabledWhen": {"proxy": {"notEmpty": true}}}
    ]}]}
    """#

  struct Fixture {
    let directory: TemporaryDirectory
    let path: String
    init() throws {
      directory = try TemporaryDirectory()
      path = try directory.write("chain.json", ConditionChainTests.document)
    }
    func run(_ arguments: [String]) -> CommandOutcome {
      runCLI(
        ["-f", path, "--store", directory.file("s.json")] + arguments, environment: ["HOME": directory.path])
    }
  }

  @Test func aHiddenControllerHidesAndDisablesWhatDependsOnIt() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    // The screen: only Wi-Fi; the chain is hidden although ask's own value is on.
    #expect(
      fixture.run(["show", "--width", "30"]).stdout
        == [
          "  Wi-Fi                    off", "  Proxy                       ", "  (off while Wi-Fi is off)",
          "  Auth                     off", "  (off while Wi-Fi is off)", "",
        ].joined(separator: "\n"))
    #expect(
      fixture.run(["describe", "notify"]).stdout.contains(
        "\nvisible:       no (shown only while Wi-Fi is on)\n"))
    #expect(
      fixture.run(["why", "notify"]).stdout.contains("\nhidden:  shown only while Wi-Fi is on (wifi = off)\n")
    )
    #expect(
      fixture.run(["find", "Notify"]).stdout
        == "notify  Chain › Notify  (hidden: shown only while Wi-Fi is on)\n")
    #expect(
      fixture.run(["describe", "proxy"]).stdout.contains("\nenabled:       no (off while Wi-Fi is off)\n"))
    #expect(
      fixture.run(["describe", "auth"]).stdout.contains("\nenabled:       no (off while Wi-Fi is off)\n"))
    #expect(
      fixture.run(["why", "auth"]).stdout.contains("\ndisabled:  off while Wi-Fi is off (wifi = off)\n"))
    #expect(
      fixture.run(["set", "proxy", "p:1"])
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: "Error: 'proxy' is disabled (off while Wi-Fi is off); change 'wifi' first\n"))
    #expect(try fixture.directory.read("s.json") == nil)
    // Wi-Fi on: the chain shows and works.
    #expect(fixture.run(["set", "wifi", "on"]).status == 0)
    #expect(fixture.run(["describe", "notify"]).stdout.contains("\nvisible:       yes\n"))
    #expect(fixture.run(["set", "proxy", "p:1"]).status == 0)
    #expect(fixture.run(["set", "auth", "on"]).status == 0)
    // ask's own value hides notify and disables proxy, naming ask.
    #expect(fixture.run(["set", "ask", "off"]).status == 0)
    #expect(
      fixture.run(["describe", "notify"]).stdout.contains(
        "\nvisible:       no (shown only while Ask to Join is on)\n"))
    #expect(
      fixture.run(["describe", "auth"]).stdout.contains(
        "\nenabled:       no (off while Ask to Join is off)\n"))
  }

  @Test func theTableLeavesOutEveryItemOfAHiddenChain() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try DocumentLoader.load(path: try directory.write("chain.json", Self.document))
    let settings = Settings(document: document, store: MemoryStore())
    let table = try SettingsTable(document: document, snapshot: settings.snapshot())
    #expect(table.shownItems(inSection: 0).compactMap(\.key) == ["wifi", "proxy", "auth"])
    try settings.set("wifi", to: .bool(true))
    let open = try SettingsTable(document: document, snapshot: settings.snapshot())
    #expect(open.shownItems(inSection: 0).compactMap(\.key) == ["wifi", "ask", "notify", "proxy", "auth"])
  }

  @Test func aLoopThroughBothKindsIsALoadError() throws {
    let loop = #"""
      {"id": "loop", "title": "Loop", "sections": [{"items": [
        {"key": "a", "type": "switch", "title": "A", "visibleWhen": {"b": true}},
        {"key": "b", "type": "switch", "title": "B", "enabledWhen": {"a": true}}
      ]}]}
      """#
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("loop.json", loop)
    let outcome = runCLI(["validate", path])
    #expect(outcome.status == 65)
    #expect(outcome.stderr.contains("dependency cycle: \"a\" → \"b\" → \"a\""), "\(outcome.stderr)")
  }
}

/// The page agrees with the command line about a hidden chain.
@Suite(.serialized)
struct ConditionChainPageTests {
  @Test func thePageLeavesOutTheHiddenChainAndDisablesThroughIt() throws {
    let server = try ServedSettings(document: ConditionChainTests.document)
    defer { _ = server.stop() }
    let page = try #require(try server.get("/api/page").json)
    guard case .array(let sections)? = page[member: "sections"]?.kind,
      case .array(let items)? = sections[0][member: "items"]?.kind
    else {
      Issue.record("no sections")
      return
    }
    #expect(items.map { $0[member: "key"]?.kind } == [.string("wifi"), .string("proxy"), .string("auth")])
    #expect(items[1][member: "disabledReason"]?.kind == .string("off while Wi-Fi is off"))
    #expect(items[2][member: "disabledReason"]?.kind == .string("off while Wi-Fi is off"))
    let refused = try server.post("/api/set", #"{"key": "proxy", "value": "p:1"}"#)
    #expect(refused.status == 422)
    #expect(refused.json?[member: "error"]?.kind == .string("'proxy' is disabled (off while Wi-Fi is off)"))
  }

  /// A controller on a child page whose opening item is hidden is hidden too, whatever its stored
  /// value (found by a fresh user's pass: the top page's items followed the stored values).
  @Test func aControllerOnAHiddenPageHidesAndDisablesWhatDependsOnIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(
      "pages.json",
      #"""
      {"id": "pages", "sections": [{"items": [
        {"key": "root", "type": "switch", "title": "Root"},
        {"key": "net", "type": "detailTitle", "title": "Net", "page": {"sections": [{"items": [
          {"key": "wifi", "type": "switch", "title": "Wi-Fi", "visibleWhen": {"root": true}},
          {"key": "adv", "type": "detailTitle", "title": "Adv", "visibleWhen": {"wifi": true}, "page": {"sections": [{"items": [
            {"key": "deep", "type": "switch", "title": "Deep", "enabledWhen": {"wifi": true}},
            {"key": "deeper", "type": "number", "title": "Deeper", "value": 1, "min": 0, "max": 9, "visibleWhen": {"deep": true}}
          ]}]}}
        ]}]}},
        {"key": "top", "type": "switch", "title": "Top", "enabledWhen": {"net.adv.deeper": {"min": 1}}},
        {"key": "top2", "type": "switch", "title": "Top2", "visibleWhen": {"net.adv.deep": true}}
      ]}]}
      """#)
    let store = try directory.write(
      "s.json", #"{"net.wifi": true, "net.adv.deep": true, "net.adv.deeper": 5}"#)
    func run(_ arguments: String...) -> CommandOutcome {
      runCLI(["-f", path, "--store", store] + arguments, environment: ["HOME": directory.path])
    }
    #expect(
      run("show").stdout
        == """
          Root                                                                       off
          Net                                                                          ›
          Top                                                                        off
          (off while Root is off)

        """)
    #expect(run("describe", "top").stdout.contains("enabled:       no (off while Root is off)\n"))
    #expect(run("describe", "top2").stdout.contains("visible:       no (shown only while Root is on)\n"))
    #expect(
      run("set", "top", "on")
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: "Error: 'top' is disabled (off while Root is off); change 'root' first\n"))
    _ = try directory.write(
      "s.json", #"{"root": true, "net.wifi": true, "net.adv.deep": true, "net.adv.deeper": 5}"#)
    #expect(run("set", "top", "on").status == 0)
  }
}
