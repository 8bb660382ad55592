/// The one element change that turned a list's value into another, as a ``SettingChange`` of a
/// list reports it (``SettingChange/listChange``) and `settings history` words it: an element
/// added, removed, moved or replaced, or one field of a record changed. Positions count from 1, as
/// ``ListOperation``'s do.
public enum ListElementChange: Sendable, Equatable, Hashable {
  /// The element was added at position `at`.
  case added(SettingValue, at: Int)
  /// Several elements were added at once (`settings add KEY A B`), each at the position it has in
  /// the new list, in order.
  case addedSeveral([SettingValue], at: [Int])
  /// The element was removed from position `from`.
  case removed(SettingValue, from: Int)
  /// Several elements were removed at once (the undo of several added), each from the position
  /// it had in the old list, in order.
  case removedSeveral([SettingValue], from: [Int])
  /// The element was moved from position `from` to position `to`.
  case moved(SettingValue, from: Int, to: Int)
  /// The field whose key is the first value, of the record at position `at`, changed: the whole
  /// record before and after.
  case changedField(String, at: Int, before: SettingValue, after: SettingValue)
  /// The element at position `at` was put in place of the first value: a value replaced, or more
  /// than one field of a record changed.
  case replaced(SettingValue, at: Int, with: SettingValue)

  /// The one element change that turns the elements `old` into `new` (or several elements added
  /// or removed at once), or nil when they differ otherwise (a list set whole, several elements changed) or
  /// not at all.
  ///
  /// An element taken out and put back elsewhere, the others keeping their order, is a move; of
  /// two elements that swapped places, the later one moved up. Linear in the lists' length.
  package init?(from old: [SettingValue], to new: [SettingValue]) {
    if new.count == old.count + 1, let index = Self.onlyInsertion(of: old, into: new) {
      self = .added(new[index], at: index + 1)
      return
    }
    if new.count > old.count + 1, let indexes = Self.insertions(of: old, into: new) {
      self = .addedSeveral(indexes.map { new[$0] }, at: indexes.map { $0 + 1 })
      return
    }
    if old.count == new.count + 1, let index = Self.onlyInsertion(of: new, into: old) {
      self = .removed(old[index], from: index + 1)
      return
    }
    if old.count > new.count + 1, let indexes = Self.insertions(of: new, into: old) {
      self = .removedSeveral(indexes.map { old[$0] }, from: indexes.map { $0 + 1 })
      return
    }
    guard old.count == new.count, old != new else { return nil }
    let differing = old.indices.filter { old[$0] != new[$0] }
    if differing.count == 1, let index = differing.first,
      case .record(let before) = old[index], case .record(let after) = new[index]
    {
      let fields = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
      if fields.count == 1, let field = fields.first {
        self = .changedField(field, at: index + 1, before: old[index], after: new[index])
        return
      }
    }
    if differing.count == 1, let index = differing.first {
      self = .replaced(old[index], at: index + 1, with: new[index])
      return
    }
    // Between the first and the last position that differ, the last moved up to the first, or the
    // first down to the last (one pass each).
    guard let first = differing.first, let last = differing.last, first < last else { return nil }
    if new[first] == old[last], old[first..<last] == new[(first + 1)...last] {
      self = .moved(old[last], from: last + 1, to: first + 1)
      return
    }
    if new[last] == old[first], old[(first + 1)...last] == new[first..<last] {
      self = .moved(old[first], from: first + 1, to: last + 1)
      return
    }
    return nil
  }

  /// The positions at which `longer` holds the elements `shorter` lacks, when `shorter` is
  /// `longer` with those taken out, the others in the same order (each of `shorter`'s elements
  /// matched to its first place left); nil otherwise.
  private static func insertions(of shorter: [SettingValue], into longer: [SettingValue]) -> [Int]? {
    var inserted: [Int] = []
    var next = 0
    for (index, element) in longer.enumerated() {
      if next < shorter.count, shorter[next] == element {
        next += 1
      } else {
        inserted.append(index)
      }
    }
    return next == shorter.count ? inserted : nil
  }

  /// The one position at which `longer` holds an element that `shorter` lacks, the others in the
  /// same order; nil when the two differ otherwise.
  private static func onlyInsertion(of shorter: [SettingValue], into longer: [SettingValue]) -> Int? {
    var index = 0
    while index < shorter.count, shorter[index] == longer[index] { index += 1 }
    return shorter[index...] == longer[(index + 1)...] ? index : nil
  }
}
