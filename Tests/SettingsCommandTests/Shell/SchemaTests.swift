import Foundation
import TestSupport
import Testing

@testable import SettingsKit

/// `settings schema` and `settings schema --for-store`, checked by a real JSON Schema validator
/// (Python's jsonschema, draft 2020-12) against the examples, invalid documents and real stores.
@Suite(.serialized)
struct SchemaTests {
  /// Validates each instance file (a `.jsonl` file line by line, as items) against the schema and
  /// prints `ok` or `invalid` a line; the schema itself is checked against the metaschema first.
  static let validator = #"""
    import json, sys
    from jsonschema import Draft202012Validator
    schema = json.load(open(sys.argv[1]))
    Draft202012Validator.check_schema(schema)
    item = dict(schema, **{"$ref": "#/$defs/item"}) if "$defs" in schema else None
    for path in sys.argv[2:]:
        if path.endswith(".jsonl"):
            instances = [json.loads(line) for line in open(path) if line.strip()]
            validator = Draft202012Validator({"$defs": schema["$defs"], "$ref": "#/$defs/item"})
        else:
            instances = [json.load(open(path))]
            validator = Draft202012Validator(schema)
        errors = [error.message for instance in instances for error in validator.iter_errors(instance)]
        print("ok" if not errors else "invalid: " + errors[0])
    """#

  /// The validator's verdict on each file.
  func validate(_ files: [String], against schema: String, in directory: TemporaryDirectory) throws
    -> [String]
  {
    let python = try #require(ExternalTool.findJSONSchema(), "\(ExternalTool.missingJSONSchema)")
    let schemaPath = try directory.write("schema.json", schema)
    let script = try directory.write("validate.py", Self.validator)
    let outcome = try python.run([script, schemaPath] + files)
    #expect(outcome.status == 0, "\(outcome)")
    return outcome.stdout.split(separator: "\n").map(String.init)
  }

  /// JSON Schema's integer accepts 1.0 and 1e2; the descriptions say that validate does not.
  @Test func wholeNumberFieldsSayThatValidateRefusesFractionsAndExponents() throws {
    let schema = try runBinary(["schema"]).stdout
    #expect(
      schema.contains(
        #""description": "The format version; 1 (the default). A newer version is refused. Written 1: "#
          + #"settings validate also refuses 1.0 and 1e0, which a JSON Schema integer accepts.","#))
    #expect(
      schema.contains(
        #""description": "Show this many items, then a \"more\" row that loads the next page. A whole number "#
          + #"written with digits alone: settings validate also refuses 10.0 and 1e2, which a JSON Schema "#
          + #"integer accepts.","#))
  }

  @Test func everyExampleValidatesAgainstTheDocumentSchema() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let schema = try runBinary(["schema"])
    #expect(schema.status == 0)
    let examples = try FileManager.default.contentsOfDirectory(atPath: examplePath(""))
      .filter { $0.hasSuffix(".json") || $0.hasSuffix(".jsonl") }.sorted()
    #expect(examples.count == 5)
    let verdicts = try validate(examples.map(examplePath), against: schema.stdout, in: directory)
    #expect(verdicts == Array(repeating: "ok", count: examples.count), "\(examples)")
  }

  /// Documents that `settings validate` refuses, and the schema refuses too.
  static let invalidDocuments = [
    #"{"sections": []}"#,
    #"{"id": "x", "titel": "X"}"#,
    #"{"id": "x", "version": 2}"#,
    #"{"id": "..."}"#,
    #"{"id": "x", "sections": {}}"#,
    #"{"id": "x", "sections": [{"id": "a b"}]}"#,
    #"{"id": "x", "sections": [{"expanded": true}]}"#,
    #"{"id": "x", "sections": [{"items": [], "itemsFile": "a.jsonl"}]}"#,
    #"{"id": "x", "sections": [{"items": [{"type": "toggle", "title": "A"}]}]}"#,
    #"{"id": "x", "sections": [{"items": [{"type": "switch", "title": "A"}]}]}"#,
    #"{"id": "x", "sections": [{"items": [{"key": "a", "type": "switch"}]}]}"#,
    #"{"id": "x", "sections": [{"items": [{"key": "a b", "type": "switch", "title": "A"}]}]}"#,
    #"{"id": "x", "sections": [{"items": [{"key": "a", "type": "rightDetail", "title": "A", "on": true}]}]}"#,
    #"{"id": "x", "sections": [{"items": [{"key": "a", "type": "switch", "title": "A", "rightDetail": "B"}]}]}"#,
    #"{"id": "x", "sections": [{"items": [{"key": "a", "type": "rightDetail", "title": "A", "choices": [{"value": "b", "title": "B"}]}]}]}"#,
    #"{"id": "x", "sections": [{"items": [{"key": "a", "type": "rightDetail", "title": "A", "value": "b", "choices": []}]}]}"#,
    #"{"id": "x", "sections": [{"items": [{"type": "detailTitle", "title": "A", "page": {"sections": []}}]}]}"#,
    #"{"id": "x", "sections": [{"items": [{"key": "a", "type": "detailTitle", "title": {}}]}]}"#,
    #"{"id": "x", "sections": [{"items": [{"key": "n", "type": "number", "title": "N", "value": 1}, {"key": "a", "type": "switch", "title": "A", "enabledWhen": {"n": {"minimum": 1}}}]}]}"#,
    #"{"id": "x", "sections": [{"items": [{"key": "t", "type": "textField", "title": "T"}, {"key": "a", "type": "switch", "title": "A", "visibleWhen": {"t": {"notEmpty": false}}}]}]}"#,
    #"{"id": "x", "sections": [{"items": [{"key": "n", "type": "number", "title": "N", "value": 1}, {"key": "a", "type": "switch", "title": "A", "enabledWhen": {"n": [1]}}]}]}"#,
    #"{"id": "x", "sections": [{"items": [{"key": "sub", "type": "detailTitle", "title": "S", "page": {"sections": [{"itemsFile": "a.jsonl"}]}}]}]}"#,
    #"{"id": "x", "sections": [{"items": [{"key": "a", "type": "switch", "title": "A", "maxLength": 3}]}]}"#,
    #"{"id": "x", "sections": [{"items": [{"type": "detailTitle", "title": "A", "unit": "min"}]}]}"#,
    #"{"id": "x", "sections": [{"items": [{"key": "a", "type": "rightDetail", "title": "A", "secure": true}]}]}"#,
  ]

  @Test func invalidDocumentsFailTheSchemaAsTheyFailValidate() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var files: [String] = []
    for (index, text) in Self.invalidDocuments.enumerated() {
      let path = try directory.write("invalid-\(index).json", text)
      let validated = try runBinary(["validate", path])
      #expect(validated.status == 65, "settings validate accepts \(text)")
      files.append(path)
    }
    let verdicts = try validate(files, against: try runBinary(["schema"]).stdout, in: directory)
    #expect(verdicts.count == files.count)
    for (text, verdict) in zip(Self.invalidDocuments, verdicts) {
      #expect(verdict.hasPrefix("invalid: "), "the schema accepts \(text)")
    }
  }

  @Test func aDocumentNamingItsSchemaIsAccepted() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(
      "doc.json",
      #"{"$schema": "./settings.schema.json", "id": "x", "sections": [{"items": [{"key": "a", "type": "switch", "title": "A"}]}]}"#
    )
    #expect(try runBinary(["validate", path]).status == 0)
    #expect(try validate([path], against: try runBinary(["schema"]).stdout, in: directory) == ["ok"])
  }

  @Test func aStoreWrittenBySettingsValidatesAndABadValueDoesNot() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = examplePath("phone-settings.json")
    let store = directory.file("store.json")
    let set = try runBinary(
      [
        "-f", document, "--store", store, "set", "airplane=on", "voice=lte", "previews=never",
        "true-tone=off",
      ])
    #expect(set.status == 0, "\(set)")
    let schema = try runBinary(["-f", document, "schema", "--for-store"])
    #expect(schema.status == 0, "\(schema)")
    #expect(schema.stdout.contains(#""enum": ["#))
    let wrongType = try directory.write("wrong-type.json", #"{"airplane": "on"}"#)
    let notAChoice = try directory.write("not-a-choice.json", #"{"cellular.options.voice": "6g"}"#)
    let unknownKey = try directory.write("unknown.json", #"{"$schema": "x", "gone": 1}"#)
    let verdicts = try validate(
      [store, wrongType, notAChoice, unknownKey], against: schema.stdout, in: directory)
    #expect(verdicts.count == 4)
    #expect(verdicts.first == "ok")
    #expect(verdicts.dropFirst().first?.hasPrefix("invalid: ") == true)
    #expect(verdicts.dropFirst(2).first?.hasPrefix("invalid: ") == true)
    #expect(verdicts.last == "ok")
  }

  /// Every value type's store property: a value `set` accepts validates, one it refuses does not;
  /// `maxLength` and a fractional step are left to settings (code points, binary floating point).
  @Test func storesOfEveryValueTypeValidateAsSetJudgesThem() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let document = try directory.write(
      "doc.json",
      #"""
      {"id": "values", "sections": [{"items": [
        {"key": "name", "type": "textField", "title": "Name", "value": "Kim", "maxLength": 3},
        {"key": "server", "type": "textField", "title": "Server", "value": "", "pattern": "[a-z]+:[0-9]+"},
        {"key": "volume", "type": "number", "title": "Volume", "value": 40, "min": 0, "max": 100, "step": 5},
        {"key": "ratio", "type": "slider", "title": "Ratio", "value": 0, "min": 0, "max": 1, "step": 0.1},
        {"key": "big", "type": "number", "title": "Big", "value": 9007199254740993},
        {"key": "langs", "type": "rightDetail", "title": "Languages", "multiple": true, "value": [],
         "choices": [{"value": "en", "title": "English"}, {"value": "ko", "title": "한국어"}]}
      ]}]}
      """#)
    let store = directory.file("store.json")
    let set = try runBinary(
      [
        "-f", document, "--store", store, "set", "name=👨‍👩‍👧한국", "server=host:80", "volume=95", "ratio=0.3",
        "big=9007199254740995", "langs=ko,en",
      ])
    #expect(set.status == 0, "\(set)")
    let schema = try runBinary(["-f", document, "schema", "--for-store"])
    #expect(schema.stdout.contains(#""pattern": "^(?:[a-z]+:[0-9]+)$|^$""#))
    #expect(!schema.stdout.contains("maxLength"))
    let bad = try [
      #"{"volume": 150}"#, #"{"volume": 42}"#, #"{"server": "host:80x"}"#, #"{"langs": ["fr"]}"#,
      #"{"langs": ["en", "en"]}"#, #"{"ratio": "0.3"}"#, #"{"ratio": 2}"#,
    ].enumerated().map { try directory.write("bad-\($0.offset).json", $0.element) }
    // Empty text is accepted whatever the pattern (set server "" stores it; it is the default).
    #expect(try runBinary(["-f", document, "--store", store, "set", "server", ""]).status == 0)
    let good = try [store, directory.write("empty.json", #"{"server": ""}"#)]
    let verdicts = try validate(good + bad, against: schema.stdout, in: directory)
    #expect(verdicts.prefix(2) == ["ok", "ok"])
    #expect(verdicts.count == bad.count + 2)
    for (text, verdict) in zip(bad, verdicts.dropFirst(2)) {
      #expect(verdict.hasPrefix("invalid: "), "\(text)")
    }
  }

  @Test func theStoreSchemaOfASmallDocument() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(
      "doc.json",
      #"""
      {"id": "small", "sections": [{"items": [
        {"key": "wifi", "type": "switch", "title": "Wi-Fi", "on": true},
        {"key": "mode", "type": "rightDetail", "title": "Mode", "value": "a",
         "choices": [{"value": "a", "title": "Auto"}, {"value": "m", "title": "Manual"}]},
        {"key": "about", "type": "detailTitle", "title": "About"}
      ]}]}
      """#)
    let outcome = try runBinary(["-f", path, "schema", "--for-store"])
    #expect(
      outcome.stdout == """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "additionalProperties": true,
          "description": "The values changed from the defaults of the document small, by key; keys the document does not know are kept.",
          "properties": {
            "$schema": {
              "description": "The schema this file follows, for editors; settings ignores it.",
              "type": "string"
            },
            "mode": {
              "default": "a",
              "description": "Mode: one of a (Auto), m (Manual).",
              "enum": [
                "a",
                "m"
              ],
              "enumDescriptions": [
                "Auto",
                "Manual"
              ],
              "title": "Mode",
              "type": "string"
            },
            "wifi": {
              "default": true,
              "description": "Wi-Fi (a switch).",
              "title": "Wi-Fi",
              "type": "boolean"
            }
          },
          "title": "settings store of small",
          "type": "object"
        }

        """)
  }

  /// What an editor shows on hover and completion: the item's own description after the generated
  /// summary, a number's unit, and each choice's title beside its value (`enumDescriptions`, which
  /// VS Code reads and draft 2020-12 ignores, so `enum` still decides what is valid).
  @Test func theStoreSchemaCarriesDescriptionsChoiceTitlesAndUnits() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(
      "doc.json",
      #"""
      {"id": "hover", "sections": [{"items": [
        {"key": "wifi", "type": "switch", "title": "Wi-Fi", "description": "Joins known networks."},
        {"key": "lock", "type": "number", "title": "Auto-Lock", "value": 2, "min": 1, "max": 60, "unit": "min",
         "description": "Minutes of inactivity before the screen locks."},
        {"key": "mode", "type": "rightDetail", "title": "Mode", "value": "a", "description": "How it connects.",
         "choices": [{"value": "a", "title": "Auto"}, {"value": "m", "title": "Manual"}]},
        {"key": "langs", "type": "rightDetail", "title": "Languages", "multiple": true, "value": ["en"],
         "choices": [{"value": "en", "title": "English"}, {"value": "ko", "title": "한국어"}]},
        {"key": "name", "type": "textField", "title": "Name", "value": "", "description": "Seen by others."}
      ]}]}
      """#)
    let outcome = try runBinary(["-f", path, "schema", "--for-store"])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(
      outcome.stdout == """
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "additionalProperties": true,
          "description": "The values changed from the defaults of the document hover, by key; keys the document does not know are kept.",
          "properties": {
            "$schema": {
              "description": "The schema this file follows, for editors; settings ignores it.",
              "type": "string"
            },
            "langs": {
              "default": [
                "en"
              ],
              "description": "Languages: any of en (English), ko (한국어).",
              "items": {
                "enum": [
                  "en",
                  "ko"
                ],
                "enumDescriptions": [
                  "English",
                  "한국어"
                ],
                "type": "string"
              },
              "title": "Languages",
              "type": "array",
              "uniqueItems": true
            },
            "lock": {
              "default": 2,
              "description": "Auto-Lock: a number from 1 to 60 in steps of 1, in min. Minutes of inactivity before the screen locks.",
              "maximum": 60,
              "minimum": 1,
              "title": "Auto-Lock",
              "type": "integer"
            },
            "mode": {
              "default": "a",
              "description": "Mode: one of a (Auto), m (Manual). How it connects.",
              "enum": [
                "a",
                "m"
              ],
              "enumDescriptions": [
                "Auto",
                "Manual"
              ],
              "title": "Mode",
              "type": "string"
            },
            "name": {
              "default": "",
              "description": "Name (text). Seen by others.",
              "title": "Name",
              "type": "string"
            },
            "wifi": {
              "default": false,
              "description": "Wi-Fi (a switch). Joins known networks.",
              "title": "Wi-Fi",
              "type": "boolean"
            }
          },
          "title": "settings store of hover",
          "type": "object"
        }

        """)
    // The schema is valid 2020-12, and a store that settings set wrote validates against it.
    let store = directory.file("store.json")
    let set = try runBinary(
      ["-f", path, "--store", store, "set", "wifi=on", "lock=5", "mode=m", "langs=ko", "name=Kim"])
    #expect(set.status == 0, "\(set)")
    let notAChoice = try directory.write("not-a-choice.json", #"{"mode": "Manual"}"#)
    let verdicts = try validate([store, notAChoice], against: outcome.stdout, in: directory)
    #expect(verdicts.first == "ok")
    #expect(verdicts.last?.hasPrefix("invalid: ") == true)
  }

  /// Every example's store schema is a valid draft 2020-12 schema.
  @Test func everyExamplesStoreSchemaIsValid() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let examples = try FileManager.default.contentsOfDirectory(atPath: examplePath(""))
      .filter { $0.hasSuffix(".json") }.sorted()
    #expect(examples.count >= 3)
    for example in examples {
      let schema = try runBinary(["-f", examplePath(example), "schema", "--for-store"])
      #expect(schema.status == 0, "\(example): \(schema)")
      #expect(try validate([], against: schema.stdout, in: directory) == [], "\(example)")
    }
    // The phone example's auto-lock carries its description and unit, its choices their titles.
    let phone = try runBinary(["-f", examplePath("phone-settings.json"), "schema", "--for-store"]).stdout
    #expect(
      phone.contains(
        #""description": "Auto-Lock: a number from 1 to 60 in steps of 1, in min. "#
          + #"Minutes of inactivity before the screen locks.","#))
    #expect(phone.contains(#""title": "Auto-Lock","#))
    #expect(phone.contains(#""enumDescriptions": ["#))
  }
}

/// A store may name its schema in `"$schema"`: settings reads it without a warning and keeps it.
struct StoreSchemaMemberTests {
  @Test func aStoreKeepsItsSchemaMemberThroughSetAndResetAll() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try directory.write("store.json", #"{"$schema": "./store.schema.json", "airplane": true}"#)
    let list = runCLI(["list", "--modified", "--store", store])
    #expect(list.status == 0)
    #expect(list.stderr == "")
    #expect(list.stdout.hasPrefix("KEY"))
    #expect(runCLI(["set", "airplane", "off", "--store", store]).status == 0)
    #expect(
      try directory.read("store.json")
        == "{\n  \"$schema\": \"./store.schema.json\",\n  \"airplane\": false\n}\n")
    #expect(runCLI(["reset", "--all", "--store", store]).status == 0)
    #expect(try directory.read("store.json") == "{\n  \"$schema\": \"./store.schema.json\"\n}\n")
  }

}
