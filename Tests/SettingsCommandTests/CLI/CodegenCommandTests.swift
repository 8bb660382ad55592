import Foundation
import TestSupport
import Testing

@testable import SettingsKit

/// `settings codegen swift|typescript`, against golden files, and the plugin's output against the same
/// goldens: the build and the command print the same code.
@Suite struct CodegenCommandTests {
  /// The text of a golden file in Tests/SettingsCodegenTests/Goldens/.
  func golden(_ name: String) throws -> String {
    let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("SettingsCodegenTests/Goldens/\(name)")
    return try String(contentsOf: path, encoding: .utf8)
  }

  @Test(arguments: [
    ("all-items/Sources/all-items/settings.json", "all-items.swift.golden"),
    ("airplane-mode/settings.json", "airplane-mode.swift.golden"),
    ("phone-settings.json", "phone-settings.swift.golden"),
  ])
  func swiftIsTheGoldenFile(document: String, goldenName: String) throws {
    let outcome = runCLI(["codegen", "swift", "-f", examplePath(document)])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "")
    #expect(outcome.stdout == (try golden(goldenName)))
  }

  /// The typed list tests run a copy of the code generated for phone-settings' lists
  /// (Tests/SettingsKitTests/Settings/SettingKeys+PhoneLists.swift, formatted by swift-format):
  /// each of its declarations is in the golden file, spaces and trailing commas aside, so the
  /// copy cannot drift from what the generator writes.
  @Test func theTypedListTestsRunTheGeneratedCode() throws {
    let copyPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent(
        "SettingsKitTests/Settings/SettingKeys+PhoneLists.swift")
    let copy = try String(contentsOf: copyPath, encoding: .utf8)
    func squeezed(_ text: some StringProtocol) -> String {
      String(text.filter { !$0.isWhitespace }).replacingOccurrences(of: ",]", with: "]")
        .replacingOccurrences(of: ",)", with: ")")
    }
    let generated = squeezed(try golden("phone-settings.swift.golden"))
    let body = try #require(copy.range(of: "extension SettingKeys {")).upperBound
    let declarations = copy[body...].dropLast(2).components(separatedBy: "\n\n").filter {
      !$0.allSatisfy(\.isWhitespace)
    }
    #expect(declarations.count == 15)
    for declaration in declarations {
      #expect(generated.contains(squeezed(declaration)), "\(declaration)")
    }
  }

  /// What the plugin wrote into the build directory for this test target and for airplane-mode is
  /// the golden text too.
  @Test(arguments: [
    ("SettingsCodegenTests", "all-items.swift.golden"), ("airplane-mode", "airplane-mode.swift.golden"),
  ])
  func thePluginWroteTheSameCode(target: String, goldenName: String) throws {
    // The build directory: the nearest folder above the binaries that holds plugins/outputs.
    var build = URL(fileURLWithPath: settingsBinaryDirectory).resolvingSymlinksInPath()
    while build.path != "/",
      !FileManager.default.fileExists(atPath: build.appendingPathComponent("plugins/outputs").path)
    {
      build.deleteLastPathComponent()
    }
    let outputs = build.appendingPathComponent("plugins/outputs")
    let packages = try FileManager.default.contentsOfDirectory(atPath: outputs.path)
    let files = packages.map {
      outputs.appendingPathComponent(
        "\($0)/\(target)/destination/SettingsKeysPlugin/SettingKeys.generated.swift")
    }.filter { FileManager.default.fileExists(atPath: $0.path) }
    let file = try #require(
      files.first, "no output of SettingsKeysPlugin for \(target) under \(outputs.path)")
    #expect(try String(contentsOf: file, encoding: .utf8) == (try golden(goldenName)))
  }

  /// A list is an array of its element's type; a list of records, of an interface of their own.
  @Test(arguments: [
    ("all-items/Sources/all-items/settings.json", "all-items.d.ts.golden"),
    ("phone-settings.json", "phone-settings.d.ts.golden"),
  ])
  func typeScriptIsTheGoldenFile(document: String, goldenName: String) throws {
    let outcome = runCLI(["codegen", "typescript", "-f", examplePath(document)])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stdout == (try golden(goldenName)))
  }

  /// A document on standard input is named so in the header, the comments and the embedded
  /// document's name, not as a file it never came from.
  @Test func readsTheDocumentFromStandardInputAndNamesIt() throws {
    let text = try String(contentsOfFile: examplePath("airplane-mode/settings.json"), encoding: .utf8)
    let outcome = try runBinary(["codegen", "swift", "-f", "-"], stdin: text)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "")
    let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      lines[0]
        == "// Generated from standard input by SettingsKeysPlugin (settings codegen swift). Do not edit.")
    #expect(
      lines.filter { $0.contains("standard input") } == [
        "// Generated from standard input by SettingsKeysPlugin (settings codegen swift). Do not edit.",
        "  /// The document \"ios-settings\" from standard input, embedded at build time, in its base language.",
        "  /// The document from standard input, embedded at build time, with its text in the first of `locales`",
        "    SettingsDocument.embedded(generatedSettingsJSON, name: \"standard input\", locales: locales)",
        "/// The document's text from standard input, as read when this was generated.",
      ])
    #expect(!outcome.stdout.contains("settings.json"))
    // The rest is what the file gives.
    #expect(
      outcome.stdout.replacing("standard input", with: "settings.json")
        == (try golden("airplane-mode.swift.golden")))
  }

  @Test func typeScriptNamesStandardInput() throws {
    let text =
      #"{"id": "cg", "sections": [{"items": [{"key": "airplane", "type": "switch", "title": "Airplane Mode"}]}]}"#
    let outcome = try runBinary(["codegen", "typescript", "-f", "-"], stdin: text)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "")
    #expect(
      outcome.stdout == """
        // Generated from standard input by settings codegen typescript. Do not edit.
        // The store of document "cg": the overrides, by full key; a key left out reads as its default.

        export interface SettingsStore {
          /** Airplane Mode. Default: false */
          "airplane"?: boolean;
        }

        """)
  }

  @Test func anInvalidDocumentExits65WithEveryProblem() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(
      "doc.json",
      """
      {"id": "d", "sections": [{"items": [
        {"key": "a", "type": "switch", "title": "A", "subtitle": "x"},
        {"key": "a", "type": "toggle", "title": "B"}
      ]}]}
      """)
    let outcome = runCLI(["codegen", "swift", "-f", path])
    #expect(outcome.status == 65)
    #expect(outcome.stdout == "")
    #expect(
      outcome.stderr == """
        Error: \(path):2:48: sections[0].items[0].subtitle: unknown field "subtitle"; did you mean "subTitle"?
        Error: \(path):3:11: sections[0].items[1].key: duplicate key "a"; first used at sections[0].items[0].key (2:11)
        Error: \(path):3:24: sections[0].items[1].type: unknown type "toggle"; expected one of detailTitle, switch, rightDetail, textField, number, slider, list

        """)
  }

  @Test func twoKeysWithOneSwiftNameAreRefused() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(
      "doc.json",
      """
      {"id": "d", "sections": [{"items": [
        {"key": "auto-lock", "type": "switch", "title": "A"},
        {"key": "auto_lock", "type": "switch", "title": "B"}
      ]}]}
      """)
    let outcome = runCLI(["codegen", "swift", "-f", path])
    #expect(outcome.status == 65)
    #expect(
      outcome.stderr
        == "Error: \(path):3:11: sections[0].items[1].key: key \"auto_lock\" would have the Swift name 'autoLock' "
        + "in SettingKeys, which key \"auto-lock\" at sections[0].items[0].key (2:11) has; rename one of them "
        + "(a Swift name keeps only the letters and digits, camel-cased)\n")
  }

  /// The store's shape covers the items of a section's items file: their values are stored too.
  @Test func typeScriptIncludesTheItemsOfAnItemsFile() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(
      "doc.json",
      """
      {"id": "cg", "sections": [
        {"items": [{"key": "airplane", "type": "switch", "title": "Airplane Mode"}]},
        {"header": "Apps", "itemsFile": "apps.jsonl", "pageSize": 1}
      ]}
      """)
    _ = try directory.write(
      "apps.jsonl",
      """
      {"key": "mail", "type": "switch", "title": "Mail", "on": true}
      {"key": "volume", "type": "slider", "title": "Volume", "value": 3, "min": 0, "max": 10}

      """)
    let expected = """
      // Generated from doc.json by settings codegen typescript. Do not edit.
      // The store of document "cg": the overrides, by full key; a key left out reads as its default.

      export interface SettingsStore {
        /** Airplane Mode. Default: false */
        "airplane"?: boolean;
        /** Mail. Default: true */
        "mail"?: boolean;
        /** Volume. Default: 3; a number from 0 to 10 in steps of 1 */
        "volume"?: number;
      }

      """
    let outcome = runCLI(["codegen", "typescript", "-f", path])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "")
    #expect(outcome.stdout == expected)
    try FileManager.default.removeItem(atPath: directory.file("apps.jsonl"))
    let missing = runCLI(["codegen", "typescript", "-f", path])
    #expect(missing.status == 66)
    #expect(missing.stdout == "")
    #expect(missing.stderr == "Error: '\(directory.file("apps.jsonl"))' does not exist; check the path\n")
  }

  /// Without --file or SETTINGS_FILE it stops (there is no embedded document for it), and its help
  /// says so instead of offering the embedded iOS screen that other subcommands fall back on.
  @Test func helpSaysThereIsNoDefaultDocument() {
    let help = runCLI(["help", "codegen"])
    #expect(help.status == 0)
    #expect(help.stderr == "")
    #expect(
      help.stdout == """
        OVERVIEW: Print typed keys for the document: Swift, or the store's shape in
        TypeScript.

        Reads the document from --file or $SETTINGS_FILE (- for standard input), in its
        base language. swift prints what SettingsKeysPlugin generates at build time: a
        SettingKey per item with a value, enums for choices, namespaces for child pages
        and the document embedded as SettingsDocument.generated; it refuses a section
        with an itemsFile, whose items the embedded document would lack. typescript
        includes the items of items files (read beside the document, or in the current
        directory for standard input). A document that does not load exits 65 with every
        problem.

        USAGE: settings codegen LANGUAGE

        ARGUMENTS:
          LANGUAGE  The language to generate.
                      swift       SettingKeys, choice enums and the embedded document,
                                  as the plugin generates them
                      typescript  an interface of the store's keys and value types

        OPTIONS:
          -f, --file PATH  The settings document; - reads it from standard input
                           (default: $SETTINGS_FILE; there is no embedded document to
                           fall back on, so one of them is needed).
          -h, --help       Show help information.

        """)
    #expect(runCLI(["codegen", "--help"]) == help)
  }

  @Test func withoutADocumentFileItIsAUsageError() {
    let outcome = runCLI(["codegen", "swift"])
    #expect(outcome.status == 64)
    #expect(
      outcome.stderr == """
        Error: 'settings codegen' needs a document file: give --file PATH or set SETTINGS_FILE
        Usage: settings codegen LANGUAGE
        See 'settings help codegen' for more information.

        """)
    #expect(
      runCLI(["codegen", "kotlin", "-f", "x.json"]).stderr.hasPrefix(
        "Error: Unknown language 'kotlin'; expected swift or typescript\n"))
  }
}
