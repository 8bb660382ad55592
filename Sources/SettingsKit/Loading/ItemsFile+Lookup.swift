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
      if index >= 0, let item = try decodedItems(in: index..<(index + 1)).first {
        found.append((index, item))
      }
    }
    guard !missing.isEmpty else { return found.sorted { $0.index < $1.index } }
    var lines: [String: Int] = [:]
    for key in missing { lines[key] = -1 }
    for (index, item) in try items(inLinesHolding: missing.map { Array($0.utf8) }) where !missing.isEmpty {
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
      if let item = try decodedItems(in: index..<(index + 1)).first { items.append((index, item)) }
    }
    return items
  }

  /// Whether `pattern` occurs in `text`.
  private static func occurs(_ pattern: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let first = pattern.first, pattern.count <= text.count else { return false }
    var start = 0
    while start <= text.count - pattern.count {
      if text[start] == first {
        var matched = 1
        while matched < pattern.count, text[start + matched] == pattern[matched] { matched += 1 }
        if matched == pattern.count { return true }
      }
      start += 1
    }
    return false
  }
}
