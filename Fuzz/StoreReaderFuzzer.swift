// libFuzzer target: the store reader (`StoreContents.parse` and `SettingsSnapshot`) on arbitrary
// bytes, against the embedded default document, one whose keys the fuzzer can hit, and one that
// declares lists (of values, of choices, of records with a secure field), whose stored elements
// every list operation is then applied to; and the same bytes as a store's journal
// (`FileJournal.parse`, reconciled, trimmed, written back, numbered on).
//
// Built by Scripts/fuzz.sh together with every file of Sources/SettingsKit as one module.

let storeFuzzDocuments: [SettingsDocument] = [
  .embeddedDefault,
  SettingsDocument(
    id: "fuzz", title: "Fuzz",
    sections: [
      SettingSection(items: [
        SettingItem(key: "a", type: .switch, title: "A"),
        SettingItem(key: "b", type: .rightDetail, title: "B", rightDetail: "x"),
        SettingItem(key: "c", type: .detailTitle, title: "C"),
      ])
    ]),
  storeFuzzListDocument,
]

/// Lists the fuzzer's short keys hit: `l` of text (unique, at most 3), `n` of numbers, `c` of
/// choices (at least one), `r` of records (a unique title, a number, a switch, a secure field).
let storeFuzzListDocument: SettingsDocument = {
  let text = #"""
    {"id": "lists", "sections": [{"items": [
      {"key": "l", "type": "list", "title": "L", "element": {"type": "textField", "pattern": "[a-z0-9.]*"},
       "unique": true, "maxCount": 3, "value": ["a"]},
      {"key": "n", "type": "list", "title": "N", "element": {"type": "number", "min": 0, "max": 9}},
      {"key": "c", "type": "list", "title": "C", "minCount": 1, "unique": true, "value": ["x"],
       "element": {"type": "rightDetail", "choices": [{"value": "x", "title": "X"}, {"value": "y", "title": "Y"}]}},
      {"key": "r", "type": "list", "title": "R", "titleField": "a", "subtitleField": "b", "unique": "a",
       "fields": [{"key": "a", "type": "textField", "title": "A"},
                  {"key": "b", "type": "number", "title": "B", "value": 1},
                  {"key": "s", "type": "switch", "title": "S"},
                  {"key": "p", "type": "textField", "title": "P", "secure": true}]}
    ]}]}
    """#
  do {
    return try DocumentLoader.decode(SourceText(name: "lists.json", bytes: Array(text.utf8)))
  } catch {
    fatalError("the fuzzer's list document: \(error)")
  }
}()

/// The target's entry point, which `FuzzerMain.swift` calls: runs one input; returns 0 (inputs
/// are never rejected).
public func storeReaderFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  journalReaderFuzz(bytes)
  let source = SourceText(name: "store\u{9B}.json", bytes: bytes)
  let contents: StoreContents
  do {
    contents = try StoreContents.parse(source)
  } catch {
    storeCheckTerminalSafe(TerminalText.escaped(error.message), "store error")
    return 0
  }
  // Written back, the store must parse to the same values.
  let text = contents.text
  storeCheckTerminalSafe(text, "store text")
  guard let reparsed = try? StoreContents.parse(SourceText(name: "again", bytes: Array(text.utf8))),
    reparsed.values.mapValues(withoutOffsets) == contents.values.mapValues(withoutOffsets)
  else { fatalError("store text does not round-trip:\n\(text)") }
  for document in storeFuzzDocuments {
    // A stored value an item does not accept never fails the snapshot; it is reported.
    let snapshot = SettingsSnapshot(document: document, contents: contents, storeName: source.name)
    let rendered = TextRenderer(width: 41).render(document, snapshot: snapshot)
    storeCheckTerminalSafe(rendered, "render")
    for problem in snapshot.problems {
      storeCheckTerminalSafe(TerminalText.escaped(problem.message), "stored value problem")
    }
    listOperationsFuzz(document, snapshot)
  }
  return 0
}

/// Every list operation on each list's value as read: each either is refused with a problem or
/// gives a list its rules accept, whose text is terminal-safe.
func listOperationsFuzz(_ document: SettingsDocument, _ snapshot: SettingsSnapshot) {
  for located in document.allItems {
    let item = located.item
    guard item.type == .list, let list = item.list,
      case .list(let elements)? = snapshot.value(of: item).value
    else { continue }
    let first = elements.first ?? .string("")
    var operations: [ListOperation] = [
      .add(first, at: nil), .add(first, at: 1), .add(.string("z"), at: elements.count + 1),
      .remove(at: 1), .remove(at: elements.count), .remove(at: 0), .removeValue(first),
      .removeValue(.string("a")), .move(from: 1, to: elements.count), .move(from: elements.count, to: 1),
      .move(from: 0, to: Int.max),
    ]
    for field in list.fields ?? [] {
      guard let key = field.key else { continue }
      operations += [
        .setField(key, of: 1, to: .string("a")),
        .setField(key, of: elements.count, to: .number(ExactDecimal(2))),
        .setField(key, of: 1, to: .bool(true)),
      ]
    }
    for operation in operations {
      storeCheckTerminalSafe(TerminalText.escaped(operation.givenText(in: list)), "operation text")
      do throws(ValueProblem) {
        let changed = try operation.apply(to: elements, in: list)
        if let problem = ValueRules.listProblem(changed, in: list) {
          fatalError("\(operation) gave a list its rules refuse: \(problem)")
        }
        for element in changed {
          storeCheckTerminalSafe(
            TerminalText.escaped(ValueRules.elementText(element, in: list, style: ValueStyle())), "element")
        }
      } catch {
        storeCheckTerminalSafe(TerminalText.escaped(error.message), "operation problem")
      }
    }
  }
}

/// The value with every offset zeroed and object members sorted as the writer sorts them, to
/// compare values read from different texts.
func withoutOffsets(_ value: JSONValue) -> JSONValue {
  switch value.kind {
  case .array(let elements): return JSONValue(.array(elements.map(withoutOffsets)))
  case .object(let members):
    return JSONValue(
      .object(
        members.sorted { $0.name.unicodeScalars.lexicographicallyPrecedes($1.name.unicodeScalars) }.map {
          JSONValue.Member(name: $0.name, nameOffset: 0, value: withoutOffsets($0.value))
        }))
  default: return JSONValue(value.kind)
  }
}

func storeCheckTerminalSafe(_ text: String, _ what: String) {
  // The renderer's own bidi isolates around right-to-left fields are the one exception.
  let shown = TerminalText.removingFieldIsolates(text)
  if let scalar = shown.unicodeScalars.first(where: { $0 != "\n" && ControlCharacters.isEscaped($0) }) {
    fatalError("raw U+\(String(scalar.value, radix: 16, uppercase: true)) in \(what)")
  }
}

/// The bytes as a journal file: whatever its records hold (numbers, times, shapes), reading,
/// reconciling with a store, trimming, writing back and numbering the next entry never trap, and a
/// journal written back reads back with the same entries.
func journalReaderFuzz(_ bytes: [UInt8]) {
  let (journal, _) = FileJournal.parse(bytes)
  for entry in journal.entries {
    precondition((1...JournalEntry.maximumSequence).contains(entry.sequence), "entry number out of range")
    storeCheckTerminalSafe(entry.time.shortDescription, "entry time")
  }
  precondition(journal.nextSequence <= JournalEntry.maximumSequence + 1, "next entry number out of range")
  let store = ["airplane": JSONValue.bool(true), "pin": .string("1234")]
  let reconciled = journal.reconciled(
    withStore: store, digest: FileJournal.digest(Array("{}".utf8)), time: JournalTime(nanoseconds: 0),
    secureKeys: ["pin"], dropsUnlandedEntry: true)
  let trimmed = reconciled.journal.trimmed(limit: 3)
  _ = trimmed.state(at: JournalTime(nanoseconds: 0))
  _ = FileJournal.tail(bytes)
  let written = FileJournal.text(trimmed, secureKeys: ["pin"])
  let reread = FileJournal.parse(written)
  // Numbers may skip where a record was lost and the digests still chain: the entries read back
  // are the ones written all the same.
  guard reread.journal.entries == trimmed.entries else {
    fatalError("a journal written back does not read back:\n\(String(decoding: written, as: UTF8.self))")
  }
}
