import Testing

@testable import SettingsKit

/// The document schema lists exactly the fields the decoder accepts, so neither drifts.
struct DocumentSchemaTests {
  func propertyNames(_ schema: JSONValue?) -> [String] {
    guard case .object(let members) = schema?[member: "properties"]?.kind else { return [] }
    return members.map(\.name)
  }

  @Test func everyFieldTheDecoderAcceptsIsInTheSchemaAndNoOther() {
    let schema = SettingsSchema.document
    let definitions = schema[member: "$defs"]
    #expect(propertyNames(schema) == ["$schema"] + DocumentDecoder.documentFields)
    #expect(propertyNames(definitions?[member: "section"]) == DocumentDecoder.sectionFields)
    #expect(propertyNames(definitions?[member: "item"]) == DocumentDecoder.itemFields)
    #expect(
      DocumentDecoder.itemFields == [
        "key", "type", "title", "subTitle", "rightDetail", "on", "imageName", "page", "choices", "value",
        "enabledWhen", "visibleWhen", "renamedFrom", "deprecated", "description", "placeholder", "maxLength",
        "pattern", "patternMessage", "secure", "min", "max", "step", "unit", "multiple", "element", "fields",
        "titleField", "subtitleField", "minCount", "maxCount", "unique",
      ])
  }

  /// The names the item's rules mention (`dependentRequired`, `dependentSchemas`, each type's
  /// `required` and refused fields) are fields of ``DocumentFields/item``.
  @Test func theItemRulesNameOnlyDeclaredFields() {
    let item = SettingsSchema.document[member: "$defs"]?[member: "item"]
    var named: Set<String> = []
    func collect(_ value: JSONValue?) {
      switch value?.kind {
      case .object(let members)?:
        for member in members {
          if member.name == "required" || member.name == "dependentRequired",
            case .array(let names) = member.value.kind
          {
            for case .string(let name) in names.map(\.kind) { named.insert(name) }
          }
          if member.name == "dependentRequired" || member.name == "dependentSchemas",
            case .object(let keys) = member.value.kind
          {
            named.formUnion(keys.map(\.name))
          }
          if member.name != "properties" { collect(member.value) }
        }
      case .array(let elements)?: elements.forEach(collect)
      default: break
      }
    }
    collect(item)
    // The 21 of the other types, and the seven fields only lists have.
    #expect(named.count == 28)
    #expect(named.isSubset(of: Set(DocumentDecoder.itemFields)), "\(named.sorted())")
  }

  @Test func aDocumentMayNameItsSchema() throws {
    let document = try DocumentLoader.decode(
      SourceText(name: "doc.json", bytes: Array(#"{"$schema": "s.json", "id": "x"}"#.utf8)))
    #expect(document.id == "x")
  }
}
