extension Settings {
  /// A journaled change of a list worded as the one element change it is, or nil when it is not
  /// one (a whole list set, several elements changed, a value that is not a list of this item):
  /// `added 9.9.9.9 at 3`, `removed 8.8.8.8 from 2`, `moved ko (한국어) to 1`,
  /// `changed server of 2 (Work)`, `changed 8.8.8.8 to 9.9.9.9 at 2`. Positions count from 1; no override reads as the default list;
  /// a secure list is never worded (its values are not journaled). Control characters are escaped.
  package func journalListWording(_ change: JournalChange, of key: String) -> String? {
    guard let (list, step) = journalListStep(change, of: key) else { return nil }
    var style = ValueStyle(unambiguous: true)
    style.choice = .unambiguousValueAndOtherTitle
    func shown(_ element: SettingValue) -> String {
      TerminalText.escaped(ValueRules.elementText(element, in: list, style: style))
    }
    switch step {
    case .added(let element, let at): return "added \(shown(element)) at \(at)"
    case .removed(let element, let from): return "removed \(shown(element)) from \(from)"
    case .moved(let element, _, let to): return "moved \(shown(element)) to \(to)"
    case .changedField(let field, let at, _, let after):
      var title = ""
      if let titleField = list.titleField, case .record(let values) = after, let value = values[titleField] {
        title =
          " ("
          + TerminalText.escaped(ValueRules.text(of: value, forRow: list.field(titleField), style: style))
          + ")"
      }
      return "changed \(TerminalText.escaped(field)) of \(at)\(title)"
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
