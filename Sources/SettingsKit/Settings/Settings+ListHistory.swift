extension Settings {
  /// A journaled change of a list worded as the element change it is, or nil when it is not one
  /// (a whole list set, elements changed in several ways, a value that is not a list of this item):
  /// `added 9.9.9.9 at 3`, `added 9.9.9.9 at 1, 8.8.8.8 at 2` (several added at once),
  /// `removed 8.8.8.8 from 2`, `moved ko (한국어) to 1`, `changed port of 2 (Work) from 80 to 8080`,
  /// `changed 8.8.8.8 to 9.9.9.9 at 2`. Positions count from 1; no override reads as the default
  /// list; a secure list is never worded (its values are not journaled). Control characters are
  /// escaped.
  package func journalListWording(_ change: JournalChange, of key: String) -> String? {
    guard let (list, step) = journalListStep(change, of: key) else { return nil }
    var style = ValueStyle(unambiguous: true)
    style.choice = .unambiguousValueAndOtherTitle
    func shown(_ element: SettingValue) -> String {
      TerminalText.escaped(ValueRules.elementText(element, in: list, style: style))
    }
    switch step {
    case .added(let element, let at): return "added \(shown(element)) at \(at)"
    case .addedSeveral(let elements, let at):
      return "added " + zip(elements, at).map { "\(shown($0)) at \($1)" }.joined(separator: ", ")
    case .removed(let element, let from): return "removed \(shown(element)) from \(from)"
    case .moved(let element, _, let to): return "moved \(shown(element)) to \(to)"
    case .changedField(let field, let at, let before, let after):
      func fieldText(_ record: SettingValue, _ key: String) -> String? {
        guard case .record(let values) = record, let value = values[key] else { return nil }
        return TerminalText.escaped(ValueRules.text(of: value, forRow: list.field(key), style: style))
      }
      let title = list.titleField.flatMap { fieldText(after, $0) }.map { " (\($0))" } ?? ""
      var wording = "changed \(TerminalText.escaped(field)) of \(at)\(title)"
      // A secure field's text is never shown (a list with one is journaled without its values).
      if list.field(field)?.isSecure != true, let old = fieldText(before, field),
        let new = fieldText(after, field)
      {
        wording += " from \(old) to \(new)"
      }
      return wording
    case .replaced(let before, let at, let after):
      return "changed \(shown(before)) to \(shown(after)) at \(at)"
    }
  }

  /// The override that takes back a journaled element change of the list `key` from the list as it
  /// is now (`now`: its override, nil for none): the added element removed, the removed one put
  /// back where it was (or at the end), the moved one moved back, the changed field set back; nil
  /// when the change is not one element change, or it cannot be taken back from this list (the
  /// element is gone, or the result breaks a rule of the list).
  func listUndoTarget(_ change: JournalChange, of key: String, now: JSONValue?) -> JSONValue? {
    guard let (list, step) = journalListStep(change, of: key),
      let item = item(forFullKey: currentKey(key)), let current = listElements(now, of: item)
    else { return nil }
    let operation: ListOperation
    switch step {
    case .added(let element, _):
      guard let index = current.firstIndex(of: element) else { return nil }
      operation = .remove(at: index + 1)
    case .addedSeveral(let elements, _):
      // Each added element taken out of the list now, the last first; all must still be there.
      var remaining = current
      for element in elements.reversed() {
        guard let index = remaining.lastIndex(of: element) else { return nil }
        remaining.remove(at: index)
      }
      guard ValueRules.listProblem(remaining, in: list) == nil else { return nil }
      return SettingValue.list(remaining).json
    case .removed(let element, let from):
      operation = .add(element, at: min(from, current.count + 1))
    case .moved(let element, let from, _):
      guard let index = current.firstIndex(of: element) else { return nil }
      operation = .move(from: index + 1, to: min(from, current.count))
    case .changedField(let field, _, let before, let after):
      guard let index = current.firstIndex(of: after), case .record(let values) = before,
        let value = values[field]
      else { return nil }
      operation = .setField(field, of: index + 1, to: value)
    case .replaced(let before, _, let after):
      guard let index = current.firstIndex(of: after) else { return nil }
      operation = .replace(at: index + 1, with: before)
    }
    guard let new = try? operation.apply(to: current, in: list) else { return nil }
    return SettingValue.list(new).json
  }

  /// Whether a journaled change of the list `key` added elements none of which the list holds
  /// now (`now`: its override, nil for none): what it made is taken back already.
  func listAdditionGone(_ change: JournalChange, of key: String, now: JSONValue?) -> Bool {
    guard let (_, step) = journalListStep(change, of: key),
      let item = item(forFullKey: currentKey(key)), let current = listElements(now, of: item)
    else { return false }
    switch step {
    case .added(let element, _): return !current.contains(element)
    case .addedSeveral(let elements, _): return elements.allSatisfy { !current.contains($0) }
    default: return false
    }
  }

  /// The one element change a journaled change of the list `key` is, with the list's declaration;
  /// nil when it is not one, or the key is not a list's, or its values are not journaled.
  private func journalListStep(_ change: JournalChange, of key: String) -> (SettingList, ListElementChange)? {
    guard !change.isSecure, let item = item(forFullKey: currentKey(key)), item.type == .list,
      let list = item.list,
      let old = listElements(change.before, of: item), let new = listElements(change.after, of: item),
      let step = ListElementChange(from: old, to: new)
    else { return nil }
    return (list, step)
  }

  /// A journaled list override's elements (no override: the default list), or nil when it is not a
  /// list the item accepts.
  private func listElements(_ value: JSONValue?, of item: SettingItem) -> [SettingValue]? {
    guard let value else {
      guard case .list(let elements)? = item.defaultValue else { return nil }
      return elements
    }
    guard case .list(let elements)? = SettingsSnapshot.accepted(value, by: item) else { return nil }
    return elements
  }
}
