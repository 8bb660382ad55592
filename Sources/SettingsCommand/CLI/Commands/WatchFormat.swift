import SettingsEtcd
import SettingsKit

/// What `settings watch` prints for each event, apart from any I/O: a change as
/// `airplane: off → on  (change 7)`, naming the journal entry that made it when that is known (`N`
/// of `settings history`'s `change N`), or a JSON Lines record (`"change": 7`, absent when
/// unknown), only for the keys asked about; a store or
/// document that cannot be read as one `Error:` line for standard error, a stored value that its
/// item no longer accepts as the `Warning:` line that `settings show` gives.
struct WatchFormat: Sendable {
  /// Whether changes are JSON Lines records (`--json`).
  var json: Bool
  /// The arrow between the old and the new value: `→`, or `->` when the locale is not UTF-8.
  var arrow: String
  /// The full keys to report; nil for every key.
  var keys: Set<String>?
  /// The full keys of secure text fields, whose values are shown as ``ValueRules/mask``.
  var secureKeys: Set<String> = []
  /// Whether the store is in etcd: losing it and getting it back are one line each
  /// (`lost etcd: no leader; retrying`, `etcd back at revision 900`).
  var etcd = false

  /// What to write for one update, at `nanoseconds` since 1970: the texts of its events joined,
  /// so that an update is written with one `write(2)` to each stream and never in parts.
  func text(for update: SettingsUpdate, nanoseconds: Int64, recoveredAt revision: StoreRevision? = nil) -> (
    output: String, error: String
  ) {
    var output = ""
    var error = ""
    for event in update.events {
      let text = text(for: event, nanoseconds: nanoseconds, recoveredAt: revision)
      output += text.output
      error += text.error
    }
    return (output, error)
  }

  /// What to write for one event, at `nanoseconds` since 1970 (the JSON record's `time`): text for
  /// standard output and text for standard error, each empty when there is nothing to write.
  func text(for event: SettingsEvent, nanoseconds: Int64, recoveredAt revision: StoreRevision? = nil) -> (
    output: String, error: String
  ) {
    switch event {
    case .changed(let change):
      guard keys?.contains(change.key) ?? true else { return ("", "") }
      let secure = secureKeys.contains(change.key)
      if json {
        var members: [(String, JSONValue)] = [
          ("key", .string(change.key)),
          ("old", StoredValueProblem.masked(change.oldValue.json, secure: secure)),
          ("new", StoredValueProblem.masked(change.newValue.json, secure: secure)),
        ]
        if let sequence = change.journalSequence { members.append(("change", .integer(sequence))) }
        members.append(("time", .string(Self.timestamp(nanoseconds: nanoseconds))))
        return (JSONWriter(sortsKeys: false).line(.object(members)), "")
      }
      let old = TerminalText.escaped(Self.shown(change.oldValue, secure: secure))
      let new = TerminalText.escaped(Self.shown(change.newValue, secure: secure))
      let entry = change.journalSequence.map { "  (change \($0))" } ?? ""
      return ("\(TerminalText.escaped(change.key)): \(old) \(arrow) \(new)\(entry)\n", "")
    case .storeFailed(.store(.backend(let error as EtcdError))) where etcd && error.isUnreachable:
      let endpoints = error.unreachableEndpoints
      let reason = endpoints.last.map { TerminalText.escaped($0.reason) } ?? "no endpoint answers"
      return ("", "lost etcd: \(reason); retrying\n")
    case .storeFailed(let error):
      return ("", Self.errorLine(error))
    case .storeRecovered where etcd:
      return ("", revision.map { "etcd back at revision \($0)\n" } ?? "etcd back\n")
    case .documentFailed(let error):
      return ("", Self.errorLine(error))
    case .storedValueRejected(let problem):
      guard keys?.contains(problem.key) ?? true else { return ("", "") }
      return ("", "Warning: " + TerminalText.escaped(Warnings.line(for: problem)) + "\n")
    case .systemFileIgnored(let file):
      return ("", "Warning: " + TerminalText.escaped(file.message) + "\n")
    case .storeRecovered, .documentReloaded, .lockChanged, .storedValueAccepted, .otherKeyChanged:
      // The keys that really differ follow as changes; a lock alone, or a rejected stored value
      // accepted now, changes no value; an items file's key has no value the watch can say (its
      // item is not decoded).
      return ("", "")
    }
  }

  /// A value as text: ``ValueRules/mask`` for a secure text field's text (empty stays empty).
  static func shown(_ value: SettingValue, secure: Bool) -> String {
    ValueRules.text(of: value, style: ValueStyle(isSecure: secure))
  }

  /// One `Error:` line: the command line's wording of the error, its lines joined with `; `.
  static func errorLine(_ error: any ExplainedError) -> String {
    "Error: " + CommandError(error).messages.joined(separator: "; ") + "\n"
  }

  /// `→` when the locale's character set is UTF-8, else `->`: the locale is the first of `LC_ALL`,
  /// `LC_CTYPE` and `LANG` that is set and not empty (none: the C locale, ASCII), and it is UTF-8
  /// when its codeset (after the `.`) is `UTF-8` or `utf8` in any letter case.
  static func arrow(environment: [String: String]) -> String {
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    guard let locale, let dot = locale.firstIndex(of: ".") else { return "->" }
    let codeset = locale[locale.index(after: dot)...].prefix { $0 != "@" }.lowercased()
    return codeset == "utf-8" || codeset == "utf8" ? "→" : "->"
  }

  /// The time as RFC 3339 in UTC with milliseconds: `2026-12-01T06:05:09.042Z`.
  static func timestamp(nanoseconds: Int64) -> String {
    let milliseconds = nanoseconds.dividedRoundingDown(by: 1_000_000)
    let seconds = milliseconds.dividedRoundingDown(by: 1000)
    let days = seconds.dividedRoundingDown(by: 86_400)
    let secondOfDay = seconds - days * 86_400
    // Days since 1970-01-01 to a civil date (Howard Hinnant's days_from_civil, inverted).
    let shifted = days + 719_468
    let era = shifted.dividedRoundingDown(by: 146_097)
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func padded(_ value: Int64, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2) + "T"
      + padded(secondOfDay / 3600, 2) + ":" + padded(secondOfDay % 3600 / 60, 2) + ":"
      + padded(secondOfDay % 60, 2) + "." + padded(milliseconds - seconds * 1000, 3) + "Z"
  }
}

extension Int64 {
  /// The quotient rounded towards minus infinity (times before 1970 stay in the right day).
  fileprivate func dividedRoundingDown(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return self % divisor < 0 ? quotient - 1 : quotient
  }
}
