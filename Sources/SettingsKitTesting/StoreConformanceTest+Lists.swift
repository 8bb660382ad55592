import SettingsKit
import Testing

// The checks of lists, shared by the store kit and the journal kit: a document that declares a
// list of values and a list of records, and what each kit does with them.

/// A list of addresses (default one) and a list of hosts, records with a name, a port and a secure
/// token; the journal kit's document's keys are not in it.
package let listTestDocument = """
  {
    "id": "lists",
    "sections": [
      {
        "items": [
          { "key": "dns", "type": "list", "title": "DNS", "element": { "type": "textField" },
            "unique": true, "value": ["1.1.1.1"] },
          { "key": "hosts", "type": "list", "title": "Hosts", "titleField": "name", "unique": "name",
            "fields": [
              { "key": "name", "type": "textField", "title": "Name" },
              { "key": "port", "type": "number", "title": "Port", "value": 80 },
              { "key": "token", "type": "textField", "title": "Token", "secure": true }
            ] }
        ]
      }
    ]
  }
  """

/// A host record of ``listTestDocument``.
package func hostRecord(_ name: String, _ port: Int, token: String = "") -> SettingValue {
  .record(["name": .string(name), "port": .number(ExactDecimal(port)), "token": .string(token)])
}

extension StoreConformanceTest {
  func checkListsAreStoredReadBackUpdatedAndWatched(_ store: any SettingsStore) async throws {
    let document = try DocumentLoader.decode(
      SourceText(name: "lists.json", bytes: Array(listTestDocument.utf8)))
    let settings = Settings(document: document, store: store)
    let start = try store.read()
    let recorder = ChangeRecorder(store.changes(after: start.revision))
    defer { recorder.stop() }
    try settings.edit("dns", .add(.string("9.9.9.9"), at: nil))
    try settings.set("hosts", to: .list([hostRecord("a", 80), hostRecord("b", 81, token: "s3cret")]))
    expectEqual(
      lines(try store.read().values),
      [
        "dns": #"["1.1.1.1","9.9.9.9"]"#,
        "hosts": #"[{"name":"a","port":80,"token":""},{"name":"b","port":81,"token":"s3cret"}]"#,
      ], "the lists stored")
    try settings.edit("hosts", .setField("port", of: 2, to: .number(ExactDecimal(8080))))
    try settings.edit("dns", .move(from: 2, to: 1))
    try settings.edit("hosts", .add(hostRecord("c", 1), at: 1))
    let final = try store.read()
    expectEqual(
      lines(final.values),
      [
        "dns": #"["9.9.9.9","1.1.1.1"]"#,
        "hosts": #"[{"name":"c","port":1,"token":""},{"name":"a","port":80,"token":""},"#
          + #"{"name":"b","port":8080,"token":"s3cret"}]"#,
      ], "the lists updated")
    // Read back by another reader of the store, as values of the document.
    let reader = Settings(document: document, store: store)
    expectEqual(
      try reader.value(of: "dns"), .list([.string("9.9.9.9"), .string("1.1.1.1")]), "the list read back")
    expectEqual(
      try reader.value(of: "hosts"),
      .list([hostRecord("c", 1), hostRecord("a", 80), hostRecord("b", 8080, token: "s3cret")]),
      "the record list read back")
    let events = await recorder.wait { texts(Folded($0, from: start.values).values) == texts(final.values) }
    let folded = Folded(events, from: start.values)
    expectEqual(texts(folded.values), texts(final.values), "the lists the changes reported")
    expectEqual(folded.repeated, [], "the keys reported without a difference")
    if configuration.reportsEveryUpdate { expectEqual(events.count, 5, "the changes reported") }
    _ = try settings.reset(["dns"])
    expectEqual(texts(try store.read().values).keys.sorted(), ["hosts"], "the keys after a reset")
    expectEqual(try reader.value(of: "dns"), .list([.string("1.1.1.1")]), "a list reset")
  }
}

/// Each value as one line of JSON text, for values that `texts(_:)` would spread over lines.
func lines(_ values: [String: JSONValue]) -> [String: String] {
  values.mapValues { String(JSONWriter().line($0).dropLast()) }
}
