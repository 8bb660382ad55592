// libFuzzer target: the store reader (`StoreContents.parse` and `SettingsSnapshot`) on arbitrary
// bytes, against the embedded default document and one whose keys the fuzzer can hit; and the same
// bytes as a store's journal (`FileJournal.parse`, reconciled, trimmed, written back, numbered on).
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
]

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
  }
  return 0
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
