import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsWeb

/// Values read under an earlier key (`renamedFrom`): their source, `reset` of the earlier key, and
/// a dump that leaves out what the document rejects.
extension EvolutionCommandTests {
  /// A value read under an earlier key is the user's: `why` shows the user layer winning with it,
  /// and `list` and `describe --json` say `user`.
  @Test func aValueReadUnderAnEarlierKeyIsTheUsers() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    try fixture.directory.write("s.json", #"{"dnd": true, "roaming": false}"#)
    #expect(
      fixture.run(fixture.v2, ["why", "roaming"])
        == CommandOutcome(
          status: 0,
          stdout: """
            key:     cellular.roaming
            value:   off
            source:  user
            layers, lowest first:
              default  on
              user     off  wins

            """, stderr: ""))
    #expect(
      fixture.run(fixture.v2, ["why", "focus"]).stdout
        == """
        key:     focus
        value:   on
        source:  user
        layers, lowest first:
          default  off
          user     on   wins

        """)
    #expect(
      fixture.run(fixture.v2, ["list"]).stdout
        == """
        KEY               TYPE         VALUE  DEFAULT  MODIFIED  SOURCE
        airplane          switch       off    off      no        default
        focus             switch       on     off      yes       user
        cellular.roaming  switch       off    on       yes       user
        theme             rightDetail  light  light    no        default
        legacy            switch       off    off      no        default

        """)
    let describe = fixture.run(fixture.v2, ["describe", "focus", "--json"]).stdout
    #expect(describe.contains("\"modified\": true,") && describe.contains("\"source\": \"user\","))
  }

  /// Resetting an earlier key resets the item that reads its value, and says what changed.
  @Test func resettingAnEarlierKeyReportsTheItemsChange() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    try fixture.directory.write("s.json", #"{"dnd": true, "roaming": false}"#)
    #expect(
      fixture.run(fixture.v2, ["reset", "dnd", "--json"])
        == CommandOutcome(
          status: 0,
          stdout: "[\n  {\n    \"key\": \"focus\",\n    \"new\": false,\n    \"old\": true\n  }\n]\n",
          stderr: ""))
    #expect(fixture.run(fixture.v2, ["get", "focus"]).stdout == "off\n")
    #expect(
      fixture.run(fixture.v2, ["reset", "roaming", "--json"]).stdout
        == "[\n  {\n    \"key\": \"cellular.roaming\",\n    \"new\": true,\n    \"old\": false\n  }\n]\n")
    #expect(try fixture.directory.read("s.json") == "{}\n")
  }

  /// A stored value the document no longer accepts is left out of a dump, with its warning, so the
  /// dump loads under the same document.
  @Test func dumpLeavesOutRejectedValuesWithAWarning() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    try fixture.directory.write("s.json", #"{"dnd": true, "theme": "red"}"#)
    let dump = fixture.run(fixture.v2, ["dump"])
    #expect(
      dump
        == CommandOutcome(
          status: 0, stdout: "{\n  \"focus\": true\n}\n",
          stderr: """
            Warning: \(fixture.store):1:24: stored value of "theme" is "red"; expected one of "light", "dark"; \
            using the default "light"; 'settings reset theme' removes it

            """))
    let file = try fixture.directory.write("d.json", dump.stdout)
    let other = fixture.directory.file("t.json")
    #expect(
      fixture.run(fixture.v2, ["load", file], store: other)
        == CommandOutcome(status: 0, stdout: "added focus: true\n", stderr: ""))
  }

  /// A system file written for the earlier key still sets and locks the item, and its lock is
  /// not reported as naming nothing.
  @Test func aSystemFileUnderAnEarlierKeySetsAndLocksTheItem() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    try FileManager.default.createDirectory(
      atPath: fixture.directory.file("etc/settings"), withIntermediateDirectories: true)
    try fixture.directory.write(
      "etc/settings/phone.json",
      #"{"values": {"dnd": true, "roaming": false}, "locked": {"dnd": "Set by IT"}}"#)
    let environment = ["XDG_CONFIG_DIRS": fixture.directory.file("etc"), "HOME": fixture.directory.path]
    func run(_ arguments: [String]) -> CommandOutcome {
      runCLI(["-f", fixture.v2, "--store", fixture.store] + arguments, environment: environment)
    }
    let etc = fixture.directory.file("etc/settings/phone.json")
    func pad(_ name: String) -> String {
      name.padding(toLength: "system:\(etc)".count, withPad: " ", startingAt: 0)
    }
    #expect(
      run(["why", "focus"])
        == CommandOutcome(
          status: 0,
          stdout: """
            key:     focus
            value:   on
            source:  locked:\(etc)
            locked:  Set by IT (\(etc), key focus)
            layers, lowest first:
              \(pad("default"))  off
              system:\(etc)  on   wins
              \(pad("user"))  -

            """, stderr: ""))
    #expect(
      run(["set", "focus", "off"])
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: "Error: 'focus' is locked by \(etc): Set by IT; 'settings why focus' explains it\n"))
    #expect(run(["get", "roaming"]) == CommandOutcome(status: 0, stdout: "off\n", stderr: ""))
  }

  @Test func loadReportsAValueUnderAnEarlierKeyAsTheItemsValueNotAsAMove() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    try fixture.directory.write("s.json", #"{"dnd": true}"#)
    let file = try fixture.directory.write("in.json", #"{"airplane": true}"#)
    #expect(
      fixture.run(fixture.v2, ["load", "--dry-run", file])
        == CommandOutcome(status: 0, stdout: "added airplane: true\n", stderr: ""))
    try fixture.directory.write("in.json", #"{"focus": false}"#)
    #expect(
      fixture.run(fixture.v2, ["load", "--dry-run", file])
        == CommandOutcome(status: 0, stdout: "changed focus: true -> false\n", stderr: ""))
    #expect(
      fixture.run(fixture.v2, ["load", "--replace", "--dry-run", file])
        == CommandOutcome(status: 0, stdout: "changed focus: true -> false\n", stderr: ""))
    #expect(fixture.run(fixture.v2, ["load", file]).status == 0)
    #expect(try fixture.directory.read("s.json") == "{\n  \"focus\": false\n}\n")
  }
}
