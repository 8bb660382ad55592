// libFuzzer target: the compiled document cache's reader (`DocumentCacheFile`) on damaged caches.
//
// Built by Scripts/fuzz.sh together with every file of Sources/SettingsKit as one module. A valid
// cache of a document with child pages (one with conditions, kept whole, and one kept as a page
// node, two deep), conditions (a range among them), choices and a secure text field is built
// once; an input whose first byte is 0 is read as a whole cache file, any other input as edits to
// the valid one (three bytes each: a position, low byte first, and the byte to put there; an odd
// first byte also cuts the file at the position the last two bytes give). The reader must never
// crash, and
// any document it gives must hold every key asked for; the unchanged cache must answer exactly
// as the full load does, and its page part must show the document the full load gives.

let cacheFuzzText = """
  {"id": "fuzz", "title": {"en": "Fuzz", "ko": "퍼즈"}, "sections": [
    {"id": "main", "header": "Main", "items": [
      {"key": "airplane", "type": "switch", "title": "Airplane"},
      {"key": "wifi", "type": "switch", "title": "Wi-Fi", "on": true, "enabledWhen": {"airplane": false}},
      {"key": "cellular", "type": "detailTitle", "title": "Cellular", "page": {"sections": [{"items": [
        {"key": "data", "type": "switch", "title": "Data", "on": true, "enabledWhen": {"airplane": false}},
        {"key": "roaming", "type": "switch", "title": "Roaming", "enabledWhen": {"data": true}}]}]}},
      {"key": "mode", "type": "rightDetail", "title": "Mode", "value": "a",
       "choices": [{"value": "a", "title": "A"}, {"value": "b", "title": "B"}]},
      {"key": "pw", "type": "textField", "title": "PW", "secure": true},
      {"key": "lock", "type": "number", "title": "Lock", "value": 0, "min": 0, "max": 60},
      {"key": "dim", "type": "switch", "title": "Dim", "enabledWhen": {"lock": {"min": 1, "max": 30}},
       "visibleWhen": {"mode": "b"}}]},
    {"footer": "Last", "items": [{"type": "detailTitle", "title": "About"},
      {"key": "display", "type": "detailTitle", "title": "Display", "page": {"sections": [{"header": "D", "items": [
        {"key": "dark", "type": "switch", "title": "Dark"},
        {"key": "more", "type": "detailTitle", "title": "More", "page": {"sections": [{"items": [
          {"key": "deep", "type": "switch", "title": "Deep", "on": true}]}]}}]}]}}]}]}
  """
let cacheFuzzSource = Array(cacheFuzzText.utf8)
let cacheFuzzDocument = try! DocumentLoader.decode(SourceText(name: "fuzz.json", bytes: cacheFuzzSource))
let cacheFuzzFingerprint = DocumentCacheFormat.fingerprint(buildTag: "fuzz")
let cacheFuzzValid = DocumentCacheFile.encode(
  document: cacheFuzzDocument, skeleton: DocumentSkeleton(cacheFuzzSource)!, bytes: cacheFuzzSource,
  itemsFiles: [:],
  sources: [(SystemPath("/fuzz.json"), [1, 2, 3, 4, 5, 1])], locales: [],
  fingerprint: cacheFuzzFingerprint)!
let cacheFuzzKeys = cacheFuzzDocument.keys + ["nope", "cellular.nope", "roaming"]
let cacheFuzzTexts = ["a", "Wi", "ro", "zz", "퍼즈"]

/// The target's entry point, which `FuzzerMain.swift` calls: runs one input; returns 0 (inputs
/// are never rejected).
public func cacheReaderFuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let input = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
  var cache = cacheFuzzValid
  if input.first == 0 {
    cache = Array(input.dropFirst())
  } else if let mode = input.first {
    var index = 1
    while index + 3 <= input.count {
      let position = (Int(input[index]) | Int(input[index + 1]) << 8) % max(cache.count, 1)
      if !cache.isEmpty { cache[position] = input[index + 2] }
      index += 3
    }
    if mode & 1 == 1, input.count >= 3 {
      cache = Array(cache.prefix(Int(input[input.count - 2]) | Int(input[input.count - 1]) << 8))
    }
  }
  let file = DocumentCacheFile(size: cache.count) { offset, count in
    guard offset >= 0, count >= 0, offset <= cache.count - count else { return nil }
    return Array(cache[offset..<offset + count])
  }
  guard let meta = file.meta(fingerprint: cacheFuzzFingerprint) else { return 0 }
  for key in cacheFuzzKeys {
    let document = file.document(keys: [key], meta: meta, locales: ["en"]) { index, offset, count in
      guard index == 0, offset >= 0, count >= 0, offset <= cacheFuzzSource.count - count else { return nil }
      return Array(cacheFuzzSource[offset..<offset + count])
    }
    guard let document else { continue }
    guard let located = document.locate(key) else { fatalError("a cached document without \(key)") }
    if cache == cacheFuzzValid, located != cacheFuzzDocument.locate(key) {
      fatalError("the valid cache answers \(key) unlike the full load")
    }
  }
  // The search index: a search of the document it gives finds what a search of the whole one finds.
  for text in cacheFuzzTexts {
    let document = file.searchDocument(matching: text, meta: meta, locales: ["en"]) { index, offset, count in
      guard index == 0, offset >= 0, count >= 0, offset <= cacheFuzzSource.count - count else { return nil }
      return Array(cacheFuzzSource[offset..<offset + count])
    }
    guard let document else { continue }
    let found = SettingsSearch.find(text, in: document).map(\.item)
    if cache == cacheFuzzValid, found != SettingsSearch.find(text, in: cacheFuzzDocument).map(\.item) {
      fatalError("the valid cache's index finds \(text) unlike the full load")
    }
  }
  // The page part: a screen opened from it shows the document a full load gives, or nothing.
  if let (document, compiled) = file.pagedDocument(meta: meta, bytes: cacheFuzzSource, locales: ["en"]) {
    // The keys and defaults read without decoding, then the rows.
    let snapshot = SettingsSnapshot(document: document)
    // A second reading of the same bytes is the same document, found so without decoding (and a
    // damaged item list compares without a crash).
    if let (again, _) = file.pagedDocument(meta: meta, bytes: cacheFuzzSource, locales: ["en"]) {
      if again != document { fatalError("two readings of one page part differ") }
      if cache == cacheFuzzValid, compiled.values.contains(where: \.isDecoded) {
        fatalError("two readings of the valid page part were compared by decoding them")
      }
    }
    var shown = document
    for (index, items) in compiled where shown.sections.indices.contains(index) {
      _ = items.keys
      _ = items.pageKeys
      shown.sections[index].items = items.items
    }
    if cache == cacheFuzzValid, shown != cacheFuzzDocument {
      fatalError("the valid cache's page part shows the document unlike the full load")
    }
    if cache == cacheFuzzValid, snapshot != SettingsSnapshot(document: cacheFuzzDocument) {
      fatalError("the valid cache's page part gives defaults unlike the full load")
    }
  }
  return 0
}
