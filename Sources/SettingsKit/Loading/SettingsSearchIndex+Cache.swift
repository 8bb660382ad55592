extension SettingsSearchIndex {
  /// Appends the index to a cache file's search part (``DocumentCacheFormat``).
  func write(to writer: inout CacheWriter) {
    writer.blob(bytes)
    writer.u32s(fieldStarts)
    writer.blob(fieldKinds)
    writer.u32s(itemFields)
    writer.u32s(steps)
    writer.u32s(itemSteps)
  }

  /// The index that ``write(to:)`` wrote, when its parts agree with each other: every offset
  /// within what it indexes, in order, and every item with a place; nil otherwise (a damaged
  /// cache), so that a search never reads out of bounds.
  init?(reading cursor: inout CacheCursor) {
    self.init()
    guard let bytes = cursor.blob(), let fieldStarts = cursor.u32s(), let fieldKinds = cursor.blob(),
      let itemFields = cursor.u32s(), let steps = cursor.u32s(), let itemSteps = cursor.u32s(),
      Self.ascending(fieldStarts, from: 0, to: bytes.count, count: fieldKinds.count + 1),
      fieldKinds.allSatisfy({ Int($0 & ~Self.plainFlag) < Self.fieldNames.count }),
      Self.ascending(itemFields, from: 0, to: fieldKinds.count, count: itemSteps.count),
      Self.ascending(itemSteps, from: 0, to: steps.count, count: itemSteps.count)
    else { return nil }
    for index in 0..<itemSteps.count - 1 {
      let count = itemSteps[index + 1] - itemSteps[index]
      guard count >= 2, count % 2 == 0 else { return nil }
    }
    self.bytes = bytes
    self.fieldStarts = fieldStarts
    self.fieldKinds = fieldKinds
    self.itemFields = itemFields
    self.steps = steps
    self.itemSteps = itemSteps
  }

  /// Whether `values` has `count` numbers, starts at `first`, never goes down and ends at `last`.
  private static func ascending(_ values: [UInt32], from first: Int, to last: Int, count: Int) -> Bool {
    guard values.count == count, values.first.map(Int.init) == first, values.last.map(Int.init) == last
    else { return false }
    return zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }
  }
}
