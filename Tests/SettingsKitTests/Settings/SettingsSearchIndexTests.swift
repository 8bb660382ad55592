import TestSupport
import Testing

@testable import SettingsKit

/// The search index of `settings serve` finds what `settings find` finds, in the same order and
/// fields, comparing bytes only where that is exact.
struct SettingsSearchIndexTests {
  static let text = #"""
    {"version": 1, "id": "search", "title": "Settings", "sections": [{"items": [
    {"key": "wifi", "type": "switch", "title": "Wi-Fi", "description": "Joins known networks."},
    {"key": "cellular", "type": "detailTitle", "title": "Cellular", "page": {"sections": [{"items": [
      {"key": "roaming", "type": "switch", "title": "데이터 로밍", "subTitle": "Abroad"},
      {"key": "voice", "type": "rightDetail", "title": "Voice & Data", "value": "lte",
       "choices": [{"value": "lte", "title": "LTE"}, {"value": "auto", "title": "5G Auto"}]},
      {"key": "options", "type": "detailTitle", "title": "Options", "page": {"sections": [{"items": [
        {"key": "network", "type": "switch", "title": "Network Selection", "visibleWhen": {"wifi": true}}
      ]}]}}
    ]}]}},
    {"key": "city", "type": "switch", "title": "İstanbul Café"},
    {"key": "bistro", "type": "switch", "title": "Cafe\u0301 Wi-Fi", "enabledWhen": {"wifi": true}}
    ]}]}
    """#

  static func document() throws -> SettingsDocument {
    try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(text.utf8)))
  }

  /// Each match as `key field page`.
  static func summary(_ found: [(match: SettingsSearch.Match, page: String?)]) -> [String] {
    found.map { "\($0.match.item.key ?? "-") \($0.match.field) \($0.page ?? "-")" }
  }

  @Test(arguments: [
    "wi-fi", "WI", "network", "known", "lte", "auto", "abroad", "ro", "로밍",
    "\u{1105}\u{1169}\u{1106}\u{1175}\u{11BC}",
    "é", "e\u{301}", "e", "café", "i̇stanbul", "istanbul", "i", ".", "options", "settings", "x",
  ])
  func theIndexFindsWhatFindFinds(query: String) throws {
    let document = try Self.document()
    let snapshot = SettingsSnapshot(document: document)
    let found = SettingsSearchIndex(document: document).find(
      query, in: document, snapshot: snapshot, limit: 100)
    let expected = SettingsSearch.find(query, in: document, snapshot: snapshot)
    #expect(found.matches.map(\.match) == expected)
    #expect(found.total == expected.count)
    #expect(
      found.matches.map { $0.page }
        == expected.map { match in document.locate(match.item.key ?? "")?.ancestors.last?.key })
  }

  @Test func matchesHaveTheirFieldPageAndReasons() throws {
    let document = try Self.document()
    let index = SettingsSearchIndex(document: document)
    let snapshot = SettingsSnapshot(document: document)
    #expect(index.itemCount == 8)
    #expect(
      Self.summary(index.find("wi-fi", in: document, snapshot: snapshot, limit: 10).matches)
        == ["wifi title -", "bistro title -"])
    #expect(
      Self.summary(index.find("a", in: document, snapshot: snapshot, limit: 10).matches)
        == [
          "cellular title -", "cellular.roaming subTitle cellular", "cellular.voice title cellular",
          "cellular.options key cellular", "cellular.options.network key cellular.options", "city title -",
          "bistro title -",
        ])
    // Decomposed jamo find the composed syllables, a composed é the decomposed one, and a bare e
    // neither é.
    #expect(
      Self.summary(
        index.find("\u{1105}\u{1169}\u{1106}\u{1175}\u{11BC}", in: document, snapshot: snapshot, limit: 10)
          .matches)
        == ["cellular.roaming title cellular"])
    #expect(
      Self.summary(index.find("\u{E9}", in: document, snapshot: snapshot, limit: 10).matches)
        == ["city title -", "bistro title -"])
    #expect(Self.summary(index.find("fe", in: document, snapshot: snapshot, limit: 10).matches) == [])
    // "İ" lowercases to "i" and a combining dot, which a plain "i" followed by "s" is not.
    #expect(Self.summary(index.find("istanbul", in: document, snapshot: snapshot, limit: 10).matches) == [])
    let network = try #require(
      index.find("network s", in: document, snapshot: snapshot, limit: 10).matches.first)
    #expect(network.match.breadcrumb == ["Settings", "Cellular", "Options", "Network Selection"])
    #expect(network.match.hiddenReason == "shown only while Wi-Fi is on")
    #expect(network.page == "cellular.options")
    let cafe = try #require(
      index.find("cafe\u{301} ", in: document, snapshot: snapshot, limit: 10).matches.first)
    #expect(cafe.match.disabledReason == "off while Wi-Fi is off")
  }

  @Test func aLimitKeepsTheFirstMatchesAndCountsThemAll() throws {
    let document = try Self.document()
    let found = SettingsSearchIndex(document: document).find(
      "a", in: document, snapshot: SettingsSnapshot(document: document), limit: 2)
    #expect(Self.summary(found.matches) == ["cellular title -", "cellular.roaming subTitle cellular"])
    #expect(found.total == 7)
    #expect(
      SettingsSearchIndex(document: document).find(
        "", in: document, snapshot: SettingsSnapshot(document: document), limit: 2
      ).total == 0)
  }

  @Test func plainScalarsAreWholeCharactersInNormalizationFormC() {
    let plain: [Unicode.Scalar] = [
      "a", "\n", "\u{E9}", "\u{2FF}", "\u{3042}", "\u{30AC}", "\u{4E00}", "\u{AC00}", "\u{D7A3}",
    ]
    let other: [Unicode.Scalar] = [
      "\r", "\u{300}", "\u{301}", "\u{3099}", "\u{309A}", "\u{1100}", "\u{1161}", "\u{11BC}", "\u{200D}",
      "\u{F900}",
      "\u{1F1EF}",
    ]
    #expect(plain.allSatisfy(SettingsSearchIndex.isPlain))
    #expect(!other.contains(where: SettingsSearchIndex.isPlain))
  }
}
