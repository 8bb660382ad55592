/// Why a read or change of a setting was refused.
public enum SettingsError: ExplainedError, Equatable {
  /// No item has this key; `suggestion` is a close key, if any.
  case unknownKey(String, suggestion: String?)
  /// The item exists but cannot take a value from `set` (a detailTitle, or a rightDetail without choices).
  case notSettable(key: String, type: CellType)
  /// `toggle` on an item that is not a switch.
  case notASwitch(key: String, type: CellType)
  /// An item's own key names several items on different pages; the full keys are given.
  case ambiguousKey(String, candidates: [String])
  /// A system file locks the item: `file` holds the lock, `reason` is what it says.
  case locked(key: String, file: String, reason: String)
  /// The item is disabled by another item's value; `changedHere` when the change refused is the
  /// one that gives the controlling item that value (`set sync=off server=a:1`).
  case disabled(key: String, reason: String, controllingKey: String, changedHere: Bool = false)
  /// The item has no value to read (a detailTitle only navigates).
  case noValue(key: String, type: CellType)
  /// The text is not a value this item accepts; `accepted` lists what would be (the message says
  /// `expected one of` them, or `expected` the one description it holds, or nothing when empty).
  case invalidValue(key: String, value: String, accepted: [String])
  /// A text field, number, slider or multiple choice value the item does not accept: the item's
  /// key, the value as given, why, and what is accepted (`ValueRules`' words).
  case rejectedValue(key: String, value: String, problem: ValueProblem, accepted: String)
  /// A typed read of an item whose value the Swift type cannot hold; `expected` names the type.
  case typeMismatch(key: String, value: String, expected: String)
  /// `--add`/`--remove` on an item that is not a multiple choice item.
  case notMultiple(key: String)
  /// An element change (``Settings/edit(_:_:)-(String,_)``) of a list whose stored value its rules refuse
  /// (``SettingsSnapshot/problems`` lists it): made on the default it reads as, the change would
  /// drop the stored elements.
  case refusedStoredList(StoredValueProblem)
  /// An element change (``Settings/edit(_:_:)-(String,_)``) of an item that is not a list.
  case notAList(key: String, type: CellType)
  /// An assignment is not of the form KEY=VALUE.
  case malformedAssignment(String)
  /// One `set` names the same key twice.
  case duplicateAssignment(String)
  /// The store could not be read or written.
  case store(StoreError)
  /// A migration step (numbered from 1) would store a value the document does not accept for
  /// `key`; nothing was changed.
  case migrationRejected(step: Int, summary: String, key: String, value: JSONValue, expected: String)
  /// Values to load were refused (``LoadRefusal``); nothing was changed.
  case loadRefused([LoadRefusal])
  /// More than one of a command's assignments is refused: each one's error, in the order given
  /// (nothing is written).
  case several([SettingsError])
  /// `undo` refused (nothing was changed).
  case undoRefused(UndoRefusal)

  /// A message fragment saying what is wrong and what would be right, in plain text.
  public var message: String {
    func shown(_ text: String) -> String { "'\(text)'" }
    switch self {
    case .unknownKey(let key, _):
      return "unknown key \(shown(key))"
    case .notSettable(let key, let type):
      return
        "\(shown(key)) is a \(type.rawValue) item\(type == .rightDetail ? " without choices" : ""); "
        + "only switches, items with choices, text fields, numbers and sliders can be set"
    case .notASwitch(let key, let type):
      return "\(shown(key)) is a \(type.rawValue) item, not a switch; only switches toggle"
    case .ambiguousKey(let key, let candidates):
      return "\(shown(key)) names several items; use one of " + candidates.map(shown).joined(separator: ", ")
    case .disabled(let key, let reason, _, _):
      return "\(shown(key)) is disabled (\(reason))"
    case .locked(let key, let file, let reason):
      return "\(shown(key)) is locked by \(file): \(reason)"
    case .noValue(let key, let type):
      return "\(shown(key)) is a \(type.rawValue) item; it navigates and has no value"
    case .invalidValue(let key, let value, let accepted):
      let invalid = "invalid value \(shown(value)) for \(shown(key))"
      switch accepted.count {
      case 0: return invalid
      case 1: return invalid + "; expected " + accepted[0]
      default: return invalid + "; expected one of " + accepted.joined(separator: ", ")
      }
    case .rejectedValue(let key, _, let problem, _):
      return "\(key): \(problem.message)"
    case .typeMismatch(let key, let value, let expected):
      return "\(shown(key)) holds \(shown(value)), which is not a value of type \(expected)"
    case .notMultiple(let key):
      return "\(shown(key)) is not a multiple choice item; only those add and remove values"
    case .notAList(let key, let type):
      return "\(shown(key)) is a \(type.rawValue) item, not a list; only lists add, remove and move elements"
    case .refusedStoredList(let problem):
      return "\(shown(problem.key)) reads as its default, for its stored value is refused ("
        + "\(StoredValueProblem.shown(problem.storedValue, secure: problem.isSecure)); expected \(problem.expected)); "
        + "an element change would drop the stored elements"
    case .malformedAssignment(let text):
      return "expected KEY=VALUE; found \(shown(text))"
    case .duplicateAssignment(let key):
      return "\(shown(key)) is set twice; give each key once"
    case .store(let error):
      return error.message
    case .migrationRejected(let step, let summary, let key, let value, let expected):
      return "migration step \(step) (\(summary)) gives \(shown(key)) the value "
        + "\(StoredValueProblem.shown(value)); expected \(expected); nothing was changed"
    case .loadRefused(let refusals):
      return refusals.map(\.message).joined(separator: "\n")
    case .several(let errors):
      return errors.map(\.message).joined(separator: "\n")
    case .undoRefused(let refusal):
      return refusal.message
    }
  }

  /// One text per problem: each refused value to load, each refused assignment, or the one message.
  public var messages: [String] {
    switch self {
    case .store(let error): error.messages
    case .loadRefused(let refusals): refusals.map(\.message)
    case .several(let errors): errors.flatMap(\.messages)
    case .undoRefused(let refusal): [refusal.message]
    default: [message]
    }
  }

  /// A close key, the item to change first, or what to do instead; nil when there is nothing to add.
  public var hint: String? {
    func shown(_ text: String) -> String { "'\(text)'" }
    switch self {
    case .unknownKey(_, let suggestion?):
      return "did you mean \(shown(suggestion))?"
    case .notASwitch(_, .rightDetail):
      return "set one of its choices instead"
    case .disabled(let key, _, let controllingKey, true):
      return "the value this command gives \(shown(controllingKey)) disables it; "
        + "leave \(shown(key)) out, or set it first while \(shown(controllingKey)) allows it"
    case .disabled(_, _, let controllingKey, false):
      return "change \(shown(controllingKey)) first"
    case .store(let error):
      return error.hint
    case .undoRefused(let refusal):
      return refusal.hint
    case .refusedStoredList:
      return "set the whole list, or reset it to its default"
    default:
      return nil
    }
  }
}
