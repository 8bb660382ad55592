/// Why a value of a text field, number, slider, multiple choice or list item is refused, as data: what
/// was given and what is accepted. ``message`` words it.
public enum ValueProblem: Error, Sendable, Equatable, CustomStringConvertible {
  /// Text that is not a decimal number.
  case notANumber(String)
  /// A number written with a decimal comma (`0,5`).
  case decimalComma(String)
  /// A number with more digits than are kept exactly (38).
  case tooManyDigits(String)
  /// A number below the item's `min`.
  case belowMinimum(value: ExactDecimal, minimum: ExactDecimal)
  /// A number above the item's `max`.
  case aboveMaximum(value: ExactDecimal, maximum: ExactDecimal)
  /// A number that is not `base` plus a whole number of `step`s.
  case offStep(value: ExactDecimal, base: ExactDecimal, step: ExactDecimal)
  /// A text longer than the item's `maxLength`, both counted in grapheme clusters.
  case tooLong(maximum: Int, length: Int)
  /// A text that does not match the item's `pattern`; `message` is the item's `patternMessage`.
  case patternMismatch(pattern: String, message: String?)
  /// A value that is not one of a multiple choice item's choices; `accepted` lists their values.
  case notAChoice(String, accepted: [String])
  /// A choice value given twice in one set.
  case repeatedChoice(String)
  /// A list with fewer elements than its `minCount`.
  case tooFewElements(minimum: Int, count: Int)
  /// A list with more elements than its `maxCount`.
  case tooManyElements(maximum: Int, count: Int)
  /// An element of a `unique` list equal to an earlier one; for records, the shared field's value
  /// (`field`: its key).
  case repeatedElement(String, field: String?)
  /// A list element that its type refuses, 1-based; `problem` says why.
  indirect case badElement(index: Int, problem: ValueProblem)
  /// A record field that the list does not declare, in element `index` (1-based).
  case unknownField(index: Int, field: String)
  /// An empty text as element `index` (1-based) of a list of text: an element holds a value.
  case emptyElement(index: Int)
  /// A record whose title field (``SettingList/titleField``) holds an empty text or spaces alone,
  /// element `index` (1-based): a record is known by its title.
  case emptyTitle(index: Int, field: String)
  /// A value of another kind than the one expected (a number for a text, …); `expected` in words.
  case wrongKind(expected: String)
  /// A record field's value that the field refuses; `problem` says why.
  indirect case badField(field: String, problem: ValueProblem)
  /// A position (from 1) at which a list of `count` elements has no element
  /// (``ListOperation``).
  case noElement(index: Int, count: Int)
  /// A value to remove from a list (``ListOperation/removeValue(_:)``) that it does not hold.
  case notInList(String)

  /// A lowercase fragment saying what is wrong and what would be right: `150 is above the maximum
  /// 100`, `at most 20 characters (got 23)`, the pattern message. Plain text.
  public var message: String {
    func shown(_ text: String) -> String { "'\(text)'" }
    switch self {
    case .notANumber(let text):
      // A number in exponent form (`1e-1`) is one: say how to write it out.
      if case .success(let number) = ExactDecimal.parse(text.trimmingSpaces(), allowingExponent: true) {
        return "\(shown(text)) has an exponent; write the number out, such as \(number)"
      }
      return "\(shown(text)) is not a number; write digits with an optional '.', such as 2.5"
    case .decimalComma(let text):
      let fixed = text.replacingFirstComma()
      return
        "\(shown(text)) has a decimal comma; write a decimal point, such as \(fixed)"
    case .tooManyDigits(let text):
      return "\(shown(text)) has more digits than the \(ExactDecimal.maximumDigits) kept exactly"
    case .belowMinimum(let value, let minimum):
      return "\(value) is below the minimum \(minimum)"
    case .aboveMaximum(let value, let maximum):
      return "\(value) is above the maximum \(maximum)"
    case .offStep(let value, let base, let step):
      let neighbours = Self.neighbours(of: value, base: base, step: step)
      let example = neighbours.map { ", such as \($0.below) or \($0.above)" } ?? ""
      return "\(value) is not on a step: expected \(base) plus a whole number of steps of \(step)\(example)"
    case .tooLong(let maximum, let length):
      return "at most \(maximum) character\(maximum == 1 ? "" : "s") (got \(length))"
    case .patternMismatch(let pattern, let message):
      return message ?? "must match the pattern \(pattern)"
    case .notAChoice(let text, let accepted):
      return "\(shown(text)) is not one of the choices: "
        + accepted.joined(separator: ", ")
    case .repeatedChoice(let text):
      return "\(shown(text)) is given twice"
    case .tooFewElements(let minimum, let count):
      return "at least \(minimum) element\(minimum == 1 ? "" : "s") (got \(count))"
    case .tooManyElements(let maximum, let count):
      return "at most \(maximum) element\(maximum == 1 ? "" : "s") (got \(count))"
    case .repeatedElement(let text, let field?):
      return "two elements have \(field) \(shown(text)); the list's \(field) values are unique"
    case .repeatedElement(let text, nil):
      return "\(shown(text)) is in the list twice; its elements are unique"
    case .badElement(let index, let problem):
      return "element \(index): \(problem.message)"
    case .unknownField(let index, let field):
      return "element \(index): unknown field \(shown(field))"
    case .emptyElement(let index):
      return "element \(index) is empty; a list holds no empty text: leave the element out"
    case .emptyTitle(let index, let field):
      return "element \(index) has an empty \(field); a record's \(field) titles it, so it holds a text"
    case .wrongKind(let expected):
      return "expected \(expected)"
    case .badField(let field, let problem):
      return "\(field): \(problem.message)"
    case .noElement(let index, let count):
      return "no position \(index) in a list of \(count) element\(count == 1 ? "" : "s")"
    case .notInList(let text):
      return "\(shown(text)) is not in the list"
    }
  }

  /// The message.
  public var description: String { message }

  /// The steps either side of an off-step value, when they fit in 38 digits.
  static func neighbours(of value: ExactDecimal, base: ExactDecimal, step: ExactDecimal)
    -> (below: ExactDecimal, above: ExactDecimal)?
  {
    guard let offset = value.subtracting(base),
      let (offsetDigits, stepDigits, scale) = ExactDecimal.aligned(offset, step),
      stepDigits > 0
    else { return nil }
    var steps = offsetDigits / stepDigits
    if offsetDigits < 0, offsetDigits % stepDigits != 0 { steps -= 1 }
    let (below, overflow) = steps.multipliedReportingOverflow(by: stepDigits)
    guard !overflow, let low = base.adding(ExactDecimal(significand: below, scale: scale)),
      let high = low.adding(step)
    else { return nil }
    return (low, high)
  }
}

extension String {
  /// The text with its first `,` replaced by `.`: `0,5` → `0.5`.
  fileprivate func replacingFirstComma() -> String {
    guard let comma = firstIndex(of: ",") else { return self }
    return String(self[..<comma]) + "." + String(self[index(after: comma)...])
  }
}
