extension ItemsFile {
  /// The items whose own keys are among `keys`, with their indexes (the non-blank lines' order),
  /// in file order: the first item of each key. Only the lines that can hold one of the keys are
  /// decoded, so finding one item of a 1 000 000-line file costs a scan of its bytes, not a decode
  /// of every line; the line of a key found (or not) is remembered, so that asking again decodes
  /// that line alone.
  ///
  /// - Throws: ``DocumentError/invalid(file:issues:)`` when a line that can hold a key is not JSON
  ///   or not a valid item.
  package func items(forKeys keys: Set<String>) throws(DocumentError) -> [(index: Int, item: SettingItem)] {
    let known = memo.lines.withLock { lines in keys.compactMap { key in lines[key].map { (key, $0) } } }
    var missing = keys.filter { !$0.isEmpty }
    var found: [(index: Int, item: SettingItem)] = []
    for (key, index) in known {
      missing.remove(key)
      if index >= 0, let item = try firstUse(ofLine: index) {
        found.append((index, item))
      }
    }
    guard !missing.isEmpty else { return found.sorted { $0.index < $1.index } }
    var lines: [String: Int] = [:]
    for key in missing { lines[key] = -1 }
    // A few keys are looked for by their bytes; many, by the keys each line names.
    let candidates =
      missing.count <= Self.searchedKeys
      ? try items(inLinesHolding: missing.map { Array($0.utf8) }) : try items(namingAnyOf: missing)
    for (index, item) in candidates where !missing.isEmpty {
      guard let key = item.key, missing.remove(key) != nil else { continue }
      found.append((index, item))
      lines[key] = index
    }
    memo.lines.withLock { kept in
      if kept.count + lines.count > Memo.keptLines { kept = [:] }
      kept.merge(lines) { $1 }
    }
    return found.sorted { $0.index < $1.index }
  }

  /// The items that have an `enabledWhen` or `visibleWhen` condition (on themselves or on a row of
  /// their own pages), with their indexes, in file order; only the lines that name one are decoded.
  ///
  /// - Throws: ``DocumentError/invalid(file:issues:)`` when such a line is not a valid item.
  package func itemsWithConditions() throws(DocumentError) -> [(index: Int, item: SettingItem)] {
    try items(inLinesHolding: [Array("enabledWhen".utf8), Array("visibleWhen".utf8)])
  }

  /// The item of line `index`, decoded alone: a line found by its key is the first of that key
  /// (``items(forKeys:)`` takes the first line of each), so earlier lines are not read for it.
  private func firstUse(ofLine index: Int) throws(DocumentError) -> SettingItem? {
    var decoder = lineDecoder()
    return try decodedItems(in: index..<(index + 1), decoder: &decoder).first
  }

  /// How many keys ``items(forKeys:)`` looks for by their bytes; more are looked for by the keys
  /// each line names (``items(namingAnyOf:)``), whose cost does not grow with their number.
  static let searchedKeys = 8

  /// The items of the lines that name one of `keys` as a `"key"` member (on the item or a row of
  /// its pages), or that have a `\` (a line that may name one with an escape), with their indexes,
  /// in file order.
  func items(namingAnyOf keys: Set<String>) throws(DocumentError) -> [(index: Int, item: SettingItem)] {
    let member = Array(#""key""#.utf8)
    var candidates: [Int] = []
    bytes.withUnsafeBufferPointer { buffer in
      for (index, line) in lines.enumerated() {
        let text = UnsafeBufferPointer(rebasing: buffer[line.range])
        if text.contains(UInt8(ascii: "\\")) {
          candidates.append(index)
          continue
        }
        var start = 0
        while let found = Self.offset(of: member, in: text, from: start) {
          start = found + member.count
          guard let value = Self.stringMember(in: text, after: start) else { continue }
          if keys.contains(String(decoding: UnsafeBufferPointer(rebasing: text[value]), as: UTF8.self)) {
            candidates.append(index)
            break
          }
        }
      }
    }
    var items: [(index: Int, item: SettingItem)] = []
    for index in candidates {
      if let item = try firstUse(ofLine: index) { items.append((index, item)) }
    }
    return items
  }

  /// The range of the string that follows `start` as a member's value (`: "…"`, with any spaces),
  /// without its quotes; nil when no string follows a colon there.
  private static func stringMember(in text: UnsafeBufferPointer<UInt8>, after start: Int) -> Range<Int>? {
    var index = start
    func skipSpaces() {
      while index < text.count, [0x20, 0x09, 0x0D].contains(text[index]) { index += 1 }
    }
    skipSpaces()
    guard index < text.count, text[index] == UInt8(ascii: ":") else { return nil }
    index += 1
    skipSpaces()
    guard index < text.count, text[index] == UInt8(ascii: "\"") else { return nil }
    let first = index + 1
    guard let end = text[first...].firstIndex(of: UInt8(ascii: "\"")) else { return nil }
    return first..<end
  }

  /// The items of the lines that have one of `patterns`' bytes, or a `\` (a line that names one
  /// of them with an escape), with their indexes, in file order.
  func items(inLinesHolding patterns: [[UInt8]]) throws(DocumentError) -> [(index: Int, item: SettingItem)] {
    var candidates: [Int] = []
    bytes.withUnsafeBufferPointer { buffer in
      for (index, line) in lines.enumerated() {
        let text = UnsafeBufferPointer(rebasing: buffer[line.range])
        if text.contains(UInt8(ascii: "\\")) || patterns.contains(where: { Self.occurs($0, in: text) }) {
          candidates.append(index)
        }
      }
    }
    var items: [(index: Int, item: SettingItem)] = []
    for index in candidates {
      if let item = try firstUse(ofLine: index) { items.append((index, item)) }
    }
    return items
  }

  /// Whether `pattern` occurs in `text`.
  private static func occurs(_ pattern: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Bool {
    offset(of: pattern, in: text, from: 0) != nil
  }

  /// Where `pattern` first occurs in `text` at or after `start`.
  private static func offset(of pattern: [UInt8], in text: UnsafeBufferPointer<UInt8>, from start: Int)
    -> Int?
  {
    guard let first = pattern.first, pattern.count <= text.count else { return nil }
    var start = start
    while start <= text.count - pattern.count {
      if text[start] == first {
        var matched = 1
        while matched < pattern.count, text[start + matched] == pattern[matched] { matched += 1 }
        if matched == pattern.count { return start }
      }
      start += 1
    }
    return nil
  }
}
