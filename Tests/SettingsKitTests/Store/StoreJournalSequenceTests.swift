import Testing

@testable import SettingsKit

/// Which entry left the store as a read found it (``StoreJournal/sequence(leaving:values:secureKeys:)``),
/// the rule behind the number a watch gives each change.
struct StoreJournalSequenceTests {
  static func entry(_ sequence: Int, _ changes: [String: JournalChange], after digest: UInt64) -> JournalEntry
  {
    JournalEntry(
      sequence: sequence, time: JournalTime(nanoseconds: Int64(sequence)),
      context: WriteContext(how: "set", message: nil, user: "kim", host: "h1", program: "settings", pid: 7),
      changes: changes, beforeDigest: UInt64(sequence), afterDigest: digest)
  }

  /// Entries 3 to 6: `a` on, `b` on, `a` off, then a rewrite that changed no value (an `outside`
  /// entry for white space); 6 is the journal's last.
  let journal = StoreJournal(
    base: [:], baseSequence: 2, baseDigest: 2,
    entries: [
      entry(3, ["a": JournalChange(before: nil, after: .bool(true))], after: 0xA),
      entry(4, ["b": JournalChange(before: nil, after: .bool(true))], after: 0xB),
      entry(5, ["a": JournalChange(before: .bool(true), after: nil)], after: 0xC),
      entry(6, [:], after: 0xD),
    ])

  @Test func theNewestEntryWithTheDigestOfTheRead() {
    // A read between 3 and 4 (the journal read later holds 4 to 6 too) names 3, not the last.
    #expect(journal.sequence(leaving: 0xA, values: ["a": .bool(true)], secureKeys: []) == 3)
    #expect(journal.sequence(leaving: 0xC, values: ["b": .bool(true)], secureKeys: []) == 5)
  }

  @Test func anEntryThatChangedNoValueStandsForTheOneBeforeIt() {
    #expect(journal.sequence(leaving: 0xD, values: ["b": .bool(true)], secureKeys: []) == 5)
  }

  @Test func noDigestMatchesTheLastEntryWhenTheStatesAgreeElseNone() {
    #expect(journal.sequence(leaving: 0xE, values: ["b": .bool(true)], secureKeys: []) == 5)
    #expect(journal.sequence(leaving: 0xE, values: ["b": .bool(false)], secureKeys: []) == nil)
    #expect(StoreJournal(baseDigest: 1).sequence(leaving: 1, values: [:], secureKeys: []) == nil)
  }
}
