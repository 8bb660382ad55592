extension JournalEntry {
  /// The entry as one JSON Lines record (sorted members, a trailing newline):
  /// `{"changes":{KEY:{"before":V,"after":V}},"digestAfter":HEX,"digestBefore":HEX,"host":…,"how":…,
  /// "message":…,"pid":N,"program":…,"seq":N,"time":ISO,"user":…}`. An override that is absent is
  /// an absent member; a list that keeps most of its elements is `{"list":EDIT}` instead (a splice
  /// or a move, resolved against the list before when the journal is read; see
  /// docs/RELIABILITY.md); a secure key's change is `{"secure":"set"|"changed"|"removed"}`; a
  /// record list's change that changed a secure field's text adds `"secrets":["[N].FIELD"…]`. An author
  /// that is not known (an `outside` change's) has no `user`, `host`, `program` and `pid`.
  public var line: String {
    var changeMembers: [(String, JSONValue)] = []
    for key in keys {
      guard let change = changes[key] else { continue }
      if change.isSecure {
        let word = change.before == nil ? "set" : change.after == nil ? "removed" : "changed"
        changeMembers.append((key, .object([("secure", .string(word))])))
        continue
      }
      var pair: [(String, JSONValue)] = []
      if let before = change.before, let after = change.after,
        let edit = JournalListEdit(from: before, to: after)
      {
        // A list that keeps most of its elements: the edit alone (the list before is the journal's).
        pair.append(("list", edit.json))
      } else {
        if let before = change.before { pair.append(("before", before)) }
        if let after = change.after { pair.append(("after", after)) }
      }
      if !change.changedSecrets.isEmpty {
        pair.append(("secrets", .array(change.changedSecrets.map { .string($0) })))
      }
      changeMembers.append((key, .object(pair)))
    }
    var members: [(String, JSONValue)] = [("seq", .integer(sequence)), ("time", .string(time.description))]
    // An author that is not known (an outside change's) is absent members, not empty ones.
    if !context.user.isEmpty { members.append(("user", .string(context.user))) }
    if !context.host.isEmpty { members.append(("host", .string(context.host))) }
    if !context.program.isEmpty { members.append(("program", .string(context.program))) }
    if context.pid != 0 { members.append(("pid", .integer(context.pid))) }
    members += [
      ("how", .string(context.how)), ("changes", .object(changeMembers)),
      ("digestBefore", .string(Self.hex(beforeDigest))), ("digestAfter", .string(Self.hex(afterDigest))),
    ]
    if let message = context.message { members.append(("message", .string(message))) }
    return JSONWriter().line(.object(members))
  }

  /// The largest entry number a record may hold: 2^53 − 1, the largest integer every JSON reader
  /// keeps exact (RFC 8259, section 6). A number past it, or below 1, marks a damaged record, so
  /// that numbering the next entry can never overflow.
  package static let maximumSequence = (1 << 53) - 1

  /// The entry a record holds, or nil when it is not one: a torn line, a base record, or a record
  /// whose numbers, times or shapes cannot be trusted (an entry number outside
  /// 1…`maximumSequence`, a time that is not an RFC 3339 time the calendar has, a digest that is
  /// not 64-bit hexadecimal, a negative or oversized process id, a change that is not an object
  /// with `before`, `after` or a known `secure` word).
  public init?(json: JSONValue) {
    guard case .number(let seqText)? = json[member: "seq"]?.kind, let sequence = Int(seqText),
      (1...Self.maximumSequence).contains(sequence),
      case .string(let timeText)? = json[member: "time"]?.kind,
      let time = JournalTime(recorded: timeText),
      case .string(let how)? = json[member: "how"]?.kind,
      case .object(let changeMembers)? = json[member: "changes"]?.kind,
      case .string(let beforeText)? = json[member: "digestBefore"]?.kind,
      case .string(let afterText)? = json[member: "digestAfter"]?.kind,
      let beforeDigest = UInt64(beforeText, radix: 16), let afterDigest = UInt64(afterText, radix: 16)
    else { return nil }
    func text(_ name: String) -> String {
      if case .string(let value)? = json[member: name]?.kind { return value }
      return ""
    }
    var message: String?
    if case .string(let value)? = json[member: "message"]?.kind { message = value }
    var pid = 0
    if let value = json[member: "pid"] {
      // A process id is a C `pid_t`: from 0 to 2^31 − 1.
      guard case .number(let text) = value.kind, let number = Int(text), (0...Int(Int32.max)).contains(number)
      else { return nil }
      pid = number
    }
    var changes: [String: JournalChange] = [:]
    for member in changeMembers {
      guard case .object = member.value.kind, changes[member.name] == nil else { return nil }
      if let secure = member.value[member: "secure"] {
        guard case .string(let word) = secure.kind, ["set", "changed", "removed"].contains(word) else {
          return nil
        }
        changes[member.name] = JournalChange(
          before: word == "set" ? nil : .null, after: word == "removed" ? nil : .null, isSecure: true)
      } else {
        let (before, after) = (member.value[member: "before"], member.value[member: "after"])
        var edit: JournalListEdit?
        if let listed = member.value[member: "list"] {
          guard let read = JournalListEdit(json: Self.unplaced(listed)), before == nil, after == nil else {
            return nil
          }
          edit = read
        }
        guard before != nil || after != nil || edit != nil else { return nil }
        var secrets: [String] = []
        if let listed = member.value[member: "secrets"] {
          guard case .array(let names) = listed.kind else { return nil }
          for name in names {
            guard case .string(let text) = name.kind else { return nil }
            secrets.append(text)
          }
        }
        var change = JournalChange(
          before: before.map(Self.unplaced), after: after.map(Self.unplaced), changedSecrets: secrets)
        change.edit = edit
        changes[member.name] = change
      }
    }
    self.init(
      sequence: sequence, time: time,
      context: WriteContext(
        how: how, message: message, user: text("user"), host: text("host"), program: text("program"), pid: pid
      ),
      changes: changes, beforeDigest: beforeDigest, afterDigest: afterDigest)
  }

  /// A digest as 16 lowercase hexadecimal digits.
  package static func hex(_ digest: UInt64) -> String {
    let digits = String(digest, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }

  /// `value` with every offset 0, so that values read back compare equal to values made in code.
  package static func unplaced(_ value: JSONValue) -> JSONValue {
    switch value.kind {
    case .array(let elements): JSONValue(.array(elements.map(unplaced)))
    case .object(let members):
      JSONValue(
        .object(members.map { JSONValue.Member(name: $0.name, nameOffset: 0, value: unplaced($0.value)) }))
    default: JSONValue(value.kind)
    }
  }

  /// Resolves each list change kept as an edit (``JournalChange/edit``) against the overrides
  /// before this entry, `state`: the list before is the state's, the list after the edit's. Only
  /// an entry that begins where the one before it ended (`chained`) can be resolved.
  ///
  /// - Returns: false when an edit cannot be resolved: the entry does not chain, or the state's
  ///   list is not the one the edit was made from.
  mutating func resolvingEdits(after state: [String: JSONValue], chained: Bool) -> Bool {
    for (key, change) in changes {
      guard let edit = change.edit else { continue }
      guard chained, let before = state[key], let after = edit.applied(to: before) else { return false }
      changes[key] = JournalChange(before: before, after: after, changedSecrets: change.changedSecrets)
    }
    return true
  }
}
