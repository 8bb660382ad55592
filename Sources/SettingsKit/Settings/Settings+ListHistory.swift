extension Settings {
  /// A journaled change of a list worded as the one element change it is, or nil when it is not
  /// one (a whole list set, several elements changed, a value that is not a list of this item):
  /// `added 9.9.9.9 at 3`, `removed 8.8.8.8 from 2`, `moved ko (한국어) to 1`,
  /// `changed server of 2 (Work)`. Positions count from 1; no override reads as the default list;
  /// a secure list is never worded (its values are not journaled). Control characters are escaped.
  package func journalListWording(_ change: JournalChange, of key: String) -> String? {
    guard !change.isSecure, let item = item(forFullKey: currentKey(key)), item.type == .list,
      let list = item.list,
      let old = listElements(change.before, of: item), let new = listElements(change.after, of: item)
    else { return nil }
    var style = ValueStyle(unambiguous: true)
    style.choice = .unambiguousValueAndOtherTitle
    func shown(_ element: SettingValue) -> String {
      TerminalText.escaped(ValueRules.elementText(element, in: list, style: style))
    }
    if new.count == old.count + 1, let index = Self.onlyInsertion(of: old, into: new) {
      return "added \(shown(new[index])) at \(index + 1)"
    }
    if old.count == new.count + 1, let index = Self.onlyInsertion(of: new, into: old) {
      return "removed \(shown(old[index])) from \(index + 1)"
    }
    guard old.count == new.count, old != new else { return nil }
    let differing = old.indices.filter { old[$0] != new[$0] }
    if differing.count == 1, let index = differing.first,
      case .record(let before) = old[index], case .record(let after) = new[index]
    {
      let fields = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
      guard fields.count == 1, let field = fields.first else { return nil }
      let title = list.titleField.flatMap { after[$0] }.map {
        " ("
          + TerminalText.escaped(
            ValueRules.text(of: $0, forRow: list.field(list.titleField ?? ""), style: style))
          + ")"
      }
      return "changed \(TerminalText.escaped(field)) of \(index + 1)\(title ?? "")"
    }
    // One element taken out and put back elsewhere, the others keeping their order; of two
    // elements that swapped places, the later one moved up.
    for from in old.indices.reversed() {
      var rest = old
      let element = rest.remove(at: from)
      for to in new.indices where to != from && new[to] == element {
        var placed = rest
        placed.insert(element, at: to)
        if placed == new { return "moved \(shown(element)) to \(to + 1)" }
      }
    }
    return nil
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

  /// The one position at which `longer` holds an element that `shorter` lacks, the others in the
  /// same order; nil when the two differ otherwise.
  private static func onlyInsertion(of shorter: [SettingValue], into longer: [SettingValue]) -> Int? {
    var index = 0
    while index < shorter.count, shorter[index] == longer[index] { index += 1 }
    return shorter[index...] == longer[(index + 1)...] ? index : nil
  }
}
