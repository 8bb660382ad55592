extension StoreJournal {
  /// The secure fields of record lists among `secureKeys`, by list key: a name `KEY[].FIELD` in
  /// `secureKeys` says that each record of the list `KEY` keeps its field `FIELD`'s text out of
  /// the journal, the rest of the list being journaled.
  package static func secureFields(in secureKeys: Set<String>) -> [String: Set<String>] {
    var fields: [String: Set<String>] = [:]
    for name in secureKeys {
      // A key has no brackets: the first one starts `[].`.
      guard let bracket = name.firstIndex(of: "["), name[bracket...].hasPrefix("[].") else { continue }
      fields[String(name[..<bracket]), default: []].insert(String(name[bracket...].dropFirst(3)))
    }
    return fields
  }

  /// The value of a key as the journal keeps it: ``JSONValue/null`` for a secure key, a record
  /// list with each of its secure `fields`' texts that is not empty replaced by
  /// ``JSONValue/null`` (`fields` from ``secureFields(in:)``), else `value` itself (with every
  /// offset 0, as ``JournalEntry/unplaced(_:)`` gives it).
  package static func journaled(_ value: JSONValue, isSecure: Bool, fields: Set<String>?) -> JSONValue {
    if isSecure { return .null }
    guard let fields, case .array(let elements) = value.kind else { return JournalEntry.unplaced(value) }
    return JSONValue(
      .array(
        elements.map { element in
          guard case .object(let members) = element.kind else { return JournalEntry.unplaced(element) }
          return JSONValue(
            .object(
              members.map { member in
                var kept = JournalEntry.unplaced(member.value)
                if fields.contains(member.name), kept.kind != .string("") { kept = .null }
                return JSONValue.Member(name: member.name, nameOffset: 0, value: kept)
              }))
        }))
  }

  /// The secure fields whose text differs between the record lists `old` and `new` (as stores
  /// hold them; `masked`, the two as the journal keeps them, ``journaled(_:isSecure:fields:)``)
  /// at positions where the records are otherwise the same, or where the one record that differs
  /// stands: `[N].FIELD`, positions from 1, in order. Empty for lists of different lengths, and
  /// where more than one record differs otherwise (a move, whose records are not the same at a
  /// position).
  package static func changedSecrets(
    from old: JSONValue, to new: JSONValue, masked: (JSONValue, JSONValue), fields: Set<String>
  ) -> [String] {
    guard case .array(let before) = old.kind, case .array(let after) = new.kind, before.count == after.count,
      case .array(let maskedBefore) = masked.0.kind, case .array(let maskedAfter) = masked.1.kind,
      maskedBefore.count == before.count, maskedAfter.count == after.count
    else { return [] }
    let differing = before.indices.filter { !JSONValue.same(maskedBefore[$0], maskedAfter[$0]) }
    guard differing.count <= 1 else { return [] }
    var changed: [String] = []
    for index in before.indices {
      for field in fields.sorted() {
        let (was, now) = (before[index][member: field], after[index][member: field])
        if was == nil && now == nil { continue }
        if let was, let now, JSONValue.same(was, now) { continue }
        changed.append("[\(index + 1)].\(field)")
      }
    }
    return changed
  }

  /// A record list as the journal keeps it with each secure field whose text it does not know
  /// (``JSONValue/null``) left out of its record: what can be written back to a store.
  package static func withoutUnknownSecrets(_ value: JSONValue, fields: Set<String>) -> JSONValue {
    guard case .array(let elements) = value.kind else { return value }
    return JSONValue(
      .array(
        elements.map { element in
          guard case .object(let members) = element.kind else { return element }
          return JSONValue(.object(members.filter { !(fields.contains($0.name) && $0.value.kind == .null) }))
        }))
  }

  /// Whether the record list `value`, as the journal keeps it, has a record whose secure field
  /// (one of `fields`) holds text the journal does not know (``JSONValue/null``).
  package static func hasUnknownSecret(_ value: JSONValue, fields: Set<String>) -> Bool {
    guard case .array(let elements) = value.kind else { return false }
    return elements.contains { element in
      guard case .object(let members) = element.kind else { return false }
      return members.contains { fields.contains($0.name) && $0.value.kind == .null }
    }
  }
}
