import SettingsKit

extension LineScreen {
  /// A choice item's list, as Enter opens it: each choice numbered, the chosen ones said so.
  func choiceLines(_ item: SettingItem) -> [String] {
    let choices = item.choices ?? []
    let value = screen.level.table.snapshot.value(of: item).value
    let chosen: Set<String> =
      switch value {
      case .string(let text)?: [text]
      case .strings(let texts)?: Set(texts)
      default: []
      }
    let several = item.multiple == true
    var lines = [
      "Choices of \(Self.text(item.title)), \(several ? "any number" : "one") of \(choices.count):"
    ]
    for (index, choice) in choices.enumerated() {
      lines.append(
        "\(index + 1). \(Self.text(choice.title))\(chosen.contains(choice.value) ? ". Chosen." : ".")")
    }
    lines.append(
      several
        ? "Type a number to add or remove that choice, b when done."
        : "Type a number to choose, b to go back.")
    return lines
  }

  /// A line typed while a choice item's list is open: a number chooses (one choice) or adds or
  /// removes (several, and the list stays open); `b` closes the list.
  mutating func choose(_ text: String, of item: SettingItem) async -> [String] {
    let choices = item.choices ?? []
    if text == "b" {
      prompt = .command
      return ["Back on page \(Self.breadcrumb(screen.level.breadcrumb)). " + describeSelection()]
    }
    // `l` lists the page again, as the help says: here the page is the list of choices.
    if text == "?" || text == "l" { return choiceLines(item) }
    if text == "q" {
      screen.isFinished = true
      return []
    }
    guard let number = Int(text), text.allSatisfy(\.isASCII), number >= 1, number <= choices.count else {
      return ["Refused: type a number from 1 to \(choices.count), l to list the choices again, or b."]
    }
    let choice = choices[number - 1]
    guard item.multiple == true else {
      prompt = .command
      return await setValue(of: item) { actions, table throws(SettingsError) in
        try actions.set(item, to: .string(choice.value), in: &table)
      }
    }
    var chosen: [String] = []
    if case .strings(let values)? = screen.level.table.snapshot.value(of: item).value { chosen = values }
    if let index = chosen.firstIndex(of: choice.value) {
      chosen.remove(at: index)
    } else {
      // In the document's order, as the full screen's list saves them.
      chosen = choices.map(\.value).filter { chosen.contains($0) || $0 == choice.value }
    }
    let set = chosen
    return await change { screen in
      screen.changeValue(of: item) { actions, table throws(SettingsError) in
        try actions.set(item, to: .strings(set), in: &table)
      }
    }
  }

  /// Takes in what a watch of the store reported (``LiveUpdates/apply(to:)``, given ``screen``):
  /// `before` is ``described()`` and `previous` the top page's snapshot before. Each item changed
  /// elsewhere is one line, its title first: `Airplane Mode: on, changed elsewhere`, `Managed: off,
  /// locked by FILE: REASON`, `Managed: off, unlocked`, `Count: stored value "x" rejected: expected
  /// a number; showing the default 1` (an items file's rows too, loaded or not yet), after the messages
  /// about the store, the document and the system files (`Warning: …`); rows of the page whose
  /// state changed with them are their lines again, and the whole page when `reloaded` (the screen
  /// was built again for a new version of the document).
  mutating func outsideLines(
    before: [RowSignature], snapshot previous: SettingsSnapshot, reloaded: Bool = false
  )
    -> [String]
  {
    let snapshot = screen.stack[0].table.snapshot
    var lines: [String] = []
    let changed = snapshot.keysWithChangedValues(from: previous)
    // First the store's, the document's and the system files' messages, then the status when it
    // is another (a new document); the status that the keys left is said below, the line mode's way.
    var messages = screen.outside.messages
    if let status = screen.status, status != screen.outside.keyStatus, !messages.contains(status) {
      messages.append(status)
    }
    for message in messages {
      // A whole sentence is only escaped; titles inside it are isolated where they are said alone.
      let said = TerminalText.escaped(message)
      lines.append(said.hasSuffix(".") ? said : said + ".")
    }
    var said: Set<String> = []
    for key in changed.union(screen.outside.keys).sorted() {
      guard let item = outsideItem(forKey: key),
        let line = outsideLine(item, before: previous, after: snapshot)
      else { continue }
      lines.append(line)
      said.insert(key)
    }
    // A new version of the document is said whole: titles and types may have changed too.
    if reloaded { return lines + pageLines() }
    // A changed row already said is not said twice; rows that changed with it (dimmed, enabled) are.
    return lines + changedRows(since: before, except: said)
  }

  /// The item of a key changed elsewhere, when the top page holds it: the document's, an items
  /// file's row loaded so far, or an items file's row not loaded yet (read from the items files,
  /// once, as a search reads them), so that every row the page holds is said by its title whether
  /// it was loaded or not. Nil for a key no item has (a stray key in the store), and when the items
  /// files cannot be read now.
  mutating func outsideItem(forKey key: String) -> SettingItem? {
    if let item = screen.settings.document.item(forKey: key) ?? screen.itemsFileItem(forKey: key) {
      return item
    }
    guard !screen.loaded.itemsFiles.isEmpty else { return nil }
    return try? screen.allItemsSettings().document.item(forKey: key)
  }

  /// The line for an item that changed elsewhere from `before` to `after`, its title first: a lock
  /// that came or went, a stored value now rejected, or a new value; nil when it shows the same.
  func outsideLine(_ item: SettingItem, before: SettingsSnapshot, after: SettingsSnapshot) -> String? {
    let title = Self.text(item.title)
    let value = after.value(of: item).value
    let words = valueWords(item, value)
    let head = words.map { "\(title): \($0)" } ?? title
    let lock = after.lock(of: item)
    if lock != before.lock(of: item) {
      return lock.map { "\(head), locked by \(Self.text($0.file)): \(Self.text($0.reason))." }
        ?? "\(head), unlocked."
    }
    let rejected = Self.rejection(after.problem(of: item))
    let wasRejected = Self.rejection(before.problem(of: item))
    if let rejected, rejected != wasRejected {
      let showing =
        switch after.source(of: item) {
        case .default: "showing the default \(words ?? "value")"
        default: "showing \(words ?? "the value under it")"
        }
      return "\(title): \(rejected); \(showing)."
    }
    if value == before.value(of: item).value {
      // The same value written over a rejected one, or the rejected one reset: only its warning goes.
      return wasRejected != nil && rejected == nil ? "\(head), stored value no longer rejected." : nil
    }
    return "\(head), changed elsewhere."
  }

  /// A rejected stored value in words (`stored value "x" rejected: expected a number`), without
  /// where it stands in the store (an edit elsewhere in the file moves it); nil for none.
  static func rejection(_ problem: StoredValueProblem?) -> String? {
    guard let problem else { return nil }
    let stored = StoredValueProblem.shown(problem.storedValue, secure: problem.isSecure)
    return problem.notJSON.map { "stored value rejected: not JSON (\(text($0)))" }
      ?? "stored value \(text(stored)) rejected: expected \(text(problem.expected))"
  }
}
