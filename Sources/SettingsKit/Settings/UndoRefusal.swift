/// Why `undo` refused, as ``SettingsError/undoRefused(_:)`` carries it.
public enum UndoRefusal: Sendable, Equatable {
  /// The journal holds no change to undo.
  case nothingToUndo
  /// No entry has this number (the journal keeps `first` to `last`; nil when it is empty).
  case noSuchEntry(Int, kept: ClosedRange<Int>?)
  /// `key` changed again after the entry being undone, in `later`.
  case changedLater(key: String, undoing: Int, later: Int, how: String)
  /// A secure text field's earlier text (or a list with a secure field's) is not kept, so it can only
  /// be undone back to its default.
  case secret(key: String)
  /// The change of the record list `key` changed the text of the secure field `field` of record
  /// `at` (from 1), or (`removed`) removed that record while the field held text: the journal
  /// does not keep that text, so the change cannot be taken back.
  case secretField(key: String, field: String, at: Int, removed: Bool)
  /// At `time` every key of the choice stood as it does now.
  case nothingChangedSince(String)
  /// Every key that entry `number` changed already holds the value it had before that entry
  /// (`undo N --force` of a change taken back already).
  case alreadyAsBefore(Int)
  /// The values at the time (the first string) are no longer known: the journal knows them from
  /// `knownSince` on (older entries were folded into its base).
  case beforeJournal(String, knownSince: String)

  /// The refusal as a sentence.
  public var message: String {
    func shown(_ text: String) -> String { "'\(text)'" }
    switch self {
    case .nothingToUndo:
      return "the journal holds no change to undo"
    case .noSuchEntry(let number, let kept?):
      return "no change \(number) in the journal; it keeps changes \(kept.lowerBound) to \(kept.upperBound)"
    case .noSuchEntry(let number, nil):
      return "no change \(number) in the journal; it is empty"
    case .changedLater(let key, let undoing, let later, let how):
      return "\(shown(key)) changed again after change \(undoing), in change \(later) (\(how)); "
        + "nothing was changed"
    case .secret(let key):
      return "\(shown(key)) holds secure text, whose earlier value the journal does not keep; "
        + "it can only be undone back to its default; nothing was changed"
    case .secretField(let key, let field, let at, let removed):
      return
        "the \(shown(field)) of record \(at) of \(shown(key))\(removed ? ", which was removed," : "") is "
        + "secure text, whose earlier value the journal does not keep; nothing was changed"
    case .nothingChangedSince(let time):
      return "nothing changed since \(time)"
    case .alreadyAsBefore(let number):
      return "what change \(number) changed is as it was before it already; nothing was changed"
    case .beforeJournal(let time, let known):
      return "the journal no longer knows the values at \(time): it knows them from \(known) on; "
        + "nothing was changed"
    }
  }

  /// What to do instead, or nil; in words that name no command (the command line adds its own).
  public var hint: String? {
    switch self {
    case .changedLater: "undo it anyway to replace the later change, or read the history to see both"
    case .secret: "reset it to go back to its default"
    case .secretField(_, _, _, let removed):
      removed ? "add the record again, with its text" : "set that field again"
    case .noSuchEntry, .nothingToUndo: "the history lists the entries"
    case .nothingChangedSince, .alreadyAsBefore: nil
    case .beforeJournal(_, let known): "undo to a time from \(known) on, or undo one change by its number"
    }
  }
}
