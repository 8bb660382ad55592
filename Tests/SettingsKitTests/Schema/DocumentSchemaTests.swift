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
  }

  @Test func aDocumentMayNameItsSchema() throws {
    let document = try DocumentLoader.decode(
      SourceText(name: "doc.json", bytes: Array(#"{"$schema": "s.json", "id": "x"}"#.utf8)))
    #expect(document.id == "x")
  }
}
