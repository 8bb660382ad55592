import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// The engine's refusals of `undo` give reasons; the command line adds what to run instead.
struct UndoHintTests {
  /// Each refusal with the line the command line prints for it.
  static let refusals: [(UndoRefusal, String)] = [
    (
      UndoRefusal.nothingToUndo,
      "Error: the journal holds no change to undo; 'settings history' lists the entries\n"
    ),
    (
      .noSuchEntry(9, kept: 1...3),
      "Error: no change 9 in the journal; it keeps changes 1 to 3; 'settings history' lists the entries\n"
    ),
    (
      .changedLater(key: "theme", undoing: 1, later: 2, how: "set"),
      "Error: 'theme' changed again after change 1, in change 2 (set); nothing was changed; "
        + "give --force to undo it anyway, or 'settings history' to see both\n"
    ),
    (
      .secret(key: "pin"),
      "Error: 'pin' holds secure text, whose earlier value the journal does not keep; it can only "
        + "be undone back to its default; nothing was changed; 'settings reset pin' goes back to the default\n"
    ),
    (
      .secretField(key: "vpn", field: "password", at: 2, removed: false),
      "Error: the 'password' of record 2 of 'vpn' is secure text, whose earlier value the journal does not "
        + "keep; nothing was changed; 'settings set vpn[2].password TEXT' sets it again\n"
    ),
    (
      .secretField(key: "vpn", field: "password", at: 2, removed: true),
      "Error: the 'password' of record 2 of 'vpn', which was removed, is secure text, whose earlier value "
        + "the journal does not keep; nothing was changed; 'settings add vpn password=TEXT …' adds the "
        + "record again\n"
    ),
    (.nothingChangedSince("2024-05-01 10:00"), "Error: nothing changed since 2024-05-01 10:00\n"),
    (
      .alreadyAsBefore(4),
      "Error: what change 4 changed is as it was before it already; nothing was changed\n"
    ),
    (
      .beforeJournal("2024-05-01 10:00", knownSince: "2024-06-01 09:00"),
      "Error: the journal no longer knows the values at 2024-05-01 10:00: it knows them from "
        + "2024-06-01 09:00 on; nothing was changed; give a time from 2024-06-01 09:00 on, or "
        + "'settings undo ID' to take back one change\n"
    ),
  ]

  @Test(arguments: refusals)
  func theCommandLineAddsTheHint(refusal: UndoRefusal, text: String) {
    let error = CommandError(SettingsError.undoRefused(refusal))
    #expect(error.text == text)
    #expect(error.status == .refused)
  }
}
