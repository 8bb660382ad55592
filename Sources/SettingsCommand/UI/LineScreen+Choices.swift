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
    if text == "?" { return choiceLines(item) }
    if text == "q" {
      screen.isFinished = true
      return []
    }
    guard let number = Int(text), text.allSatisfy(\.isASCII), number >= 1, number <= choices.count else {
      return ["Refused: type a number from 1 to \(choices.count), or b."]
    }
    let choice = choices[number - 1]
    guard item.multiple == true else {
      prompt = .command
      return await change { screen in
        screen.changeValue(of: item) { actions, table throws(SettingsError) in
          try actions.set(item, to: .string(choice.value), in: &table)
        }
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
  /// `before` is ``described()`` and `values` the top page's values before. Each value changed
  /// elsewhere is one line, `Airplane Mode: on, changed elsewhere`; a store or document problem is
  /// its message; rows of the page whose state changed with them are their lines again, and the
  /// whole page when `reloaded` (the screen was built again for a new version of the document).
  func outsideLines(before: [RowSignature], values: [String: SettingValue], reloaded: Bool = false)
    -> [String]
  {
    let snapshot = screen.stack[0].table.snapshot
    var lines: [String] = []
    let changed =
      snapshot.values.keys.filter { snapshot.values[$0] != values[$0] }
      + values.keys.filter { snapshot.values[$0] == nil }
    for key in changed.sorted() {
      guard let item = screen.settings.document.item(forKey: key) else { continue }
      let value = snapshot.value(of: item).value
      lines.append("\(Self.text(item.title)): \(valueWords(item, value) ?? "changed"), changed elsewhere.")
    }
    // The full screen's status for a change elsewhere is said above, the line mode's way.
    if let status = screen.status, changed.isEmpty || !status.contains(" changed elsewhere: ") {
      let said = TerminalText.escaped(status)
      lines.append(said.hasSuffix(".") ? said : said + ".")
    }
    // A new version of the document is said whole: titles and types may have changed too.
    if reloaded { return lines + pageLines() }
    // A changed row already said is not said twice; rows that changed with it (dimmed, enabled) are.
    return lines + changedRows(since: before, except: Set(changed))
  }
}
