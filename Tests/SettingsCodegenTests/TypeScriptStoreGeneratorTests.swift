import Testing

@testable import SettingsCodegen
@testable import SettingsKit

/// The TypeScript shape of lists: arrays of the element's type, an interface per record list.
@Suite struct TypeScriptStoreGeneratorTests {
  /// The declaration for the document `json`.
  func generate(_ json: String) throws -> String {
    let document = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(json.utf8)))
    return TypeScriptStoreGenerator.generate(document: document, sourceName: "doc.json")
  }

  /// Two record lists whose keys have the same words get two interfaces, not one merged.
  @Test func recordListsWithTheSameWordsGetTwoInterfaces() throws {
    let code = try generate(
      """
      {"id": "d", "sections": [{"items": [
        {"key": "a-vpn", "type": "list", "title": "A", "titleField": "n",
         "fields": [{"key": "n", "type": "textField", "title": "N"}]},
        {"key": "a_vpn", "type": "list", "title": "B", "titleField": "name",
         "fields": [{"key": "name", "type": "textField", "title": "Name"},
                    {"key": "on", "type": "switch", "title": "On", "on": true},
                    {"key": "port", "type": "number", "title": "Port", "value": 80}]},
        {"key": "ports", "type": "list", "title": "Ports", "element": {"type": "number"}, "value": [1]}
      ]}]}
      """)
    #expect(
      code == """
        // Generated from doc.json by settings codegen typescript. Do not edit.
        // The store of document "d": the overrides, by full key; a key left out reads as its default.

        /** An element of A (a-vpn): a record. */
        export interface AVpnRecord {
          /** N. Default: ""; text */
          "n"?: string;
        }

        /** An element of B (a_vpn): a record. */
        export interface AVpnRecord2 {
          /** Name. Default: ""; text */
          "name"?: string;
          /** On. Default: true */
          "on"?: boolean;
          /** Port. Default: 80; a number (a whole number) */
          "port"?: number;
        }

        export interface SettingsStore {
          /** A. Default: []; a JSON array of records with fields n */
          "a-vpn"?: AVpnRecord[];
          /** B. Default: []; a JSON array of records with fields name, on, port */
          "a_vpn"?: AVpnRecord2[];
          /** Ports. Default: [1]; a list of a number (a whole number) */
          "ports"?: number[];
        }

        """)
  }

  /// A secure record list's default is counted, as the Swift keys' comment counts it
  /// (``SwiftKeysGeneratorTests``), never written out.
  @Test func aSecureRecordListsDefaultIsCountedAsInSwift() throws {
    let code = try generate(Self.secureList)
    #expect(
      code.split(separator: "\n").filter { $0.contains("Default:") } == [
        "  /** Name. Default: \"\"; text */",
        "  /** Password. Default: (secure); text */",
        "  /** Logins. Default: 2 elements; a JSON array of records with fields name, password */",
      ])
    #expect(!code.contains("hunter2"))
  }

  /// A list of records with a secure field, two records by default.
  static let secureList = """
    {"id": "d", "sections": [{"items": [
      {"key": "logins", "type": "list", "title": "Logins", "titleField": "name",
       "fields": [{"key": "name", "type": "textField", "title": "Name"},
                  {"key": "password", "type": "textField", "title": "Password", "secure": true}],
       "value": [{"name": "a", "password": "hunter2"}, {"name": "b", "password": "hunter3"}]}
    ]}]}
    """
}
