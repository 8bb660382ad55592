/// JSON Schemas (draft 2020-12) of the document format and of a document's store, for editors:
/// VS Code and others complete and check a file as it is typed from them.
///
/// A schema states only what a validator checks exactly as `settings` does; the rest (unique keys,
/// a default among the choices, conditions naming known keys) is left to `settings validate` and
/// said in the descriptions.
package enum SettingsSchema {
  /// The URI of the draft the schemas follow.
  package static let draft = "https://json-schema.org/draft/2020-12/schema"

  /// The schema of a settings document: every field with its type, allowed values and a
  /// description; unknown fields are refused, as the decoder refuses them.
  package static var document: JSONValue {
    .object([
      ("$schema", .string(draft)),
      ("title", .string("settings document")),
      (
        "description",
        .string(
          "A settings screen declared as one JSON document (settings validate checks what a schema cannot)."
        )
      ),
      ("type", .string("object")),
      ("required", required(DocumentFields.document)),
      (
        "properties",
        .object([("$schema", schemaMember)] + DocumentFields.document.map { ($0.name, property($0)) })
      ),
      ("additionalProperties", .bool(false)),
      ("$defs", .object([("section", section), ("item", item), ("localizedText", localizedTextDefinition)])),
    ])
  }

  /// `"$schema"`, accepted at the top level of documents and stores, and ignored.
  static var schemaMember: JSONValue {
    described(
      "The schema this file follows, for editors; settings ignores it.", [("type", .string("string"))])
  }

  /// `schema` with a description first.
  static func described(_ text: String, _ schema: [(String, JSONValue)]) -> JSONValue {
    .object([("description", .string(text))] + schema)
  }

  static func reference(_ name: String, _ text: String) -> JSONValue {
    .object([("description", .string(text)), ("$ref", .string("#/$defs/\(name)"))])
  }

  static func localizedText(_ text: String) -> JSONValue { reference("localizedText", text) }

  static func sections(_ text: String) -> JSONValue {
    described(text, [("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/section"))]))])
  }

  /// `"name": …` as a required-absent rule: `{"not": {"required": ["name"]}}`.
  /// A child page's sections: as the top page's, without `itemsFile` (read on the top page only).
  static func pageSections(_ text: String) -> JSONValue {
    let section = JSONValue.object([
      ("allOf", .array([.object([("$ref", .string("#/$defs/section"))]), absent("itemsFile")]))
    ])
    return described(text, [("type", .string("array")), ("items", section)])
  }

  static func absent(_ names: String...) -> JSONValue { absent(names) }

  /// `{"not": {"anyOf": [{"required": [name]}, …]}}`: none of `names` may be present.
  static func absent(_ names: [String]) -> JSONValue {
    .object([
      ("not", .object([("anyOf", .array(names.map { .object([("required", .array([.string($0)]))]) }))]))
    ])
  }

  static let namePattern = JSONValue.string("^[A-Za-z0-9_-]{1,128}$")

  /// The pattern of a document's id: a name that may hold dots, but not only dots.
  static let idPattern = JSONValue.string("^(?=[A-Za-z0-9._-]*[A-Za-z0-9_-])[A-Za-z0-9._-]{1,128}$")

  static var localizedTextDefinition: JSONValue {
    described(
      "Text: a string, or an object of strings by locale tag such as {\"ko\": \"켬\", \"en\": \"On\"}.",
      [
        (
          "anyOf",
          .array([
            .object([("type", .string("string"))]),
            .object([
              ("type", .string("object")), ("minProperties", .integer(1)),
              ("propertyNames", .object([("pattern", namePattern)])),
              ("additionalProperties", .object([("type", .string("string"))])),
            ]),
          ])
        )
      ])
  }

  static var section: JSONValue {
    described(
      "A section: a header, rows, a footer.",
      [
        ("type", .string("object")),
        ("properties", properties(DocumentFields.section)),
        ("additionalProperties", .bool(false)),
        (
          "dependentSchemas",
          .object([
            (
              "expanded",
              .object([
                ("required", .array([.string("collapsible")])),
                ("properties", .object([("collapsible", .object([("const", .bool(true))]))])),
              ])
            ),
            ("items", absent("itemsFile")),
          ])
        ),
      ])
  }
}
