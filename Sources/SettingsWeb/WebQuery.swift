/// The query of a request to an `/api` route, checked against the names the route takes: every
/// parameter is read through one checked accessor, so a malformed, out-of-range, repeated or
/// unknown one is refused with a 400 instead of being ignored or replaced by a default.
package struct WebQuery: Sendable, Equatable {
  /// Why a query is refused; ``message`` is the 400's error.
  package enum Refusal: Error, Equatable {
    /// A name or value is not valid percent-encoded UTF-8.
    case undecodable
    /// A name the route does not take; `accepted` are those it does.
    case unknown(name: String, route: String, accepted: [String])
    /// A name given more than once.
    case repeated(name: String)
    /// A value that is not what the parameter takes (`value` nil: the parameter is missing).
    case invalid(name: String, value: String?, expected: String)

    /// The refusal as the error of a 400 answer.
    package var message: String {
      switch self {
      case .undecodable:
        return "the query is not valid percent-encoded UTF-8"
      case .unknown(let name, let route, let accepted):
        let takes =
          accepted.isEmpty
          ? "it takes no query parameters" : "it takes " + accepted.map { "'\($0)'" }.joined(separator: ", ")
        return "unknown query parameter '\(name)' for \(route); \(takes)"
      case .repeated(let name):
        return "query parameter '\(name)' is given more than once; give it once"
      case .invalid(let name, let value?, let expected):
        return "\(name) must be \(expected), not '\(value)'"
      case .invalid(let name, nil, let expected):
        return "\(name) is missing; it must be \(expected)"
      }
    }
  }

  /// The parameters, percent-decoded (`+` as a space), each name once, in the query's order.
  package private(set) var parameters: [String: String]

  /// Decodes `query` (the target's part after `?`) for `route`, which takes the parameters
  /// `accepted`. An empty part between two `&` is skipped; a name without `=` has the value "".
  ///
  /// - Throws: ``Refusal`` for bytes that do not decode, a name `route` does not take, or a name
  ///   given twice.
  package init(_ query: String, route: String, accepting accepted: [String]) throws(Refusal) {
    parameters = [:]
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      guard let name = WebRequest.percentDecoded(String(parts[0]), plusIsSpace: true),
        let value = parts.count == 2 ? WebRequest.percentDecoded(String(parts[1]), plusIsSpace: true) : ""
      else { throw .undecodable }
      guard accepted.contains(name) else { throw .unknown(name: name, route: route, accepted: accepted) }
      guard parameters[name] == nil else { throw .repeated(name: name) }
      parameters[name] = value
    }
  }

  /// The text of `name`; nil when the query lacks it.
  package subscript(_ name: String) -> String? { parameters[name] }

  /// The text of `name`, which the route needs.
  ///
  /// - Throws: ``Refusal/invalid(name:value:expected:)`` when the query lacks it.
  package func required(_ name: String, expected: String) throws(Refusal) -> String {
    guard let value = parameters[name] else { throw .invalid(name: name, value: nil, expected: expected) }
    return value
  }

  /// The whole number `name`, written in decimal digits only (no sign, point, exponent or space),
  /// within `range`; nil when the query lacks it.
  ///
  /// - Throws: ``Refusal/invalid(name:value:expected:)``, saying it must be `expected`, for any other
  ///   text, and for a number too large for `Int`.
  package func integer(
    _ name: String, in range: ClosedRange<Int> = 0...Int.max, expected: String
  ) throws(Refusal) -> Int? {
    guard let text = parameters[name] else { return nil }
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let number = Int(text),
      range.contains(number)
    else { throw .invalid(name: name, value: text, expected: expected) }
    return number
  }
}
