import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a new user found wrong in `history` and `undo`, end to end with the real binary.
extension JournalCommandTests {
  /// The journal's user was `$USER`, which the caller sets as it likes: it is the effective user's
  /// login name, then `$USER`, `$LOGNAME`, `uid N` for a user with no entry in the user database
  /// (run as uid 4242 through `setpriv`, which needs root).
  @Test(.enabled(if: geteuid() == 0 && ExternalTool.find("setpriv") != nil))
  func theUserIsTheLoginNameThenUSERThenLOGNAMEThenTheUid() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let setpriv = try #require(ExternalTool.find("setpriv"))
    // The folder, for a user with no entry, to write the store, its journal and its cache in.
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: fixture.directory.path)
    for environment in [["USER": "alice", "LOGNAME": "al"], ["LOGNAME": "al"], [:]] {
      let outcome = try setpriv.run(
        [
          "--reuid", "4242", "--regid", "4242", "--clear-groups", settingsBinary, "-f",
          fixture.directory.file("doc.json"),
          "--store", fixture.store, "toggle", "airplane",
        ],
        environment: ["HOME": fixture.directory.path, "LANG": "C.UTF-8"].merging(environment) { $1 })
      #expect(outcome.status == 0, "\(outcome)")
    }
    #expect(try fixture.run(["toggle", "airplane"], environment: ["USER": "alice"]).status == 0)
    let lines = try fixture.history().stdout.split(separator: "\n").filter { $0.hasPrefix("change ") }
    #expect(
      lines == [
        "change 4  TIME  USER@HOST (settings PID)  toggle",
        "change 3  TIME  uid 4242@HOST (settings PID)  toggle",
        "change 2  TIME  al@HOST (settings PID)  toggle",
        "change 1  TIME  alice@HOST (settings PID)  toggle",
      ])
    #expect(Fixture.loginName != "alice")
  }

  /// `history -n1`, as `git log -n1`: a one-letter option's value in the same word.
  @Test func aOneLetterOptionTakesItsValueInTheSameWord() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(try fixture.run(["set", "theme", "dark"]).status == 0)
    #expect(try fixture.run(["toggle", "airplane"]).status == 0)
    let expected = CommandOutcome(
      status: 0,
      stdout: """
        change 2  TIME  USER@HOST (settings PID)  toggle
          airplane (Airplane Mode): (default) → on

        """, stderr: "")
    #expect(try fixture.history(["-n1"]) == expected)
    #expect(try fixture.history(["-n", "1"]) == expected)
    // The document's option too, before the subcommand.
    let attached = try runBinary(
      ["-f" + fixture.directory.file("doc.json"), "--store", fixture.store, "get", "theme"],
      environment: ["HOME": fixture.directory.path])
    #expect(attached == CommandOutcome(status: 0, stdout: "dark\n", stderr: ""))
    #expect(
      try fixture.history(["-nx"])
        == CommandOutcome(
          status: 64, stdout: "",
          stderr: """
            Error: Invalid count 'x'; expected a whole number from 1
            Usage: settings history [KEY...] [--max-count N] [--since TIME] [--until TIME]
                                    [--json]
            See 'settings help history' for more information.

            """))
    // A flag takes no value: `-hx` is no option.
    #expect(try fixture.run(["history", "-hx"]).stderr.hasPrefix("Error: Unknown option '-hx'\n"))
  }

  /// `git commit -m ""` aborts: an empty or blank `--message` is a usage error, and nothing is written.
  @Test(arguments: ["", "   ", "\t\n"])
  func anEmptyOrBlankMessageIsRefused(message: String) throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(
      try fixture.run(["set", "theme", "dark", "--message", message])
        == CommandOutcome(
          status: 64, stdout: "",
          stderr: """
            Error: Empty message for '--message'; say why the change is made, or leave it out
            Usage: settings set KEY VALUE | KEY=VALUE... [--add VALUE] [--remove VALUE]
                                [--message TEXT] [--json]
            See 'settings help set' for more information.

            """))
    #expect(try fixture.run(["undo", "--message=" + message]).status == 64)
    #expect(try fixture.directory.read("s.json") == nil)
  }

  /// An undo whose old value the item no longer accepts (the document dropped the choice) says
  /// what it accepts, as `load` does, instead of an `expected one of` with nothing after it.
  @Test func anUndoRefusedByTheValueRulesSaysWhatTheyAccept() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let withAuto = JournalCommandTests.document.replacingOccurrences(
      of: #"{ "value": "dark", "title": "Dark" }"#,
      with: #"{ "value": "dark", "title": "Dark" }, { "value": "auto", "title": "Automatic" }"#)
    try fixture.directory.write("doc.json", withAuto)
    #expect(try fixture.run(["set", "theme", "auto"]).status == 0)
    try fixture.directory.write("doc.json", JournalCommandTests.document)
    #expect(try fixture.run(["set", "theme", "dark"]).status == 0)
    #expect(
      try fixture.run(["undo"])
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: #"Error: invalid value '"auto"' for 'theme'; expected one of "light", "dark""# + "\n"))
    #expect(try fixture.run(["get", "theme"]).stdout == "dark\n")
  }

  /// `undo` prints the change as `history` prints the undo's own entry: titles, each value as an
  /// override (`(default)` for none), a secret as the mask, keys in order.
  @Test func undoPrintsTheChangeAsHistoryPrintsIt() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let document = JournalCommandTests.document.replacingOccurrences(
      of: #"{ "key": "pin","#,
      with: #"{ "key": "name", "type": "textField", "title": "Name" }, { "key": "pin","#)
    try fixture.directory.write("doc.json", document)
    try fixture.directory.write("load.json", #"{"theme": "dark", "name": "Lee", "airplane": true}"#)
    let load = ["load", "--replace", fixture.directory.file("load.json")]
    let writes = [
      [["set", "airplane", "on"]], [["set", "theme", "dark"]], [["set", "name", "Kim"]],
      [["set", "pin", "1234"]],
      [load], [load, ["reset", "--all"]],
    ]
    var transcript = ""
    for write in writes {
      for command in write { #expect(try fixture.run(command).status == 0) }
      let undo = try fixture.run(["undo"])
      #expect(undo.status == 0, "\(undo)")
      transcript += undo.stdout
      // The undo's own entry, in history: the same lines after its header.
      let entry = try fixture.history(["-n1"]).stdout.split(separator: "\n", omittingEmptySubsequences: false)
      let lines = undo.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(Array(lines.dropFirst()) == Array(entry.dropFirst()), "\(write)")
    }
    #expect(
      transcript == """
        undid change 1
          airplane (Airplane Mode): on → (default)
        undid change 3
          theme (Theme): dark (Dark) → (default)
        undid change 5
          name (Name): Kim → (default)
        undid change 7
          pin (PIN): •••••••• → (default)
        undid change 9
          airplane (Airplane Mode): on → (default)
          name (Name): Lee → (default)
          theme (Theme): dark (Dark) → (default)
        undid change 12
          airplane (Airplane Mode): (default) → on
          name (Name): (default) → Lee
          theme (Theme): (default) → dark (Dark)

        """)
  }
}
