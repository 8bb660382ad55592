import SettingsPOSIX

/// The bytes of a compiled document cache file (see ``DocumentCache``), little-endian throughout.
///
/// ```
/// header   64 bytes: "SETCACHE", format version (u32), 0 (u32), fingerprint (u64), file length,
///          meta length, table offset, table slot count (u64 each), checksum of the header's first
///          56 bytes and the meta (u64)
/// meta     at 64: locale tags; sources (path, then the six numbers of FileStatus.identity); the document object's
///          JSON without "sections"; the full keys of the secure text fields, then those of the
///          items with earlier keys (`renamedFrom`) (each list a u32 count, then each key), which
///          every partial document includes; the lengths of the search part and the page part (u64)
/// search   right after the meta: checksum of the rest (u64); the ``SettingsSearchIndex`` of every
///          item; the top-level items in screen order, 16 bytes each (section, row, offset in the
///          key lists, key count: u32 each); the key lists (a blob): for each top-level item, the
///          first full key of its subtree, then every key its subtree's conditions name, so that
///          the items a search matches are found as a partial document of those keys
/// page     right after the search part: checksum of the rest (u64); section count (u32); for each
///          top-page section in order: how its items are read (u32: 0 on demand, 1 with the
///          document, 2 from its items file), whether an item has an icon (u32), its JSON without
///          "items", its item count (u32), and its item list (a blob: for each top-level item, its
///          offset and length in the document (u64, u32), its key (empty for none), its
///          conditions as records hold them and its page node (a blob, empty for none)), then, for
///          a section read on demand, the full key and default of every keyed item of it and its
///          pages (a blob; empty count otherwise); see ``DocumentCacheFile/pagePart(of:nodes:)``
/// nodes    in the record area, before the records of its keys: the page node of each top-level
///          item kept so (its page holds items, none of its subtree has conditions, is named by
///          one, is secure or has earlier keys, and no section of its pages has a page size or an
///          items file): its JSON without "page" and its pages' sections and item lists, nested,
///          each item by its offset in the top-level item's JSON
///          (``DocumentCacheFile/pageNode(of:in:owned:)``)
/// records  one per key: checksum of the rest (u64), key, source index (u32), offset and length
///          of its top-level item's JSON in that source (u64 each), offset and length of its
///          section's record (u64, u32), section index and row (u32 each), offset and length of
///          its top-level item's page node (u64, u32; 0 and 0 for an item kept whole), offset and
///          length of its top-level item's conditions block (u64, u32; 0 and 0 for a subtree
///          without conditions)
/// blocks   in the record area, before the records of its keys: the conditions block of each
///          top-level item whose subtree has conditions: checksum of the rest (u64), the full keys
///          that they name (those that lead to an item among them), the conditions as JSON
///          (``DocumentCacheFile/conditionsBlock(controllers:conditions:)``)
/// sections one per section: checksum (u64), the section object's JSON without "items"
/// table    open addressing, a power of two of 16-byte slots: key hash (u32, never 0), record
///          length (u32), record offset (u64); an empty slot is all zeros
/// ```
///
/// Every blob is a u32 length and its bytes. A slot is not checksummed: what it points to is, with
/// the key it must hold, so a damaged slot can only make a key look absent (the caller then loads
/// the document).
enum DocumentCacheFormat {
  /// The format's version: bump it with any change to the layout or to what a record means.
  static let version: UInt32 = 9
  static let magic: [UInt8] = Array("SETCACHE".utf8)
  static let headerSize = 64

  /// The cache's checksums and key hashes: ``Digest/checksum(_:seed:)``, whose algorithm is
  /// part of the format.
  static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
    Digest.checksum(bytes, seed: seed)
  }

  static func hash(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 { Digest.checksum(bytes, seed: seed) }

  /// The checksum of a part that starts with its own: the hash of its bytes after the first 8.
  static func partChecksum(_ part: [UInt8]) -> UInt64 {
    part.withUnsafeBytes { hash(UnsafeRawBufferPointer(rebasing: $0[8...])) }
  }

  /// A key's slot hash: never 0, which marks an empty slot.
  static func slotHash(_ key: String) -> UInt32 {
    var key = key
    return key.withUTF8 { slotHash(UnsafeRawBufferPointer($0)) }
  }

  /// The slot hash of a key given as its UTF-8 bytes.
  static func slotHash(_ key: UnsafeRawBufferPointer) -> UInt32 {
    UInt32(truncatingIfNeeded: hash(key, seed: 1) >> 32) | 1
  }

  /// What a cache was built by: the format version, the caller's build tag, the decoder's field
  /// lists and the locale negotiation's rules (the text a cache holds is the one they chose), so
  /// that a build that reads documents differently never trusts another's cache.
  static func fingerprint(buildTag: String) -> UInt64 {
    let parts =
      ["\(version)", buildTag, "\(SettingsDocument.currentVersion)", LocaleNegotiation.rules]
      + DocumentDecoder.documentFields
      + ["|"] + DocumentDecoder.sectionFields + ["|"] + DocumentDecoder.itemFields
    // The parts' UTF-8 joined by 0x1F, appended part by part: `joined(separator:)` on an array
    // of strings ran the standard library's unspecialized generic version, some 150 000
    // instructions of every read of the cache.
    var bytes: [UInt8] = []
    for (index, part) in parts.enumerated() {
      if index > 0 { bytes.append(0x1F) }
      bytes.append(contentsOf: part.utf8)
    }
    return hash(bytes, seed: 2)
  }
}

/// Appends little-endian numbers and length-prefixed blobs.
struct CacheWriter {
  var bytes: [UInt8] = []

  // Byte by byte: appending from `withUnsafeBytes(of:)` costs a generic call per number, which
  // was most of the cost of encoding 100 000 records.
  mutating func u32(_ value: UInt32) {
    bytes.append(UInt8(truncatingIfNeeded: value))
    bytes.append(UInt8(truncatingIfNeeded: value >> 8))
    bytes.append(UInt8(truncatingIfNeeded: value >> 16))
    bytes.append(UInt8(truncatingIfNeeded: value >> 24))
  }

  mutating func u64(_ value: UInt64) {
    u32(UInt32(truncatingIfNeeded: value))
    u32(UInt32(truncatingIfNeeded: value >> 32))
  }

  mutating func blob<Bytes: Collection<UInt8>>(_ value: Bytes) {
    u32(UInt32(value.count))
    bytes.append(contentsOf: value)
  }

  mutating func string(_ value: String) { blob(value.utf8) }

  /// A u32 count, then each number.
  mutating func u32s(_ values: [UInt32]) {
    u32(UInt32(values.count))
    for value in values { u32(value) }
  }

  /// The bytes, with the first 8 (written as a placeholder) set to ``DocumentCacheFormat/partChecksum(_:)``.
  mutating func sealed() -> [UInt8] {
    set(DocumentCacheFormat.partChecksum(bytes), at: 0)
    return bytes
  }

  /// Overwrites 8 bytes at `offset`.
  mutating func set(_ value: UInt64, at offset: Int) {
    withUnsafeBytes(of: value.littleEndian) { raw in
      for index in 0..<8 { bytes[offset + index] = raw[index] }
    }
  }
}

/// Reads what ``CacheWriter`` wrote, checking every bound: nil past the end.
struct CacheCursor {
  let bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8], at position: Int = 0) {
    self.bytes = bytes
    self.position = position
  }

  var isAtEnd: Bool { position == bytes.count }

  mutating func u32() -> UInt32? {
    guard position >= 0, bytes.count - position >= 4 else { return nil }
    var value: UInt32 = 0
    for index in 0..<4 { value |= UInt32(bytes[position + index]) << (8 * UInt32(index)) }
    position += 4
    return value
  }

  mutating func u64() -> UInt64? {
    guard position >= 0, bytes.count - position >= 8 else { return nil }
    var value: UInt64 = 0
    for index in 0..<8 { value |= UInt64(bytes[position + index]) << (8 * UInt64(index)) }
    position += 8
    return value
  }

  /// A u64 that fits an `Int` of at most `limit`.
  mutating func int(limit: Int = Int(Int32.max)) -> Int? {
    guard let value = u64(), value <= UInt64(limit) else { return nil }
    return Int(value)
  }

  mutating func blob() -> [UInt8]? {
    guard let length = u32(), bytes.count - position >= Int(length) else { return nil }
    defer { position += Int(length) }
    return Array(bytes[position..<position + Int(length)])
  }

  mutating func string() -> String? {
    guard let bytes = blob() else { return nil }
    return String(validating: bytes, as: UTF8.self)
  }

  /// What ``CacheWriter/u32s(_:)`` wrote.
  mutating func u32s() -> [UInt32]? {
    guard let count = u32(), (bytes.count - position) / 4 >= Int(count) else { return nil }
    let start = position
    position += Int(count) * 4
    return bytes.withUnsafeBytes { raw in
      (0..<Int(count)).map {
        UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: start + $0 * 4, as: UInt32.self))
      }
    }
  }
}

/// The parts of a document's JSON text that the cache keeps, found in one pass over the bytes
/// without building values: the document object's members, and each section's members, items
/// (the byte range of each element of `"items"`) and `itemsFile`.
///
/// It checks only what it walks and gives nil for anything it does not expect (a member name or an
/// `itemsFile` with an escape included); the loader, not this, decides whether a document is valid.
struct DocumentSkeleton {
  /// One member of an object: its name and the range from its name's opening quote to its value's end.
  struct Member {
    var name: String
    var range: Range<Int>
  }

  struct Section {
    var members: [Member]
    /// The range of each element of `"items"`, nil without that member.
    var items: [Range<Int>]?
    /// The `"itemsFile"` string.
    var itemsFile: String?
  }

  var members: [Member]
  /// The sections, nil without a `"sections"` array.
  var sections: [Section]?

  init?(_ bytes: [UInt8]) {
    var members: [Member] = []
    var sections: [Section]?
    let parsed = bytes.withUnsafeBufferPointer { buffer -> Bool in
      var walker = Walker(bytes: buffer)
      if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { walker.index = 3 }
      return walker.object { walker, name, start in
        if name == "sections", walker.peek == UInt8(ascii: "[") {
          var list: [Section] = []
          guard
            walker.array({ walker in
              var section = Section(members: [])
              guard
                walker.object({ walker, name, start in
                  if name == "items", walker.peek == UInt8(ascii: "[") {
                    var items: [Range<Int>] = []
                    guard
                      walker.array({ walker in
                        let start = walker.index
                        guard walker.skipValue() else { return false }
                        items.append(start..<walker.index)
                        return true
                      })
                    else { return false }
                    section.items = items
                  } else if name == "itemsFile", walker.peek == UInt8(ascii: "\"") {
                    guard let text = walker.plainString() else { return false }
                    section.itemsFile = text
                  } else {
                    guard walker.skipValue() else { return false }
                  }
                  section.members.append(Member(name: name, range: start..<walker.index))
                  return true
                })
              else { return false }
              list.append(section)
              return true
            })
          else { return false }
          sections = list
        } else {
          guard walker.skipValue() else { return false }
        }
        members.append(Member(name: name, range: start..<walker.index))
        return true
      }
    }
    guard parsed else { return nil }
    self.members = members
    self.sections = sections
  }

  /// `{`, the members not named in `leaving` (as written) joined by commas, and `}`.
  static func object(_ members: [Member], leaving: String, in bytes: [UInt8]) -> [UInt8] {
    var result: [UInt8] = [UInt8(ascii: "{")]
    var first = true
    for member in members where member.name != leaving {
      if !first { result.append(UInt8(ascii: ",")) }
      first = false
      result.append(contentsOf: bytes[member.range])
    }
    result.append(UInt8(ascii: "}"))
    return result
  }

  /// A cursor over JSON bytes that checks every bound.
  struct Walker {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var peek: UInt8? {
      mutating get {
        skipSpace()
        return index < bytes.count ? bytes[index] : nil
      }
    }

    mutating func skipSpace() {
      while index < bytes.count {
        switch bytes[index] {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }

    /// A string without escapes, the cursor after it; nil for anything else.
    mutating func plainString() -> String? {
      guard peek == UInt8(ascii: "\"") else { return nil }
      let start = index + 1
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
      guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
      index = end + 1
      return String(validating: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    /// An object: `member` is called at each value with the name and the name's offset.
    mutating func object(_ member: (inout Walker, String, Int) -> Bool) -> Bool {
      guard peek == UInt8(ascii: "{") else { return false }
      index += 1
      if peek == UInt8(ascii: "}") {
        index += 1
        return true
      }
      while true {
        skipSpace()
        let start = index
        guard let name = plainString(), peek == UInt8(ascii: ":") else { return false }
        index += 1
        skipSpace()
        guard member(&self, name, start) else { return false }
        switch peek {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "}"):
          index += 1
          return true
        default: return false
        }
      }
    }

    /// An array: `element` is called at each element.
    mutating func array(_ element: (inout Walker) -> Bool) -> Bool {
      guard peek == UInt8(ascii: "[") else { return false }
      index += 1
      if peek == UInt8(ascii: "]") {
        index += 1
        return true
      }
      while true {
        skipSpace()
        guard element(&self) else { return false }
        switch peek {
        case UInt8(ascii: ","): index += 1
        case UInt8(ascii: "]"):
          index += 1
          return true
        default: return false
        }
      }
    }

    /// Moves past the value at the cursor: strings and nesting followed, scalars up to a delimiter.
    mutating func skipValue() -> Bool {
      guard let first = peek else { return false }
      switch first {
      case UInt8(ascii: "\""):
        index += 1
        while index < bytes.count {
          let byte = bytes[index]
          if byte == UInt8(ascii: "\\") {
            index += 2
            continue
          }
          index += 1
          if byte == UInt8(ascii: "\"") { return true }
        }
        return false
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        var depth = 0
        while index < bytes.count {
          switch bytes[index] {
          case UInt8(ascii: "\""):
            guard skipValue() else { return false }
            continue
          case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
          case UInt8(ascii: "}"), UInt8(ascii: "]"):
            depth -= 1
            if depth == 0 {
              index += 1
              return true
            }
          default: break
          }
          index += 1
        }
        return false
      default:
        let start = index
        while index < bytes.count {
          switch bytes[index] {
          case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D:
            return index > start
          default: index += 1
          }
        }
        return index > start
      }
    }
  }
}
