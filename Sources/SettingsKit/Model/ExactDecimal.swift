/// An exact decimal number: `0.1` is kept, compared and written as `0.1`, and whole numbers beyond
/// 2^53 stay exact.
///
/// The value is `significand × 10^-scale`, normalized (no trailing zero in the fraction, no negative
/// zero), so two equal numbers have equal representations: `0.10` and `0.1` are the same value and
/// both are written `0.1`. Up to 38 significant digits and 38 fractional digits are held; text with
/// more is refused rather than rounded. Text is written without an exponent, never as NaN or infinity.
public struct ExactDecimal: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
  /// The digits as a whole number: `15` for `1.5`.
  public let significand: Int128
  /// How many of the significand's digits are fractional: `1` for `1.5`; 0 to 38.
  public let scale: Int

  /// The most digits a value holds: Int128 holds every 38-digit number.
  static let maximumDigits = 38

  /// Creates `significand × 10^-scale`, normalized.
  init(significand: Int128, scale: Int) {
    var significand = significand
    var scale = scale
    while scale > 0, significand % 10 == 0 {
      significand /= 10
      scale -= 1
    }
    self.significand = significand
    self.scale = significand == 0 ? 0 : scale
  }

  /// A whole number.
  public init(_ integer: Int) {
    self.init(significand: Int128(integer), scale: 0)
  }

  /// Why text is not a decimal number.
  public enum ParseProblem: Error, Sendable, Equatable {
    /// Not a number at all.
    case malformed
    /// A decimal comma (`0,5`) where a point is expected.
    case decimalComma
    /// More digits than are held exactly.
    case tooManyDigits
  }

  /// Parses plain decimal text: an optional `-`, digits, and optionally `.` and digits (`-12.5`);
  /// with `allowingExponent`, JSON's exponent form too (`1e3`), as a document may hold it.
  public static func parse(_ text: String, allowingExponent: Bool = false) -> Result<
    ExactDecimal, ParseProblem
  > {
    var bytes = Array(text.utf8)[...]
    var negative = false
    if bytes.first == UInt8(ascii: "-") {
      negative = true
      bytes = bytes.dropFirst()
    }
    var digits: [UInt8] = []
    var scale = 0
    var seenPoint = false
    var exponent = 0
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        digits.append(byte - UInt8(ascii: "0"))
        if seenPoint { scale += 1 }
      } else if byte == UInt8(ascii: "."), !seenPoint, !digits.isEmpty {
        seenPoint = true
      } else if byte == UInt8(ascii: ","), !seenPoint, !digits.isEmpty {
        return .failure(isDigits(bytes[(index + 1)...]) ? .decimalComma : .malformed)
      } else if allowingExponent, byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E"), !digits.isEmpty {
        var rest = bytes[(index + 1)...]
        var exponentNegative = false
        if let sign = rest.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
          exponentNegative = sign == UInt8(ascii: "-")
          rest = rest.dropFirst()
        }
        guard isDigits(rest), rest.count <= 4, let value = Int(String(decoding: rest, as: UTF8.self)) else {
          return .failure(.malformed)
        }
        exponent = exponentNegative ? -value : value
        break
      } else {
        return .failure(.malformed)
      }
      index += 1
    }
    guard !digits.isEmpty, !(seenPoint && bytes.last == UInt8(ascii: ".")) else {
      return .failure(.malformed)
    }
    // Leading zeros and trailing fractional zeros hold no digits.
    while digits.count > 1, digits.first == 0, digits.count > scale { digits.removeFirst() }
    while scale > 0, digits.last == 0 {
      digits.removeLast()
      scale -= 1
    }
    scale -= exponent
    while scale < 0 {
      digits.append(0)
      scale += 1
    }
    let significant = digits.drop { $0 == 0 }
    guard significant.count <= maximumDigits, scale <= maximumDigits else { return .failure(.tooManyDigits) }
    var significand: Int128 = 0
    for digit in significant { significand = significand * 10 + Int128(digit) }
    return .success(ExactDecimal(significand: negative ? -significand : significand, scale: scale))
  }

  private static func isDigits(_ bytes: ArraySlice<UInt8>) -> Bool {
    !bytes.isEmpty && bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
  }

  /// Parses plain decimal text (see ``parse(_:allowingExponent:)``); nil when it is not one.
  public init?(_ text: String) {
    guard case .success(let value) = Self.parse(text) else { return nil }
    self = value
  }

  /// The value as plain decimal text: `-12.5`, `0.1`, `100000000000000000001`; no exponent.
  public var description: String {
    var digits = String(significand.magnitude)
    if scale > 0 {
      if digits.count <= scale { digits = String(repeating: "0", count: scale - digits.count + 1) + digits }
      digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -scale))
    }
    return significand < 0 ? "-" + digits : digits
  }

  /// The value as an `Int`, when it is whole and fits.
  public var intValue: Int? {
    guard scale == 0, significand >= Int128(Int.min), significand <= Int128(Int.max) else { return nil }
    return Int(significand)
  }

  /// The nearest `Double` (0.1 becomes the binary double closest to 0.1).
  public var doubleValue: Double { Double(description) ?? 0 }

  /// `10^power` for 0 ≤ power ≤ 38.
  static func powerOfTen(_ power: Int) -> Int128 {
    var result: Int128 = 1
    for _ in 0..<power { result *= 10 }
    return result
  }

  /// The significands of `a` and `b` at one scale, or nil when that does not fit in 128 bits.
  static func aligned(_ a: ExactDecimal, _ b: ExactDecimal) -> (Int128, Int128, scale: Int)? {
    let scale = Swift.max(a.scale, b.scale)
    let (left, leftOverflow) = a.significand.multipliedReportingOverflow(by: powerOfTen(scale - a.scale))
    let (right, rightOverflow) = b.significand.multipliedReportingOverflow(by: powerOfTen(scale - b.scale))
    guard !leftOverflow, !rightOverflow else { return nil }
    return (left, right, scale)
  }

  /// Orders by value; exact at every scale.
  public static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    if let (left, right, _) = aligned(lhs, rhs) { return left < right }
    // Aligning overflowed: compare whole parts, then fractions (each below 10^38 when aligned).
    let (lhsWhole, lhsFraction) = lhs.significand.quotientAndRemainder(dividingBy: powerOfTen(lhs.scale))
    let (rhsWhole, rhsFraction) = rhs.significand.quotientAndRemainder(dividingBy: powerOfTen(rhs.scale))
    if lhsWhole != rhsWhole { return lhsWhole < rhsWhole }
    let scale = Swift.max(lhs.scale, rhs.scale)
    return lhsFraction * powerOfTen(scale - lhs.scale) < rhsFraction * powerOfTen(scale - rhs.scale)
  }

  /// The sum, or nil when it needs more than 38 digits (as text with more is refused, so a sum is
  /// always a value that reads back).
  public func adding(_ other: ExactDecimal) -> ExactDecimal? {
    guard let (left, right, scale) = Self.aligned(self, other) else { return nil }
    let (sum, overflow) = left.addingReportingOverflow(right)
    return overflow ? nil : Self.held(significand: sum, scale: scale)
  }

  /// The difference, or nil when it needs more than 38 digits.
  public func subtracting(_ other: ExactDecimal) -> ExactDecimal? {
    guard let (left, right, scale) = Self.aligned(self, other) else { return nil }
    let (difference, overflow) = left.subtractingReportingOverflow(right)
    return overflow ? nil : Self.held(significand: difference, scale: scale)
  }

  /// `significand × 10^-scale` normalized, or nil when it has more than 38 significant digits.
  static func held(significand: Int128, scale: Int) -> ExactDecimal? {
    let value = ExactDecimal(significand: significand, scale: scale)
    return value.significand.magnitude < UInt128(powerOfTen(maximumDigits)) ? value : nil
  }

  /// Whether this is `base` plus a whole number of `step`s (`step` > 0): exact, so 0.3 is 0 plus
  /// three steps of 0.1, and exact at every size and scale (99999999999999999999999999999999999999 is
  /// on a step of 0.1). False only when the distance from `base` needs more than 128 bits.
  public func isOnStep(_ step: ExactDecimal, from base: ExactDecimal) -> Bool {
    guard step.significand > 0 else { return false }
    let offset: ExactDecimal
    if base.significand == 0 {
      offset = self
    } else {
      guard let (left, right, scale) = Self.aligned(self, base) else { return false }
      let (difference, overflow) = left.subtractingReportingOverflow(right)
      if overflow { return false }
      offset = ExactDecimal(significand: difference, scale: scale)
    }
    if offset.significand == 0 { return true }
    // offset / step = a × 10^(step.scale - offset.scale) / b must be whole.
    let a = offset.significand.magnitude
    let b = step.significand.magnitude
    if offset.scale >= step.scale {
      // a / (b × 10^k): a divisor too large for 128 bits is larger than a, and divides only 0.
      let (divisor, overflow) = b.multipliedReportingOverflow(
        by: UInt128(Self.powerOfTen(offset.scale - step.scale)))
      return !overflow && a % divisor == 0
    }
    // a × 10^k / b is whole when b / gcd(a, b) is 2^x × 5^y with x, y ≤ k.
    let k = step.scale - offset.scale
    var rest = b / Self.greatestCommonDivisor(a, b)
    var twos = 0
    while rest % 2 == 0 {
      rest /= 2
      twos += 1
    }
    var fives = 0
    while rest % 5 == 0 {
      rest /= 5
      fives += 1
    }
    return rest == 1 && twos <= k && fives <= k
  }

  /// Euclid's greatest common divisor.
  static func greatestCommonDivisor(_ a: UInt128, _ b: UInt128) -> UInt128 {
    var (a, b) = (a, b)
    while b != 0 { (a, b) = (b, a % b) }
    return a
  }

  /// Decodes a JSON number (or its text in a string).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text: String =
      if let string = try? container.decode(String.self) {
        string
      } else {
        try container.decode(Double.self).description
      }
    guard case .success(let value) = Self.parse(text, allowingExponent: true) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a decimal number: \(text)")
    }
    self = value
  }

  /// Encodes as a JSON number where a `Double` holds the value exactly, else as its text.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    if let double = Double(description),
      Self.parse(double.description, allowingExponent: true) == .success(self)
    {
      try container.encode(double)
    } else {
      try container.encode(description)
    }
  }
}
