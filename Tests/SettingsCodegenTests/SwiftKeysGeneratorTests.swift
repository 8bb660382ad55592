import Testing

@testable import SettingsCodegen
@testable import SettingsKit

/// The generator on small documents: Swift names, nesting, deprecated keys, the embedded literal,
/// and the documents it refuses.
@Suite struct SwiftKeysGeneratorTests {
  /// The generated code for the document `json`.
  func generate(_ json: String) throws -> String {
    let source = try CodegenSource(
      source: SourceText(name: "doc.json", bytes: Array(json.utf8)), fileName: "doc.json")
    return try source.swift()
  }

  /// The generator's refusal of `json`.
  func refusal(_ json: String) throws -> String? {
    let source = try CodegenSource(
      source: SourceText(name: "doc.json", bytes: Array(json.utf8)), fileName: "doc.json")
    do {
      _ = try source.swift()
      return nil
    } catch {
      return error.message
    }
  }

  /// The body of `extension SettingKeys { … }`.
  func keys(_ code: String) -> String {
    let start = code.range(of: "extension SettingKeys {\n")!.upperBound
    let end = code.range(of: "\n}\n\nextension SettingsDocument")!.lowerBound
    return String(code[start..<end])
  }

  @Test func namesFollowSwiftsRules() throws {
    let code = try generate(
      """
      {"id": "d", "sections": [{"items": [
        {"key": "5g", "type": "switch", "title": "5G"},
        {"key": "default", "type": "rightDetail", "title": "Default", "value": "한국어",
         "choices": [{"value": "한국어", "title": "Korean"}, {"value": "self", "title": "Self"},
                     {"value": "-", "title": "Dash"}, {"value": "a b_c", "title": "ABC"}]}
      ]}]}
      """)
    #expect(
      keys(code) == """
          /// 5G (`5g`, a switch).
          ///
          /// - Default: `off`
          static let _5g = SettingsKit.SettingKey<Swift.Bool>("5g")

          /// Default (`default`, a single choice).
          ///
          /// - Default: `한국어` (Korean)
          static let `default` = SettingsKit.SettingKey<Default>("default")

          /// The choices of Default (`default`).
          enum Default: Swift.String, SettingsKit.SettingChoiceValue, Swift.CaseIterable {
            /// Korean
            case 한국어 = "한국어"
            /// Self
            case `self` = "self"
            /// Dash
            case _2D = "-"
            /// ABC
            case aBC = "a b_c"
          }
        """)
  }

  @Test func aSecureDefaultIsMaskedInTheComment() throws {
    let code = try generate(
      """
      {"id": "d", "sections": [{"items": [
        {"key": "pin", "type": "textField", "title": "PIN", "secure": true, "value": "1234", "maxLength": 4}
      ]}]}
      """)
    #expect(
      keys(code) == """
          /// PIN (`pin`, a secure text field).
          ///
          /// - Default: ••••••••
          /// - Accepts: text of at most 4 characters
          /// - Secure: masked wherever it is shown; kept unencrypted in the store file
          static let pin = SettingsKit.SettingKey<SettingsKit.SecureText>("pin")
        """)
  }

  @Test func anEarlierPathOnAPageThatIsGoneKeepsItsNamespace() throws {
    let code = try generate(
      """
      {"id": "d", "sections": [{"items": [
        {"key": "roaming", "type": "switch", "title": "Roaming", "renamedFrom": "cellular.data-roaming",
         "deprecated": "Roaming is automatic."}
      ]}]}
      """)
    #expect(
      keys(code) == """
          /// Roaming (`roaming`, a switch).
          ///
          /// - Default: `off`
          /// - Renamed from: `cellular.data-roaming`
          /// - Deprecated: Roaming is automatic.
          @available(*, deprecated, message: "Roaming is automatic.")
          static let roaming = SettingsKit.SettingKey<Swift.Bool>("roaming")

          /// The keys of the page under `cellular`.
          enum Cellular {
            /// Roaming: the earlier key `cellular.data-roaming` of `roaming`.
            ///
            /// Use `SettingKeys.roaming`; a value stored under the earlier key reads as this item's.
            @available(*, deprecated, renamed: "SettingKeys.roaming", message: "renamed to roaming")
            static let dataRoaming = SettingsKit.SettingKey<Swift.Bool>("roaming")
          }
        """)
  }

  @Test func numbersAreIntOnlyWhereEveryValueIsWhole() throws {
    let code = try generate(
      """
      {"id": "d", "sections": [{"items": [
        {"key": "a", "type": "number", "title": "A", "value": 3},
        {"key": "b", "type": "number", "title": "B", "value": 1.5, "min": 0.5},
        {"key": "c", "type": "slider", "title": "C", "value": 2, "min": 0, "max": 10, "step": 0.5},
        {"key": "d", "type": "slider", "title": "D", "value": 20, "min": 10, "max": 30, "step": 10},
        {"key": "e", "type": "number", "title": "E", "value": 3, "min": 0, "max": 10},
        {"key": "f", "type": "number", "title": "F", "value": -5, "max": 10}
      ]}]}
      """)
    let declarations = keys(code).split(separator: "\n").filter { $0.contains("static let") }
    // Without both bounds a number accepts values no Int holds (10000000000000000000): ExactDecimal.
    #expect(
      declarations == [
        "  static let a = SettingsKit.SettingKey<SettingsKit.ExactDecimal>(\"a\")",
        "  static let b = SettingsKit.SettingKey<SettingsKit.ExactDecimal>(\"b\")",
        "  static let c = SettingsKit.SettingKey<SettingsKit.ExactDecimal>(\"c\")",
        "  static let d = SettingsKit.SettingKey<Swift.Int>(\"d\")",
        "  static let e = SettingsKit.SettingKey<Swift.Int>(\"e\")",
        "  static let f = SettingsKit.SettingKey<SettingsKit.ExactDecimal>(\"f\")",
      ])
  }

  @Test func aLineBreakInTheDocumentsTextNeverEndsTheComment() throws {
    let code = try generate(
      #"""
      {"id": "d", "sections": [{"items": [
        {"key": "a", "type": "switch", "title": "A", "description": "Turns it on.\r\n}\r\nextension SettingKeys { static let injected = 42"},
        {"key": "n", "type": "number", "title": "N", "value": 1, "min": 0, "max": 9, "unit": "m\rin\u2028x"}
      ]}]}
      """#)
    // Every line of the generated keys is code Swift reads as such or a `///` line: no line of the
    // document's text stands on its own.
    let lines = keys(code).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(!code.contains("\r") && !code.contains("\u{2028}"))
    #expect(lines.contains("  /// extension SettingKeys { static let injected = 42"))
    #expect(!lines.contains { $0.hasPrefix("extension SettingKeys { static let injected") })
    #expect(lines.contains("  /// - Unit: m") && lines.contains("  /// in") && lines.contains("  /// x"))
  }

  @Test func pagesOrChoicesWithOneSwiftNameAreRefused() throws {
    #expect(
      throws: CodegenError("myNet and my-net would both be the Swift name 'MyNet' in the same namespace")
    ) {
      try generate(
        """
        {"id": "d", "sections": [{"items": [
          {"key": "my-net", "type": "detailTitle", "title": "A", "page": {"sections": [{"items": [
            {"key": "x", "type": "switch", "title": "X"}]}]}},
          {"key": "myNet", "type": "detailTitle", "title": "B", "page": {"sections": [{"items": [
            {"key": "y", "type": "switch", "title": "Y"}]}]}}
        ]}]}
        """)
    }
  }

  @Test func standardLibraryTypeNamesAreNotShadowed() throws {
    let code = try generate(
      """
      {"id": "d", "sections": [{"items": [
        {"key": "string", "type": "rightDetail", "title": "S", "value": "a", "choices": [{"value": "a", "title": "A"}]}
      ]}]}
      """)
    #expect(code.contains("enum String_: Swift.String"))
    #expect(!code.contains("enum String:"))
  }

  @Test func theEmbeddedTextGetsOneMoreHashThanItHolds() throws {
    let json = #####"{"id": "d", "title": "##\"### and \"\"\"#", "sections": []}"#####
    let code = try generate(json)
    #expect(code.hasSuffix("private let generatedSettingsJSON = ####\"\"\"\n\(json)\n\"\"\"####\n"))
  }

  @Test func twoChoicesWithOneCaseNameAreRefused() throws {
    #expect(
      try refusal(
        """
        {"id": "d", "sections": [{"items": [{"key": "mode", "type": "rightDetail", "title": "Mode", "value": "a-b",
          "choices": [{"value": "a-b", "title": "1"}, {"value": "a_b", "title": "2"}]}]}]}
        """) == "mode: choices \"a-b\" and \"a_b\" would both be the Swift name 'aB'")
  }

  @Test func aChoiceNamedLikeTheEnumsOwnMembersIsRefused() throws {
    #expect(
      try refusal(
        """
        {"id": "d", "sections": [{"items": [{"key": "mode", "type": "rightDetail", "title": "Mode", "value": "a",
          "choices": [{"value": "a", "title": "A"}, {"value": "raw-value", "title": "Raw"}]}]}]}
        """) == "mode: choices its enum's rawValue and \"raw-value\" would both be the Swift name 'rawValue'")
    #expect(
      try refusal(
        """
        {"id": "d", "sections": [{"items": [{"key": "wifi", "type": "rightDetail", "title": "Wi-Fi", "value": "off",
          "choices": [{"value": "off", "title": "Off"}],
          "page": {"sections": [{"items": [{"key": "all-cases", "type": "switch", "title": "All"}]}]}}]}]}
        """)
        == "wifi.all-cases and wifi (its enum's allCases) would both be the Swift name 'allCases' in the same namespace"
    )
  }

  @Test func aChildKeyNamedLikeAChoiceIsRefused() throws {
    #expect(
      try refusal(
        """
        {"id": "d", "sections": [{"items": [{"key": "wifi", "type": "rightDetail", "title": "Wi-Fi", "value": "off",
          "choices": [{"value": "off", "title": "Off"}],
          "page": {"sections": [{"items": [{"key": "off", "type": "switch", "title": "Off"}]}]}}]}]}
        """) == "wifi.off and wifi (choice \"off\") would both be the Swift name 'off' in the same namespace")
  }

  @Test func aSectionWithAnItemsFileIsRefused() throws {
    #expect(
      try refusal(#"{"id": "d", "sections": [{"id": "apps", "itemsFile": "apps.jsonl"}]}"#)
        == "section \"apps\" reads its items from \"apps.jsonl\"; the generated code embeds the document "
        + "alone, so list those items in the document")
  }
}
