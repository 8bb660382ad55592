import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// `settings find` marks an item that a condition hides or disables now.
@Suite(.serialized)
struct FindCommandTests {
  let phone = examplePath("phone-settings.json")

  @Test func hiddenAndDisabledMatchesAreMarked() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let environment = ["SETTINGS_STORE": directory.file("store.json")]
    func run(_ arguments: String...) -> CommandOutcome {
      runCLI(["-f", phone, "--locale", "en"] + arguments, environment: environment)
    }
    #expect(
      run("find", "allow")
        == CommandOutcome(
          status: 0,
          stdout:
            "allow-calls  Settings › Allow Calls From  (hidden: shown only while Do Not Disturb is on)\n",
          stderr: ""))
    #expect(run("set", "airplane", "on") == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(
      run("find", "wi-fi")
        == CommandOutcome(
          status: 0,
          stdout:
            "wifi           Settings › Wi-Fi                   (disabled: off while Airplane Mode is on)\n"
            + "wifi.password  Settings › Wi-Fi › Wi-Fi Password\n", stderr: ""
        ))
    #expect(
      run("find", "--json", "allow").stdout == """
        [
          {
            "breadcrumb": [
              "Settings",
              "Allow Calls From"
            ],
            "enabled": true,
            "field": "title",
            "key": "allow-calls",
            "title": "Allow Calls From",
            "visible": false
          }
        ]

        """)
    #expect(run("set", "focus", "on") == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(run("find", "allow").stdout == "allow-calls  Settings › Allow Calls From\n")
  }

  @Test func itemsFileItemsAreFoundAndNeverCalledHidden() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let outcome = runCLI(
      ["-f", examplePath("app-notifications.json"), "find", "Notes 1"],
      environment: ["SETTINGS_STORE": directory.file("store.json")])
    #expect(
      outcome
        == CommandOutcome(
          status: 0,
          stdout: """
            app-016  알림 › Notes 16
            app-116  알림 › Notes 116
            app-136  알림 › Notes 136
            app-156  알림 › Notes 156
            app-176  알림 › Notes 176
            app-196  알림 › Notes 196

            """, stderr: ""))
  }
}
