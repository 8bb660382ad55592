/// One change to a list item's elements: add one, remove one, move one, or change one field of a
/// record. Every front end changes a list through it (``Settings/edit(_:_:)-(String,_)``), so each is checked
/// against every rule of the list the same way.
///
/// Positions count from 1, as `settings get` prints a list's elements, one a line: element 1 is
/// the first. ``apply(to:in:)`` works on the list as it is when the change is made, so a change
/// made elsewhere meanwhile is kept (an add concurrent with another add keeps both).
public enum ListOperation: Sendable, Equatable, Hashable {
  /// Adds `element` at position `at` (from 1 to one past the last), or at the end when nil.
  case add(SettingValue, at: Int?)
  /// Removes the element at position `at` (from 1).
  case remove(at: Int)
  /// Removes the first element equal to the value given; in a list of records, the first record
  /// whose title field (``SettingList/titleField``) holds it, when no record equals it.
  case removeValue(SettingValue)
  /// Moves the element at position `from` so that it stands at position `to` (both from 1).
  case move(from: Int, to: Int)
  /// Sets the field whose key is the first value of the record at position `of` (from 1) to `to`.
  case setField(String, of: Int, to: SettingValue)
  /// Puts `with` in place of the element at position `at` (from 1): `settings set 'dns[2]' 9.9.9.9`.
  case replace(at: Int, with: SettingValue)

  /// The elements after this change, checked against every rule of `list`: each element's type
  /// and rules (pattern, range, choices, a record's fields), `minCount`, `maxCount` and
  /// uniqueness.
  ///
  /// - Parameters:
  ///   - elements: the list's elements as they are now.
  ///   - list: the list's declaration.
  /// - Returns: the new elements; the same elements when nothing moves (a move to where the
  ///   element stands).
  /// - Throws: ``ValueProblem/noElement(index:count:)`` for a position out of range,
  ///   ``ValueProblem/notInList(_:)`` when the value to remove is not in the list,
  ///   ``ValueProblem/unknownField(index:field:)`` for a field the records do not have (or a
  ///   value list), and the problem of the first rule the new elements break.
  public func apply(to elements: [SettingValue], in list: SettingList) throws(ValueProblem) -> [SettingValue]
  {
    try apply(to: elements, in: list, keepingRules: false)
  }

  /// ``apply(to:in:)``; with `keepingRules` (the caller knows that `elements` keep every rule of
  /// `list`), only what the change can break is checked: the element it adds or changes, the
  /// count, and that element's uniqueness against the others; a move checks nothing. The same
  /// problems as the whole check, in time linear in the count with no set built (a 10 000-element
  /// list is checked at every `settings add`).
  package func apply(to elements: [SettingValue], in list: SettingList, keepingRules: Bool)
    throws(ValueProblem)
    -> [SettingValue]
  {
    var new = elements
    var changed: Int?
    switch self {
    case .add(let element, let at):
      let index = at ?? elements.count + 1
      guard (1...elements.count + 1).contains(index) else {
        throw .noElement(index: index, count: elements.count)
      }
      if let problem = ValueRules.elementProblem(element, in: list, index: index) { throw problem }
      new.insert(element, at: index - 1)
      changed = index - 1
    case .remove(let at):
      try Self.check(at, in: elements)
      new.remove(at: at - 1)
    case .removeValue(let element):
      let titled = list.titleField.flatMap { title in
        elements.firstIndex { if case .record(let values) = $0 { values[title] == element } else { false } }
      }
      guard let offset = elements.firstIndex(of: element) ?? titled else {
        throw .notInList(ValueRules.elementText(element, in: list, style: ValueStyle(unambiguous: true)))
      }
      new.remove(at: offset)
    case .move(let from, let to):
      try Self.check(from, in: elements)
      try Self.check(to, in: elements)
      new.insert(new.remove(at: from - 1), at: to - 1)
    case .setField(let key, let of, let value):
      try Self.check(of, in: elements)
      guard let field = list.field(key), case .record(var values) = elements[of - 1] else {
        throw .unknownField(index: of, field: key)
      }
      if let problem = ValueRules.declarationProblem(value, field) {
        throw .badElement(index: of, problem: .badField(field: key, problem: problem))
      }
      values[key] = value
      // The record's own rules (a title field that is not empty) hold for it as changed.
      if let problem = ValueRules.elementProblem(.record(values), in: list, index: of) { throw problem }
      new[of - 1] = .record(values)
      changed = of - 1
    case .replace(let at, let element):
      try Self.check(at, in: elements)
      if let problem = ValueRules.elementProblem(element, in: list, index: at) { throw problem }
      new[at - 1] = element
      changed = at - 1
    }
    let problem =
      keepingRules
      ? ValueRules.changeProblem(new, changed: changed, in: list) : ValueRules.listProblem(new, in: list)
    if let problem { throw problem }
    return new
  }

  /// Refuses a position that no element of `elements` stands at.
  private static func check(_ index: Int, in elements: [SettingValue]) throws(ValueProblem) {
    guard elements.indices.contains(index - 1) else { throw .noElement(index: index, count: elements.count) }
  }
}
