extension StoreJournal {
  /// The record that stores the base, the same for every store kind (a file journal's first line,
  /// etcd's `.journal/base` key): `{"base":{KEY:VALUE…},"digest":HEX,"secure":[KEY…],"seq":N,"time":ISO}`,
  /// a secure key only listed as set, `time` absent when ``baseTime`` is nil.
  package func baseRecord(secureKeys: Set<String>) -> JSONValue {
    let values = base.filter { !secureKeys.contains($0.key) }
    let secure = base.keys.filter { secureKeys.contains($0) }.sorted()
    var members: [(String, JSONValue)] = [
      ("base", .object(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })),
      ("digest", .string(JournalEntry.hex(baseDigest ?? 0))),
      ("secure", .array(secure.map { .string($0) })), ("seq", .integer(baseSequence)),
    ]
    if let baseTime { members.append(("time", .string(baseTime.description))) }
    return .object(members)
  }

  /// Whether `record` is a base record (it has a `base` object).
  package static func isBaseRecord(_ record: JSONValue) -> Bool {
    if case .object? = record[member: "base"]?.kind { return true }
    return false
  }

  /// The journal a base record starts, with no entries; nil when the record cannot be trusted: a
  /// `seq` outside 0…``JournalEntry/maximumSequence``, a `digest` that is not 64-bit hexadecimal, a
  /// `time` that is not an RFC 3339 time, or a `base` or `secure` of another shape.
  private static func base(_ record: JSONValue) -> StoreJournal? {
    var journal = StoreJournal()
    guard case .object(let values)? = record[member: "base"]?.kind else { return nil }
    for member in values { journal.base[member.name] = JournalEntry.unplaced(member.value) }
    if let secure = record[member: "secure"] {
      guard case .array(let keys) = secure.kind else { return nil }
      for key in keys {
        guard case .string(let name) = key.kind else { return nil }
        journal.base[name] = .null
      }
    }
    if let sequence = record[member: "seq"] {
      guard case .number(let text) = sequence.kind, let number = Int(text),
        (0...JournalEntry.maximumSequence).contains(number)
      else { return nil }
      journal.baseSequence = number
    }
    if let digest = record[member: "digest"] {
      guard case .string(let text) = digest.kind, let value = UInt64(text, radix: 16) else { return nil }
      journal.baseDigest = value
    }
    if let time = record[member: "time"] {
      guard case .string(let text) = time.kind, let value = JournalTime(recorded: text) else { return nil }
      journal.baseTime = value
    }
    return journal
  }

  /// One stored record's JSON object, or nil when the bytes are not one (a torn line).
  package static func record(_ bytes: some Collection<UInt8>) -> JSONValue? {
    guard let value = try? JSONParser(maximumDepth: 64).parse(Array(bytes)), case .object = value.kind else {
      return nil
    }
    return value
  }

  /// The journal that a base record (nil: none) and the entry records after it, in order (nil: a
  /// record that did not parse), hold as stored: nothing reconciled with the store.
  ///
  /// An entry is kept when its number is above the one before it; a record that is not an entry,
  /// or is out of order, is left out. Where numbers are skipped or records left out, the entries
  /// need not chain: ``reconciled(withStore:digest:time:secureKeys:dropsUnlandedEntry:)`` accounts
  /// for what is missing between them. Without a base record the first entry's before-digest is
  /// the base's.
  ///
  /// - Returns: the journal, and whether a record was left out or a number skipped (the stored
  ///   journal is then worth rewriting).
  package static func parsed(base: JSONValue?, records: [JSONValue?]) -> (
    journal: StoreJournal, isDamaged: Bool
  ) {
    var journal = StoreJournal()
    var damaged = false
    if let base {
      if let read = Self.base(base) {
        journal = read
      } else {
        // A base whose numbers cannot be trusted is left out, as a torn entry is: the entries
        // after it start the journal.
        damaged = true
      }
    }
    let entries = records.map { $0.flatMap(JournalEntry.init(json:)) }
    // The overrides after the entries kept so far: a list's edit is resolved against them.
    var state = journal.base
    for (index, read) in entries.enumerated() {
      guard var entry = read else {
        damaged = true
        continue
      }
      // A number that jumps ahead while the next entry goes on from the one expected here is
      // itself damaged (one record's number changed): it is left out, not the entries after it.
      if !journal.entries.isEmpty || journal.baseDigest != nil, entry.sequence > journal.nextSequence,
        let next = entries[(index + 1)...].lazy.compactMap({ $0 }).first,
        next.sequence > journal.nextSequence, next.sequence < entry.sequence
      {
        damaged = true
        continue
      }
      if journal.entries.isEmpty, journal.baseDigest == nil {
        journal.baseSequence = entry.sequence - 1
        journal.baseDigest = entry.beforeDigest
      } else if entry.sequence != journal.nextSequence {
        damaged = true
        if entry.sequence < journal.nextSequence { continue }
      }
      guard entry.resolvingEdits(after: state, chained: entry.beforeDigest == journal.lastDigest) else {
        // An edit whose list before is not known (a record lost before it) cannot be read.
        damaged = true
        continue
      }
      journal.entries.append(entry)
      for (key, change) in entry.changes { state[key] = change.after }
    }
    return (journal, damaged)
  }
}
