import Foundation
import TestSupport
import Testing

@testable import SettingsCommand

/// `show --json` is data, not the view: a closed section lists its items and a paginated one every
/// page, with `expanded` and `pageSize` as fields; one page only when `--page` asks for it.
struct ShowJSONDataTests {
  static let document = """
    {"id": "data", "title": "Data", "sections": [
      {"id": "net", "header": "Network", "collapsible": true, "expanded": false, "items": [
        {"key": "wifi", "type": "switch", "title": "Wi-Fi"}]},
      {"id": "apps", "header": "Apps", "pageSize": 2, "items": [
        {"key": "a", "type": "switch", "title": "A"},
        {"key": "b", "type": "switch", "title": "B", "on": true},
        {"key": "c", "type": "switch", "title": "C"}]}
    ]}
    """

  /// A switch's JSON, as `show --json` writes it at the depth of a section's items.
  static func row(_ key: String, on: Bool) -> String {
    """
            {
              "key": "\(key)",
              "modified": false,
              "on": \(on),
              "source": "default",
              "title": "\(key == "wifi" ? "Wi-Fi" : key.uppercased())",
              "type": "switch"
            }
    """
  }

  static let everything = """
    {
      "id": "data",
      "sections": [
        {
          "collapsible": true,
          "expanded": false,
          "header": "Network",
          "id": "net",
          "items": [
    \(row("wifi", on: false))
          ]
        },
        {
          "header": "Apps",
          "id": "apps",
          "items": [
    \(row("a", on: false)),
    \(row("b", on: true)),
    \(row("c", on: false))
          ],
          "offset": 0,
          "pageSize": 2,
          "remaining": 0,
          "total": 3
        }
      ],
      "title": "Data",
      "version": 1
    }

    """

  @Test func aClosedSectionAndEveryPageAreListed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("data.json", Self.document)
    func run(_ arguments: [String]) -> CommandOutcome {
      runCLI(
        ["-f", path, "--store", directory.file("s.json")] + arguments, environment: ["HOME": directory.path])
    }
    #expect(run(["show", "--json"]) == CommandOutcome(status: 0, stdout: Self.everything, stderr: ""))
    // A section asked for alone is drawn open as text, but its JSON says the view state (a fresh
    // user saw "expanded": true for a closed section asked for by name).
    let alone = run(["show", "net", "--json"])
    #expect(alone.status == 0 && alone.stdout.contains(#""expanded": false"#), "\(alone)")
    #expect(!alone.stdout.contains(#""expanded": true"#), "\(alone)")
    // The view state is a field; what is listed does not change with it.
    #expect(run(["expand", "net"]).status == 0)
    #expect(
      run(["show", "--json"]).stdout
        == Self.everything.replacingOccurrences(of: "\"expanded\": false", with: "\"expanded\": true"))
    #expect(run(["show", "--json", "--all"]).stdout == run(["show", "--json"]).stdout)
    // One page only with an explicit option.
    #expect(
      run(["show", "apps", "--page", "2", "--json"]).stdout == """
        {
          "id": "data",
          "sections": [
            {
              "header": "Apps",
              "id": "apps",
              "items": [
        \(Self.row("c", on: false))
              ],
              "offset": 2,
              "pageSize": 2,
              "remaining": 0,
              "total": 3
            }
          ],
          "title": "Data",
          "version": 1
        }

        """)
  }
}
