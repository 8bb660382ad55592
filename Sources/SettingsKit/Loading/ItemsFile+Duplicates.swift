extension ItemsFile {
  /// The earlier lines (before `range`) whose items have the key of an item in `range`: the first
  /// line of each such key, in file order. Each line's key is read from its bytes (its top-level
  /// `"key"` member), once per opened file; a line with an escape is decoded to read it.
  /// A line found here may still differ by key (two keys of one hash): decoding it tells.
  func earlierLines(sharingKeysWith range: Range<Int>) -> [Int] {
    memo.firstLines.withLock { firstLines in
      let index = firstLines ?? keyLines()
      firstLines = index
      var earlier: Set<Int> = []
      for line in range {
        guard let hash = keyHash(ofLine: line), let first = index[hash], Int(first) < range.lowerBound else {
          continue
        }
        earlier.insert(Int(first))
      }
      return earlier.sorted()
    }
  }

  /// The first line of each key's hash.
  private func keyLines() -> [Int: Int32] {
    var index: [Int: Int32] = [:]
    index.reserveCapacity(lines.count)
    for line in lines.indices {
      guard let hash = keyHash(ofLine: line) else { continue }
      if index[hash] == nil { index[hash] = Int32(truncatingIfNeeded: line) }
    }
    return index
  }

  /// The hash of the key of line `line`'s item; nil when it has none that can be read.
  private func keyHash(ofLine line: Int) -> Int? {
    let range = lines[line].range
    let found: Range<Int>?? = bytes.withUnsafeBufferPointer { buffer in
      let text = UnsafeBufferPointer(rebasing: buffer[range])
      // A line with an escape may spell its key, or the name "key", with one: it is decoded.
      return text.contains(UInt8(ascii: "\\")) ? .some(nil) : Self.topLevelKey(in: text)
    }
    var hasher = Hasher()
    switch found {
    case .none: return nil
    case .some(.none):
      var decoder = lineDecoder()
      guard let key = (try? decodedItems(in: line..<line + 1, decoder: &decoder))?.first?.key else {
        return nil
      }
      hasher.combine(key)
    case .some(.some(let key)):
      hasher.combine(
        String(
          decoding: bytes[(range.lowerBound + key.lowerBound)..<(range.lowerBound + key.upperBound)],
          as: UTF8.self))
    }
    return hasher.finalize()
  }

  /// Where the string value of the top-level object's `"key"` member stands in `text` (without its
  /// quotes), for a line without escapes; nil when there is none (or `text` is not an object).
  static func topLevelKey(in text: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
    var depth = 0
    var index = 0
    // The last string read at depth 1, waiting for a colon to be known as a member's name.
    var lastString: Range<Int>?
    var keyNamed = false
    while index < text.count {
      let byte = text[index]
      switch byte {
      case UInt8(ascii: "\""):
        let start = index + 1
        index = start
        while index < text.count, text[index] != UInt8(ascii: "\"") { index += 1 }
        guard index < text.count else { return nil }
        if depth == 1 {
          if keyNamed { return start..<index }
          lastString = start..<index
        }
      case UInt8(ascii: ":"):
        if depth == 1, let name = lastString {
          keyNamed =
            name.count == 3 && text[name.lowerBound] == UInt8(ascii: "k")
            && text[name.lowerBound + 1] == UInt8(ascii: "e")
            && text[name.lowerBound + 2] == UInt8(ascii: "y")
        }
        lastString = nil
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        if depth == 1, keyNamed { return nil }
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
      case UInt8(ascii: ","):
        if depth == 1 { keyNamed = false }
      case 0x20, 0x09, 0x0D:
        break
      default:
        // A number, true, false or null as the key's value: not a key.
        if depth == 1, keyNamed { return nil }
      }
      index += 1
    }
    return nil
  }
}
