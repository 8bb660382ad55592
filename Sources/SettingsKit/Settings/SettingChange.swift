/// A change of one setting, as a write returns it and ``Settings/changes(_:)`` reports it (the
/// payload of ``SettingsEvent/changed(_:)``): a switch cell's `switchChanged`, known by key.
///
/// The change of a secure text field (``isSecure``) prints its values as `ValueRules.mask`:
/// its description, its debug description and `dump` never show the text, so a change logged
/// by an app does not leak a password. ``oldValue`` and ``newValue`` hold the text itself.
public struct SettingChange: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The item's key.
  public var key: String
  /// The value before the change (the default when there was no override).
  ///
  /// For a secure text field (``isSecure``) this is the text itself, unmasked: to log a change,
  /// print the change (its ``description`` masks it), not this value.
  public var oldValue: SettingValue
  /// The value after the change.
  ///
  /// For a secure text field (``isSecure``) this is the text itself, unmasked: to log a change,
  /// print the change (its ``description`` masks it), not this value.
  public var newValue: SettingValue
  /// Whether this process made the change or another one (or a hand edit) did.
  public var origin: ChangeOrigin
  /// Whether the item is a secure text field, whose values print as `ValueRules.mask`.
  public var isSecure: Bool
  /// The number of the journal entry that made the change (its ``JournalEntry/sequence``, the `N`
  /// of `settings history`'s `change N`), as a watch reports it (``Settings/changes(_:)``) and a
  /// write returns it (``Settings/set(_:to:)-(String,_)``, ``Settings/reset(_:)``); nil when it
  /// is not known: a store that keeps no journal (``MemoryStore``, a journal limit of 0), a value
  /// that changed with the document's defaults or a system file rather than the store, and a store
  /// changed without the tool that no journal holds yet.
  public var journalSequence: Int?

  /// Creates a change.
  public init(
    key: String, oldValue: SettingValue, newValue: SettingValue, origin: ChangeOrigin = .thisProcess,
    isSecure: Bool = false, journalSequence: Int? = nil
  ) {
    self.key = key
    self.oldValue = oldValue
    self.newValue = newValue
    self.origin = origin
    self.isSecure = isSecure
    self.journalSequence = journalSequence
  }

  /// The element change of a list that this change is (an element added, removed or moved, or a
  /// field of a record changed), with the element's value and its positions from 1; nil when the
  /// values are not lists, or differ by more than one element change (a list set whole).
  ///
  /// Worked out from ``oldValue`` and ``newValue`` by the rule `settings history` words a list's
  /// change with, so an observer of ``Settings/changes(_:)`` learns what was added, removed or
  /// moved, whichever process made the change. A secure field's text is in the values, as it is
  /// in ``oldValue`` and ``newValue``.
  public var listChange: ListElementChange? {
    guard case .list(let old) = oldValue, case .list(let new) = newValue else { return nil }
    return ListElementChange(from: old, to: new)
  }

  /// `key: old -> new`, each value as `settings get` prints it, or `ValueRules.mask` for a secure
  /// text field (even an empty one).
  public var description: String { "\(key): \(shown(oldValue)) -> \(shown(newValue))" }

  /// `SettingChange(key: "wifi", oldValue: off, newValue: on, origin: thisProcess)`, with the
  /// values masked as in ``description``, and `, journalSequence: 7` when that is known.
  public var debugDescription: String {
    "SettingChange(key: \(String(reflecting: key)), oldValue: \(shown(oldValue)), "
      + "newValue: \(shown(newValue)), origin: \(origin)"
      + (journalSequence.map { ", journalSequence: \($0))" } ?? ")")
  }

  /// The fields, with a secure text field's values as `ValueRules.mask`, so `dump` shows no
  /// secret; ``journalSequence`` only when it is known.
  public var customMirror: Mirror {
    let old: Any = isSecure ? ValueRules.mask : oldValue
    let new: Any = isSecure ? ValueRules.mask : newValue
    var children: [Mirror.Child] = [
      ("key", key), ("oldValue", old), ("newValue", new), ("origin", origin), ("isSecure", isSecure),
    ]
    if let journalSequence { children.append(("journalSequence", journalSequence)) }
    return Mirror(self, children: children, displayStyle: .struct)
  }

  /// `value` as printed: the mask for a secure text field.
  private func shown(_ value: SettingValue) -> String { isSecure ? ValueRules.mask : value.description }
}

/// Who made a ``SettingChange``.
public enum ChangeOrigin: Sendable, Equatable {
  /// A ``Settings`` object in this process (`set`, `toggle`, `reset`).
  case thisProcess
  /// Another process (`settings set`, another embedding tool), a hand edit of the store, its
  /// deletion, or a new document's defaults.
  case elsewhere
}
