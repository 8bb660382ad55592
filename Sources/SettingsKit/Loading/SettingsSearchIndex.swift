/// The texts that ``SettingsSearch/find(_:in:snapshot:)`` searches, lowercased once for a document,
/// so that a long-running server answers each search without lowercasing and splitting every
/// item's texts again: on 100 000 items that work is most of a search's time.
///
/// A search gives the same matches, in the same order and with the same fields, as
/// ``SettingsSearch/find(_:in:snapshot:)``. Where a lowercased text and the lowercased query are
/// both made only of ``isPlain(_:)`` scalars, each scalar is a whole character in normalization
/// form C, so their characters match exactly where their UTF-8 bytes do, and the bytes are
/// compared; any other text is compared by characters, as `find` compares it.
package struct SettingsSearchIndex: Sendable {
  /// The searched fields' names, by the number kept for each field.
  static let fieldNames = ["title", "subTitle", "key", "choice", "description"]
  /// The flag on a field whose lowercased text is made only of plain scalars.
  static let plainFlag: UInt8 = 0x80

  /// The lowercased texts of every field, one after another.
  var bytes: [UInt8] = []
  /// Where each field's text starts in ``bytes``; one more at the end.
  var fieldStarts: [UInt32] = [0]
  /// Each field's number in ``fieldNames``, with ``plainFlag`` when its text is plain.
  var fieldKinds: [UInt8] = []
  /// Where each item's fields start in ``fieldStarts``; one more at the end.
  var itemFields: [UInt32] = [0]
  /// The section and row of each page on the way to each item, then of the item itself.
  var steps: [UInt32] = []
  /// Where each item's steps start in ``steps``; one more at the end.
  var itemSteps: [UInt32] = [0]

  /// An index of nothing, for a decoder to fill.
  init() {}

  /// Lowercases the searched texts of every item of `document`, in screen order.
  package init(document: SettingsDocument) {
    for (section, value) in document.sections.enumerated() {
      for (row, item) in value.items.enumerated() { add(item, section: section, row: row) }
    }
  }

  /// Appends the searched texts of the top-level item `item` at `section` and `row` of the top
  /// page, then of its pages' items, in screen order.
  mutating func add(_ item: SettingItem, section: Int, row: Int) {
    var path: [(section: UInt32, row: UInt32)] = []
    func visit(_ item: SettingItem, _ position: ItemPosition) {
      path.removeLast(path.count - position.ancestors.count)
      path.append(
        position.ancestors.isEmpty
          ? (UInt32(section), UInt32(row)) : (UInt32(position.section), UInt32(position.row)))
      add(
        title: item.title, subTitle: item.subTitle, key: item.key, choices: item.choices,
        description: item.description, steps: path)
    }
    guard item.page != nil else {
      return visit(item, ItemPosition(ancestors: [], section: section, row: row))
    }
    SettingsDocument(id: "", title: "", sections: [SettingSection(items: [item])]).forEachItem(visit)
  }

  /// Appends the searched texts of one item, read by the compiler as its `fields`, that stands
  /// where `steps` say (the section and row of each page on the way to it, then its own).
  mutating func add(_ fields: CompiledRow, steps path: [(section: UInt32, row: UInt32)]) {
    add(
      title: fields.title, subTitle: fields.subTitle, key: fields.key, choices: fields.choices,
      description: fields.description, steps: path)
  }

  /// Appends the searched texts of one item, in the order of ``searchedFields(of:)``, without
  /// building its list.
  private mutating func add(
    title: String, subTitle: String?, key: String?, choices: [SettingChoice]?, description: String?,
    steps path: [(section: UInt32, row: UInt32)]
  ) {
    for step in path { steps += [step.section, step.row] }
    itemSteps.append(UInt32(steps.count))
    add(title, field: 0)
    add(subTitle, field: 1)
    add(key, field: 2)
    for choice in choices ?? [] { add(choice.title, field: 3) }
    add(description, field: 4)
    itemFields.append(UInt32(fieldKinds.count))
  }

  /// Appends `other`'s items after this index's (an index of the sections that follow).
  mutating func append(_ other: SettingsSearchIndex) {
    let (byteBase, fieldBase, stepBase) = (UInt32(bytes.count), UInt32(fieldKinds.count), UInt32(steps.count))
    bytes += other.bytes
    fieldStarts += other.fieldStarts.dropFirst().map { $0 + byteBase }
    fieldKinds += other.fieldKinds
    itemFields += other.itemFields.dropFirst().map { $0 + fieldBase }
    steps += other.steps
    itemSteps += other.itemSteps.dropFirst().map { $0 + stepBase }
  }

  /// Appends `text` lowercased as field number `field` of ``fieldNames``.
  private mutating func add(_ text: String?, field: UInt8) {
    guard var text else { return }
    let caseless = text.withUTF8 { utf8 in Self.appendCaseless(utf8, to: &bytes) }
    let plain: Bool
    if let caseless {
      plain = caseless
    } else {
      let lowered = text.lowercased()
      bytes += lowered.utf8
      plain = lowered.unicodeScalars.allSatisfy(Self.isPlain)
    }
    fieldStarts.append(UInt32(bytes.count))
    fieldKinds.append(plain ? field | Self.plainFlag : field)
  }

  /// Appends `utf8` lowercased as `String.lowercased()` lowercases it, when its scalars are ASCII
  /// or in blocks that have no case (Hiragana, Katakana, the CJK unified ideographs, the Hangul
  /// syllables), where only A–Z change; gives whether the text is plain (``isPlain(_:)``), or nil
  /// and appends nothing for any other text.
  private static func appendCaseless(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) -> Bool? {
    var plain = true
    var index = 0
    while index < utf8.count {
      let byte = utf8[index]
      if byte < 0x80 {
        if byte == 0x0D { plain = false }
        index += 1
        continue
      }
      // Only 3-byte sequences (U+0800–U+FFFF) can be in the caseless blocks.
      guard byte & 0xF0 == 0xE0, index + 2 < utf8.count else { return nil }
      let scalar =
        UInt32(byte & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F)
      switch scalar {
      case 0x3040...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
        if scalar == 0x3099 || scalar == 0x309A { plain = false }
      default: return nil
      }
      index += 3
    }
    for byte in utf8 { bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
    return plain
  }

  /// The number of items indexed.
  package var itemCount: Int { itemSteps.count - 1 }

  /// Whether `scalar` alone is a whole character (an extended grapheme cluster, whatever is next
  /// to it) that is in normalization form C and composes with nothing: the scalars below U+0300
  /// but the carriage return, the Hiragana and Katakana but their combining sound marks, the CJK
  /// unified ideographs, and the Hangul syllables.
  static func isPlain(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x0D: false
    case 0..<0x300, 0x3040...0x3098, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3: true
    default: false
    }
  }

  /// The top page's section and row of every item that holds a match of `text` (the matching item
  /// itself, or the item whose page leads to it), in screen order, each once.
  package func topLevelPlaces(matching text: String) -> [(section: Int, row: Int)] {
    var places: [(section: Int, row: Int)] = []
    forEachMatch(of: text) { index, _ in
      let step = Int(itemSteps[index])
      let place = (section: Int(steps[step]), row: Int(steps[step + 1]))
      if let last = places.last, last == place { return }
      places.append(place)
    }
    return places
  }

  /// Calls `body` with each item that matches `text`, in screen order, and the number in
  /// ``fieldNames`` of its first field that contains it, as ``SettingsSearch/find(_:in:snapshot:)``
  /// compares (lowercased, by characters).
  func forEachMatch(of text: String, _ body: (_ item: Int, _ field: Int) -> Void) {
    let lowered = text.lowercased()
    guard !lowered.isEmpty else { return }
    let needle = Array(lowered.utf8)
    let characters = Array(lowered)
    let isPlain = lowered.unicodeScalars.allSatisfy(Self.isPlain)
    for index in 0..<itemCount {
      guard let field = matchedField(ofItem: index, needle, characters, isPlain) else { continue }
      body(index, field)
    }
  }

  /// The number in ``fieldNames`` of the first field of item `index` that contains the query.
  private func matchedField(
    ofItem index: Int, _ needle: [UInt8], _ characters: [Character], _ isPlain: Bool
  ) -> Int? {
    bytes.withUnsafeBufferPointer { bytes in
      for field in Int(itemFields[index])..<Int(itemFields[index + 1]) {
        let text = bytes[Int(fieldStarts[field])..<Int(fieldStarts[field + 1])]
        let kind = fieldKinds[field]
        let found =
          isPlain && kind & Self.plainFlag != 0
          ? Self.contains(text, needle)
          : Self.contains(Array(String(decoding: text, as: UTF8.self)), characters)
        if found { return Int(kind & ~Self.plainFlag) }
      }
      return nil
    }
  }

  /// The texts of `item` that ``SettingsSearch/find(_:in:snapshot:)`` searches, in the order it
  /// tries them: title, subtitle, key, each choice's title, description; with the name of each.
  static func searchedFields(of item: SettingItem) -> [(name: String, text: String?)] {
    [("title", item.title), ("subTitle", item.subTitle), ("key", item.key)]
      + (item.choices ?? []).map { ("choice", $0.title) } + [("description", item.description)]
  }

  /// Whether `haystack` holds `needle` as consecutive characters.
  static func contains(_ haystack: [Character], _ needle: [Character]) -> Bool {
    guard needle.count <= haystack.count else { return false }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
      if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
    }
    return false
  }

  /// Whether `haystack` contains the bytes of `needle`.
  static func contains(_ haystack: Slice<UnsafeBufferPointer<UInt8>>, _ needle: [UInt8]) -> Bool {
    guard let first = needle.first, needle.count <= haystack.count else { return false }
    var start = haystack.startIndex
    let last = haystack.endIndex - needle.count
    while start <= last {
      if haystack[start] == first, haystack[start..<(start + needle.count)].elementsEqual(needle) {
        return true
      }
      start += 1
    }
    return false
  }

  /// Item `index` of `document` and the items whose pages lead to it, outermost first.
  func item(_ index: Int, in document: SettingsDocument) -> (SettingItem, [SettingItem]) {
    var sections = document.sections
    var ancestors: [SettingItem] = []
    var step = Int(itemSteps[index])
    while true {
      let item = sections[Int(steps[step])].items[Int(steps[step + 1])]
      step += 2
      guard step < Int(itemSteps[index + 1]), let page = item.page else { return (item, ancestors) }
      ancestors.append(item)
      sections = page.sections
    }
  }
}
