extension SettingsSchema {
  /// An item: its fields (``DocumentFields/item``), then the rules of its type (``typeRule(_:)``,
  /// one per cell type).
  static var item: JSONValue {
    described(
      "A row. Keys are unique on their page (settings validate checks).",
      [
        ("type", .string("object")),
        ("required", required(DocumentFields.item)),
        ("properties", properties(DocumentFields.item)),
        ("additionalProperties", .bool(false)),
        (
          "dependentRequired",
          .object([
            ("choices", .array([.string("key"), .string("value")])),
            ("multiple", .array([.string("choices")])),
            ("page", .array([.string("key")])),
            ("enabledWhen", .array([.string("key")])),
            ("visibleWhen", .array([.string("key")])),
            ("renamedFrom", .array([.string("key")])),
          ])
        ),
        ("dependentSchemas", .object([("choices", absent("rightDetail"))])),
        ("allOf", .array(CellType.allCases.map(typeRule))),
      ])
  }

  /// The names of the required fields among `fields`, as a schema's `required`.
  static func required(_ fields: [DocumentField]) -> JSONValue {
    .array(fields.filter(\.isRequired).map { .string($0.name) })
  }

  /// `fields` as a schema's `properties`, each by ``property(_:)``.
  static func properties(_ fields: [DocumentField]) -> JSONValue {
    .object(fields.map { ($0.name, property($0)) })
  }

  /// The schema of one field, from its kind and its summary.
  static func property(_ field: DocumentField) -> JSONValue {
    switch field.kind {
    case .version:
      described(
        field.summary, [("type", .string("integer")), ("const", .integer(SettingsDocument.currentVersion))])
    case .name(let allowingDots):
      described(
        field.summary, [("type", .string("string")), ("pattern", allowingDots ? idPattern : namePattern)])
    case .cellType:
      described(
        field.summary + ": "
          + CellType.allCases.map { "\($0.rawValue) (\(typeSummary($0)))" }.joined(separator: ", ") + ".",
        [("enum", .array(CellType.allCases.map { .string($0.rawValue) }))])
    case .string: described(field.summary, [("type", .string("string"))])
    case .text: localizedText(field.summary)
    case .boolean: described(field.summary, [("type", .string("boolean"))])
    case .wholeNumber(let minimum, let maximum):
      described(
        field.summary,
        [("type", .string("integer")), ("minimum", .integer(minimum))]
          + (maximum.map { [("maximum", JSONValue.integer($0))] } ?? []))
    case .number(let positive):
      described(
        field.summary,
        [("type", .string("number"))] + (positive ? [("exclusiveMinimum", JSONValue.integer(0))] : []))
    case .isTrue: .object([("const", .bool(true))])
    case .sections: sections(field.summary)
    case .items:
      described(
        field.summary, [("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/item"))]))])
    case .page:
      described(
        field.summary,
        [
          ("type", .string("object")), ("required", required(DocumentFields.page)),
          ("properties", .object(DocumentFields.page.map { ($0.name, pageSections($0.summary)) })),
          ("additionalProperties", .bool(false)),
        ])
    case .choices:
      described(
        field.summary,
        [
          ("type", .string("array")), ("minItems", .integer(1)),
          (
            "items",
            .object([
              ("type", .string("object")), ("required", required(DocumentFields.choice)),
              ("properties", properties(DocumentFields.choice)), ("additionalProperties", .bool(false)),
            ])
          ),
        ])
    case .value:
      described(
        field.summary,
        [
          ("type", .array([.string("string"), .string("number"), .string("array")])),
          (
            "items",
            .object([
              ("type", .array([.string("string"), .string("number"), .string("boolean"), .string("object")]))
            ])
          ),
        ])
    case .element:
      described(
        field.summary,
        [
          ("type", .string("object")), ("required", .array([.string("type")])),
          (
            "properties",
            .object(
              DocumentFields.item.filter { DocumentFields.listElement.contains($0.name) }.map {
                ($0.name, property($0))
              })
          ),
          ("additionalProperties", .bool(false)),
        ])
    case .recordFields:
      described(
        field.summary,
        [
          ("type", .string("array")), ("minItems", .integer(1)),
          (
            "items",
            .object([
              ("type", .string("object")),
              ("required", .array([.string("key"), .string("type"), .string("title")])),
              (
                "properties",
                .object(
                  DocumentFields.item.filter { DocumentFields.listRecordField.contains($0.name) }.map {
                    ($0.name, property($0))
                  })
              ),
              ("additionalProperties", .bool(false)),
            ])
          ),
        ])
    case .unique:
      described(field.summary, [("type", .array([.string("boolean"), .string("string")]))])
    case .conditions:
      described(
        field.summary,
        [
          ("type", .string("object")),
          (
            "additionalProperties",
            .object([
              (
                "type", .array([.string("boolean"), .string("string"), .string("number"), .string("object")])
              ),
              (
                "properties",
                .object(DocumentFields.condition.map { ($0.name, conditionProperty($0)) })
              ),
              ("additionalProperties", .bool(false)),
            ])
          ),
        ])
    case .keys:
      described(
        field.summary,
        [
          (
            "anyOf",
            .array([
              .object([("type", .string("string"))]),
              .object([
                ("type", .string("array")), ("minItems", .integer(1)),
                ("items", .object([("type", .string("string"))])),
              ]),
            ])
          )
        ])
    }
  }

  /// A field of a condition object, without a description (the conditions' own says it all).
  static func conditionProperty(_ field: DocumentField) -> JSONValue {
    guard case .object(let members) = property(field).kind else { return property(field) }
    return .object(members.filter { $0.name != "description" }.map { ($0.name, $0.value) })
  }

  /// What a cell type shows, for the descriptions.
  static func typeSummary(_ type: CellType) -> String {
    switch type {
    case .detailTitle: "title and subtitle, navigates"
    case .switch: "on/off"
    case .rightDetail: "a value on the right, navigates"
    case .textField: "a text value"
    case .number: "an exact decimal number"
    case .slider: "a number in a range, drawn as a bar"
    case .list: "a list of values or records that the user builds, navigates"
    }
  }

  /// The fields a cell type requires or refuses, as `{"if": {type}, "then": …}`: it refuses every
  /// field that ``DocumentFields`` gives only to other cell types.
  static func typeRule(_ type: CellType) -> JSONValue {
    let refused = DocumentFields.item.filter { field in
      guard case .only(let types) = field.applies else { return false }
      return !types.contains(type)
    }
    let required: [String] =
      switch type {
      case .detailTitle, .rightDetail: []
      case .switch, .textField: ["key"]
      case .list: ["key"]
      case .number: ["key", "value"]
      case .slider: ["key", "value", "min", "max"]
      }
    let then: JSONValue =
      required.isEmpty
      ? absent(refused.map(\.name))
      : .object([
        ("required", .array(required.map { .string($0) })),
        ("allOf", .array([absent(refused.map(\.name))])),
      ])
    return .object([
      (
        "if",
        .object([
          ("required", .array([.string("type")])),
          ("properties", .object([("type", .object([("const", .string(type.rawValue))]))])),
        ])
      ),
      ("then", then),
    ])
  }
}
