/// The package's digests of bytes, in one place: neither is cryptographic; each catches changed
/// bytes, not deliberate forgery.
///
/// Both are persisted, so neither algorithm may change: ``fnv1a(_:)`` is in an etcd store's
/// journal (its digests), in the names of the etcd store's stale copies and in a file store's
/// revision; ``checksum(_:seed:)`` is in a file store's journal (its digests) and in the compiled
/// document cache (whose format version would have to change with it).
package enum Digest {
  /// A 64-bit FNV-1a hash fed a byte at a time, for digests built from several parts.
  package struct FNV1a: Sendable {
    /// The hash of the bytes added so far (the offset basis when none were).
    package private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A hash of no bytes.
    package init() {}

    /// Adds one byte.
    package mutating func add(_ byte: UInt8) {
      value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    /// Adds `bytes` in order.
    package mutating func add(_ bytes: some Sequence<UInt8>) {
      for byte in bytes { add(byte) }
    }
  }

  /// The 64-bit FNV-1a hash of `bytes`.
  package static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash = FNV1a()
    hash.add(bytes)
    return hash.value
  }

  /// A fast 64-bit hash of `bytes` (a multiply-xorshift over 8-byte little-endian words), for
  /// checksums and hash tables; `seed` gives independent hashes of the same bytes.
  package static func checksum(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ seed ^ (UInt64(bytes.count) &* 0xFF51_AFD7_ED55_8CCD)
    var index = 0
    let count = bytes.count
    while index + 8 <= count {
      let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
      state = (state ^ word) &* 0xC4CE_B9FE_1A85_EC53
      state ^= state >> 31
      index += 8
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    while index < count {
      tail |= UInt64(bytes[index]) << shift
      shift += 8
      index += 1
    }
    state = (state ^ tail) &* 0xFF51_AFD7_ED55_8CCD
    state ^= state >> 33
    state = state &* 0xC4CE_B9FE_1A85_EC53
    return state ^ (state >> 29)
  }

  /// ``checksum(_:seed:)`` of an array's bytes.
  package static func checksum(_ bytes: [UInt8], seed: UInt64 = 0) -> UInt64 {
    bytes.withUnsafeBytes { checksum($0, seed: seed) }
  }
}
