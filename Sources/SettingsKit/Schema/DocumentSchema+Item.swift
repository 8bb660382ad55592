extension SettingsSchema {
  /// An item: its fields, then the rules of its type (``typeRule(_:)``, one per cell type).
  static var item: JSONValue {
    let conditions = described(
      "Conditions by key: true or false for a switch, a choice value for an item with choices (for "
        + "multiple choice, a value that must be among those chosen), a number or {\"min\", \"max\"} for "
        + "a number or slider, a text or {\"notEmpty\": true} for a text field (settings validate checks "
        + "that the keys exist and the values fit).",
      [
        ("type", .string("object")),
        (
          "additionalProperties",
          .object([
            (
              "type",
              .array([.string("boolean"), .string("string"), .string("number"), .string("object")])
            ),
            (
              "properties",
              .object([
                ("min", .object([("type", .string("number"))])),
                ("max", .object([("type", .string("number"))])),
                ("notEmpty", .object([("const", .bool(true))])),
              ])
            ),
            ("additionalProperties", .bool(false)),
          ])
        ),
      ])
    return described(
      "A row. Keys are unique on their page (settings validate checks).",
      [
        ("type", .string("object")),
        ("required", .array([.string("type"), .string("title")])),
        (
          "properties",
          .object([
            (
              "key",
              described(
                "Names the item on the command line and in the store: ASCII letters, digits, '-', '_'.",
                [("type", .string("string")), ("pattern", namePattern)])
            ),
            (
              "type",
              described(
                "The cell type: "
                  + CellType.allCases.map { "\($0.rawValue) (\(typeSummary($0)))" }.joined(separator: ", ")
                  + ".",
                [("enum", .array(CellType.allCases.map { .string($0.rawValue) }))])
            ),
            ("title", localizedText("The row's title.")),
            ("subTitle", localizedText("A second line under the title.")),
            ("rightDetail", localizedText("The value on the right of a rightDetail row.")),
            (
              "on",
              described(
                "A switch's state as shipped: its default (absent means off).", [("type", .string("boolean"))]
              )
            ),
            (
              "imageName",
              described(
                "The icon: a known name (such as airplane or wifi) or an emoji.",
                [("type", .string("string"))])
            ),
            (
              "page",
              described(
                "A child page that the row opens; the item needs a key.",
                [
                  ("type", .string("object")), ("required", .array([.string("sections")])),
                  ("properties", .object([("sections", pageSections("The child page's sections."))])),
                  ("additionalProperties", .bool(false)),
                ])
            ),
            (
              "choices",
              described(
                "The values a rightDetail item can take; values and titles are unique (settings validate checks).",
                [
                  ("type", .string("array")), ("minItems", .integer(1)),
                  (
                    "items",
                    .object([
                      ("type", .string("object")),
                      ("required", .array([.string("value"), .string("title")])),
                      (
                        "properties",
                        .object([
                          ("value", described("The value stored.", [("type", .string("string"))])),
                          ("title", localizedText("The text shown.")),
                        ])
                      ),
                      ("additionalProperties", .bool(false)),
                    ])
                  ),
                ])
            ),
            (
              "value",
              described(
                "The default: a choice's value, a text field's text, a number's or slider's number, or a "
                  + "multiple choice item's array of choice values (settings validate checks which).",
                [
                  (
                    "type",
                    .array([.string("string"), .string("number"), .string("array")])
                  ),
                  ("items", .object([("type", .string("string"))])),
                ])
            ),
            ("enabledWhen", conditions),
            ("visibleWhen", conditions),
            (
              "renamedFrom",
              described(
                "Earlier keys of this item as full dot paths; a value stored under one reads as this "
                  + "item's and moves on the next write (settings validate checks they are not current keys).",
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
            ),
            ("deprecated", localizedText("Why the item is retired and what to use instead.")),
            (
              "description",
              localizedText("A longer help text, shown by describe and the screen, searched by find.")
            ),
            ("placeholder", localizedText("A text field's dimmed text while it is empty.")),
            (
              "maxLength",
              described(
                "A text field's longest text in user-perceived characters (grapheme clusters).",
                [("type", .string("integer")), ("minimum", .integer(1))])
            ),
            (
              "pattern",
              described(
                "A regular expression (Swift Regex syntax) the whole text of a text field must match.",
                [("type", .string("string"))])
            ),
            (
              "patternMessage",
              localizedText("What to show when a text field's text does not match the pattern.")
            ),
            (
              "secure",
              described(
                "Whether a text field is masked wherever it is shown.", [("type", .string("boolean"))])
            ),
            ("min", described("A number's or slider's least value.", [("type", .string("number"))])),
            ("max", described("A number's or slider's greatest value.", [("type", .string("number"))])),
            (
              "step",
              described(
                "A number's or slider's step (default 1): the value is min plus a whole number of steps.",
                [("type", .string("number")), ("exclusiveMinimum", .integer(0))])
            ),
            ("unit", localizedText("Text shown after a number, such as min.")),
            (
              "multiple",
              described(
                "Whether a choice item takes any subset of its choices; its value is then an array.",
                [("type", .string("boolean"))])
            ),
          ])
        ),
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

  /// What a cell type shows, for the descriptions.
  static func typeSummary(_ type: CellType) -> String {
    switch type {
    case .detailTitle: "title and subtitle, navigates"
    case .switch: "on/off"
    case .rightDetail: "a value on the right, navigates"
    case .textField: "a text value"
    case .number: "an exact decimal number"
    case .slider: "a number in a range, drawn as a bar"
    }
  }

  /// The fields a cell type requires or refuses, as `{"if": {type}, "then": …}`.
  static func typeRule(_ type: CellType) -> JSONValue {
    let then: JSONValue =
      switch type {
      case .switch:
        .object([
          ("required", .array([.string("key")])),
          ("allOf", .array([absent("rightDetail", "choices", "page")])),
        ])
      case .detailTitle: absent("rightDetail", "on", "choices")
      case .rightDetail: absent("on")
      case .textField:
        .object([
          ("required", .array([.string("key")])),
          ("allOf", .array([absent("rightDetail", "on", "choices", "page", "min", "max", "step", "unit")])),
        ])
      case .number, .slider:
        .object([
          (
            "required",
            .array(
              [.string("key"), .string("value")] + (type == .slider ? [.string("min"), .string("max")] : []))
          ),
          (
            "allOf",
            .array([
              absent(
                "rightDetail", "on", "choices", "page", "placeholder", "maxLength", "pattern",
                "patternMessage", "secure")
            ])
          ),
        ])
      }
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
