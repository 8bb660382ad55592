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
  /// - RFC 3339 / ISO 8601, in UTC unless it ends with an offset: `2026-12-02`, `2026-12-02T13:27`,
  ///   `2026-12-02T13:27:05`, with a fraction, and `Z` or `+HH:MM`/`-HH:MM` up to ±23:59 (a space
  ///   may stand for `T`);
  /// - `now`; `today` (00:00 UTC of `now`'s day); `yesterday` (24 hours ago);
  /// - a span back from now as systemd.time(7) writes one: numbers each with a unit, run together
  ///   or apart (`90s`, `15min`, `1h30m`, `2 hours 30 minutes`), optionally followed by `ago`.
  ///   The units: `s`/`sec`/`second(s)`, `m`/`min`/`minute(s)`, `h`/`hr`/`hour(s)`, `d`/`day(s)`,
  ///   `w`/`week(s)`, `M`/`month(s)` (30.44 days), `y`/`year(s)` (365.25 days); `m` is a minute and
  ///   `M` a month, as in systemd.
  ///
  /// - Throws: ``ParseError`` naming what is wrong: a text that is none of these, a date or time
  ///   of day the calendar does not have (`2026-02-30`, `24:00`), an offset beyond ±23:59, or a time
  ///   outside what 64-bit nanoseconds since 1970 hold (1677-09-21 to 2262-04-11).
  public static func parse(_ text: String, now: JournalTime = .now) throws(ParseError) -> JournalTime {
    let trimmed = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    switch trimmed.lowercased() {
    case "now": return now
    case "today":
      let (days, second) = now.nanoseconds.quotientAndRemainder(dividingBy: 86_400 * 1_000_000_000)
      return JournalTime(nanoseconds: (second < 0 ? days - 1 : days) * 86_400 * 1_000_000_000)
    case "yesterday": return try back(86_400, from: now)
    default: break
    }
    if let seconds = try spanSeconds(trimmed) { return try back(seconds, from: now) }
    return try absolute(trimmed.lowercased())
  }

  /// A time as a journal record holds it (``description``'s form; any RFC 3339 time is read), or
  /// nil when `text` is not one: a record with such a time is damaged.
  package init?(recorded text: String) {
    guard let time = try? Self.absolute(text.lowercased()) else { return nil }
    self = time
  }

  /// Why a text is not a time (``parse(_:now:)``).
  public enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text is none of the forms a time takes.
    case notATime
    /// A date the calendar does not have: the year, month and day given, and the month's days (0
    /// for a month past 12 or of 0).
    case noSuchDate(year: Int, month: Int, day: Int, daysInMonth: Int)
    /// A time of day the clock does not have (an hour past 23, a minute or second past 59).
    case noSuchTimeOfDay(String)
    /// An offset from UTC beyond ±23:59 (RFC 3339's `time-numoffset`).
    case offsetOutOfRange(String)
    /// A time before 1677-09-21 or after 2262-04-11: what 64-bit nanoseconds since 1970 hold.
    case outOfRange

    /// What is wrong, as a lowercase fragment.
    public var description: String {
      switch self {
      case .notATime: return "not a time"
      case .noSuchDate(let year, let month, let day, let days):
        let date = "\(Self.four(year))-\(Self.two(month))-\(Self.two(day)) is not a date: "
        guard (1...12).contains(month) else { return date + "months run from 01 to 12" }
        return date + "\(Self.monthNames[month - 1]) \(year) has \(days) days"
      case .noSuchTimeOfDay(let text):
        return "\(text) is not a time of day: hours run from 00 to 23, minutes and seconds from 00 to 59"
      case .offsetOutOfRange(let text):
        return "\(text) is not an offset from UTC: offsets run from -23:59 to +23:59"
      case .outOfRange:
        return "outside the times the journal holds, 1677-09-21T00:12:44Z to 2262-04-11T23:47:16Z"
      }
    }

    private static let monthNames = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
      "November", "December",
    ]
    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    private static func four(_ value: Int) -> String {
      String(repeating: "0", count: max(0, 4 - String(value).count)) + String(value)
    }
  }

  /// `seconds` before `now`.
  ///
  /// - Throws: ``ParseError/outOfRange`` when that is outside what 64-bit nanoseconds since 1970 hold.
  private static func back(_ seconds: Int64, from now: JournalTime) throws(ParseError) -> JournalTime {
    let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    guard !overflow else { throw .outOfRange }
    let (time, below) = now.nanoseconds.subtractingReportingOverflow(nanoseconds)
    guard !below else { throw .outOfRange }
    return JournalTime(nanoseconds: time)
  }

  /// systemd.time(7)'s units, each with its length in seconds; `M` (a month) is told from `m` (a
  /// minute) by case, every other name is read in any case.
  private static let units: [(names: [String], seconds: Int64)] = [
    (["s", "sec", "secs", "second", "seconds"], 1), (["m", "min", "mins", "minute", "minutes"], 60),
    (["h", "hr", "hrs", "hour", "hours"], 3600), (["d", "day", "days"], 86_400),
    (["w", "week", "weeks"], 604_800), (["M", "month", "months"], 2_629_800),
    (["y", "year", "years"], 31_557_600),
  ]

  /// The seconds a span names (`1h30m`, `3 days ago`), nil when `text` is not a span.
  ///
  /// - Throws: ``ParseError/outOfRange`` for a span longer than any time the journal holds.
  private static func spanSeconds(_ text: String) throws(ParseError) -> Int64? {
    var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
    if words.count > 1, words.last?.lowercased() == "ago" { words.removeLast() }
    var rest = Substring(words.joined())
    guard !rest.isEmpty else { return nil }
    var total: Int64 = 0
    while !rest.isEmpty {
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      let unitText = rest.dropFirst(digits.count).prefix { $0.isLetter }
      guard !digits.isEmpty, !unitText.isEmpty else { return nil }
      let exact = String(unitText)
      let folded = exact == "M" ? exact : exact.lowercased()
      guard let seconds = units.first(where: { $0.names.contains(folded) })?.seconds else { return nil }
      // 600 years is past any time the journal holds, and keeps the product in range.
      guard let count = Int64(digits), count <= 600 * 31_557_600 / seconds else { throw .outOfRange }
      total += count * seconds
      guard total <= 600 * 31_557_600 else { throw .outOfRange }
      rest = rest.dropFirst(digits.count + unitText.count)
    }
    return total
  }

  /// An RFC 3339 time (lowercased), checked against the calendar.
  private static func absolute(_ text: String) throws(ParseError) -> JournalTime {
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
    guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2) else {
      throw .notATime
    }
    let monthDays = (1...12).contains(month) ? daysInMonth(month, of: year) : 0
    guard day >= 1, day <= monthDays else {
      throw .noSuchDate(year: Int(year), month: Int(month), day: Int(day), daysInMonth: Int(monthDays))
    }
    var seconds = days(fromCivil: year, month, day) * 86_400
    var nanos: Int64 = 0
    if index < bytes.count {
      let clockStart = index + 1
      guard expect("t") || expect(" "), let hour = number(2), expect(":"), let minute = number(2) else {
        throw .notATime
      }
      var second: Int64 = 0
      if expect(":") {
        guard let value = number(2) else { throw .notATime }
        second = value
        if expect(".") {
          var scale: Int64 = 100_000_000
          let start = index
          while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
            nanos += Int64(bytes[index] - 0x30) * scale
            scale /= 10
            index += 1
          }
          guard index > start else { throw .notATime }
        }
      }
      guard hour < 24, minute < 60, second < 60 else {
        throw .noSuchTimeOfDay(
          String(decoding: bytes[clockStart..<min(index, clockStart + 8)], as: UTF8.self))
      }
      seconds += hour * 3600 + minute * 60 + second
      if expect("z") {
      } else if index < bytes.count, bytes[index] == 0x2B || bytes[index] == 0x2D {
        let offsetStart = index
        let sign: Int64 = bytes[index] == 0x2B ? 1 : -1
        index += 1
        guard let hours = number(2), expect(":"), let minutes = number(2) else { throw .notATime }
        guard hours < 24, minutes < 60 else {
          throw .offsetOutOfRange(String(decoding: bytes[offsetStart..<index], as: UTF8.self))
        }
        seconds -= sign * (hours * 3600 + minutes * 60)
      }
    }
    guard index == bytes.count else { throw .notATime }
    // Outside 1677-09-21 to 2262-04-11, what 64-bit nanoseconds since 1970 hold: not a time here.
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (time, past) = whole.addingReportingOverflow(nanos)
    guard !overflow, !past else { throw .outOfRange }
    return JournalTime(nanoseconds: time)
  }

  /// The days of `month` (1–12) in `year` of the proleptic Gregorian calendar.
  static func daysInMonth(_ month: Int64, of year: Int64) -> Int64 {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
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
