import SettingsKit

/// The line mode of the settings screen (`settings ui --accessible`), for screen readers and braille
/// displays: the same ``SettingsScreen`` (its pages, selection and actions), driven by typed lines
/// and answered by appended lines. No escape sequence, no cursor movement, no redraw: each row is
/// one numbered line that says its title, value, state and what Enter does, and every change, made
/// here or elsewhere, and every refusal is one line.
///
/// Lines in (see ``helpLines``): a row's number selects it; an empty line is Enter on the selected
/// row; `+` and `-` turn a switch on and off, step a number, or move a choice; `=TEXT` sets the
/// value; `b` goes back; `/TEXT` searches and `n` finds the next match; `r` resets; `l` lists the
/// page again; `?` is the help and `q` quits. Enter on a text or number asks for the value on the
/// next line; on a choice item it lists the choices, chosen by number.
public struct LineScreen: Sendable {
  /// What the next line is.
  enum Prompt: Sendable, Equatable {
    /// A command.
    case command
    /// The new value of an item whose editing was asked for with Enter.
    case value(SettingItem)
    /// A choice, by number, of a choice item's list.
    case choices(SettingItem)
    /// `y` to delete the element of the list page at a position (from 1).
    case confirmDelete(Int)
  }

  /// The screen whose pages, selection and actions the line mode uses.
  public internal(set) var screen: SettingsScreen
  var prompt = Prompt.command

  /// The line mode of `screen` (its size is not used: lines are as long as they need to be).
  public init(screen: SettingsScreen) {
    self.screen = screen
  }

  /// Set once `q` was typed.
  public var isFinished: Bool { screen.isFinished }

  /// Whether the next line is a secure value, which a keyboard types without echo.
  public var asksForSecret: Bool {
    if case .value(let item) = prompt { return item.isSecure }
    return false
  }

  /// Whether the next line is part of an edit: a value or a choice asked for. Ctrl-C and the end
  /// of the input abandon it (``cancelEdit()``).
  public var isEditing: Bool { prompt != .command }

  /// Abandons the edit under way (Ctrl-C, or the end of the input before Enter): the value stays
  /// and the next line is a command. Says `Kept: ` and the row; nothing when no edit is under way.
  public mutating func cancelEdit() -> [String] {
    guard isEditing else { return [] }
    prompt = .command
    return ["Kept: " + describeSelection()]
  }

  /// The first lines: how to use the mode, a warning if the screen has one, and the top page.
  public func opening() -> [String] {
    [
      "Settings, line mode. Type a row's number to select it, an empty line for Enter, ? for help, q to quit."
    ] + (screen.status.map { [TerminalText.escaped($0)] } ?? []) + pageLines()
  }

  static let helpLines = [
    "Commands, one a line:",
    "NUMBER: select that row and hear it.",
    "Empty line: Enter on the selected row: turn a switch over, open a page or a section, list the "
      + "choices, edit a text or number (its new value on the next line; an empty line keeps it), load more.",
    "+ or -: turn a switch on or off, step a number up or down, move a choice to the next or previous one.",
    "=TEXT: set the selected row's value to TEXT (on, off, a number, a choice's value or title).",
    "b: back to the parent page (or out of a list of choices).",
    "/TEXT: search titles, keys and choices; n: the next match.",
    "r: reset the selected row to its default.",
    "u: undo the last change (again: the one before). H: the selected row's history.",
    "l: list this page again.",
    "?: this help. q: quit.",
  ]

  /// Answers one line of input.
  public mutating func handle(line: String) async -> [String] {
    switch prompt {
    case .value(let item):
      prompt = .command
      // Ctrl-C on a secret's line (read as a character there) cancels, as an empty line does.
      guard !line.isEmpty, !line.unicodeScalars.contains("\u{3}") else {
        return ["Kept: " + describeSelection()]
      }
      let lines = await setValue(of: item) { actions, table throws(SettingsError) in
        try actions.set(item, text: line, in: &table)
      }
      // A refused value keeps the edit open, as the full screen does: the next line is another
      // value, never a command (a retried "2" would have selected row 2 and turned it over).
      guard lines.first?.hasPrefix("Refused: ") == true else { return lines }
      prompt = .value(item)
      let value = screen.level.table.snapshot.value(of: item).value
      let now = valueWords(item, value).map { " (\($0))" } ?? ""
      let title = Self.text(item.title)
      return lines + ["Still editing \(title): type another value; an empty line keeps it\(now)."]
    case .choices(let item):
      // Ctrl-C in a list of choices (read as a character there) leaves it, as b does.
      if line.unicodeScalars.contains("\u{3}") { return cancelEdit() }
      return await choose(line.trimmed, of: item)
    case .confirmDelete(let position):
      return answerDelete(line, position: position)
    case .command:
      return await command(line.trimmed)
    }
  }

  mutating func command(_ text: String) async -> [String] {
    if let page = screen.level.list, let lines = await listCommand(text, page) { return lines }
    switch text {
    case "": return await enter()
    case "?": return Self.helpLines
    case "q":
      screen.isFinished = true
      return []
    case "l": return pageLines()
    case "b": return back()
    case "+", "-": return await adjust(by: text == "+" ? 1 : -1)
    case "r": return await reset()
    case "n":
      guard let query = screen.lastSearch?.query else {
        return ["Refused: nothing searched yet; /TEXT searches."]
      }
      return await search(query, listing: false)
    case "u": return await undo()
    case "H": return history()
    default: break
    }
    if let number = Int(text), text.allSatisfy(\.isASCII) { return select(number) }
    // A number too large for an Int is a row that is not there, as -1 is, not an unknown command.
    let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
    if !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }) {
      return ["Refused: there is no row \(text); this page has \(rows.count)."]
    }
    if text.hasPrefix("/") { return await search(String(text.dropFirst()), listing: true) }
    if text.hasPrefix("=") { return await set(String(text.dropFirst())) }
    return ["Refused: \(Self.text(text)) is not a command; ? lists them."]
  }

  /// `u`: the screen's undo of the last change (``SettingsScreen/undoLast()``), said as what was
  /// undone (or why not), then, as any change (``change(_:)``), the rows of the page that changed
  /// with it: those a condition dimmed or brought back. The rows of the keys it names are not said
  /// again.
  mutating func undo() async -> [String] {
    var said: ScreenStatus?
    let lines = await changeNamingKeys { screen in
      let undone = screen.undoLast()
      said = undone.said
      // Said below, as it is worded (`Undid change 4: Wi-Fi off → on`).
      screen.status = nil
      return Set(undone.keys)
    }
    guard let said else { return lines }
    return [TerminalText.escaped(said.inLineMode)]
      + (lines.first?.hasPrefix("No change: ") == true ? [] : lines)
  }

  /// `H`: the selected row's history, one line a change and a line a value it changed.
  mutating func history() -> [String] {
    guard let view = screen.historyOfSelection() else {
      let said = screen.statusMessage.map { Self.sentence($0.inLineMode) }
      screen.status = nil
      return said.map { [$0] } ?? []
    }
    screen.status = nil
    return view.lines
  }

  /// The selected row's line (with its number), or that nothing is selected.
  func describeSelection() -> String {
    guard let selection = screen.level.selection, let number = rows.firstIndex(of: selection) else {
      return "Nothing is selected."
    }
    return rowLine(number + 1, selection)
  }

  mutating func select(_ number: Int) -> [String] {
    let numbered = rows
    guard number >= 1, number <= numbered.count else {
      return ["Refused: there is no row \(number); this page has \(numbered.count)."]
    }
    screen.level.selection = numbered[number - 1]
    screen.keepSelectionVisible()
    return [describeSelection()]
  }

  /// The selected item, or the line that refuses for want of one.
  func selectedItem() -> Result<SettingItem, Refusal> {
    guard let selection = screen.level.selection else { return .failure(Refusal("nothing is selected")) }
    guard case .item(let item, _, _) = screen.level.table.row(at: selection) else {
      return .failure(Refusal("the selected row has no value"))
    }
    return .success(item)
  }

  /// Why the selected item cannot be changed, when it cannot.
  func lockedOrDimmed(_ item: SettingItem) -> [String]? {
    let state = screen.level.table.snapshot.state(of: item)
    let title = Self.text(item.title)
    if let lock = state.lock {
      return ["Refused: \(title) is locked by \(Self.text(lock.file)): \(Self.text(lock.reason))."]
    }
    if let reason = state.disabledReason { return ["Refused: \(title) is dimmed: \(Self.text(reason))."] }
    return nil
  }

  mutating func enter() async -> [String] {
    guard let selection = screen.level.selection else { return ["Refused: this page has no rows."] }
    guard case .item(let item, _, _) = screen.level.table.row(at: selection) else {
      if case .more = screen.level.table.row(at: selection) { return await loadMore() }
      return await change { screen in await screen.activate(key: .enter) }
    }
    if let page = item.page {
      screen.open(page, of: item)
      return pageLines()
    }
    if item.type == .list {
      screen.openList(item)
      return pageLines()
    }
    if let refusal = lockedOrDimmed(item) { return refusal }
    switch item.type {
    case .switch:
      return await change { screen in
        screen.changeValue(of: item) { actions, table throws(SettingsError) in
          try actions.toggle(item, in: &table)
        }
      }
    case .textField, .number, .slider:
      prompt = .value(item)
      let value = screen.level.table.snapshot.value(of: item).value
      let now = valueWords(item, value).map { ", now \($0)" } ?? ""
      let shown = item.isSecure ? " (not shown as you type it)" : ""
      // A number says what it accepts (range and step), in the words of a refused value.
      let accepts = item.type == .textField ? "" : ValueRules.expected(by: item).map { ", " + $0 } ?? ""
      return [
        "Editing \(Self.text(item.title))\(accepts)\(now): type the new value\(shown); an empty line keeps it."
      ]
    default:
      guard item.choices != nil else {
        return ["Refused: \(Self.text(item.title)) has nothing to change here."]
      }
      prompt = .choices(item)
      return choiceLines(item)
    }
  }

  mutating func back() -> [String] {
    guard screen.stack.count > 1 else { return ["Refused: this is the top page."] }
    screen.goBack()
    return pageLines()
  }

  mutating func adjust(by step: Int) async -> [String] {
    let item: SettingItem
    switch selectedItem() {
    case .success(let selected): item = selected
    case .failure(let refusal): return [refusal.line]
    }
    if let refusal = lockedOrDimmed(item) { return refusal }
    switch item.type {
    case .switch:
      return await setValue(of: item) { actions, table throws(SettingsError) in
        try actions.set(item, to: .bool(step > 0), in: &table)
      }
    case .number, .slider:
      return await change { screen in
        screen.changeValue(of: item) { actions, table throws(SettingsError) in
          try actions.step(item, by: step, in: &table)
        }
      }
    default:
      guard let choices = item.choices, !choices.isEmpty, item.multiple != true else {
        return ["Refused: + and - change switches, numbers and single choices."]
      }
      let current = screen.level.table.snapshot.value(of: item).value
      let index = choices.firstIndex { .string($0.value) == current } ?? (step > 0 ? -1 : 0)
      let next = choices[((index + step) % choices.count + choices.count) % choices.count]
      return await setValue(of: item) { actions, table throws(SettingsError) in
        try actions.set(item, to: .string(next.value), in: &table)
      }
    }
  }

  mutating func set(_ text: String) async -> [String] {
    let item: SettingItem
    switch selectedItem() {
    case .success(let selected): item = selected
    case .failure(let refusal): return [refusal.line]
    }
    if let refusal = lockedOrDimmed(item) { return refusal }
    // A choice may be named by its title as well as its value.
    let choice = item.choices?.first { $0.value == text || $0.title.lowercased() == text.lowercased() }
    let value = choice?.value ?? text
    return await setValue(of: item) { actions, table throws(SettingsError) in
      try actions.set(item, text: value, in: &table)
    }
  }

  /// `/TEXT` (`listing`: how many rows match and where each is) and `n`: goes to the next match
  /// and says which of how many it is, then the selected row; when none matches, says so.
  mutating func search(_ query: String, listing: Bool) async -> [String] {
    guard !query.isEmpty else { return ["Refused: /TEXT searches for TEXT."] }
    let matches: [SettingsSearch.Match]
    do {
      let settings = try screen.allItemsSettings()
      matches = SettingsSearch.find(query, in: settings.document, snapshot: try settings.snapshot())
    } catch {
      return ["Refused: \(TerminalText.escaped(error.message))."]
    }
    let quoted = "'\(Self.text(query))'"
    guard !matches.isEmpty else { return ["No row matches \(quoted)."] }
    var lines: [String] = []
    if listing {
      lines.append(matches.count == 1 ? "1 row matches \(quoted):" : "\(matches.count) rows match \(quoted):")
      lines += matches.map { match in
        Self.path(match.breadcrumb) + (match.hiddenReason.map { " (hidden now: \(Self.text($0)))" } ?? "")
      }
    }
    let page = screen.level.breadcrumb
    screen.status = nil
    let before = described()
    await screen.jump(to: query)
    if let status = screen.status, let index = screen.lastSearch?.index, index < matches.count {
      let match = matches[index]
      let position = "Match \(index + 1) of \(matches.count): "
      if status.hasSuffix("  (n: next)") {
        lines.append(position + Self.path(match.breadcrumb) + "; n: next")
      } else if let reason = match.hiddenReason {
        lines.append(position + "\(Self.path(match.breadcrumb)) is hidden now: \(Self.text(reason))")
      } else {
        lines.append("Match " + TerminalText.escaped(status))
      }
    } else if let status = screen.status {
      lines.append(TerminalText.escaped(status))
    }
    screen.status = nil
    // Another page, or this page with rows loaded to reach the match (their numbers moved): the
    // page again, so that the numbers the user knows are the ones said last.
    let after = described()
    let renumbered =
      before.count != after.count || !zip(before, after).allSatisfy { $0.identity == $1.identity }
    if screen.level.breadcrumb != page || renumbered { lines += pageLines() }
    if lines.last != describeSelection() { lines.append("Selected: " + describeSelection()) }
    return lines
  }

  /// `r`: resets the selected item, and says so by its title (the full screen's status line names
  /// its key). A locked item is refused as the other changes are.
  mutating func reset() async -> [String] {
    let item: SettingItem
    switch selectedItem() {
    case .success(let selected): item = selected
    // A section's title row or a "more" row has no value to reset, as it has none to set.
    case .failure(let refusal): return [refusal.line]
    }
    if screen.level.table.snapshot.state(of: item).lock != nil, let refusal = lockedOrDimmed(item) {
      return refusal
    }
    var outcome: String?
    let lines = await change { screen in
      outcome = screen.resetSelection()
      // Said below, with the title.
      if outcome != nil { screen.status = nil }
    }
    guard let outcome else { return lines }
    let said = "\(Self.text(item.title)) \(TerminalText.escaped(outcome))."
    return [said] + (lines.first?.hasPrefix("No change: ") == true ? [] : lines)
  }

  /// Enter on a "more" row: loads the next rows and says only the rows brought in, then the
  /// numbers that the rows after them (the "more" row itself, the next sections' rows) have now,
  /// then the selected row. A load that brought nothing (it failed) is said as any change is.
  mutating func loadMore() async -> [String] {
    let before = described()
    let numbers = Dictionary(
      before.enumerated().map { ($1.identity, $0) }, uniquingKeysWith: { first, _ in first })
    screen.status = nil
    await screen.activate(key: .enter)
    let after = described()
    let added = after.filter { numbers[$0.identity] == nil }.count
    guard added > 0 else {
      var lines = screen.status.map { [TerminalText.escaped($0)] } ?? []
      screen.status = nil
      lines += changedRows(since: before)
      return lines.isEmpty ? ["No change: " + describeSelection()] : lines
    }
    screen.status = nil
    var lines = ["Loaded \(added) more \(added == 1 ? "row" : "rows"):"]
    var renumbered: [Int] = []
    for (index, indexPath) in rows.enumerated() {
      switch numbers[after[index].identity] {
      case nil: lines.append(rowLine(index + 1, indexPath))
      case index?: continue
      case _?: renumbered.append(index + 1)
      }
    }
    // The rows after those brought in moved down: said as a range, not listed (a next section's
    // 20 rows listed again buried the 3 new ones).
    if let first = renumbered.first, let last = renumbered.last {
      lines.append(
        first == last
          ? "The row after them is now number \(first)."
          : "Rows after them are now numbered \(first) to \(last).")
    }
    return lines + ["Selected: " + describeSelection()]
  }

  /// Does `body` on the screen and says what came of it: a refusal, or a line for each row of
  /// the page that changed (the page again when rows came or went).
  mutating func change(_ body: (inout SettingsScreen) async -> Void) async -> [String] {
    await changeNamingKeys { screen in
      await body(&screen)
      return []
    }
  }

  /// ``change(_:)`` for a `body` that names what it changed (an undo names the change it took
  /// back): it returns the keys of those items, whose rows are not said again.
  mutating func changeNamingKeys(_ body: (inout SettingsScreen) async -> Set<String>) async -> [String] {
    let before = described()
    screen.status = nil
    let named = await body(&screen)
    var lines: [String] = []
    if let status = screen.statusMessage {
      lines.append(Self.sentence(status.inLineMode))
      screen.status = nil
    }
    let said = lines + changedRows(since: before, except: named)
    // A command that changes nothing (=on on a switch that is on, + at a number's maximum) is
    // answered too: a reader hears that it was taken.
    return said.isEmpty ? ["No change: " + describeSelection()] : said
  }

  /// Sets `item`'s value by `action` and says what came of it, as ``change(_:)`` does, but for
  /// two cases. A value the row showed already: when the item followed its default (or a system
  /// file), the value is now stored as an override, as `settings set` stores it, and that is said
  /// (`Wi-Fi stays on, now stored.`); when it was stored already, nothing is written and that is
  /// said (`No change: ` and the row). A secure item says only `TITLE set.` (after a value it took),
  /// whatever it held: nothing tells whether the typed secret was the stored one.
  mutating func setValue(
    of item: SettingItem,
    _ action: (TableActions, inout SettingsTable) throws(SettingsError) -> TableUpdate
  ) async -> [String] {
    let identity = RowSignature.Identity.item(item.key ?? item.title)
    let before = described()
    let lines = await change { screen in screen.changeValue(of: item, action) }
    guard lines.first?.hasPrefix("Refused: ") != true else { return lines }
    let title = Self.text(item.title)
    let others = changedRows(since: before, except: [item.key ?? item.title])
    if item.isSecure { return ["\(title) set."] + others }
    guard let old = before.first(where: { $0.identity == identity }),
      let new = described().first(where: { $0.identity == identity }),
      !old.isModified, new.isModified, old.value == new.value, old.rejection == nil, new.rejection == nil
    else { return lines }
    let words = valueWords(item, new.value).map { " " + $0 } ?? ""
    return ["\(title) stays\(words), now stored."] + others
  }

  /// The lines for the rows of the page that changed since `before` (``described()``): each
  /// changed row's line, or the whole page when rows came or went (their numbers moved). The rows
  /// of the items whose keys are in `except` (said already) are left out.
  func changedRows(since before: [RowSignature], except: Set<String> = []) -> [String] {
    let after = described()
    guard after.count == before.count, zip(before, after).allSatisfy({ $0.identity == $1.identity }) else {
      return pageLines()
    }
    var lines: [String] = []
    for (index, indexPath) in rows.enumerated() where before[index] != after[index] {
      if case .item(let key) = after[index].identity, except.contains(key) { continue }
      lines.append(rowLine(index + 1, indexPath))
    }
    return lines
  }
}

extension LineScreen {
  /// A status said as a line: escaped, ending in a full stop.
  static func sentence(_ text: String) -> String {
    let said = TerminalText.escaped(text)
    return said.hasSuffix(".") ? said : said + "."
  }
}

/// A line that refuses a command, and why.
struct Refusal: Error {
  let reason: String
  init(_ reason: String) { self.reason = reason }
  /// The line said.
  var line: String { "Refused: \(reason)." }
}

extension String {
  /// The text without leading and trailing spaces, tabs and carriage returns.
  var trimmed: String {
    let scalars = unicodeScalars
    let blank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" }
    guard let first = scalars.firstIndex(where: { !blank($0) }) else { return "" }
    let last = scalars.lastIndex(where: { !blank($0) })!
    return String(scalars[first...last])
  }
}
