// libFuzzer target: the document loader (`DocumentLoader.decode`) on arbitrary bytes.
//
// Built by Scripts/fuzz.sh together with every file of Sources/SettingsKit as one module, so
// internal declarations are visible without `@testable`. Any input must give a document or a
// `DocumentError`, never a crash; and every message it produces, escaped as a terminal edge escapes
// it (`TerminalText.escaped`, one problem at a time), must be one line safe for a terminal.

/// The target's entry point, which `FuzzerMain.swift` calls: runs one input; returns 0 (inputs
/// are never rejected).
public func documentLoaderFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  let source = SourceText(name: "fuzz\u{1B}[31m.json", bytes: bytes)
  do {
    let document = try DocumentLoader.decode(source)
    // The loader and validate() apply the same rules: what one accepts, the other must too.
    do {
      try document.validate()
    } catch {
      fatalError("a loaded document fails validate(): \(error)")
    }
    // Exercise what a loaded document feeds: the snapshot, the table, the renderer and --json.
    let snapshot = SettingsSnapshot(document: document)
    let table = try SettingsTable(document: document, snapshot: snapshot)
    let text = TextRenderer(width: 37).render(table)
    let json = JSONWriter().string(DocumentJSON.value(of: table, in: document))
    checkTerminalSafe(text, "render")
    checkTerminalSafe(json, "show --json")
    // What --json printed must parse back.
    _ = try JSONParser().parse(Array(json.utf8))
  } catch let error as DocumentError {
    // Messages are plain text (the file name's ESC included); the edge escapes each problem.
    for message in error.messages { checkTerminalSafe(TerminalText.escaped(message), "error message") }
    if error.messages.contains(where: { TerminalText.escaped($0).contains("\n") }) {
      fatalError("an escaped problem spans two lines")
    }
  } catch {
    fatalError("unexpected error type: \(error)")
  }
  return 0
}

/// Stops the run when `text` holds a scalar that could drive a terminal.
func checkTerminalSafe(_ text: String, _ what: String) {
  // The renderer's own bidi isolates around right-to-left fields are the one exception.
  let shown = TerminalText.removingFieldIsolates(text)
  if let scalar = shown.unicodeScalars.first(where: { $0 != "\n" && ControlCharacters.isEscaped($0) }) {
    fatalError("raw U+\(String(scalar.value, radix: 16, uppercase: true)) in \(what)")
  }
}
