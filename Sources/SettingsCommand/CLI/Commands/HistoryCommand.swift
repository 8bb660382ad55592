import SettingsKit

/// `settings history [KEY…]`: the journal's changes, newest first, like `git log`; `-n`, `--since`,
/// `--until`; `--json` prints them as an array.
enum HistoryCommand {
  static func run(_ context: CommandContext) throws(CommandError) -> String {
    let keys = try context.arguments()
    let since = try time(context.invocation[Options.since], option: "--since")
    let until = try time(context.invocation[Options.until], option: "--until")
    let settings = try context.openSettings()
    if let since, let until, since > until {
      throw .usage(
        "--since \(since.description) is after --until \(until.description): no change is made in between",
        subcommand: .history)
    }
    let entries: [JournalEntry]
    do {
      let found = try settings.historyBesideAnyStore(
        keys: keys, limit: context.invocation[Options.maxCount], since: since, until: until)
      entries = found.entries
      // The history is most needed when the store is damaged: the journal as written, with why.
      if let problem = found.unparsableStore {
        context.warnings.add(
          "\(problem.message); the history is the journal as written: a change made to the store since "
            + "its last entry is not in it ('settings undo --to TIME --force' writes back the values it knows)"
        )
      }
    } catch {
      throw CommandError(error)
    }
    if context.wantsJSON { return JSONWriter().string(.array(entries.map { json($0, settings) })) }
    let arrow = WatchFormat.arrow(environment: context.environment)
    return entries.map { text($0, settings, arrow: arrow) }.joined(separator: "\n")
  }

  /// `last change: change N  TIME  user@host (program pid)  how` for `describe` and `why`; empty
  /// when the journal holds no change of `key` (or cannot be read).
  static func lastChangeLine(of key: String, _ settings: Settings) -> String {
    guard let entry = try? settings.lastChange(of: key) else { return "" }
    return "last change: change \(entry.sequence)  \(entry.time.shortDescription)  \(author(entry.context))  "
      + "\(TerminalText.escaped(entry.context.how))\n"
  }

  /// `user@host (program pid)`, or `author unknown` for a change made behind the tool's back.
  static func author(_ who: WriteContext) -> String {
    guard who.isAuthorKnown else { return "author unknown" }
    return "\(TerminalText.escaped(who.user))@\(TerminalText.escaped(who.host)) "
      + "(\(TerminalText.escaped(who.program)) \(who.pid))"
  }

  /// A TIME given to `option`, or a usage error naming the forms it takes.
  static func time(_ text: String?, option: String, subcommand: Subcommand = .history) throws(CommandError)
    -> JournalTime?
  {
    guard let text else { return nil }
    do {
      return try JournalTime.parse(text)
    } catch .notATime {
      throw .usage(
        "\(option) takes a time: RFC 3339 (2026-12-02T13:27:05Z, 2026-12-02), now, today, yesterday, "
          + "or a span back such as 2h, 1h30m, 1M or '3 days ago'; got '\(TerminalText.escaped(text))'",
        subcommand: subcommand)
    } catch {
      throw .usage("\(option) '\(TerminalText.escaped(text))': \(error)", subcommand: subcommand)
    }
  }

  /// `change N  TIME  user@host (program pid)  how` (`author unknown` for an outside change), the
  /// message indented, then one line per key.
  static func text(_ entry: JournalEntry, _ settings: Settings, arrow: String) -> String {
    let who = entry.context
    var lines = [
      "change \(entry.sequence)  \(entry.time.shortDescription)  \(author(who))  \(TerminalText.escaped(who.how))"
    ]
    if let message = who.message { lines.append("    " + TerminalText.escaped(message)) }
    lines += changeLines(entry.changes, settings, arrow: arrow)
    return lines.joined(separator: "\n") + "\n"
  }

  /// One line per key of a journaled change, in key order: `  key (Title): old → new`, or for
  /// one element change of a list `  key (Title): added 9.9.9.9 at 3`; each value as `show` prints it, `(default)` for no override, a secure field's as the mask. The one way a
  /// change is printed, by `history` and by `undo`'s summary.
  static func changeLines(_ changes: [String: JournalChange], _ settings: Settings, arrow: String) -> [String]
  {
    changes.keys.sorted().compactMap { key in
      guard let change = changes[key] else { return nil }
      let title = settings.journalTitle(of: key).map { " (\(TerminalText.escaped($0)))" } ?? ""
      // One element of a list added, removed, moved or changed: said as that change.
      if let wording = settings.journalListWording(change, of: key) {
        return "  \(TerminalText.escaped(key))\(title): \(wording)"
      }
      let old = settings.journalValueText(change.before, of: key, secure: change.isSecure)
      let new = settings.journalValueText(change.after, of: key, secure: change.isSecure)
      return "  \(TerminalText.escaped(key))\(title): \(old) \(arrow) \(new)"
    }
  }

  /// An entry as JSON: its fields as the journal keeps them (no `user`, `host`, `program`, `pid` for
  /// an author not known), the changes as an array by key with each item's title; an absent
  /// override is an absent member, a secure field's value never shown.
  static func json(_ entry: JournalEntry, _ settings: Settings) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("seq", .integer(entry.sequence)), ("time", .string(entry.time.description)),
    ]
    // An author that is not known (an outside change's) has no user, host, program or pid.
    if entry.context.isAuthorKnown {
      members += [
        ("user", .string(entry.context.user)), ("host", .string(entry.context.host)),
        ("program", .string(entry.context.program)), ("pid", .integer(entry.context.pid)),
      ]
    }
    members.append(("how", .string(entry.context.how)))
    if let message = entry.context.message { members.append(("message", .string(message))) }
    members.append(
      (
        "changes",
        .array(
          entry.keys.compactMap { key in
            guard let change = entry.changes[key] else { return nil }
            var fields: [(String, JSONValue)] = [("key", .string(key))]
            if let title = settings.journalTitle(of: key) { fields.append(("title", .string(title))) }
            if change.isSecure {
              fields.append(("secure", .bool(true)))
              fields.append(
                (
                  "set",
                  .object([("before", .bool(change.before != nil)), ("after", .bool(change.after != nil))])
                ))
            } else {
              if let before = change.before { fields.append(("before", before)) }
              if let after = change.after { fields.append(("after", after)) }
              // A record list's secure fields whose text changed (never the text), and an element
              // change worded as the text form words it.
              if !change.changedSecrets.isEmpty {
                fields.append(("secrets", .array(change.changedSecrets.map { .string($0) })))
              }
              if let wording = settings.journalListWording(change, of: key) {
                fields.append(("wording", .string(wording)))
              }
            }
            return .object(fields)
          })
      ))
    return .object(members)
  }
}
