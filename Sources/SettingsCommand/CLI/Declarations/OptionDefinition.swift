import SettingsKit

/// One command-line option, declared once: from it come parsing, the help text, usage lines and
/// typed access (after swift-argument-parser's `ArgumentDefinition`), and later completions and a
/// man page.
struct OptionDefinition: Sendable, Equatable {
  /// What an option takes.
  enum Value: Sendable, Equatable {
    /// Nothing: the option is a flag.
    case none
    /// A path to a file; `-` is standard input where the option says so.
    case path(name: String)
    /// Free text.
    case text(name: String)
    /// A well-formed BCP 47 language tag (``LocalizedText/isWellFormedTag(_:)``), such as `ko-KR`.
    case localeTag(name: String)
    /// A whole number in `range`; `noun` names it in messages ("Invalid width '0'").
    case integer(name: String, noun: String, range: ClosedRange<Int>)
    /// One of `words`; `noun` names it in messages ("Invalid color mode 'blue'").
    case word(name: String, noun: String, words: [AcceptedWord])
    /// A choice value of the multiple choice item that the subcommand's KEY names (checked by the
    /// subcommand, as free text is here). Completion offers the values not chosen now (`chosen`
    /// false: `--add`) or those chosen now (`chosen` true: `--remove`).
    case choiceValue(name: String, chosen: Bool)

    /// The placeholder shown after the option's name (`N`, `PATH`), or nil for a flag.
    var placeholder: String? {
      switch self {
      case .none: nil
      case .path(let name), .text(let name), .localeTag(let name), .integer(let name, _, _),
        .word(let name, _, _), .choiceValue(let name, _):
        name
      }
    }
  }

  /// How an option stands to the subcommand's positional arguments, for usage lines and checks.
  enum Placement: Sendable, Equatable {
    /// On its own: `[--json]`.
    case independent
    /// Only together with the optional argument, inside its brackets: `[SECTION [--page K]]`.
    case withArgument
    /// Instead of the arguments: `KEY... | --all`.
    case insteadOfArguments
  }

  /// The long name without dashes (`width`).
  var long: String
  /// The one-letter name without its dash (`f`), if any.
  var short: Character?
  /// What the option takes.
  var value: Value
  /// One sentence or more for the help text.
  var help: String
  /// The subcommands that take the option.
  var subcommands: [Subcommand]
  /// Whether the overview's OPTIONS list it: an option that stands before or after any subcommand.
  var isGlobal: Bool
  /// How it stands to the positional arguments.
  var placement: Placement

  init(
    long: String, short: Character? = nil, value: Value = .none, help: String, subcommands: [Subcommand],
    isGlobal: Bool = false, placement: Placement = .independent
  ) {
    self.long = long
    self.short = short
    self.value = value
    self.help = help
    self.subcommands = subcommands
    self.isGlobal = isGlobal
    self.placement = placement
  }

  /// `--width`.
  var name: String { "--" + long }

  /// Whether `word` is ``name`` (`--width`) or the one-letter name with its dash (`-f`). The
  /// names are ASCII, so their bytes are compared.
  func isNamed(_ word: String) -> Bool {
    var bytes = word.utf8[...]
    guard bytes.popFirst() == UInt8(ascii: "-") else { return false }
    if bytes.first == UInt8(ascii: "-") { return bytes.dropFirst().elementsEqual(long.utf8) }
    guard let short else { return false }
    return bytes.elementsEqual(short.utf8)
  }

  /// `--width N` or `--all`, as usage lines show it.
  var synopsis: String { value.placeholder.map { "\(name) \($0)" } ?? name }

  /// `-f, --file PATH`, as the OPTIONS list shows it.
  var label: String { (short.map { "-\($0), " } ?? "") + synopsis }

  /// Checks a value given on the command line against what the option takes.
  ///
  /// - Throws: a usage error such as "Invalid width '0'; expected a whole number from 1 to 10000".
  func check(_ text: String, usage subcommand: Subcommand?) throws(CommandError) {
    switch value {
    case .none, .path, .text, .choiceValue:
      return
    case .localeTag:
      if LocalizedText.isWellFormedTag(text) { return }
      throw .usage(
        "Invalid locale tag '\(TerminalText.escaped(text))' for \(name); expected a BCP 47 tag such as ko or en-US",
        subcommand: subcommand)
    case .integer(_, let noun, let range):
      if let number = Int(text), range.contains(number) { return }
      let upper = range.upperBound == Int.max ? "" : " to \(range.upperBound)"
      throw .usage(
        "Invalid \(noun) '\(TerminalText.escaped(text))'; expected a whole number from \(range.lowerBound)\(upper)",
        subcommand: subcommand)
    case .word(_, let noun, let words):
      if words.contains(where: { $0.word == text }) { return }
      throw .usage(
        "Invalid \(noun) '\(TerminalText.escaped(text))'; expected \(Self.alternatives(words.map(\.word)))",
        subcommand: subcommand)
    }
  }

  /// "a, b or c".
  static func alternatives(_ words: [String]) -> String {
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + words.last!
  }
}

/// One word an option or argument accepts, with what it means.
struct AcceptedWord: Sendable, Equatable {
  /// The word as typed.
  var word: String
  /// What it means, for the help text.
  var help: String
}

/// A flag option, for typed access: `invocation[Options.json]` is a `Bool`.
struct Flag: Sendable {
  /// The declaration.
  let definition: OptionDefinition
}

/// An option that takes a value, for typed access: `invocation[Options.width]` is an `Int?`.
struct Option<Value: Sendable>: Sendable {
  /// The declaration.
  let definition: OptionDefinition
  /// Turns checked text into the value.
  let convert: @Sendable (String) -> Value?
}
