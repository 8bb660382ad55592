/// How a journal record keeps a change of one list to another that keeps most of its elements:
/// the edit that turns the list before into the list after, instead of both lists, so that an
/// element change of a 10 000-element list writes a line of a few hundred bytes, not both lists.
///
/// An edit is either a splice, as JavaScript's `Array.prototype.splice` makes one (`at` from 0, the
/// elements removed there, then those inserted there), or a move (the element at `from` taken out
/// and put at `to`, both from 0). The record names the count of elements before, and the elements
/// a splice removes or a move moves, so that a record read against a list it was not made from is
/// found out (an insert alone by the count); an edit is only read after an entry that ends where
/// it begins, by the digests of the store's bytes.
/// A reader turns an edit back into the list after from the list before, which the journal knows
/// from the entries before it (``StoreJournal/parsed(base:records:)``).
package struct JournalListEdit: Sendable, Equatable {
  /// What the edit does.
  package enum Step: Sendable, Equatable {
    /// `removed` taken out at `at`, then `inserted` put there.
    case splice(at: Int, removed: [JSONValue], inserted: [JSONValue])
    /// The element at `from`, `element`, moved to `to`.
    case move(from: Int, to: Int, element: JSONValue)
  }

  /// How many elements the list had before.
  package var count: Int
  /// What the edit does.
  package var step: Step

  /// The edit from the array `before` to the array `after`, or nil when the two are not arrays, or
  /// the edit would not be shorter than the two lists: more than half their elements changed.
  package init?(from before: JSONValue, to after: JSONValue) {
    guard case .array(let old) = before.kind, case .array(let new) = after.kind, !old.isEmpty || !new.isEmpty
    else { return nil }
    var prefix = 0
    while prefix < old.count, prefix < new.count, JSONValue.same(old[prefix], new[prefix]) { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      JSONValue.same(old[old.count - 1 - suffix], new[new.count - 1 - suffix])
    {
      suffix += 1
    }
    count = old.count
    let (first, lastOld, lastNew) = (prefix, old.count - suffix, new.count - suffix)
    // One element taken out and put back elsewhere, the others in order, is a move.
    if old.count == new.count, lastOld - first >= 2 {
      let last = lastOld - 1
      if JSONValue.same(new[first], old[last]), Self.same(old[first..<last], new[(first + 1)...last]) {
        step = .move(from: last, to: first, element: old[last])
        return
      }
      if JSONValue.same(new[last], old[first]), Self.same(old[(first + 1)...last], new[first..<last]) {
        step = .move(from: first, to: last, element: old[first])
        return
      }
    }
    guard (lastOld - first) + (lastNew - first) <= (old.count + new.count) / 2 else { return nil }
    step = .splice(at: first, removed: Array(old[first..<lastOld]), inserted: Array(new[first..<lastNew]))
  }

  /// An edit read from its record; nil when the record is not one (see ``json``).
  package init?(json: JSONValue) {
    guard case .number(let countText)? = json[member: "count"]?.kind, let count = Int(countText), count >= 0
    else { return nil }
    self.count = count
    if case .number(let fromText)? = json[member: "from"]?.kind,
      case .number(let toText)? = json[member: "to"]?.kind,
      let element = json[member: "element"], let from = Int(fromText), let to = Int(toText),
      (0..<count).contains(from), (0..<count).contains(to)
    {
      step = .move(from: from, to: to, element: element)
      return
    }
    guard case .number(let atText)? = json[member: "at"]?.kind, let at = Int(atText),
      case .array(let removed)? = json[member: "removed"]?.kind,
      case .array(let inserted)? = json[member: "inserted"]?.kind,
      at >= 0, at + removed.count <= count
    else { return nil }
    step = .splice(at: at, removed: removed, inserted: inserted)
  }

  /// The record: `{"count":C,"at":I,"removed":[…],"inserted":[…]}` or
  /// `{"count":C,"element":V,"from":F,"to":T}`.
  package var json: JSONValue {
    switch step {
    case .splice(let at, let removed, let inserted):
      .object([
        ("count", .integer(count)), ("at", .integer(at)), ("removed", .array(removed)),
        ("inserted", .array(inserted)),
      ])
    case .move(let from, let to, let element):
      .object([
        ("count", .integer(count)), ("element", element), ("from", .integer(from)), ("to", .integer(to)),
      ])
    }
  }

  /// The list after the edit from the list `before`; nil when the edit was not made from it (not
  /// an array, another count, other elements where a splice removed some).
  package func applied(to before: JSONValue) -> JSONValue? {
    guard case .array(var elements) = before.kind, elements.count == count else { return nil }
    switch step {
    case .splice(let at, let removed, let inserted):
      guard Self.same(elements[at..<(at + removed.count)], removed[...]) else { return nil }
      elements.replaceSubrange(at..<(at + removed.count), with: inserted)
    case .move(let from, let to, let element):
      guard JSONValue.same(elements[from], element) else { return nil }
      elements.insert(elements.remove(at: from), at: to)
    }
    return JSONValue(.array(elements))
  }

  /// Whether two runs of elements are the same JSON, element by element.
  private static func same(_ lhs: ArraySlice<JSONValue>, _ rhs: ArraySlice<JSONValue>) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { JSONValue.same($0, $1) }
  }
}
