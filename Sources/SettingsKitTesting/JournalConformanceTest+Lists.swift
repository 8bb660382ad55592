import SettingsKit
import Testing

extension JournalConformanceTest {
  func checkListElementChangesAreJournaledAndUndone(_ subject: JournalCheckSubject) throws {
    let document = try DocumentLoader.decode(
      SourceText(name: "lists.json", bytes: Array(listTestDocument.utf8)))
    let settings = Settings(document: document, store: subject.store)
    settings.writeContext = WriteContext(
      how: "add", message: nil, user: "kim", host: "h1", program: "settings", pid: 7)
    try settings.edit("dns", .add(.string("9.9.9.9"), at: 1))
    try settings.set("hosts", to: .list([hostRecord("a", 80), hostRecord("b", 81, token: "s3cret")]))
    try settings.edit("hosts", .setField("port", of: 1, to: .number(ExactDecimal(8080))))
    try settings.edit("dns", .add(.string("8.8.8.8"), at: nil))
    try settings.edit("dns", .move(from: 1, to: 3))
    let history = try settings.history()
    #expect(history.map(\.sequence) == [5, 4, 3, 2, 1])
    #expect(
      history.map { entry in
        entry.keys.map { key in
          "\(key): " + (entry.changes[key].flatMap { settings.journalListWording($0, of: key) } ?? "-")
        }
      } == [
        ["dns: moved 9.9.9.9 to 3"], ["dns: added 8.8.8.8 at 3"],
        ["hosts: changed port of 1 (a) from 80 to 8080"],
        ["hosts: added a (port=80, token=\"\" (empty)) at 1, b (port=81, token=••••••••) at 2"],
        ["dns: added 9.9.9.9 at 1"],
      ])
    // A list with a secure field is journaled without that field's text: its other fields are.
    #expect(!(try subject.journalText()).contains("s3cret"))
    #expect(try subject.journalText().contains("8080"))
    // The first add taken back from the list as it is now, later changes kept.
    #expect(try settings.undo(.entry(1)).undone == [1])
    #expect(try settings.value(of: "dns") == .list([.string("1.1.1.1"), .string("8.8.8.8")]))
    #expect(
      try settings.value(of: "hosts")
        == .list([hostRecord("a", 8080), hostRecord("b", 81, token: "s3cret")]))
    #expect(try settings.history(limit: 1).first?.keys == ["dns"])
    // A field's change taken back keeps the secure text the list holds now; a secure field's
    // change, whose text the journal does not keep, is refused.
    try settings.edit("hosts", .move(from: 2, to: 1))
    try settings.edit("hosts", .setField("token", of: 1, to: .string("t0ken")))
    #expect(try settings.undo(.entry(3)).undone == [3])
    #expect(
      try settings.value(of: "hosts") == .list([hostRecord("b", 81, token: "t0ken"), hostRecord("a", 80)]))
    #expect(
      throws: SettingsError.undoRefused(.secretField(key: "hosts", field: "token", at: 1, removed: false))
    ) {
      try settings.undo(.entry(8))
    }
    #expect(try settings.history(limit: 2).last?.changes["hosts"]?.changedSecrets == ["[1].token"])
    #expect(!(try subject.journalText()).contains("t0ken"))
  }
}
