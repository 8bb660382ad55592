import SettingsHTTP
import SettingsKit
import SettingsPOSIX

/// One completion request: the words after `settings`, the last being the one completed, and what
/// they complete to. Subcommands, options and their values come from the declarations
/// (``Subcommand``, ``Options``); keys, values, section ids and page keys come from the document in
/// effect on the command line (``CompletionCandidates``), by each argument's ``ArgumentDefinition/Kind``.
///
/// Nothing is written: not the store, not the view state.
struct CompletionRequest: Sendable {
  /// What the shell should offer.
  enum Reply: Sendable, Equatable {
    /// These candidates, in order; a word that ends in `=` takes no space after it.
    case words([Candidate])
    /// File names, which the shell completes itself.
    case files
  }

  /// One word to offer, with a short description (empty when there is none).
  struct Candidate: Sendable, Equatable {
    var word: String
    var help: String = ""
  }

  /// The words after `settings`; the last is the (maybe empty) word being completed.
  var words: [String]
  /// The environment, for `SETTINGS_FILE`, `HOME` and the locale.
  var environment: [String: String]

  /// What the words complete to.
  func reply() -> Reply {
    let current = words.last ?? ""
    var state = State()
    for word in words.dropLast() {
      if let option = state.awaitingValue {
        state.record(option, value: word)
        state.awaitingValue = nil
        continue
      }
      if !state.optionsEnded, word == "--" {
        state.optionsEnded = true
      } else if !state.optionsEnded, word.hasPrefix("-"), word != "-" {
        let (name, inline) = Self.split(word)
        guard let (option, _) = Options.named(name, for: state.subcommand ?? .show) else { continue }
        state.given.insert(option.name)
        if case .choiceValue(_, let chosen) = option.value { state.choiceOption = (chosen, nil) }
        if option.value != .none {
          if let inline { state.record(option, value: inline) } else { state.awaitingValue = option }
        }
      } else if state.subcommand == nil {
        guard let subcommand = Subcommand(rawValue: word), !subcommand.isHidden else { return .words([]) }
        state.subcommand = subcommand
      } else {
        state.positionals.append(word)
      }
    }
    if let option = state.awaitingValue {
      return values(of: option, prefix: "", current: current, state: state)
    }
    if !state.optionsEnded, current.hasPrefix("--"), current.contains("=") {
      let (name, inline) = Self.split(current)
      guard let (option, _) = Options.named(name, for: state.subcommand ?? .show), option.value != .none
      else {
        return .words([])
      }
      return values(of: option, prefix: name + "=", current: inline ?? "", state: state)
    }
    if !state.optionsEnded, current.hasPrefix("-") {
      let options =
        state.subcommand.map { Options.taken(by: $0) } ?? CommandDefinition.globalOptions
      return .words(
        options.filter { !state.given.contains($0.name) }.map { Candidate(word: $0.name, help: $0.help) }
          .filter { $0.word.hasPrefix(current) })
    }
    guard let subcommand = state.subcommand else {
      return .words(
        Subcommand.visible.map { Candidate(word: $0.rawValue, help: $0.definition.abstract) }
          .filter { $0.word.hasPrefix(current) })
    }
    if let (chosen, value) = state.choiceOption, state.positionals.isEmpty {
      // `set --add VALUE KEY`: the option stood first, so the KEY is a multiple choice item's,
      // one whose choices VALUE can be added to (or removed from).
      guard let document = state.document(environment: environment) else { return .words([]) }
      let candidates = CompletionCandidates(document: document).keys { item in
        guard item.multiple == true, let choices = item.choices else { return false }
        guard let value else { return true }
        guard choices.contains(where: { $0.value == value }) else { return false }
        let current = state.chosenValues(of: item, in: document, environment: environment)
        return current.map { $0.contains(value) == chosen } ?? true
      }
      return .words(candidates.filter { $0.word.hasPrefix(current) })
    }
    let arguments = Self.arguments(of: subcommand, after: state.positionals, current: current)
    var candidates: [Candidate] = []
    for argument in arguments {
      switch argument.kind {
      case .path: return .files
      case .subcommand:
        candidates += Subcommand.visible.map { Candidate(word: $0.rawValue, help: $0.definition.abstract) }
      case .text:
        candidates += argument.words.map { Candidate(word: $0.word, help: $0.help) }
      default:
        guard let document = state.document(environment: environment) else { continue }
        candidates += CompletionCandidates(document: document).candidates(
          for: argument.kind, previous: state.positionals.last, current: current)
      }
    }
    return .words(candidates.filter { $0.word.hasPrefix(current) })
  }

  /// The arguments that the word after `positionals` can be, over the subcommand's forms: a form
  /// counts while the words before fit it (`KEY=VALUE` words have an `=`, keys none).
  static func arguments(
    of subcommand: Subcommand, after positionals: [String], current: String
  ) -> [ArgumentDefinition] {
    func argument(in form: [ArgumentDefinition], at index: Int) -> ArgumentDefinition? {
      if index < form.count { return form[index] }
      return form.last.flatMap { [.oneOrMore, .zeroOrMore].contains($0.arity) ? $0 : nil }
    }
    func fits(_ argument: ArgumentDefinition, _ word: String) -> Bool {
      switch argument.kind {
      case .assignment: word.contains("=")
      case .key, .settableKey, .switchKey, .listKey: !word.contains("=")
      default: true
      }
    }
    var found: [ArgumentDefinition] = []
    for form in subcommand.definition.forms {
      let fitting = positionals.indices.allSatisfy { index in
        argument(in: form, at: index).map { fits($0, positionals[index]) } ?? false
      }
      if fitting, let next = argument(in: form, at: positionals.count) { found.append(next) }
    }
    // A word is a KEY=VALUE pair once it has an `=`, and before that it completes as a key.
    let assignments = found.filter { $0.kind == .assignment }
    if current.contains("=") { return assignments.isEmpty ? found : assignments }
    return found.count > assignments.count ? found.filter { $0.kind != .assignment } : found
  }

  /// The values an option takes, each after `prefix` (`--color=`).
  private func values(
    of option: OptionDefinition, prefix: String, current: String, state: State
  ) -> Reply {
    switch option.value {
    case .path: return prefix.isEmpty ? .files : .words([])
    case .word(_, _, let words):
      return .words(
        words.map { Candidate(word: prefix + $0.word, help: $0.help) }.filter {
          $0.word.hasPrefix(prefix + current)
        })
    case .choiceValue(_, let chosen):
      return .words(
        choiceValues(chosen: chosen, state: state).map {
          Candidate(word: prefix + $0.word, help: $0.help)
        }.filter { $0.word.hasPrefix(prefix + current) })
    case .none, .text, .localeTag, .integer: return .words([])
    }
  }

  /// For `set KEY --add VALUE`, the choices of KEY's multiple choice item that are not chosen now;
  /// for `--remove VALUE` (`chosen`), those chosen now, in the choices' order. Every choice when
  /// the store cannot be read; none when KEY is not a multiple choice item.
  ///
  /// With the option first (`set --add VALUE KEY`), KEY is not known yet: the values are those of
  /// every multiple choice item, each value once, in the document's order.
  private func choiceValues(chosen: Bool, state: State) -> [Candidate] {
    guard let document = state.document(environment: environment) else { return [] }
    let candidates = CompletionCandidates(document: document)
    let items: [SettingItem]
    if let key = state.positionals.first {
      guard let item = candidates.item(named: key) else { return [] }
      items = [item]
    } else {
      items = document.allItems.map(\.item)
    }
    var seen: Set<String> = []
    return items.filter { $0.multiple == true }.flatMap { item -> [Candidate] in
      let current = state.chosenValues(of: item, in: document, environment: environment)
      return (item.choices ?? []).filter { choice in
        guard let current else { return true }
        return current.contains(choice.value) == chosen
      }.map { Candidate(word: $0.value, help: CompletionCandidates.oneLine($0.title)) }
    }.filter { seen.insert($0.word).inserted }
  }

  /// A word as the shell would pass it, for the words bash hands over as typed: `'a b'`, `"a b"`
  /// and `a\ b` are `a b`; a quote still open at the end is closed.
  static func unquoted(_ word: String) -> String {
    var result = ""
    var quote: Character?
    var escaped = false
    for character in word {
      if escaped {
        result.append(character)
        escaped = false
      } else if let open = quote {
        if character == open {
          quote = nil
        } else if character == "\\" && open == "\"" {
          escaped = true
        } else {
          result.append(character)
        }
      } else if character == "'" || character == "\"" {
        quote = character
      } else if character == "\\" {
        escaped = true
      } else {
        result.append(character)
      }
    }
    return result
  }

  /// `--name=value` as its name and value; other words as themselves.
  static func split(_ word: String) -> (name: String, value: String?) {
    guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
  }

  /// What the words before the completed one said.
  private struct State {
    var subcommand: Subcommand?
    var positionals: [String] = []
    var optionsEnded = false
    var given: Set<String> = []
    var awaitingValue: OptionDefinition?
    var file: String?
    var store: String?
    var locale: String?
    /// `--add` (chosen false) or `--remove` (chosen true), and its value once given.
    var choiceOption: (chosen: Bool, value: String?)?

    /// The values of a multiple choice `item` now, from the store in effect (`--store`,
    /// `SETTINGS_STORE`, the XDG location) over the system files; nil when it cannot be read.
    func chosenValues(
      of item: SettingItem, in document: SettingsDocument, environment: [String: String]
    ) -> [String]? {
      // Files only: completion sends nothing to etcd.
      let policy = StorePolicy(
        documentID: document.id, environment: environment, storePath: store.map { SystemPath($0) })
      guard let key = item.key, let layers = try? policy.layers(forWriting: true) else { return nil }
      guard
        case .strings(let values)? = try? Settings(document: document, layers: layers).snapshot().value(
          forKey: key)
      else { return nil }
      return values
    }

    mutating func record(_ option: OptionDefinition, value: String) {
      if option == Options.file.definition { file = CompletionRequest.unquoted(value) }
      if option == Options.store.definition { store = CompletionRequest.unquoted(value) }
      if option == Options.locale.definition { locale = value }
      if case .choiceValue(_, let chosen) = option.value {
        choiceOption = (chosen, CompletionRequest.unquoted(value))
      }
    }

    /// The document in effect: `-f`, else `SETTINGS_FILE`, else the embedded default; nil when it
    /// is standard input or cannot be loaded (a completion says nothing rather than an error).
    func document(environment: [String: String]) -> SettingsDocument? {
      let path = file ?? environment["SETTINGS_FILE"].flatMap { $0.isEmpty ? nil : $0 }
      guard var path else { return .embeddedDefault }
      guard path != "-" else { return nil }
      if path.hasPrefix("~/"), let home = environment["HOME"] { path = home + path.dropFirst() }
      let locales = LocalizedText.preferredLocales(explicit: locale, environment: environment)
      var options = DocumentOptions(locales: locales, cache: .none)
      options.reading = .whole
      return try? DocumentLoader.open(SystemPath(path), options: options).document
    }
  }
}
