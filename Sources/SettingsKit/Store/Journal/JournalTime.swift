import SettingsPOSIX

/// A moment of a journal entry: nanoseconds since 1970-01-01 00:00 UTC, written as ISO 8601 in UTC
/// with nine digits of fraction (`2026-12-02T13:26:59.123456789Z`).
public struct JournalTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Nanoseconds since 1970-01-01 00:00 UTC.
  public var nanoseconds: Int64

  /// A moment, in nanoseconds since 1970-01-01 00:00 UTC.
  public init(nanoseconds: Int64) {
    self.nanoseconds = nanoseconds
  }

  /// Now, by the wall clock.
  public static var now: JournalTime { JournalTime(nanoseconds: systemRealtimeNanoseconds()) }

  /// Orders by time.
  public static func < (lhs: JournalTime, rhs: JournalTime) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

  /// `YYYY-MM-DDTHH:MM:SS.nnnnnnnnnZ`.
  public var description: String {
    let (seconds, fraction) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
    let (whole, nanos) = fraction < 0 ? (seconds - 1, fraction + 1_000_000_000) : (seconds, fraction)
    let (days, second) = whole.quotientAndRemainder(dividingBy: 86_400)
    let (day, timeOfDay) = second < 0 ? (days - 1, second + 86_400) : (days, second)
    let (year, month, dayOfMonth) = Self.civil(fromDays: day)
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let digits = String(nanos)
    return "\(year)-\(two(month))-\(two(dayOfMonth))T\(two(timeOfDay / 3600)):\(two(timeOfDay / 60 % 60)):"
      + "\(two(timeOfDay % 60)).\(String(repeating: "0", count: 9 - digits.count))\(digits)Z"
  }

  /// The time as `history` prints it: to the second, in UTC (`2026-12-02 13:26:59Z`).
  public var shortDescription: String {
    let full = description
    return String(full.prefix(10)) + " " + String(full.dropFirst(11).prefix(8)) + "Z"
  }

  /// Parses a time given on a command line, relative to `now`:
  /// - ISO 8601 in UTC unless it ends with an offset: `2026-12-02`, `2026-12-02T13:27`,
  ///   `2026-12-02T13:27:05`, with a fraction, and `Z` or `+HH:MM`/`-HH:MM` (a space may stand for `T`);
  /// - `now`, `yesterday` (24 hours ago);
  /// - a duration back from now: `90s`, `15m`, `2h`, `3d`, `1w`, or `N UNIT ago` with UNIT one of
  ///   second, minute, hour, day, week (singular or plural).
  ///
  /// - Returns: nil when `text` is none of these, or names a time before 1677-09-21 or after
  ///   2262-04-11 (64-bit nanoseconds since 1970).
  public static func parse(_ text: String, now: JournalTime = .now) -> JournalTime? {
    let trimmed = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
      .lowercased()
    if trimmed == "now" { return now }
    if trimmed == "yesterday" { return back(86_400, from: now) }
    if let seconds = relativeSeconds(trimmed) { return back(seconds, from: now) }
    return absolute(trimmed)
  }

  /// `seconds` before `now`; nil when that is outside what 64-bit nanoseconds since 1970 hold
  /// (1677-09-21 to 2262-04-11).
  private static func back(_ seconds: Int64, from now: JournalTime) -> JournalTime? {
    let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { return nil }
    let (time, below) = now.nanoseconds.subtractingReportingOverflow(nanoseconds)
    return below ? nil : JournalTime(nanoseconds: time)
  }

  private static let units: [(names: [String], seconds: Int64)] = [
    (["s", "sec", "second", "seconds"], 1), (["m", "min", "minute", "minutes"], 60),
    (["h", "hour", "hours"], 3600), (["d", "day", "days"], 86_400), (["w", "week", "weeks"], 604_800),
  ]

  private static func relativeSeconds(_ text: String) -> Int64? {
    var words = text.split(separator: " ").map(String.init)
    if words.last == "ago" { words.removeLast() }
    let joined = words.joined()
    let digits = joined.prefix { $0.isASCII && $0.isNumber }
    let unit = String(joined.dropFirst(digits.count))
    guard !digits.isEmpty, let count = Int64(digits), count < 1_000_000_000 else { return nil }
    guard let seconds = units.first(where: { $0.names.contains(unit) })?.seconds else { return nil }
    return count * seconds
  }

  private static func absolute(_ text: String) -> JournalTime? {
    let bytes = Array(text.utf8)
    var index = 0
    func number(_ count: Int) -> Int64? {
      guard index + count <= bytes.count else { return nil }
      var value: Int64 = 0
      for byte in bytes[index..<index + count] {
        guard (0x30...0x39).contains(byte) else { return nil }
        value = value * 10 + Int64(byte - 0x30)
      }
      index += count
      return value
    }
    func expect(_ character: Character) -> Bool {
      guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
      index += 1
      return true
    }
    guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    var seconds = days(fromCivil: year, month, day) * 86_400
    var nanos: Int64 = 0
    if index < bytes.count {
      guard expect("t") || expect(" "), let hour = number(2), hour < 24, expect(":"), let minute = number(2),
        minute < 60
      else { return nil }
      seconds += hour * 3600 + minute * 60
      if expect(":") {
        guard let second = number(2), second < 61 else { return nil }
        seconds += second
        if expect(".") {
          var scale: Int64 = 100_000_000
          let start = index
          while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            nanos += Int64(bytes[index] - 0x30) * scale
            scale /= 10
            index += 1
          }
          guard index > start else { return nil }
        }
      }
      if expect("z") {
      } else if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D {
        let sign: Int64 = bytes[index] == 0x2B ? 1 : -1
        index += 1
        guard let hours = number(2), expect(":"), let minutes = number(2) else { return nil }
        seconds -= sign * (hours * 3600 + minutes * 60)
      }
    }
    guard index == bytes.count else { return nil }
    // Outside 1677-09-21 to 2262-04-11, what 64-bit nanoseconds since 1970 hold: not a time here.
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (time, past) = whole.addingReportingOverflow(nanos)
    return overflow || past ? nil : JournalTime(nanoseconds: time)
  }

  /// Days since 1970-01-01 of a civil date (Howard Hinnant's days_from_civil).
  static func days(fromCivil year: Int64, _ month: Int64, _ day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The civil date of a count of days since 1970-01-01 (Howard Hinnant's civil_from_days).
  static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
