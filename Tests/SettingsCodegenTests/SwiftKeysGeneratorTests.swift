import Foundation
import TestSupport
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

  /// The advice that ends a refusal of two Swift names.
  let rule = "rename one of them (a Swift name keeps only the letters and digits, camel-cased)"

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
          enum Default: Swift.String, SettingsKit.SettingChoiceValue, Swift.CaseIterable, Swift.CustomStringConvertible {
            /// Korean
            case 한국어 = "한국어"
            /// Self
            case `self` = "self"
            /// Dash
            case _2D = "-"
            /// ABC
            case aBC = "a b_c"

            /// The choice's value, as `print` and string interpolation show it.
            var description: Swift.String { self.rawValue }
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

  /// A secure record list's default is counted, never written out; TypeScript's comment says the
  /// same (``TypeScriptStoreGeneratorTests``).
  @Test func aSecureRecordListsDefaultIsCounted() throws {
    let code = try generate(TypeScriptStoreGeneratorTests.secureList)
    #expect(
      code.split(separator: "\n").filter { $0.contains("- Default:") } == ["  /// - Default: 2 elements"])
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
      try refusal(
        """
        {"id": "d", "sections": [{"items": [
          {"key": "my-net", "type": "detailTitle", "title": "A", "page": {"sections": [{"items": [
            {"key": "x", "type": "switch", "title": "X"}]}]}},
          {"key": "myNet", "type": "detailTitle", "title": "B", "page": {"sections": [{"items": [
            {"key": "y", "type": "switch", "title": "Y"}]}]}}
        ]}]}
        """)
        == "doc.json:4:11: sections[0].items[1].key: key \"myNet\" would have the Swift type name 'MyNet' in "
        + "SettingKeys, which key \"my-net\" at sections[0].items[0].key (2:11) has; \(rule)")
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
        """)
        == "doc.json:2:57: sections[0].items[0].choices[1].value: choice \"a_b\" of mode would have the Swift "
        + "case name 'aB' in enum SettingKeys.Mode, which choice \"a-b\" of mode at "
        + "sections[0].items[0].choices[0].value (2:25) has; \(rule)")
  }

  @Test func aChildKeyNamedLikeTheEnumsOwnMemberIsRefused() throws {
    #expect(
      try refusal(
        """
        {"id": "d", "sections": [{"items": [{"key": "wifi", "type": "rightDetail", "title": "Wi-Fi", "value": "off",
          "choices": [{"value": "off", "title": "Off"}],
          "page": {"sections": [{"items": [{"key": "all-cases", "type": "switch", "title": "All"}]}]}}]}]}
        """)
        == "doc.json:3:44: sections[0].items[0].page.sections[0].items[0].key: key \"wifi.all-cases\" would "
        + "have the Swift name 'allCases' in SettingKeys.Wifi, a member that every choice enum has; rename it "
        + "(a Swift name keeps only the letters and digits, camel-cased)")
  }

  @Test func aChildKeyNamedLikeAChoiceIsRefused() throws {
    #expect(
      try refusal(
        """
        {"id": "d", "sections": [{"items": [{"key": "wifi", "type": "rightDetail", "title": "Wi-Fi", "value": "off",
          "choices": [{"value": "off", "title": "Off"}],
          "page": {"sections": [{"items": [{"key": "off", "type": "switch", "title": "Off"}]}]}}]}]}
        """)
        == "doc.json:3:44: sections[0].items[0].page.sections[0].items[0].key: key \"wifi.off\" would have the "
        + "Swift name 'off' in SettingKeys.Wifi, which choice \"off\" of wifi at "
        + "sections[0].items[0].choices[0].value (2:25) has; \(rule)")
  }

  @Test func anEarlierKeyNamedLikeAKeyIsRefused() throws {
    #expect(
      try refusal(
        """
        {"id": "d", "sections": [{"items": [
          {"key": "auto-lock", "type": "switch", "title": "A"},
          {"key": "lock", "type": "switch", "title": "B", "renamedFrom": ["x", "auto_lock"]}
        ]}]}
        """)
        == "doc.json:3:72: sections[0].items[1].renamedFrom[1]: earlier key \"auto_lock\" of lock would have "
        + "the Swift name 'autoLock' in SettingKeys, which key \"auto-lock\" at sections[0].items[0].key (2:11) "
        + "has; \(rule)")
  }

  @Test func aSectionWithAnItemsFileIsRefused() throws {
    #expect(
      try refusal(#"{"id": "d", "sections": [{"id": "apps", "itemsFile": "apps.jsonl"}]}"#)
        == "doc.json:1:54: sections[0].itemsFile: this section reads its items from \"apps.jsonl\"; the "
        + "generated code embeds the document alone, so list those items in the document")
  }

  /// A choice whose case name would be one of the enum's own members takes the name with a `_`
  /// after it, which its comment says.
  @Test func aChoiceNamedLikeTheEnumsOwnMembersGetsAnUnderscore() throws {
    let code = try generate(
      """
      {"id": "d", "sections": [{"items": [{"key": "mode", "type": "rightDetail", "title": "Mode", "value": "rawValue",
        "choices": [{"value": "rawValue", "title": "Raw"}, {"value": "hash-value", "title": "Hash"},
                    {"value": "init", "title": "Init"}, {"value": "all_cases", "title": "All"},
                    {"value": "description", "title": "Description"}, {"value": "plain", "title": "Plain"}]}]}]}
      """)
    #expect(
      keys(code) == """
          /// Mode (`mode`, a single choice).
          ///
          /// - Default: `rawValue` (Raw)
          static let mode = SettingsKit.SettingKey<Mode>("mode")

          /// The choices of Mode (`mode`).
          enum Mode: Swift.String, SettingsKit.SettingChoiceValue, Swift.CaseIterable, Swift.CustomStringConvertible {
            /// Raw
            ///
            /// Named `rawValue_`: `rawValue` is a member every choice enum has.
            case rawValue_ = "rawValue"
            /// Hash
            ///
            /// Named `hashValue_`: `hashValue` is a member every choice enum has.
            case hashValue_ = "hash-value"
            /// Init
            ///
            /// Named `init_`: `init` is a member every choice enum has.
            case init_ = "init"
            /// All
            ///
            /// Named `allCases_`: `allCases` is a member every choice enum has.
            case allCases_ = "all_cases"
            /// Description
            ///
            /// Named `description_`: `description` is a member every choice enum has.
            case description_ = "description"
            /// Plain
            case plain = "plain"

            /// The choice's value, as `print` and string interpolation show it.
            var description: Swift.String { self.rawValue }
          }
        """)
  }

  @Test func twoChoicesThatBothGetTheUnderscoreAreRefused() throws {
    #expect(
      try refusal(
        """
        {"id": "d", "sections": [{"items": [{"key": "mode", "type": "rightDetail", "title": "Mode", "value": "rawValue",
          "choices": [{"value": "rawValue", "title": "1"}, {"value": "raw-value", "title": "2"}]}]}]}
        """)
        == "doc.json:2:62: sections[0].items[0].choices[1].value: choice \"raw-value\" of mode would have the "
        + "Swift case name 'rawValue_' in enum SettingKeys.Mode, which choice \"rawValue\" of mode at "
        + "sections[0].items[0].choices[0].value (2:25) has; \(rule)")
  }

  /// Typechecks `code` against the SettingsKit this test was built with; the compiler's output
  /// (empty when it compiles without a warning) and its status. The C library module that
  /// SettingsPOSIX imports (`Sources/CMalloc`) is found by its module map, as SwiftPM gives it.
  func typecheck(_ code: String) throws -> CommandOutcome {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try directory.write("SettingKeys.generated.swift", code)
    let swiftc = try #require(ExternalTool.find("swiftc"), "swiftc is not on PATH")
    let cModules = URL(fileURLWithPath: examplePath("")).deletingLastPathComponent()
      .appendingPathComponent("Sources/CMalloc").path
    return try swiftc.run([
      "-typecheck", "-parse-as-library", "-I", settingsBinaryDirectory + "/Modules", "-I", cModules, file,
    ])
  }

  /// A key with no letter to capitalise (a digit first, or no letter at all) has the same member
  /// and type name; the enum gets a `_` after it, so the code compiles.
  @Test func aChoiceKeyWithNoLetterToCapitaliseCompiles() throws {
    let code = try generate(
      """
      {"id": "d", "sections": [{"items": [
        {"key": "5g-mode", "type": "rightDetail", "title": "5G", "choices": [{"value": "a", "title": "A"}], "value": "a"},
        {"key": "_", "type": "rightDetail", "title": "U", "choices": [{"value": "a", "title": "A"}], "value": ["a"],
         "multiple": true}
      ]}]}
      """)
    let declarations = keys(code).split(separator: "\n").map(String.init).filter {
      $0.contains("static let") || $0.contains("enum ")
    }
    let conformances =
      "Swift.String, SettingsKit.SettingChoiceValue, Swift.CaseIterable, Swift.CustomStringConvertible {"
    let expected: [String] = [
      "  static let _5gMode = SettingsKit.SettingKey<_5gMode_>(\"5g-mode\")",
      "  static let _5F = SettingsKit.SettingKey<[_5F_]>(\"_\")",
      "  enum _5gMode_: \(conformances)",
      "  enum _5F_: \(conformances)",
    ]
    #expect(declarations == expected)
    let compiled = try typecheck(code)
    #expect(compiled == CommandOutcome(status: 0, stdout: "", stderr: ""))
  }

  /// Lists get arrays of their element's type: `[Swift.String]`, `[Swift.Int]` where every value
  /// is whole, an enum of a list's choices, and a struct for a list's records (a property per
  /// field, a secure one a `SecureText`, an enum per choice field); the code compiles.
  @Test func listsGetArraysOfTheirElementsType() throws {
    let code = try generate(
      """
      {"id": "d", "sections": [{"items": [
        {"key": "dns", "type": "list", "title": "DNS", "element": {"type": "textField"}},
        {"key": "ports", "type": "list", "title": "Ports", "element": {"type": "number", "min": 1, "max": 9}},
        {"key": "ratios", "type": "list", "title": "Ratios", "element": {"type": "slider", "min": 0, "max": 1, "step": 0.5}},
        {"key": "langs", "type": "list", "title": "Languages",
         "element": {"type": "rightDetail", "choices": [{"value": "en", "title": "English"}, {"value": "rawValue", "title": "R"}]}},
        {"key": "hosts", "type": "list", "title": "Hosts", "titleField": "name", "fields": [
          {"key": "name", "type": "textField", "title": "Name"},
          {"key": "setting-value", "type": "textField", "title": "Odd"},
          {"key": "self", "type": "textField", "title": "Self"},
          {"key": "port", "type": "number", "title": "Port", "min": 1, "max": 9, "value": 1},
          {"key": "on", "type": "switch", "title": "On"},
          {"key": "key", "type": "textField", "title": "Key", "secure": true},
          {"key": "mode", "type": "rightDetail", "title": "Mode", "value": "a", "choices": [{"value": "a", "title": "A"}]}]}
      ]}]}
      """)
    let declarations = keys(code).split(separator: "\n").map(String.init).filter {
      !$0.contains("///") && !$0.contains("description")
        && ($0.contains("static let") || $0.contains("enum ") || $0.contains("struct ")
          || $0.hasPrefix("    var ") || $0.hasPrefix("    init"))
    }
    let conformances =
      "Swift.String, SettingsKit.SettingChoiceValue, Swift.CaseIterable, Swift.CustomStringConvertible {"
    let expected: [String] = [
      "  static let dns = SettingsKit.SettingKey<[Swift.String]>(\"dns\")",
      "  static let ports = SettingsKit.SettingKey<[Swift.Int]>(\"ports\")",
      "  static let ratios = SettingsKit.SettingKey<[SettingsKit.ExactDecimal]>(\"ratios\")",
      "  static let langs = SettingsKit.SettingKey<[Langs]>(\"langs\")",
      "  static let hosts = SettingsKit.SettingKey<[Hosts]>(\"hosts\")",
      "  enum Langs: \(conformances)",
      "  struct Hosts: SettingsKit.SettingKeyValue, Swift.Equatable {",
      "    var name: Swift.String",
      "    var settingValue_: Swift.String",
      "    var self_: Swift.String",
      "    var port: Swift.Int",
      "    var on: Swift.Bool",
      "    var key: SettingsKit.SecureText",
      "    var mode: Mode",
      "    init(name: Swift.String, settingValue_: Swift.String, self_: Swift.String, port: Swift.Int, on: Swift.Bool, "
        + "key: SettingsKit.SecureText, mode: Mode) {",
      "    init?(settingValue _value: SettingsKit.SettingValue) {",
      "    var settingValue: SettingsKit.SettingValue {",
      "    enum Mode: \(conformances)",
    ]
    #expect(declarations == expected)
    #expect(keys(code).contains("  case rawValue_ = \"rawValue\""))
    let compiled = try typecheck(code)
    #expect(compiled == CommandOutcome(status: 0, stdout: "", stderr: ""))
  }

  /// The keys of Examples/phone-settings.json's lists compile.
  @Test func thePhoneSettingsListsCompile() throws {
    let path = examplePath("phone-settings.json")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let compiled = try typecheck(try generate(text))
    #expect(compiled == CommandOutcome(status: 0, stdout: "", stderr: ""))
  }

  /// Two fields of a record with one Swift name are refused, located at the second.
  @Test func twoFieldsWithOneSwiftNameAreRefused() throws {
    let message = try refusal(
      """
      {"id": "d", "sections": [{"items": [
        {"key": "hosts", "type": "list", "title": "Hosts", "titleField": "a-b", "fields": [
          {"key": "a-b", "type": "textField", "title": "A"},
          {"key": "a_b", "type": "textField", "title": "B"}]}
      ]}]}
      """)
    #expect(
      message
        == "doc.json:4:13: sections[0].items[0].fields[1].key: field \"a_b\" of hosts would have the Swift "
        + "name 'aB' in SettingKeys.Hosts, which field \"a-b\" of hosts at sections[0].items[0].fields[0].key "
        + "(3:13) has; \(rule)")
  }

  /// An earlier key whose Swift name is the item's own names the same property: no deprecated
  /// key, no refusal.
  @Test func anEarlierKeyWithTheItemsOwnSwiftNameGetsNoDeprecatedKey() throws {
    let code = try generate(
      """
      {"id": "d", "sections": [{"items": [
        {"key": "auto-lock", "type": "switch", "title": "A", "renamedFrom": ["autoLock", "lock"]}
      ]}]}
      """)
    #expect(
      keys(code) == """
          /// A (`auto-lock`, a switch).
          ///
          /// - Default: `off`
          /// - Renamed from: `autoLock`, `lock`
          static let autoLock = SettingsKit.SettingKey<Swift.Bool>("auto-lock")

          /// A: the earlier key `lock` of `auto-lock`.
          ///
          /// Use `SettingKeys.autoLock`; a value stored under the earlier key reads as this item's.
          @available(*, deprecated, renamed: "SettingKeys.autoLock", message: "renamed to auto-lock")
          static let lock = SettingsKit.SettingKey<Swift.Bool>("auto-lock")
        """)
  }

  /// An item without a stored value (a page's row, a right detail without choices) has no key, so
  /// its earlier keys get none either; a right detail without choices is shown and never stored,
  /// so it has no key (as in the TypeScript store).
  @Test func anItemWithoutAStoredValueGetsNoKeyAndNoEarlierKey() throws {
    let code = try generate(
      """
      {"id": "d", "sections": [{"items": [
        {"key": "net", "type": "detailTitle", "title": "Net", "renamedFrom": "network",
         "page": {"sections": [{"items": [{"key": "on", "type": "switch", "title": "On"}]}]}},
        {"key": "carrier", "type": "rightDetail", "title": "Carrier", "rightDetail": "SKT", "renamedFrom": "operator"}
      ]}]}
      """)
    #expect(
      keys(code) == """
          /// The keys of the page under `net`.
          enum Net {
            /// On (`net.on`, a switch).
            ///
            /// - Default: `off`
            static let on = SettingsKit.SettingKey<Swift.Bool>("net.on")
          }
        """)
  }

  /// Control characters of the document's text are escaped in comments as `describe` shows them.
  @Test func controlCharactersAreEscapedInComments() throws {
    let json = #"""
      {"id": "d", "sections": [{"items": [
        {"key": "a", "type": "rightDetail", "title": "Red\u001b[31m\u0000", "description": "x\u0007y",
         "value": "b", "choices": [{"value": "b", "title": "B\u001b]0;t\u0007"}]}
      ]}]}
      """#
    #expect(
      keys(try generate(json)) == #"""
          /// Red\u{1B}[31m\u{0} (`a`, a single choice).
          ///
          /// x\u{7}y
          ///
          /// - Default: `b` (B\u{1B}]0;t\u{7})
          static let a = SettingsKit.SettingKey<A>("a")

          /// The choices of Red\u{1B}[31m\u{0} (`a`).
          enum A: Swift.String, SettingsKit.SettingChoiceValue, Swift.CaseIterable, Swift.CustomStringConvertible {
            /// B\u{1B}]0;t\u{7}
            case b = "b"

            /// The choice's value, as `print` and string interpolation show it.
            var description: Swift.String { self.rawValue }
          }
        """#)
    let source = try CodegenSource(
      source: SourceText(name: "doc.json", bytes: Array(json.utf8)), fileName: "doc.json")
    #expect(
      try source.typeScript() == #"""
        // Generated from doc.json by settings codegen typescript. Do not edit.
        // The store of document "d": the overrides, by full key; a key left out reads as its default.

        export interface SettingsStore {
          /** Red\u{1B}[31m\u{0}. Default: "b" */
          "a"?: "b";
        }

        """#)
  }
}
