import Foundation
import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsKitTesting
@testable import SettingsPOSIX

/// A record list with a secure field is journaled with that field's text left out (`KEY[].FIELD`
/// among a journal's secure keys), the rest of the list kept, in the changes a store records and
/// in the outside changes a journal notices.
struct SecureFieldJournalTests {
  static let secureKeys: Set<String> = ["pin", "hosts[].token"]

  /// The conformance kit's list document over a file store in `directory`.
  static func settings(in directory: TemporaryDirectory) throws -> Settings {
    let document = try DocumentLoader.decode(
      SourceText(name: "lists.json", bytes: Array(listTestDocument.utf8)))
    return Settings(document: document, store: FileStore(path: directory.file("s.json")))
  }

  static func hosts(_ records: [(String, String)]) -> JSONValue {
    .array(records.map { .object([("name", .string($0.0)), ("token", .string($0.1))]) })
  }

  /// What the journal keeps: a text that is not empty becomes null, an empty one stays; a change
  /// of the text alone is one change named by record and field; a whole secure key stays masked.
  @Test func aSecureFieldsTextIsLeftOutAndItsChangeNamed() {
    let old: [String: JSONValue] = [
      "hosts": Self.hosts([("a", "s3cret"), ("b", "")]), "pin": .string("1234"),
    ]
    let new: [String: JSONValue] = [
      "hosts": Self.hosts([("a", "other"), ("b", "")]), "pin": .string("1234"),
    ]
    let masked = Self.hosts([("a", "x"), ("b", "")])
    let expected = JSONValue(
      .array([
        .object([("name", .string("a")), ("token", .null)]),
        .object([("name", .string("b")), ("token", .string(""))]),
      ]))
    #expect(StoreJournal.journaled(masked, isSecure: false, fields: ["token"]) == expected)
    #expect(
      StoreJournal.changes(from: old, to: new, secureKeys: Self.secureKeys, comparingSecureText: true)
        == ["hosts": JournalChange(before: expected, after: expected, changedSecrets: ["[1].token"])])
    // Reconstructed from the journal, the old list knows no text: the store's reads the same.
    let journaled = ["hosts": expected, "pin": JSONValue.null]
    #expect(
      StoreJournal.changes(from: journaled, to: new, secureKeys: Self.secureKeys, comparingSecureText: false)
        .isEmpty)
    // A record added: the other fields kept, the texts not.
    let added: [String: JSONValue] = [
      "hosts": Self.hosts([("a", "other"), ("b", ""), ("c", "t0ken")]), "pin": .string("1234"),
    ]
    let change = StoreJournal.changes(
      from: new, to: added, secureKeys: Self.secureKeys, comparingSecureText: true)
    #expect(change.keys.sorted() == ["hosts"])
    #expect(change["hosts"]?.changedSecrets == [])
    #expect(
      change["hosts"]?.after.map { JSONWriter().line($0) }
        == #"[{"name":"a","token":null},{"name":"b","token":""},{"name":"c","token":null}]"# + "\n")
  }

  /// An entry's secure field names are written and read back; a record that is not an array of
  /// strings there is not an entry.
  @Test func anEntryKeepsItsChangedSecrets() throws {
    let entry = JournalEntry(
      sequence: 3, time: try #require(JournalTime(recorded: "2026-12-07T10:00:00Z")),
      context: WriteContext(how: "set", message: nil, user: "kim", host: "h", program: "settings", pid: 9),
      changes: ["hosts": JournalChange(before: .array([]), after: .array([]), changedSecrets: ["[2].token"])],
      beforeDigest: 1, afterDigest: 2)
    let line = entry.line
    #expect(line.contains(#""hosts":{"after":[],"before":[],"secrets":["[2].token"]}"#))
    let read = try #require(StoreJournal.record(Array(line.utf8)))
    #expect(JournalEntry(json: read) == entry)
    let damaged = line.replacingOccurrences(of: #"["[2].token"]"#, with: "[2]")
    #expect(JournalEntry(json: try #require(StoreJournal.record(Array(damaged.utf8)))) == nil)
  }

  /// A hand edit of a secure field's text alone is noticed as an outside change of no value; one
  /// of another field is journaled with that field, and never with the text.
  @Test func aHandEditIsJournaledWithoutTheText() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let settings = try Self.settings(in: directory)
    try settings.edit("hosts", .add(hostRecord("a", 80, token: "s3cret"), at: nil))
    _ = try directory.write("s.json", #"{"hosts": [{"name": "a", "port": 80, "token": "changed"}]}"#)
    let noticed = try settings.journal()
    #expect(noticed.entries.map(\.context.how).dropFirst() == ["outside"])
    #expect(noticed.entries.last?.changes == [:])
    _ = try directory.write("s.json", #"{"hosts": [{"name": "b", "port": 80, "token": "changed"}]}"#)
    let journal = try settings.journal()
    #expect(journal.entries.map(\.context.how).dropFirst() == ["outside", "outside"])
    #expect(
      journal.entries.last?.changes["hosts"]?.after.map { JSONWriter().line($0) }
        == #"[{"name":"b","port":80,"token":null}]"# + "\n")
    let text = try directory.read("s.json.journal") ?? ""
    #expect(!text.contains("s3cret") && !text.contains("changed"))
    #expect(
      settings.journalListWording(try #require(journal.entries.last?.changes["hosts"]), of: "hosts")
        == "changed name of 1 (b) from a to b")
  }

  /// Undoing several changes (to a time) gives each record the secure text it has now; a secure
  /// field set from empty is said once and undone to empty; a refusal names the record where it
  /// stands now; several elements removed at once are worded as removes.
  @Test func undoKeepsTheSecureTextsTheListHoldsNow() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let settings = try Self.settings(in: directory)
    try settings.edit("hosts", .add(hostRecord("a", 80, token: "s1"), at: nil))
    try settings.edit("hosts", .add(hostRecord("b", 81, token: "s2"), at: nil))
    let time = try #require(settings.history(limit: 1).first?.time)
    try settings.edit("hosts", .setField("port", of: 1, to: .number(ExactDecimal(8080))))
    try settings.edit("hosts", .move(from: 2, to: 1))
    try settings.edit("hosts", .setField("port", of: 1, to: .number(ExactDecimal(9090))))
    #expect(try settings.undo(.time(time, keys: [])).undone == [3, 4, 5])
    #expect(
      try settings.value(of: "hosts")
        == .list([hostRecord("a", 80, token: "s1"), hostRecord("b", 81, token: "s2")]))

    try settings.edit("hosts", .add(hostRecord("c", 1), at: nil))
    try settings.edit("hosts", .setField("token", of: 3, to: .string("s3")))
    let set = try #require(settings.history(limit: 1).first?.changes["hosts"])
    #expect(settings.journalListWording(set, of: "hosts") == "changed token of 3 (c)")
    try settings.undo(.last)
    #expect(
      try settings.value(of: "hosts")
        == .list([hostRecord("a", 80, token: "s1"), hostRecord("b", 81, token: "s2"), hostRecord("c", 1)]))

    try settings.edit("hosts", .setField("token", of: 1, to: .string("s9")))
    let number = try #require(settings.history(limit: 1).first?.sequence)
    try settings.edit("hosts", .move(from: 1, to: 3))
    #expect(
      throws: SettingsError.undoRefused(.secretField(key: "hosts", field: "token", at: 3, removed: false))
    ) {
      try settings.undo(.entry(number))
    }

    try settings.edit("dns", [.add(.string("9.9.9.9"), at: nil), .add(.string("8.8.8.8"), at: nil)])
    try settings.undo(.last)
    let undone = try #require(settings.history(limit: 1).first?.changes["dns"])
    #expect(settings.journalListWording(undone, of: "dns") == "removed 9.9.9.9 from 2, 8.8.8.8 from 3")

    // A list set whole reads as its records, a secure text masked (it once read as cut JSON).
    try settings.set("hosts", to: .list([hostRecord("z", 1, token: "s0")]))
    let whole = try #require(settings.history(limit: 1).first?.changes["hosts"])
    #expect(
      settings.journalValueText(whole.after, of: "hosts", secure: false) == "[z (port=1, token=••••••••)]")
  }
}
