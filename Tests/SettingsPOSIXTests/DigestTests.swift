import Testing

@testable import SettingsPOSIX

/// Both digests are persisted (journals, the cache, stale copies' names), so their values are
/// pinned: a change of algorithm fails here before it fails a user's journal.
struct DigestTests {
  @Test(arguments: [
    ("", 0xcbf2_9ce4_8422_2325 as UInt64), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8),
  ])
  func fnv1aIsTheStandardSixtyFourBitHash(text: String, expected: UInt64) {
    #expect(Digest.fnv1a(text.utf8) == expected)
  }

  @Test func fnv1aFedInPartsIsTheHashOfTheWhole() {
    var hash = Digest.FNV1a()
    hash.add(Array("foo".utf8))
    hash.add(UInt8(ascii: "b"))
    hash.add("ar".utf8)
    #expect(hash.value == Digest.fnv1a("foobar".utf8))
  }

  @Test func checksumKeepsItsValues() {
    #expect(Digest.checksum([]) == 0x1c77_bf2c_953f_4afa)
    #expect(Digest.checksum(Array("{\"airplane\":true}\n".utf8)) == 0xf365_56b5_280a_5c0a)
    #expect(Digest.checksum(Array("abc".utf8), seed: 1) == 0x48e7_b1a6_737e_a339)
  }
}
