import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// A journal record keeps a list change that keeps most of the list as its edit (a splice or a
/// move), read back against the list before: the journal reads the same as the one written, for
/// generated chains of changes, and a record that does not fit the list before is left out.
struct JournalListEditTests {
  static func list(_ numbers: [Int]) -> JSONValue { .array(numbers.map { .integer($0) }) }

  @Test(arguments: [
    ([1, 2, 3, 4, 5, 6], [1, 2, 9, 3, 4, 5, 6], #"{"at":2,"count":6,"inserted":[9],"removed":[]}"#),
    ([1, 2, 3, 4, 5, 6], [1, 2, 4, 5, 6], #"{"at":2,"count":6,"inserted":[],"removed":[3]}"#),
    ([1, 2, 3, 4, 5, 6], [2, 3, 4, 5, 6, 1], #"{"count":6,"element":1,"from":0,"to":5}"#),
    ([1, 2, 3, 4, 5, 6], [6, 1, 2, 3, 4, 5], #"{"count":6,"element":6,"from":5,"to":0}"#),
    ([1, 2, 3, 4, 5, 6], [1, 2, 7, 4, 5, 6], #"{"at":2,"count":6,"inserted":[7],"removed":[3]}"#),
  ])
  func anElementChangeIsKeptAsItsEdit(before: [Int], after: [Int], record: String) throws {
    let edit = try #require(JournalListEdit(from: Self.list(before), to: Self.list(after)))
    #expect(JSONWriter().line(edit.json) == record + "\n")
    #expect(JournalListEdit(json: edit.json) == edit)
    #expect(edit.applied(to: Self.list(before)) == Self.list(after))
    // Against another list before, an edit that removes or moves an element is found out; an
    // insert by the count alone (the digests chain entries to their lists before).
    if after.count <= before.count { #expect(edit.applied(to: Self.list(before.map { $0 + 100 })) == nil) }
    #expect(edit.applied(to: Self.list(before + [7])) == nil)
  }

  /// A list replaced with another mostly new one keeps both lists, as any value.
  @Test func aListMostlyReplacedKeepsBothLists() {
    #expect(JournalListEdit(from: Self.list([1, 2, 3, 4]), to: Self.list([5, 6, 7, 4])) == nil)
    #expect(JournalListEdit(from: Self.list([]), to: Self.list([1])) == nil)
    #expect(JournalListEdit(from: .string("a"), to: Self.list([1])) == nil)
  }

  /// Generated chains of list changes (adds, removes, moves, replaced elements, lists set whole)
  /// written as a journal file and read back give the same journal.
  @Test(arguments: 1...20)
  func aJournalOfGeneratedListChangesReadsBackAsWritten(seed: UInt64) throws {
    var random = SeededRandom(state: seed)
    var current: [Int] = Array(0..<random.below(31))
    var next = 1000
    var journal = StoreJournal(base: ["l": Self.list(current)], baseDigest: 1)
    for sequence in 1...40 {
      var changed = current
      switch random.below(5) {
      case 0:
        changed.insert(next, at: random.below(changed.count + 1))
        next += 1
      case 1 where !changed.isEmpty: changed.remove(at: random.below(changed.count))
      case 2 where changed.count > 1:
        let element = changed.remove(at: random.below(changed.count))
        changed.insert(element, at: random.below(changed.count + 1))
      case 3 where !changed.isEmpty:
        changed[random.below(changed.count)] = next
        next += 1
      default:
        changed = (0..<random.below(11)).map { next + $0 }
        next += 10
      }
      journal.entries.append(
        JournalEntry(
          sequence: sequence, time: JournalTime(nanoseconds: Int64(sequence) * 1_000_000_000),
          context: .outside,
          changes: ["l": JournalChange(before: Self.list(current), after: Self.list(changed))],
          beforeDigest: UInt64(sequence), afterDigest: UInt64(sequence + 1)))
      current = changed
    }
    let read = FileJournal.parse(FileJournal.text(journal, secureKeys: []))
    #expect(!read.hasBadLines)
    #expect(read.journal == journal)
  }

  /// A record whose list before is not the one the journal knows (a line lost before it) is left
  /// out, as a damaged record is; the entries before it are kept.
  @Test func anEditThatDoesNotFitItsListBeforeIsLeftOut() throws {
    var journal = StoreJournal(base: ["l": Self.list(Array(0..<10))], baseDigest: 1)
    for sequence in 1...3 {
      let before = Array(0..<(9 + sequence))
      journal.entries.append(
        JournalEntry(
          sequence: sequence, time: JournalTime(nanoseconds: Int64(sequence)), context: .outside,
          changes: ["l": JournalChange(before: Self.list(before), after: Self.list(before + [before.count]))],
          beforeDigest: UInt64(sequence), afterDigest: UInt64(sequence + 1)))
    }
    var lines = FileJournal.text(journal, secureKeys: []).split(
      separator: 0x0A, omittingEmptySubsequences: false)
    #expect(
      String(decoding: lines[1], as: UTF8.self).contains(#""list":{"at":10,"count":10,"inserted":[10]"#))
    lines.remove(at: 2)
    let read = FileJournal.parse(Array(lines.joined(separator: [0x0A])))
    #expect(read.hasBadLines)
    #expect(read.journal.entries == Array(journal.entries.prefix(1)))
  }
}
