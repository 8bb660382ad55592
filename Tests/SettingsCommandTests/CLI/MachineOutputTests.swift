import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// `--json` on every command that prints or changes something, and documents read from standard input.
@Suite(.serialized)
struct MachineOutputTests {
  @Test func setToggleAndResetPrintWhatChanged() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = ["--store", directory.file("s.json")]
    #expect(
      runCLI(["set", "airplane", "on", "--json"] + store)
        == CommandOutcome(
          status: 0,
          stdout: "[\n  {\n    \"key\": \"airplane\",\n    \"new\": true,\n    \"old\": false\n  }\n]\n",
          stderr: ""))
    #expect(runCLI(["set", "airplane=on", "--json"] + store).stdout == "[]\n")
    #expect(
      runCLI(["toggle", "airplane", "--json"] + store).stdout
        == "[\n  {\n    \"key\": \"airplane\",\n    \"new\": false,\n    \"old\": true\n  }\n]\n")
    #expect(runCLI(["toggle", "airplane"] + store).stdout == "on\n")
    #expect(
      runCLI(["reset", "--all", "--json"] + store).stdout
        == "[\n  {\n    \"key\": \"airplane\",\n    \"new\": false,\n    \"old\": true\n  }\n]\n")
    #expect(runCLI(["reset", "airplane", "--json"] + store).stdout == "[]\n")
  }

  @Test func expandAndCollapsePrintTheSectionsState() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let base = ["-f", examplePath("accordion.json"), "--store", directory.file("s.json")]
    #expect(
      runCLI(base + ["expand", "2", "--json"])
        == CommandOutcome(
          status: 0, stdout: "{\n  \"expanded\": true,\n  \"section\": \"display\"\n}\n", stderr: ""))
    #expect(
      runCLI(base + ["collapse", "display", "--json"]).stdout
        == "{\n  \"expanded\": false,\n  \"section\": \"display\"\n}\n")
  }

  @Test func describeJSONCarriesConditionsAndPageNumberedAsTheText() {
    let outcome = runCLI(["-f", examplePath("phone-settings.json"), "describe", "wifi", "--json"])
    #expect(outcome.status == 0)
    #expect(
      outcome.stdout == """
        {
          "breadcrumb": [
            "Settings"
          ],
          "choices": [
            {
              "title": "Off",
              "value": "off"
            },
            {
              "title": "Home",
              "value": "home"
            },
            {
              "title": "Office-5G",
              "value": "office"
            }
          ],
          "default": "home",
          "enabled": true,
          "enabledWhen": {
            "airplane": false
          },
          "key": "wifi",
          "modified": false,
          "page": {
            "sections": 1
          },
          "row": 2,
          "section": 2,
          "source": "default",
          "title": "Wi-Fi",
          "type": "rightDetail",
          "value": "home",
          "visible": true
        }

        """)
    #expect(
      runCLI(["-f", examplePath("phone-settings.json"), "describe", "wifi"]).stdout.contains(
        "where:         Settings › section 2, row 2\n"))
  }

  @Test func validateJSONSummarizesOrListsEveryProblem() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let valid = runCLI(["validate", examplePath("phone-settings.json"), "--json"])
    #expect(valid.status == 0)
    #expect(
      valid.stdout
        == "{\n  \"file\": \"\(examplePath("phone-settings.json"))\",\n  \"items\": 30,\n  \"sections\": 7,\n  \"valid\": true\n}\n"
    )
    let bad = try directory.write(
      "bad.json",
      """
      {"id": "x", "sections": [{"items": [
        {"type": "swich", "title": "A"},
        {"key": "b", "type": "switch", "titel": "B"}
      ]}]}
      """)
    let invalid = runCLI(["validate", bad, "--json"])
    #expect(invalid.status == 65)
    #expect(invalid.stderr == "")
    #expect(
      invalid.stdout == """
        {
          "file": "\(bad)",
          "problems": [
            {
              "column": 12,
              "file": "\(bad)",
              "line": 2,
              "message": "unknown type \\"swich\\"; did you mean \\"switch\\"? expected one of detailTitle, switch, rightDetail, textField, number, slider, list",
              "path": "sections[0].items[0].type"
            },
            {
              "column": 3,
              "file": "\(bad)",
              "line": 3,
              "message": "missing \\"title\\"; every item needs a title",
              "path": "sections[0].items[1]"
            },
            {
              "column": 34,
              "file": "\(bad)",
              "line": 3,
              "message": "unknown field \\"titel\\"; did you mean \\"title\\"?",
              "path": "sections[0].items[1].titel"
            }
          ],
          "valid": false
        }

        """)
    let missing = runCLI(["validate", directory.file("none.json"), "--json"])
    #expect(missing.status == 66)
    #expect(
      missing.stdout == """
        {
          "file": "\(directory.file("none.json"))",
          "problems": [
            {
              "file": "\(directory.file("none.json"))",
              "message": "'\(directory.file("none.json"))' does not exist; check the path",
              "path": ""
            }
          ],
          "valid": false
        }

        """)
  }

  @Test func aDocumentIsReadFromStandardInput() throws {
    let document = """
      {"id": "piped", "sections": [{"items": [{"key": "a", "type": "switch", "title": "Alpha", "on": true}]}]}
      """
    #expect(
      runCLI(["validate", "-"], stdin: document)
        == CommandOutcome(status: 0, stdout: "<stdin>: valid: 1 section, 1 item\n", stderr: ""))
    #expect(
      runCLI(["-f", "-", "show", "--width", "20"], environment: ["HOME": "/nonexistent"], stdin: document)
        == CommandOutcome(status: 0, stdout: "  Alpha           on\n", stderr: ""))
    #expect(
      runCLI(["validate", "-"], stdin: "{\n  \"id\": \"x\",\n}")
        == CommandOutcome(
          status: 65, stdout: "",
          stderr: "Error: <stdin>:3:1: trailing comma before '}'; remove the comma after the last member\n"))
    let binary = try runBinary(
      ["-f", "-", "get", "a"], environment: ["HOME": "/nonexistent"], stdin: document)
    #expect(binary == CommandOutcome(status: 0, stdout: "on\n", stderr: ""))
  }
}

/// The command layer words the engine's hints as advice about the command line.
struct ErrorWordingTests {
  @Test(arguments: [
    (["get", "zzz"], 1, "Error: unknown key 'zzz'; 'settings list' shows the keys\n"),
    (["get", "airplan"], 1, "Error: unknown key 'airplan'; did you mean 'airplane'?\n"),
    (
      ["toggle", "wifi", "--store", "/nonexistent/s.json"], 1,
      "Error: 'wifi' is a rightDetail item, not a switch; only switches toggle; use 'settings set wifi VALUE' for a choice\n"
    ),
    (
      ["set", "airplane", "on"], 78,
      "Error: neither XDG_CONFIG_HOME nor HOME is set to an absolute path; give --store PATH\n"
    ),
  ])
  func hintsNameTheCommandLine(arguments: [String], status: Int32, stderr: String) {
    #expect(runCLI(arguments) == CommandOutcome(status: status, stdout: "", stderr: stderr))
  }
}
