import Foundation
import TestSupport
import Testing

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
