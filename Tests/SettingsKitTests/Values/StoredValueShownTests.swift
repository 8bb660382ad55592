import Testing

@testable import SettingsKit

/// How a message quotes a stored value: records and nested arrays as compact JSON, cut when long.
/// A list of records was quoted as "an array", which said nothing of what was stored.
struct StoredValueShownTests {
  static func parsed(_ text: String) throws -> JSONValue { try JSONParser().parse(Array(text.utf8)) }

  @Test(arguments: [
    (#"[{"name": "Work", "port": 5}]"#, #"[{"name": "Work", "port": 5}]"#),
    (#"{"a": [1, [2]]}"#, #"{"a": [1, [2]]}"#),
    (#"[]"#, "[]"),
    (#"["home", "home"]"#, #"["home", "home"]"#),
    (
      #"[{"name": "A long name for a server", "server": "vpn.example.com"}]"#,
      #"[{"name": "A long name for a server", "…"#
    ),
  ])
  func aCompoundValueIsQuotedAsCompactJSON(stored: String, shown: String) throws {
    #expect(StoredValueProblem.shown(try Self.parsed(stored)) == shown)
  }

  /// A list of 100 000 records is quoted from its first elements only.
  @Test func aHugeListIsQuotedFromItsFirstElements() throws {
    let elements = Array(repeating: #"{"n": 1}"#, count: 100_000).joined(separator: ",")
    let shown = StoredValueProblem.shown(try Self.parsed("[" + elements + "]"))
    #expect(shown == #"[{"n": 1}, {"n": 1}, {"n": 1}, {"n": 1}…"#)
  }

  /// An empty list reads as "none" where a value is worded on one line (`why`, `history`).
  @Test func anEmptyListIsWordedAsNone() {
    #expect(ValueRules.text(of: .list([])) == "none")
  }
}
