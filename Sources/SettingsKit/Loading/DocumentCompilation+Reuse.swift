extension DocumentCompilation {
  /// What a compile of a document's bytes leaves for the compile of its next version (a reload),
  /// so that the sections whose bytes did not change are not read again: the bytes, the locales,
  /// and each top-page section whose items touched nothing that other sections read but their
  /// keys (``DocumentDecoder/independentSections``) and has no items on pages, by index.
  struct Reusable: Sendable {
    var bytes: [UInt8]
    var locales: [String]
    var sections: [Int: Taken]
    /// The records of the sections of ``sections``, one after another, as the compiled form
    /// encoded from this compile (``DocumentCacheFile/encoding(_:sources:locales:fingerprint:)``)
    /// has them, once known; empty before. Only they are kept, not the whole form.
    var recordBytes: [UInt8] = []
    /// Where the records of each section of ``sections`` stand in ``recordBytes``, by index.
    var records: [Int: Range<Int>] = [:]

    /// This, with the records of its sections as `encoding` wrote them, so that the next encoding
    /// copies the records of the sections it takes instead of encoding them again.
    func encoded(as encoding: DocumentCacheFile.Encoding) -> Reusable {
      var reusable = self
      let kept = sections.keys.filter { $0 < encoding.records.count }.sorted()
      reusable.recordBytes = []
      reusable.recordBytes.reserveCapacity(kept.reduce(0) { $0 + encoding.records[$1].count })
      reusable.records = [:]
      for index in kept {
        let start = reusable.recordBytes.count
        reusable.recordBytes += encoding.bytes[encoding.records[index]]
        reusable.records[index] = start..<reusable.recordBytes.count
      }
      return reusable
    }
  }

  /// The records of a section taken, as the encoding of the compile before wrote them: copied
  /// into the new encoding with their offsets set again (``DocumentCacheFile/encoding(_:sources:locales:fingerprint:)``).
  struct CopiedRecords: Sendable {
    var bytes: ArraySlice<UInt8>
  }

  /// One top-page section as its compile read it.
  struct Taken: Sendable {
    /// Where its items stood in the bytes.
    var ranges: [Range<Int>]
    var rows: [Row]
    /// Its items' searched texts.
    var search: SettingsSearchIndex
    /// Where each row's key stands in the bytes (its value's offset); -1 for a row without one.
    var keyOffsets: [Int]
  }

  /// A section taken for a new version: where its first item stands now and how far its items
  /// moved in the bytes.
  struct Reused {
    var taken: Taken
    var start: Int
    var shift: Int
    /// Its records in the compiled form encoded before; nil when not known.
    var records: CopiedRecords?
  }

  /// The sections of `previous` whose items have the same bytes in `bytes` (split as `skeleton`
  /// says) at the same index and in the same locales, by index.
  static func reused(
    from previous: Reusable?, skeleton: DocumentSkeleton, bytes: [UInt8], locales: [String]
  ) -> [Int: Reused] {
    guard let previous, previous.locales == locales else { return [:] }
    var reused: [Int: Reused] = [:]
    for (index, part) in (skeleton.sections ?? []).enumerated() {
      guard part.itemsFile == nil, let ranges = part.items, let taken = previous.sections[index],
        let first = ranges.first, let last = ranges.last, ranges.count == taken.ranges.count,
        let oldFirst = taken.ranges.first, let oldLast = taken.ranges.last,
        first.lowerBound <= last.upperBound, oldFirst.lowerBound <= oldLast.upperBound,
        last.upperBound - first.lowerBound == oldLast.upperBound - oldFirst.lowerBound
      else { continue }
      let shift = first.lowerBound - oldFirst.lowerBound
      guard
        zip(ranges, taken.ranges).allSatisfy({
          $0.lowerBound - shift == $1.lowerBound && $0.count == $1.count
        }),
        bytes[first.lowerBound..<last.upperBound].hasSameBytes(
          as: previous.bytes[oldFirst.lowerBound..<oldLast.upperBound])
      else { continue }
      let records = previous.records[index].map { CopiedRecords(bytes: previous.recordBytes[$0]) }
      reused[index] = Reused(taken: taken, start: first.lowerBound, shift: shift, records: records)
    }
    return reused
  }

  /// What this compile leaves for the next one: the independent sections of `decoder` (which
  /// compiled `bytes`, split as `skeleton` says, into `collector`) that stand in the document.
  static func reusable(
    decoder: DocumentDecoder, collector: Collector, skeleton: DocumentSkeleton, bytes: [UInt8],
    locales: [String]
  ) -> Reusable {
    var sections: [Int: Taken] = [:]
    let parts = skeleton.sections ?? []
    for index in decoder.independentSections where index < parts.count && index < collector.search.count {
      guard parts[index].itemsFile == nil, let ranges = parts[index].items,
        ranges.count == collector.rowCount(of: index)
      else { continue }
      let rows = collector.rows(of: index)
      var keyOffsets: [Int] = []
      keyOffsets.reserveCapacity(rows.count)
      for row in rows {
        // A row with items on its page is read again: their keys' paths are not kept.
        guard row.owned.count == 1 else { break }
        guard let key = row.owned[0].key else {
          keyOffsets.append(-1)
          continue
        }
        guard let use = decoder.firstKeyUse[key] else { break }
        keyOffsets.append(use.offset)
      }
      guard keyOffsets.count == rows.count else { continue }
      sections[index] = Taken(
        ranges: ranges, rows: rows, search: collector.search[index], keyOffsets: keyOffsets)
    }
    return Reusable(bytes: bytes, locales: locales, sections: sections)
  }
}
