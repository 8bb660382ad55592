import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// The view state is not the store. A damaged `<id>.view.json` is one warning naming
/// the file, reads as empty, and is replaced by the next expand or collapse.
@Suite(.serialized)
struct ViewStateCommandTests {
  let accordion = examplePath("accordion.json")

  @Test(arguments: [
    (#"{"display": "yes"}"#, #"1:13: "display" is a string; expected true or false"#),
    (#"{"display": tr"#, "1:13: unexpected 'tr'; expected a value"),
    ("[true]", "expected an object of true or false by section; found an array"),
  ])
  func aDamagedViewStateFileIsIgnoredWithOneWarning(text: String, reason: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let environment = ["SETTINGS_STORE": directory.file("store.json")]
    func run(_ arguments: String...) -> CommandOutcome {
      runCLI(["-f", accordion] + arguments, environment: environment)
    }
    let asShipped = run("--width", "30").stdout
    let path = try directory.write("store.view.json", text)
    #expect(
      run("--width", "30")
        == CommandOutcome(
          status: 0, stdout: asShipped,
          stderr: """
            Warning: ignored the view-state file \(path) (\(reason)); sections show as shipped until \
            the next expand or collapse replaces it

            """))
    #expect(run("expand", "display") == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(try directory.read("store.view.json") == "{\n  \"display\": true\n}\n")
    #expect(try directory.read("store.json") == nil)
    #expect(run("--width", "30").stderr == "")
  }

  /// The warning names the first damaged entry in the file, whatever the order of reading.
  @Test func theWarningNamesTheFirstDamagedEntry() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("s.view.json", #"{"a": 1, "b": "x", "c": null, "d": [], "e": {}}"#)
    for _ in 0..<5 {
      #expect(
        ViewState.read(from: path).warning
          == "ignored the view-state file \(path) (1:7: \"a\" is a number; expected true or false); "
          + "sections show as shipped until the next expand or collapse replaces it")
    }
  }

  /// A damaged file that is still a JSON object is replaced too, not merged into.
  @Test func aDamagedObjectIsReplacedByTheRecordedStateAlone() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let environment = ["SETTINGS_STORE": directory.file("store.json")]
    try directory.write("store.view.json", #"{"network": true, "other": 3}"#)
    #expect(
      runCLI(["-f", accordion, "expand", "display"], environment: environment)
        == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(try directory.read("store.view.json") == "{\n  \"display\": true\n}\n")
    #expect(runCLI(["-f", accordion, "--width", "30"], environment: environment).stderr == "")
  }

  @Test func theWarningNeverMentionsTheStoreOrReset() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("values.view.json", #"{"network": 1}"#)
    let outcome = runCLI(
      ["-f", accordion, "show", "network"], environment: ["SETTINGS_STORE": directory.file("values.json")])
    #expect(outcome.status == 0)
    #expect(
      outcome.stderr
        == "Warning: ignored the view-state file \(path) (1:13: \"network\" is a number; expected true or false); "
        + "sections show as shipped until the next expand or collapse replaces it\n")
    #expect(!outcome.stderr.contains("store") && !outcome.stderr.contains("reset"))
  }
}
