import SettingsKit
import SettingsPOSIX

/// One positional argument of a subcommand, declared once, for the usage line, the ARGUMENTS list,
/// the count check, completions and the man page.
struct ArgumentDefinition: Sendable, Equatable {
  /// How many times the argument stands.
  enum Arity: Sendable, Equatable {
    /// Exactly once: `KEY`.
    case one
    /// Once or not at all: `[PATH]`.
    case optional
    /// Once or more: `KEY...`.
    case oneOrMore
    /// Any number of times, none included: `[KEY...]`.
    case zeroOrMore
  }

  /// What the argument names: completions offer candidates by it (``CompletionRequest``), so a new
  /// subcommand whose argument is a `KEY` gets key completion from its declaration alone.
  enum Kind: Sendable, Equatable {
    /// An item's key (dot paths, and own keys that only one item has).
    case key
    /// The key of an item that `set` changes (a switch or an item with choices).
    case settableKey
    /// The key of a switch.
    case switchKey
    /// The key of a list item.
    case listKey
    /// A value that the item named by the argument before it accepts (on/off, choice values).
    case value
    /// `KEY=VALUE`: a settable key, then after `=` a value it accepts.
    case assignment
    /// A collapsible section of the top page, by id.
    case section
    /// The key of an item that opens a page, or a section id of the top page.
    case pageOrSection
    /// A file path; `-` is standard input.
    case path
    /// A subcommand's name.
    case subcommand
    /// Anything else; completed from ``ArgumentDefinition/words`` when there are any.
    case text
  }

  /// Whether an empty argument of this kind can mean anything: a key, section, page, path,
  /// assignment or subcommand cannot be empty, so `get ''` is a usage error (64), not an unknown key.
  var mayBeEmpty: Bool {
    switch kind {
    case .value, .text: true
    case .key, .settableKey, .switchKey, .listKey, .assignment, .section, .pageOrSection, .path, .subcommand:
      false
    }
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
    case .zeroOrMore: "[" + name + "...]"
    }
  }

  /// The fewest and the most times the argument stands.
  var count: ClosedRange<Int> {
    switch arity {
    case .one: 1...1
    case .optional: 0...1
    case .oneOrMore: 1...Int.max
    case .zeroOrMore: 0...Int.max
    }
  }
}
