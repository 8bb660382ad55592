import SettingsKit

extension LineScreen {
  /// The commands of a list page, said under its elements.
  static let listCommands =
    "Commands: add VALUE (a record: add field=value ...), del N, mv N M, N then =VALUE "
    + "(a record: =field=value), b back."

  /// A list page's lines: its breadcrumb and number of elements, each element numbered (a record
  /// by its title field and its subtitle field), then the commands that change them.
  func listPageLines(_ page: ListPage) -> [String] {
    let elements = page.elements(in: screen.level.table.snapshot)
    let count = elements.count == 1 ? "1 element" : "\(elements.count) elements"
    var lines = ["Page \(Self.breadcrumb(screen.level.breadcrumb)), \(count):"]
    for (offset, element) in elements.enumerated() { lines.append(elementLine(page, offset + 1, element)) }
    if let lock = screen.level.table.snapshot.state(of: page.item).lock {
      lines.append("Locked by \(Self.text(lock.file)): \(Self.text(lock.reason)).")
    } else {
      lines.append(Self.listCommands)
    }
    return lines
  }

  /// An element's line: its number, its text (a record: its title field, then its subtitle field).
  func elementLine(_ page: ListPage, _ number: Int, _ element: SettingValue) -> String {
    let content = page.elementContent(element)
    var text = "\(number). " + Self.text(content.title.isEmpty ? "(no title)" : content.title)
    if case .detail(let subtitle) = content.accessory, !subtitle.isEmpty {
      text += ", " + Self.text(subtitle)
    }
    return text + "."
  }

  /// A command typed on a list page; nil for a command the other pages also take.
  mutating func listCommand(_ text: String, _ page: ListPage) async -> [String]? {
    let elements = page.elements(in: screen.level.table.snapshot)
    let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    if text == "l" { return listPageLines(page) }
    if text == "?" { return Self.helpLines + [Self.listCommands] }
    // An empty line on a record: its fields, one a line (a secure one masked).
    if text.isEmpty, let selection = screen.level.selection, selection.row < elements.count,
      case .record(let values) = elements[selection.row], let fields = page.list.fields
    {
      var style = ValueStyle()
      style.choice = .title
      return fields.map { field in
        let value = field.key.flatMap { values[$0] }
        let shown = value.map { ValueRules.text(of: $0, forRow: field, style: style) } ?? ""
        return "\(Self.text(field.title)): \(Self.text(shown.isEmpty ? "(empty)" : shown))."
      }
    }
    if let number = Int(text), text.allSatisfy(\.isASCII) {
      guard number >= 1, number <= elements.count else {
        return ["Refused: there is no element \(number); this list has \(elements.count)."]
      }
      screen.level.selection = TableIndexPath(row: number - 1, section: 0)
      return [elementLine(page, number, elements[number - 1])]
    }
    if text.isEmpty || text == "+" || text == "-" || text == "r" {
      return ["Refused: on a list, " + Self.listCommands.dropFirst("Commands: ".count)]
    }
    switch words.first {
    case "add" where words.count > 1:
      let rest = String(text.dropFirst(4)).trimmed
      let settings: Settings
      let added: [SettingValue]
      do {
        settings = try screen.settings(knowing: page.item)
        added = try settings.listElements(
          words: page.list.holdsRecords ? Array(words.dropFirst()) : [rest], for: page.key)
      } catch {
        return [Self.refused(error)]
      }
      guard let element = added.first else { return ["Refused: nothing to add."] }
      return change(page, [.add(element, at: nil)]) { _ in
        "Added \(Self.text(page.name(of: element))) at \(elements.count + 1)."
      }
    case "del" where words.count == 2:
      // A locked list is refused before the question, not after.
      if let lock = screen.level.table.snapshot.state(of: page.item).lock {
        return [Self.refused(SettingsError.locked(key: page.key, file: lock.file, reason: lock.reason))]
      }
      guard let number = Int(words[1]), number >= 1, number <= elements.count else {
        return ["Refused: there is no element \(words[1]); this list has \(elements.count)."]
      }
      prompt = .confirmDelete(number)
      return [
        "Delete \(Self.text(page.name(of: elements[number - 1])))? Type y to delete it; anything else keeps it."
      ]
    case "mv" where words.count == 3:
      guard let from = Int(words[1]), let to = Int(words[2]) else {
        return ["Refused: mv N M moves element N to place M."]
      }
      let name = elements[safe: from - 1].map { Self.text(page.name(of: $0)) } ?? ""
      return change(page, [.move(from: from, to: to)]) { _ in "Moved \(name) to \(to)." }
    default: break
    }
    if text.hasPrefix("=") { return setElement(String(text.dropFirst()), page, elements) }
    return nil
  }

  /// `=TEXT` on the selected element: its new value; on a record, `=field=value` sets a field.
  mutating func setElement(_ text: String, _ page: ListPage, _ elements: [SettingValue]) -> [String] {
    guard let selection = screen.level.selection, selection.row < elements.count else {
      return ["Refused: select an element first, by its number."]
    }
    let position = selection.row + 1
    do {
      let settings = try screen.settings(knowing: page.item)
      if page.list.holdsRecords {
        guard let equals = text.firstIndex(of: "=") else {
          return ["Refused: a record's field is set as =field=value."]
        }
        let field = String(text[..<equals])
        let operation = try settings.fieldOperation(
          page.key, index: position, field: field, word: String(text[text.index(after: equals)...]))
        return change(page, [operation]) { _ in "Changed \(Self.text(field)) of element \(position)." }
      }
      guard let value = try settings.listElements(words: [text], for: page.key).first else { return [] }
      return change(page, [.replace(at: position, with: value)]) { _ in
        "Element \(position) is now \(Self.text(page.name(of: value)))."
      }
    } catch {
      return [Self.refused(error)]
    }
  }

  /// The answer to the question before a delete: `y` deletes the element at `position`.
  mutating func answerDelete(_ line: String, position: Int) -> [String] {
    prompt = .command
    guard let page = screen.level.list else { return [] }
    let elements = page.elements(in: screen.level.table.snapshot)
    guard line.trimmed.lowercased() == "y", let element = elements[safe: position - 1] else {
      return ["Nothing deleted."]
    }
    return change(page, [.remove(at: position)]) { _ in
      "Deleted \(Self.text(page.name(of: element))) (was \(position))."
    }
  }

  /// Makes a change of the list and says it in one line, or why it was refused.
  mutating func change(_ page: ListPage, _ operations: [ListOperation], said: (ListPage) -> String)
    -> [String]
  {
    do {
      guard try screen.edit(page, operations) else { return ["No change: the list is as it was."] }
    } catch {
      return [Self.refused(error)]
    }
    return [said(page)]
  }

  /// A refusal's line.
  static func refused(_ error: any Error) -> String {
    let message = TerminalText.escaped(error.message)
    return "Refused: " + message + (message.hasSuffix(".") ? "" : ".")
  }

  /// After a change made elsewhere (`shown`: the elements the list pages showed before,
  /// ``SettingsScreen/listElementsShown()``; `selected`: the selection before), a deletion asked
  /// for follows its element to where it is now; one whose element is gone is withdrawn, and said
  /// in a line. A selected element that is gone is no longer selected, so that `=VALUE` changes
  /// no other element.
  mutating func followDeletion(from shown: [Int: [SettingValue]], selected: TableIndexPath?) -> [String] {
    guard let page = screen.level.list, let before = shown[screen.stack.count - 1] else { return [] }
    let after = page.elements(in: screen.level.table.snapshot)
    guard case .confirmDelete(let number) = prompt else {
      guard page.content == .elements, let row = selected?.row, row < before.count,
        SettingsScreen.followed(row + 1, from: before, to: after, in: page.list) == nil
      else { return [] }
      screen.level.selection = nil
      return [
        "Element \(row + 1), \(Self.text(page.name(of: before[row]))), was changed or removed elsewhere; "
          + "type a number to select one."
      ]
    }
    if let now = SettingsScreen.followed(number, from: before, to: after, in: page.list) {
      prompt = .confirmDelete(now)
      return []
    }
    prompt = .command
    let name = before[safe: number - 1].map { page.name(of: $0) } ?? "element \(number)"
    return ["Nothing deleted: \(Self.text(name)) was changed or removed elsewhere."]
  }
}
