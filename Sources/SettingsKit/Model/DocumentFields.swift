/// One field of the settings document format, declared once (as the command line's options are in
/// `OptionDefinition`): its name, the JSON it takes, where it may appear and what it means.
///
/// From these come the decoder's known fields and its "did you mean" suggestions, the cell types
/// each value field is checked against (``ValueRules``), the properties of the JSON Schema
/// (``SettingsSchema``) and the cache's fingerprint; tests hold the `Codable` keys and the field
/// tables of docs/GUIDE.md to them.
struct DocumentField: Sendable {
  /// The JSON a field takes.
  enum Kind: Sendable, Equatable {
    /// The format version: a whole number, `1`.
    case version
    /// A name: ASCII letters, digits, `-`, `_` (with `allowingDots`, also `.`: the document's id).
    case name(allowingDots: Bool)
    /// One of the cell types' names.
    case cellType
    /// A string.
    case string
    /// Display text: a string, or an object of strings by locale tag.
    case text
    /// `true` or `false`.
    case boolean
    /// A whole number of at least `minimum` (and at most `maximum`, if any).
    case wholeNumber(minimum: Int, maximum: Int?)
    /// A number (an exact decimal); with `positive`, greater than 0.
    case number(positive: Bool)
    /// `true` only.
    case isTrue
    /// An array of sections.
    case sections
    /// An array of items.
    case items
    /// A child page: `{"sections": […]}` (``DocumentFields/page``).
    case page
    /// An array of choices (``DocumentFields/choice``).
    case choices
    /// An item's default: a string, a number or an array of strings, by the item's type.
    case value
    /// Conditions by key (``DocumentFields/condition``).
    case conditions
    /// A key or an array of keys.
    case keys
    /// A list's element: an item declaration without key or title (``DocumentFields/item``).
    case element
    /// A record list's fields: an array of item declarations with keys.
    case recordFields
    /// `true` (no two equal elements) or a record field's key (no two records share it).
    case unique

    /// The kind as the field tables of docs/GUIDE.md name it.
    var words: String {
      switch self {
      case .version: "whole number"
      case .name, .cellType, .string, .text: "string"
      case .boolean: "boolean"
      case .wholeNumber(let minimum, let maximum?): "whole number, \(minimum) to \(Self.spaced(maximum))"
      case .wholeNumber: "whole number"
      case .number: "number"
      case .isTrue: "true"
      case .sections, .items: "array"
      case .page: "`{\"sections\": […]}`"
      case .choices: "array of `{\"value\", \"title\"}`"
      case .value: "string, number or array"
      case .conditions:
        "`{\"KEY\": true | false | \"choice\" | \"text\" | 30 | {\"min\": 5, \"max\": 30} | {\"notEmpty\": true}}`"
      case .keys: "string or array of strings"
      case .element: "item without key and title"
      case .recordFields: "array of items"
      case .unique: "true or a field's key"
      }
    }

    /// `1000000` as `1 000 000`, as docs/GUIDE.md writes large numbers.
    static func spaced(_ number: Int) -> String {
      var digits = Array(String(number))
      var groups: [String] = []
      while digits.count > 3 {
        groups.insert(String(digits.suffix(3)), at: 0)
        digits.removeLast(3)
      }
      groups.insert(String(digits), at: 0)
      return groups.joined(separator: " ")
    }
  }

  /// Where a field's value is kept in the fields the decoder reads of an item (a ``CompiledRow``,
  /// from which a ``SettingItem`` is built when one is wanted): how to read it and how to write it.
  ///
  /// Closures, not key paths: the runtime builds a key path object the first time it is used,
  /// some 30 000 instructions for each of this table's, which every `get` paid at its start.
  enum Storage: Sendable {
    /// Text: a string (of kind ``Kind/string``) or display text (``Kind/text``).
    case text(get: @Sendable (CompiledRow) -> String?, set: @Sendable (inout CompiledRow, String?) -> Void)
    /// A flag.
    case boolean(get: @Sendable (CompiledRow) -> Bool?, set: @Sendable (inout CompiledRow, Bool?) -> Void)
    /// A whole number, within the bounds of ``Kind/wholeNumber(minimum:maximum:)``.
    case wholeNumber(get: @Sendable (CompiledRow) -> Int?, set: @Sendable (inout CompiledRow, Int?) -> Void)
    /// An exact decimal number.
    case number(
      get: @Sendable (CompiledRow) -> ExactDecimal?, set: @Sendable (inout CompiledRow, ExactDecimal?) -> Void
    )

    /// Whether `item` has the field.
    func isSet(in item: CompiledRow) -> Bool {
      switch self {
      case .text(let get, _): get(item) != nil
      case .boolean(let get, _): get(item) != nil
      case .wholeNumber(let get, _): get(item) != nil
      case .number(let get, _): get(item) != nil
      }
    }
  }

  /// Which items a field applies to.
  enum Applies: Sendable, Equatable {
    /// Any item (or any section, page, choice: the field is not an item's).
    case anywhere
    /// Only items of these cell types: the schema refuses it on the others, and so does the
    /// decoder, except `rightDetail` and `page` on text fields, numbers and sliders (which it
    /// accepts; `DocumentFieldsTests` pins the exceptions).
    case only([CellType])
    /// Only items with `choices`.
    case withChoices
  }

  /// The name in JSON.
  var name: String
  /// The JSON it takes.
  var kind: Kind
  /// Whether the object must have it.
  var isRequired = false
  /// The items it applies to.
  var applies = Applies.anywhere
  /// Whether it belongs to the value types (the "Values" table of docs/GUIDE.md; ``ValueRules``).
  var isValueField = false
  /// Where an item keeps it, for the fields the decoder reads by their kind alone (the value
  /// fields and `description`); nil for the others.
  var storage: Storage?
  /// One sentence or more, as the JSON Schema describes the field.
  var summary: String
}

/// Every field of the settings document format, by where it may appear, in the order the decoder,
/// the schema and docs/GUIDE.md list them.
enum DocumentFields {
  /// The top level of a document (`"$schema"` is accepted besides, and ignored).
  static let document: [DocumentField] = [
    DocumentField(
      name: "version", kind: .version,
      summary:
        "The format version; 1 (the default). A newer version is refused. Written 1: settings validate "
        + "also refuses 1.0 and 1e0, which a JSON Schema integer accepts."),
    DocumentField(
      name: "id", kind: .name(allowingDots: true), isRequired: true,
      summary:
        "Names the document and its store: ASCII letters, digits, '.', '-', '_' (not only dots, not ending in '.view')."
    ),
    DocumentField(name: "title", kind: .text, summary: "The screen's title; defaults to id."),
    DocumentField(name: "sections", kind: .sections, summary: "The sections of the top page, top to bottom."),
  ]

  /// A section, of the top page or of a child page.
  static let section: [DocumentField] = [
    DocumentField(
      name: "id", kind: .name(allowingDots: false),
      summary: "Names the section on the command line (settings expand ID): ASCII letters, digits, '-', '_'; "
        + "unique (settings validate checks)."),
    DocumentField(name: "header", kind: .text, summary: "The text above the rows."),
    DocumentField(name: "footer", kind: .text, summary: "The text below the rows."),
    DocumentField(name: "items", kind: .items, summary: "The rows."),
    DocumentField(
      name: "collapsible", kind: .boolean, summary: "The section's title row opens and closes it."),
    DocumentField(
      name: "expanded", kind: .boolean,
      summary:
        "A collapsible section's state as shipped; absent means closed. Only with \"collapsible\": true."),
    DocumentField(
      name: "pageSize", kind: .wholeNumber(minimum: 1, maximum: 1_000_000),
      summary: "Show this many items, then a \"more\" row that loads the next page. A whole number written "
        + "with digits alone: settings validate also refuses 10.0 and 1e2, which a JSON Schema "
        + "integer accepts."),
    DocumentField(
      name: "itemsFile", kind: .string,
      summary: "A JSON Lines file of items (one item object a line), relative to the document's folder, "
        + "instead of \"items\"; in a section of the top page only."),
  ]

  /// An item (a row).
  static let item: [DocumentField] = [
    DocumentField(
      name: "key", kind: .name(allowingDots: false),
      summary: "Names the item on the command line and in the store: ASCII letters, digits, '-', '_'."),
    DocumentField(name: "type", kind: .cellType, isRequired: true, summary: "The cell type"),
    DocumentField(name: "title", kind: .text, isRequired: true, summary: "The row's title."),
    DocumentField(name: "subTitle", kind: .text, summary: "A second line under the title."),
    DocumentField(
      name: "rightDetail", kind: .text, applies: .only([.rightDetail]),
      summary: "The value on the right of a rightDetail row."),
    DocumentField(
      name: "on", kind: .boolean, applies: .only([.switch]),
      summary: "A switch's state as shipped: its default (absent means off)."),
    DocumentField(
      name: "imageName", kind: .string,
      summary: "The icon: a known name (such as airplane or wifi) or an emoji."
    ),
    DocumentField(
      name: "page", kind: .page, applies: .only([.detailTitle, .rightDetail]),
      summary: "A child page that the row opens; the item needs a key."),
    DocumentField(
      name: "choices", kind: .choices, applies: .only([.rightDetail]),
      summary:
        "The values a rightDetail item can take; values and titles are unique (settings validate checks)."),
    DocumentField(
      name: "value", kind: .value, isValueField: true,
      summary: "The default: a choice's value, a text field's text, a number's or slider's number, a "
        + "multiple choice item's array of choice values, or a list's array of elements (settings "
        + "validate checks which)."),
    DocumentField(name: "enabledWhen", kind: .conditions, summary: conditionsSummary),
    DocumentField(name: "visibleWhen", kind: .conditions, summary: conditionsSummary),
    DocumentField(
      name: "renamedFrom", kind: .keys,
      summary: "Earlier keys of this item as full dot paths; a value stored under one reads as this "
        + "item's and moves on the next write (settings validate checks they are not current keys)."),
    DocumentField(
      name: "deprecated", kind: .text, summary: "Why the item is retired and what to use instead."),
    DocumentField(
      name: "description", kind: .text, storage: .text(get: { $0.description }, set: { $0.description = $1 }),
      summary: "A longer help text, shown by describe and the screen, searched by find."),
    valueField(
      "placeholder", .text, on: [.textField], .text(get: { $0.placeholder }, set: { $0.placeholder = $1 }),
      "A text field's dimmed text while it is empty."),
    valueField(
      "maxLength", .wholeNumber(minimum: 1, maximum: nil), on: [.textField],
      .wholeNumber(get: { $0.maxLength }, set: { $0.maxLength = $1 }),
      "A text field's longest text in user-perceived characters (grapheme clusters)."),
    valueField(
      "pattern", .string, on: [.textField], .text(get: { $0.pattern }, set: { $0.pattern = $1 }),
      "A regular expression (Swift Regex syntax) the whole text of a text field must match."),
    valueField(
      "patternMessage", .text, on: [.textField],
      .text(get: { $0.patternMessage }, set: { $0.patternMessage = $1 }),
      "What to show when a text field's text does not match the pattern."),
    valueField(
      "secure", .boolean, on: [.textField], .boolean(get: { $0.secure }, set: { $0.secure = $1 }),
      "Whether a text field is masked wherever it is shown."),
    valueField(
      "min", .number(positive: false), on: [.number, .slider], .number(get: { $0.min }, set: { $0.min = $1 }),
      "A number's or slider's least value."),
    valueField(
      "max", .number(positive: false), on: [.number, .slider], .number(get: { $0.max }, set: { $0.max = $1 }),
      "A number's or slider's greatest value."),
    valueField(
      "step", .number(positive: true), on: [.number, .slider],
      .number(get: { $0.step }, set: { $0.step = $1 }),
      "A number's or slider's step (default 1): the value is min plus a whole number of steps."),
    valueField(
      "unit", .text, on: [.number, .slider], .text(get: { $0.unit }, set: { $0.unit = $1 }),
      "Text shown after a number, such as min."),
    DocumentField(
      name: "multiple", kind: .boolean, applies: .withChoices, isValueField: true,
      storage: .boolean(get: { $0.multiple }, set: { $0.multiple = $1 }),
      summary: "Whether a choice item takes any subset of its choices; its value is then an array."),
    DocumentField(
      name: "element", kind: .element, applies: .only([.list]),
      summary: "A value list's element: a textField, number, slider or rightDetail with choices, "
        + "declared without key and title."),
    DocumentField(
      name: "fields", kind: .recordFields, applies: .only([.list]),
      summary: "A record list's fields: textField (secure or not), number, switch and rightDetail "
        + "with choices, each with a key unique in the record; instead of element."),
    DocumentField(
      name: "titleField", kind: .name(allowingDots: false), applies: .only([.list]),
      summary: "The key of the field whose value titles a record (a text field that is not secure); "
        + "required with fields."),
    DocumentField(
      name: "subtitleField", kind: .name(allowingDots: false), applies: .only([.list]),
      summary: "The key of the field shown under a record's title."),
    DocumentField(
      name: "minCount", kind: .wholeNumber(minimum: 0, maximum: nil), applies: .only([.list]),
      summary: "The fewest elements a list may hold."),
    DocumentField(
      name: "maxCount", kind: .wholeNumber(minimum: 1, maximum: nil), applies: .only([.list]),
      summary: "The most elements a list may hold; at least minCount."),
    DocumentField(
      name: "unique", kind: .unique, applies: .only([.list]),
      summary: "true: no two elements of a value list are equal; a field's key: no two records share "
        + "that field's value."),
  ]

  /// The item fields a list's `element` declaration may have (no key, title or default).
  static let listElement = [
    "type", "description", "placeholder", "maxLength", "pattern", "patternMessage", "min", "max", "step",
    "unit",
    "choices",
  ]

  /// The item fields a record list's field declaration may have.
  static let listRecordField = [
    "key", "type", "title", "description", "placeholder", "maxLength", "pattern", "patternMessage", "secure",
    "min", "max", "step", "unit", "choices", "value", "on", "renamedFrom",
  ]

  /// A choice of a choice item.
  static let choice: [DocumentField] = [
    DocumentField(name: "value", kind: .string, isRequired: true, summary: "The value stored."),
    DocumentField(name: "title", kind: .text, isRequired: true, summary: "The text shown."),
  ]

  /// A child page.
  static let page: [DocumentField] = [
    DocumentField(name: "sections", kind: .sections, isRequired: true, summary: "The child page's sections.")
  ]

  /// A condition written as an object: a range or `notEmpty` (``SettingCondition``).
  static let condition: [DocumentField] = [
    DocumentField(name: "min", kind: .number(positive: false), summary: "The least value (inclusive)."),
    DocumentField(name: "max", kind: .number(positive: false), summary: "The greatest value (inclusive)."),
    DocumentField(name: "notEmpty", kind: .isTrue, summary: "A text field's value is not empty."),
  ]

  /// What `enabledWhen` and `visibleWhen` take, for the schema.
  static let conditionsSummary =
    "Conditions by key: true or false for a switch, a choice value for an item with choices (for "
    + "multiple choice, a value that must be among those chosen), a number or {\"min\", \"max\"} for "
    + "a number or slider, a text or {\"notEmpty\": true} for a text field (settings validate checks "
    + "that the keys exist and the values fit)."

  /// The names of `fields`, in order.
  static func names(_ fields: [DocumentField]) -> [String] { fields.map(\.name) }

  /// The field of `fields` named `name`.
  static func named(_ name: String, in fields: [DocumentField]) -> DocumentField? {
    fields.first { $0.name == name }
  }

  /// The fields of the value types that apply only to some cell types, each with those types: the
  /// rule ``ValueRules/fieldProblems(of:)`` checks for every one alike.
  static let valueFieldTypes: [(field: DocumentField, types: [CellType])] = item.compactMap { field in
    guard field.isValueField, field.storage != nil, case .only(let types) = field.applies else { return nil }
    return (field, types)
  }

  /// The item fields the decoder reads by their kind alone, into their ``DocumentField/storage``,
  /// in the table's order.
  static let storedItemFields = item.filter { $0.storage != nil }

  private static func valueField(
    _ name: String, _ kind: DocumentField.Kind, on types: [CellType], _ storage: DocumentField.Storage,
    _ summary: String
  ) -> DocumentField {
    DocumentField(
      name: name, kind: kind, applies: .only(types), isValueField: true, storage: storage, summary: summary)
  }
}
