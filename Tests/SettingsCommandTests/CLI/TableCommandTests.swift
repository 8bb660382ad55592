import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// The CLI over the shipped accordion and paginated examples: expand, collapse, pages.
@Suite(.serialized)
struct TableCommandTests {
  let accordion = examplePath("accordion.json")
  let apps = examplePath("app-notifications.json")

  @Test func expandAndCollapseAreViewStateKeptApartFromValues() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let environment = ["SETTINGS_STORE": directory.file("store.json")]
    func run(_ arguments: String...) -> CommandOutcome {
      runCLI(["-f", accordion] + arguments, environment: environment)
    }
    #expect(
      run("--width", "40")
        == CommandOutcome(
          status: 0,
          stdout: """
            ▾ 네트워크
              🛫 에어플레인 모드                 off
              📶 Wi-Fi                          끔 ›
              🔵 Bluetooth                      켬 ›
              📱 개인용 핫스팟                    on

            ▸ 디스플레이 및 밝기             3 items

            ▸ 개인정보 보호 및 보안          3 items

            ▸ 일반                           2 items

            """, stderr: ""))
    #expect(run("set", "dark-mode", "on") == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(run("--width", "40").stdout.contains("▸ 디스플레이 및 밝기  3 items, 1 changed\n"))
    #expect(run("expand", "display") == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(run("collapse", "network") == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(try directory.read("store.json") == "{\n  \"dark-mode\": true\n}\n")
    #expect(try directory.read("store.view.json") == "{\n  \"display\": true,\n  \"network\": false\n}\n")
    #expect(
      run("--width", "40").stdout == """
        ▸ 네트워크                       4 items

        ▾ 디스플레이 및 밝기
        * 🌙 다크 모드                        on
          🌈 True Tone                        on
          🔠 텍스트 크기                  기본 ›
          다크 모드는 해질녘부터 일출까지
          켜집니다.

        ▸ 개인정보 보호 및 보안          3 items

        ▸ 일반                           2 items

        """)
    // Setting an item inside a closed section leaves it closed.
    #expect(run("set", "airplane", "on") == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(run("--width", "40").stdout.hasPrefix("▸ 네트워크            4 items, 1 changed\n"))
    #expect(run("show", "--expand-all", "--width", "40").stdout.contains("▾ 일반\n"))
    #expect(try directory.read("store.view.json") == "{\n  \"display\": true,\n  \"network\": false\n}\n")
  }

  @Test func sectionErrors() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let environment = ["SETTINGS_STORE": directory.file("store.json")]
    #expect(
      runCLI(["-f", accordion, "expand", "netwrk"], environment: environment)
        == CommandOutcome(
          status: 1, stdout: "", stderr: "Error: unknown section 'netwrk'; did you mean 'network'?\n"))
    #expect(
      runCLI(["expand", "1"], environment: environment).stderr
        == "Error: section '1' is not collapsible; declare \"collapsible\": true to open and close it\n")
    #expect(
      runCLI(["-f", apps, "show", "general", "--page", "2"], environment: environment).stderr
        == "Error: section '알림 스타일' is not paginated\n")
    #expect(
      runCLI(["-f", apps, "show", "apps", "--page", "14"], environment: environment).stderr
        == "Error: page 14 is past the end; section '모든 앱' has 13 pages\n")
    #expect(runCLI(["-f", apps, "show", "--page", "2"], environment: environment).status == 64)
    #expect(runCLI(["-f", apps, "show", "apps", "--page", "0"], environment: environment).status == 64)
    #expect(try directory.contents() == [])
  }

  @Test func paginatedSectionsShowPagesAndAMoreRow() throws {
    let environment = ["HOME": "/nonexistent"]
    #expect(
      runCLI(["-f", apps, "show", "recent", "--width", "40"], environment: environment).stdout == """
        최근 알림을 보낸 앱
          📧 메시지                           on
          📅 캘린더                           on
          🌄 사진                            off
             Load more (4 remaining)           ›

        """)
    #expect(
      runCLI(["-f", apps, "show", "recent", "--page", "3", "--width", "40"], environment: environment).stdout
        == """
        최근 알림을 보낸 앱
          🔑 지갑                            off

        """)
    let all = runCLI(["-f", apps, "show", "--all", "--width", "40"], environment: environment).stdout
    #expect(all.split(separator: "\n").count == 2 + 1 + 1 + 7 + 1 + 1 + 250 + 25 + 1)
    #expect(!all.contains("Load more"))
    let page = runCLI(["-f", apps, "show", "apps", "--page", "13", "--json"], environment: environment).stdout
    #expect(
      page.contains(
        "\"offset\": 240,\n      \"pageSize\": 20,\n      \"remaining\": 0,\n      \"total\": 250\n"))
    let first = runCLI(["-f", apps, "show", "--json"], environment: environment).stdout
    #expect(
      first.contains("\"offset\": 0,\n      \"pageSize\": 3,\n      \"remaining\": 0,\n      \"total\": 7\n"))
    // JSON is data: every page of the items file's section too (`show --json` lists all 250).
    #expect(first.components(separatedBy: "\"key\": \"app-").count - 1 == 250)
  }

  @Test func itemsFromTheJSONLinesFileCanBeSetAndShown() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let environment = ["SETTINGS_STORE": directory.file("store.json")]
    #expect(
      runCLI(["-f", apps, "set", "app-250", "on"], environment: environment)
        == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(runCLI(["-f", apps, "get", "app-250"], environment: environment).stdout == "on\n")
    #expect(
      runCLI(["-f", apps, "show", "apps", "--page", "13", "--width", "40"], environment: environment).stdout
        .contains("* 📚 도서 250                         on\n"))
  }

  @Test func validateReportsEveryBadLineOfAnItemsFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try directory.write(
      "doc.json", #"{"id": "x", "sections": [{"itemsFile": "items.jsonl"}]}"#)
    try directory.write(
      "items.jsonl",
      "{\"key\": \"a\", \"type\": \"switch\"}\n{\"key\": \"b\",}\n{\"key\": \"a\", \"type\": \"switch\", \"title\": \"A\"}\n"
    )
    let items = directory.file("items.jsonl")
    #expect(
      runCLI(["validate", document])
        == CommandOutcome(
          status: 65, stdout: "",
          stderr: """
            Error: \(items):1:1: missing "title"; every item needs a title
            Error: \(items):2:13: trailing comma before '}'; remove the comma after the last member
            Error: \(items):3:9: key: duplicate key "a"; first used at \(items):1:9

            """))
  }

  @Test func aBadItemsFileLineIsANonZeroExitWithFileAndLine() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try directory.write(
      "doc.json", #"{"id": "x", "sections": [{"pageSize": 1, "itemsFile": "items.jsonl"}]}"#)
    try directory.write(
      "items.jsonl",
      "{\"key\": \"a\", \"type\": \"switch\", \"title\": \"A\"}\n{\"key\": \"b\", \"type\": \"swtch\", \"title\": \"B\"}\n"
    )
    let first = runCLI(["-f", document, "show", "--width", "30"], environment: ["HOME": directory.path])
    #expect(
      first
        == CommandOutcome(
          status: 0, stdout: "  A                        off\n  Load more (1 remaining)    ›\n", stderr: ""))
    let all = runCLI(["-f", document, "show", "--all"], environment: ["HOME": directory.path])
    #expect(
      all
        == CommandOutcome(
          status: 65, stdout: "",
          stderr:
            "Error: \(directory.file("items.jsonl")):2:22: type: unknown type \"swtch\"; did you mean \"switch\"? expected one of detailTitle, switch, rightDetail, textField, number, slider, list\n"
        ))
    #expect(runCLI(["-f", document, "validate"]).status == 65)
    #expect(
      runCLI(["-f", directory.file("doc.json"), "show"], environment: ["HOME": directory.path]).status == 0)
    try directory.write("doc.json", #"{"id": "x", "sections": [{"itemsFile": "missing.jsonl"}]}"#)
    #expect(
      runCLI(["-f", document, "show"], environment: ["HOME": directory.path]).stderr
        == "Error: '\(directory.file("missing.jsonl"))' does not exist; check the path\n")
  }
}
