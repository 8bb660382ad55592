extension Settings {
  /// A journaled change of a list worded as the element change it is, or nil when it is not one
  /// (a whole list set, elements changed in several ways, a value that is not a list of this item):
  /// `added 9.9.9.9 at 3`, `added 9.9.9.9 at 1, 8.8.8.8 at 2` (several added at once),
  /// `removed 8.8.8.8 from 2`, `moved ko (한국어) to 1`, `changed port of 2 (Work) from 80 to 8080`,
  /// `changed 8.8.8.8 to 9.9.9.9 at 2`, `changed password of 2 (Work)` (a secure field's text,
  /// never shown: ``JournalChange/changedSecrets``). Positions count from 1; no override reads as
  /// the default list. Control characters are escaped.
  package func journalListWording(_ change: JournalChange, of key: String) -> String? {
    guard let (list, step, after) = journalListStep(change, of: key) else { return nil }
    var style = ValueStyle(unambiguous: true)
    style.choice = .unambiguousValueAndOtherTitle
    // A secure field's text changed: said by its field and record, never with its text.
    let secrets = change.changedSecrets.compactMap { name -> String? in
      guard let (at, field) = Self.secretPlace(name), (1...after.count).contains(at) else { return nil }
      return "changed \(TerminalText.escaped(field)) of \(at)"
        + Self.recordTitle(after[at - 1], in: list, style: style)
    }
    // A secure field's change from or to an empty text is also an element change: said once.
    if case .changedField(let field, let at, _, _)? = step, change.changedSecrets.contains("[\(at)].\(field)")
    {
      return secrets.joined(separator: "; ")
    }
    guard let step else { return secrets.isEmpty ? nil : secrets.joined(separator: "; ") }
    return ([Self.wording(step, in: list, style: style)] + secrets).joined(separator: "; ")
  }

  /// ` (TITLE)`: a record's title field's text as history words it, or empty.
  private static func recordTitle(_ record: SettingValue, in list: SettingList, style: ValueStyle) -> String {
    guard let titleField = list.titleField, case .record(let values) = record, let value = values[titleField]
    else { return "" }
    return
      " (\(TerminalText.escaped(ValueRules.text(of: value, forRow: list.field(titleField), style: style))))"
  }

  /// One element change in `history`'s words; see ``journalListWording(_:of:)``.
  private static func wording(_ step: ListElementChange, in list: SettingList, style: ValueStyle) -> String {
    func shown(_ element: SettingValue) -> String {
      TerminalText.escaped(ValueRules.elementText(element, in: list, style: style))
    }
    switch step {
    case .added(let element, let at): return "added \(shown(element)) at \(at)"
    case .addedSeveral(let elements, let at):
      return "added " + zip(elements, at).map { "\(shown($0)) at \($1)" }.joined(separator: ", ")
    case .removed(let element, let from): return "removed \(shown(element)) from \(from)"
    case .removedSeveral(let elements, let from):
      return "removed " + zip(elements, from).map { "\(shown($0)) from \($1)" }.joined(separator: ", ")
    case .moved(let element, _, let to): return "moved \(shown(element)) to \(to)"
    case .changedField(let field, let at, let before, let after):
      func fieldText(_ record: SettingValue, _ key: String) -> String? {
        guard case .record(let values) = record, let value = values[key] else { return nil }
        return TerminalText.escaped(ValueRules.text(of: value, forRow: list.field(key), style: style))
      }
      var wording =
        "changed \(TerminalText.escaped(field)) of \(at)" + recordTitle(after, in: list, style: style)
      // A secure field's text is never shown (the journal keeps no text of one that is not empty).
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
  ///
  /// `now` is the store's override, secure fields' texts included: a record list with a secure
  /// field is journaled without those texts, so its elements are found by their other fields, and
  /// a record put back keeps the text the list holds now at its position (a changed field), or the
  /// one the journal kept (an empty one); nil when that text is not known (a removed record whose
  /// secure field had text), or the change changed a secure field's text
  /// (``JournalChange/changedSecrets``).
  func listUndoTarget(_ change: JournalChange, of key: String, now: JSONValue?) -> JSONValue? {
    guard secretRefusal(change, of: key, now: now) == nil,
      let (list, found, _) = journalListStep(change, of: key),
      let step = found,
      let item = item(forFullKey: currentKey(key)), let stored = listElements(now, of: item),
      let current = journaledElements(now, of: item)
    else { return nil }
    // An element is found as it was, else (a record list with a unique field) by that field.
    func find(_ element: SettingValue) -> Int? { Self.index(of: element, in: current, list: list) }
    let operation: ListOperation
    switch step {
    case .added(let element, _):
      guard let index = find(element) else { return nil }
      operation = .remove(at: index + 1)
    case .addedSeveral(let elements, _):
      // Each added element taken out of the list now, the last first; all must still be there.
      var remaining = Array(zip(current, stored))
      for element in elements.reversed() {
        guard let index = remaining.lastIndex(where: { $0.0 == element }) else { return nil }
        remaining.remove(at: index)
      }
      let kept = remaining.map(\.1)
      guard ValueRules.listProblem(kept, in: list) == nil else { return nil }
      return SettingValue.list(kept).json
    case .removed(let element, let from):
      operation = .add(element, at: min(from, current.count + 1))
    case .removedSeveral(let elements, let from):
      // Each put back where it was, the first first (or at the end).
      var restored = stored
      for (element, position) in zip(elements, from) {
        restored.insert(element, at: min(position - 1, restored.count))
      }
      guard ValueRules.listProblem(restored, in: list) == nil else { return nil }
      return SettingValue.list(restored).json
    case .moved(let element, let from, _):
      guard let index = find(element) else { return nil }
      operation = .move(from: index + 1, to: min(from, current.count))
    case .changedField(let field, _, let before, let after):
      guard let index = find(after), case .record(let values) = before,
        let value = values[field]
      else { return nil }
      operation = .setField(field, of: index + 1, to: value)
    case .replaced(let before, let at, let after):
      guard let index = find(after) else { return nil }
      operation = .replace(
        at: index + 1,
        with: Self.keepingSecrets(of: stored[index], in: before, unknown: change.before, at: at))
    }
    guard let new = try? operation.apply(to: stored, in: list) else { return nil }
    return SettingValue.list(new).json
  }

  /// Why a journaled change of the record list `key` cannot be taken back, the texts of its
  /// secure fields not being journaled: it changed one (the first of
  /// ``JournalChange/changedSecrets``), or it removed a record one of whose secure fields held
  /// text; nil otherwise.
  ///
  /// A record is named by its position in the list as it is now (`now`, the store's override),
  /// where it is still there. A secure field whose text was empty before the change is known, and
  /// does not refuse.
  func secretRefusal(_ change: JournalChange, of key: String, now: JSONValue?) -> UndoRefusal? {
    let shownKey = currentKey(key)
    for (at, field) in change.changedSecrets.compactMap(Self.secretPlace) {
      guard Self.journaledField(field, of: change.before, at: at)?.kind != .string("") else { continue }
      var position = at
      if let (_, _, after) = journalListStep(change, of: key), after.indices.contains(at - 1),
        let item = item(forFullKey: shownKey),
        let index = journaledElements(now, of: item)?.firstIndex(of: after[at - 1])
      {
        position = index + 1
      }
      return .secretField(key: shownKey, field: field, at: position, removed: false)
    }
    let removed: [Int]
    switch journalListStep(change, of: key)?.1 {
    case .removed(_, let from)?: removed = [from]
    case .removedSeveral(_, let from)?: removed = from
    default: return nil
    }
    for from in removed {
      guard case .array(let elements)? = change.before?.kind, elements.indices.contains(from - 1),
        case .object(let members) = elements[from - 1].kind,
        let field = members.first(where: { $0.value.kind == .null })?.name
      else { continue }
      return .secretField(key: shownKey, field: field, at: from, removed: true)
    }
    return nil
  }

  /// The journaled record list `target` with each secure field whose text the journal does not
  /// know (``JSONValue/null``) taken from the same record of the list the store holds now
  /// (`now`): the one with the same value of the list's unique field, else with the same other
  /// fields; `target` itself when it is not a record list of `key`.
  ///
  /// - Throws: ``UndoRefusal/secretField(key:field:at:removed:)`` for a record with such a field
  ///   that has no same record now (it was removed since).
  func fillingSecrets(_ target: JSONValue, of key: String, now: JSONValue?) throws(SettingsError) -> JSONValue
  {
    guard let list = item(forFullKey: currentKey(key))?.list, let fields = list.fields,
      case .array(let records) = target.kind
    else { return target }
    let secure = Set(fields.filter(\.securesValue).compactMap(\.key))
    var current: [JSONValue] = []
    if case .array(let elements)? = now?.kind { current = elements }
    func identity(_ record: JSONValue) -> JSONValue? {
      if let unique = list.uniqueField { return record[member: unique] }
      guard case .object(let members) = record.kind else { return nil }
      return JSONValue(.object(members.filter { !secure.contains($0.name) }))
    }
    var filled: [JSONValue] = []
    for (index, record) in records.enumerated() {
      guard case .object(let members) = record.kind,
        let unknown = members.first(where: { secure.contains($0.name) && $0.value.kind == .null })
      else {
        filled.append(record)
        continue
      }
      guard let id = identity(record),
        let same = current.first(where: { identity($0).map { JSONValue.same($0, id) } ?? false })
      else {
        throw .undoRefused(
          .secretField(key: currentKey(key), field: unknown.name, at: index + 1, removed: true))
      }
      filled.append(
        JSONValue(
          .object(
            members.map { member in
              guard secure.contains(member.name), member.value.kind == .null,
                let text = same[member: member.name]
              else { return member }
              return JSONValue.Member(name: member.name, nameOffset: 0, value: text)
            })))
    }
    return JSONValue(.array(filled))
  }

  /// The offset of `element` in `elements`: where it is as it was, else, in a record list with a
  /// unique field, the record with the same value of that field (the same record, changed since);
  /// nil when it is not there.
  package static func index(of element: SettingValue, in elements: [SettingValue], list: SettingList) -> Int?
  {
    if let index = elements.firstIndex(of: element) { return index }
    guard let field = list.uniqueField, case .record(let values) = element, let key = values[field] else {
      return nil
    }
    return elements.firstIndex { if case .record(let other) = $0 { other[field] == key } else { false } }
  }

  /// The value of field `field` of the record at position `at` (from 1) of the journaled list
  /// `list`; nil when there is none.
  private static func journaledField(_ field: String, of list: JSONValue?, at: Int) -> JSONValue? {
    guard case .array(let elements)? = list?.kind, elements.indices.contains(at - 1) else { return nil }
    return elements[at - 1][member: field]
  }

  /// The record's position (from 1) and the field a name of ``JournalChange/changedSecrets``
  /// (`[N].FIELD`) gives; nil for another name.
  private static func secretPlace(_ name: String) -> (at: Int, field: String)? {
    guard name.hasPrefix("["), let close = name.firstIndex(of: "]"),
      let at = Int(name[name.index(after: name.startIndex)..<close]), name[close...].hasPrefix("].")
    else { return nil }
    return (at, String(name[close...].dropFirst(2)))
  }

  /// `record` with each secure field whose text the journaled list `journaled` does not know at
  /// position `at` (from 1) taken from `kept`: the text the list holds now.
  private static func keepingSecrets(
    of kept: SettingValue, in record: SettingValue, unknown journaled: JSONValue?, at: Int
  ) -> SettingValue {
    guard case .record(var values) = record, case .record(let now) = kept,
      case .array(let elements)? = journaled?.kind, elements.indices.contains(at - 1),
      case .object(let members) = elements[at - 1].kind
    else { return record }
    for member in members where member.value.kind == .null { values[member.name] = now[member.name] }
    return .record(values)
  }

  /// Whether a journaled change of the list `key` added elements none of which the list holds
  /// now (`now`: its override, nil for none): what it made is taken back already.
  func listAdditionGone(_ change: JournalChange, of key: String, now: JSONValue?) -> Bool {
    guard let (list, found, _) = journalListStep(change, of: key), let step = found,
      let item = item(forFullKey: currentKey(key)), let current = journaledElements(now, of: item)
    else { return false }
    switch step {
    case .added(let element, _): return Self.index(of: element, in: current, list: list) == nil
    case .addedSeveral(let elements, _):
      return elements.allSatisfy { Self.index(of: $0, in: current, list: list) == nil }
    default: return false
    }
  }

  /// The one element change a journaled change of the list `key` is (nil when it is not one),
  /// with the list's declaration and its elements after the change, as the journal keeps them
  /// (``journaledElements(_:of:)``); nil when the key is not a list's or its values are not
  /// journaled.
  private func journalListStep(_ change: JournalChange, of key: String) -> (
    SettingList, ListElementChange?, [SettingValue]
  )? {
    guard !change.isSecure, let item = item(forFullKey: currentKey(key)), item.type == .list,
      let list = item.list,
      let old = journaledElements(change.before, of: item),
      let new = journaledElements(change.after, of: item)
    else { return nil }
    return (list, ListElementChange(from: old, to: new), new)
  }

  /// A list override's elements as the journal keeps them (no override: the default list): for a
  /// record list with a secure field, each such field's text that is not empty is not known, and
  /// reads as ``ValueRules/mask``, whether `value` was journaled or read from a store (so that
  /// both read alike, and print masked); nil when it is not a list the item accepts.
  func journaledElements(_ value: JSONValue?, of item: SettingItem) -> [SettingValue]? {
    let secure = Set(item.list?.fields?.filter(\.securesValue).compactMap(\.key) ?? [])
    guard !secure.isEmpty, let value else { return listElements(value, of: item) }
    let journaled = StoreJournal.journaled(value, isSecure: false, fields: secure)
    guard case .array(let records) = journaled.kind,
      var elements = listElements(StoreJournal.withoutUnknownSecrets(journaled, fields: secure), of: item)
    else { return nil }
    for (index, record) in records.enumerated() {
      guard case .object(let members) = record.kind, case .record(var values) = elements[index] else {
        continue
      }
      for member in members where secure.contains(member.name) && member.value.kind == .null {
        values[member.name] = .string(ValueRules.mask)
      }
      elements[index] = .record(values)
    }
    return elements
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
