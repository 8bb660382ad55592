extension JournalEntry {
  /// The entry as one JSON Lines record (sorted members, a trailing newline):
  /// `{"changes":{KEY:{"before":V,"after":V}},"digestAfter":HEX,"digestBefore":HEX,"host":…,"how":…,
  /// "message":…,"pid":N,"program":…,"seq":N,"time":ISO,"user":…}`. An override that is absent is
  /// an absent member; a secure key's change is `{"secure":"set"|"changed"|"removed"}`. An author
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
      if let before = change.before { pair.append(("before", before)) }
      if let after = change.after { pair.append(("after", after)) }
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

  /// The entry a record holds, or nil when it is not one (a torn line, a base record).
  public init?(json: JSONValue) {
    guard case .number(let seqText)? = json[member: "seq"]?.kind, let sequence = Int(seqText),
      case .string(let timeText)? = json[member: "time"]?.kind,
      let time = JournalTime.parse(timeText, now: JournalTime(nanoseconds: 0)),
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
    if case .number(let value)? = json[member: "pid"]?.kind { pid = Int(value) ?? 0 }
    var changes: [String: JournalChange] = [:]
    for member in changeMembers {
      if case .string(let word)? = member.value[member: "secure"]?.kind {
        changes[member.name] = JournalChange(
          before: word == "set" ? nil : .null, after: word == "removed" ? nil : .null, isSecure: true)
      } else {
        changes[member.name] = JournalChange(
          before: member.value[member: "before"].map(Self.unplaced),
          after: member.value[member: "after"].map(Self.unplaced))
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
}
