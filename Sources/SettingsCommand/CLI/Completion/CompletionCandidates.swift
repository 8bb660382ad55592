import SettingsKit
import SettingsPOSIX

/// The words a document offers for each kind of argument: keys, the values an item accepts,
/// section ids and page keys. Each item type says what it accepts in ``acceptedWords(of:)``.
struct CompletionCandidates {
  /// The document the words come from.
  var document: SettingsDocument

  /// The candidates for an argument of `kind`; `previous` is the word before (the key, for a value).
  func candidates(
    for kind: ArgumentDefinition.Kind, previous: String?, current: String
  ) -> [CompletionRequest.Candidate] {
    switch kind {
    case .key: return keys { _ in true }
    case .settableKey: return keys(where: Self.isSettable)
    case .switchKey: return keys { $0.type == .switch }
    case .listKey: return keys { $0.type == .list }
    case .value:
      guard let previous, let item = item(named: previous) else { return [] }
      return Self.acceptedWords(of: item, current: current)
    case .assignment:
      guard let equals = current.firstIndex(of: "=") else {
        return keys(where: Self.isSettable).map { .init(word: $0.word + "=", help: $0.help) }
      }
      let key = String(current[..<equals])
      guard let item = item(named: key) else { return [] }
      let typed = String(current[current.index(after: equals)...])
      return Self.acceptedWords(of: item, current: typed).map {
        .init(word: key + "=" + $0.word, help: $0.help)
      }
    case .section:
      return document.sections.compactMap { section in
        guard section.collapsible == true, let id = section.id else { return nil }
        return .init(word: id, help: Self.oneLine(section.header ?? ""))
      }
    case .pageOrSection:
      return keys { $0.page != nil }
        + document.sections.compactMap { section in
          section.id.map { .init(word: $0, help: Self.oneLine(section.header ?? "")) }
        }
    case .path, .subcommand, .text: return []
    }
  }

  /// Whether `set` changes the item: a switch, an item with choices, a text field, a number, a
  /// slider or a list.
  static func isSettable(_ item: SettingItem) -> Bool {
    switch item.type {
    case .switch, .textField, .number, .slider, .list: true
    case .rightDetail: item.choices != nil
    case .detailTitle: false
    }
  }

  /// The words `set KEY` accepts for an item, one function per type; empty for free text and for
  /// items that cannot be set. `current` is the word typed so far: multiple choice completes the
  /// value after its last comma.
  static func acceptedWords(of item: SettingItem, current: String = "") -> [CompletionRequest.Candidate] {
    switch item.type {
    case .switch: return switchWords()
    case .number, .slider: return numberWords(item)
    case .textField, .detailTitle: return []
    case .list:
      guard let element = item.list?.element else { return [] }
      return element.choices.map(choiceWords) ?? acceptedWords(of: element)
    case .rightDetail:
      guard let choices = item.choices else { return [] }
      guard item.multiple == true else { return choiceWords(choices) }
      return multipleWords(choices, current: current)
    }
  }

  /// A number or slider: every value on its steps when there are at most 25, else its least,
  /// default and greatest values; described by the unit.
  static func numberWords(_ item: SettingItem) -> [CompletionRequest.Candidate] {
    let help = item.unit.map(oneLine) ?? ""
    var words: [ExactDecimal] = []
    if let minimum = item.min, let maximum = item.max {
      let step = item.step ?? ExactDecimal(1)
      var value = minimum
      while value <= maximum, words.count <= 25 {
        words.append(value)
        guard let next = value.adding(step) else { break }
        value = next
      }
      if words.count > 25 { words = [minimum] + (item.numberValue.map { [$0] } ?? []) + [maximum] }
    } else {
      words = [item.min, item.numberValue, item.max].compactMap { $0 }
    }
    var seen: Set<ExactDecimal> = []
    return words.filter { seen.insert($0).inserted }.map { .init(word: $0.description, help: help) }
  }

  /// Multiple choice: the typed values up to the last comma, then each choice not typed yet.
  static func multipleWords(_ choices: [SettingChoice], current: String) -> [CompletionRequest.Candidate] {
    let prefix = current.lastIndex(of: ",").map { String(current[...$0]) } ?? ""
    let typed = Set(prefix.split(separator: ",").map(String.init))
    return choices.filter { !typed.contains($0.value) }.map {
      .init(word: prefix + $0.value, help: oneLine($0.title))
    }
  }

  /// A switch: on and off.
  static func switchWords() -> [CompletionRequest.Candidate] {
    [.init(word: "on", help: "turn it on"), .init(word: "off", help: "turn it off")]
  }

  /// An item with choices: their values, described by their titles.
  static func choiceWords(_ choices: [SettingChoice]) -> [CompletionRequest.Candidate] {
    choices.map { .init(word: $0.value, help: oneLine($0.title)) }
  }

  /// The keys of the items that pass `filter`: every dot path, then the own keys that only one
  /// item has (as commands accept them).
  func keys(where filter: (SettingItem) -> Bool) -> [CompletionRequest.Candidate] {
    let items = document.allItems.map(\.item).filter { $0.key != nil }
    var ownKeyCount: [String: Int] = [:]
    for item in items { ownKeyCount[item.localKey ?? "", default: 0] += 1 }
    var candidates: [CompletionRequest.Candidate] = []
    var ownKeys: [CompletionRequest.Candidate] = []
    for item in items where filter(item) {
      guard let key = item.key else { continue }
      let help = Self.oneLine(item.title)
      candidates.append(.init(word: key, help: help))
      if let own = item.localKey, own != key, ownKeyCount[own] == 1 {
        ownKeys.append(.init(word: own, help: help))
      }
    }
    return candidates + ownKeys
  }

  /// The item a command line names: by dot path, else by an own key only one item has.
  func item(named name: String) -> SettingItem? {
    if let item = document.item(forKey: name) { return item }
    let matching = document.allItems.lazy.map(\.item).filter { $0.localKey == name }.prefix(2)
    return matching.count == 1 ? matching.first : nil
  }

  /// Text on one line, for a description: control characters become spaces.
  static func oneLine(_ text: String) -> String {
    String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
  }
}
