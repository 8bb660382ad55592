import SettingsKit

/// One positional argument of a subcommand, declared once, for the usage line, the ARGUMENTS list,
/// the count check and (later) completions.
struct ArgumentDefinition: Sendable, Equatable {
  /// How many times the argument stands.
  enum Arity: Sendable, Equatable {
    /// Exactly once: `KEY`.
    case one
    /// Once or not at all: `[PATH]`.
    case optional
    /// Once or more: `KEY...`.
    case oneOrMore
  }

  /// What the argument names, for completions.
  enum Kind: Sendable, Equatable {
    /// An item's key.
    case key
    /// A section of the top page.
    case section
    /// A file path; `-` is standard input.
    case path
    /// A subcommand's name.
    case subcommand
    /// Anything else.
    case text
  }

  /// The placeholder (`KEY`, `PAGE | SECTION`).
  var name: String
  /// What it is, for the ARGUMENTS list.
  var help: String
  /// How many times it stands.
  var arity: Arity = .one
  /// What it names.
  var kind: Kind = .text
  /// The words it accepts, listed under it in the help, when there is a fixed set.
  var words: [AcceptedWord] = []

  /// The argument as the usage line shows it, with `nested` options inside optional brackets.
  func synopsis(nested: [OptionDefinition] = []) -> String {
    switch arity {
    case .one: name
    case .optional: "[" + ([name] + nested.map { "[\($0.synopsis)]" }).joined(separator: " ") + "]"
    case .oneOrMore: name + "..."
    }
  }

  /// The fewest and the most times the argument stands.
  var count: ClosedRange<Int> {
    switch arity {
    case .one: 1...1
    case .optional: 0...1
    case .oneOrMore: 1...Int.max
    }
  }
}
