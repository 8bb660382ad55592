import SettingsKit

/// What an editing line opened on a list page changes when Enter saves it.
enum ElementTarget: Sendable, Equatable {
  /// The value of the element at a position (from 1).
  case element(Int)
  /// A new value, added at the end.
  case add
  /// A field of the record at a position (from 1).
  case field(String, of: Int)
  /// A field of the new record of the page's form, which is not in the list yet.
  case newField(String)
  /// An element or a record that was changed or removed elsewhere while it was edited (its
  /// name): the editing line stays open, so that what is typed is not taken as keys, and Enter
  /// or Esc closes it (and the record's form) saving nothing.
  case withdrawn(String)
}

extension SettingsScreen {
  /// Opens the page of a list item's elements.
  mutating func openList(_ item: SettingItem) {
    guard let page = ListPage(item: item) else { return }
    var level = Level(table: self.level.table, breadcrumb: breadcrumb + " › " + item.title, isTop: false)
    level.list = page
    stack.append(level)
    self.level.selection = body.firstRow
  }

  /// Opens again, on a reloaded screen, the list page `old` was: the page of the list's elements
  /// through the row of key `opener` on the current page, or a record's form (the same record, or
  /// the new record with what was filled in) over the list's page open now; with the selection on
  /// the same row where the page still has one. False, opening nothing, when the new version has no
  /// such list or record.
  mutating func reopen(_ old: ListPage, openedBy opener: String?, selection: TableIndexPath?) -> Bool {
    switch old.content {
    case .elements:
      guard level.list == nil, let opener, let at = level.table.indexPath(ofKey: opener),
        case .item(let item, _, _) = level.table.row(at: at), item.key == old.key, ListPage(item: item) != nil
      else { return false }
      level.selection = at
      keepSelectionVisible()
      openList(item)
    case .record(let position):
      guard let page = level.list, page.content == .elements, page.key == old.key else { return false }
      var form = page
      form.content = .record(position)
      guard form.record(in: page.elements(in: level.table.snapshot)) != nil else { return false }
      level.selection = TableIndexPath(row: position - 1, section: 0)
      keepSelectionVisible()
      openRecord(at: position, of: page)
    case .newRecord(let values):
      guard let page = level.list, page.content == .elements, page.key == old.key, page.list.holdsRecords
      else { return false }
      openRecord(at: nil, of: page)
      level.list?.content = .newRecord(values)
    }
    if let selection {
      level.selection = selection
      keepSelectionOnARow()
    }
    keepSelectionVisible()
    return true
  }

  /// Opens the form of a record: the record at `position` (from 1), or a new one when nil.
  mutating func openRecord(at position: Int?, of page: ListPage) {
    var form = page
    let title: String
    if let position {
      form.content = .record(position)
      let elements = page.elements(in: level.table.snapshot)
      title = page.name(of: elements[position - 1])
    } else {
      var draft: [String: SettingValue] = [:]
      for field in page.list.fields ?? [] {
        if let key = field.key { draft[key] = field.shippedValue }
      }
      form.content = .newRecord(draft)
      title = "New"
    }
    var level = Level(table: self.level.table, breadcrumb: breadcrumb + " › " + title, isTop: false)
    level.list = form
    stack.append(level)
    self.level.selection = body.firstRow
  }

  /// A key on a list page (``ListPage``), outside an editing line or a question.
  mutating func handleListKey(_ key: KeyPress, _ page: ListPage) async {
    status = nil
    if moveSelection(for: key) { return }
    switch key {
    case .enter, .character(" "), .right: activateListRow(page)
    case .escape, .backspace, .left: goBack()
    case .character("a") where page.content == .elements: startAdding(page)
    case .character("d"), .delete: askToDelete(page)
    case .character("K"): moveElement(page, by: -1)
    case .character("J"): moveElement(page, by: 1)
    case .character("u"): undoLast()
    case .character("H"): if let view = historyOfSelection() { mode = .history(view) }
    case .character("?"): mode = .help
    case .character("q"): isFinished = true
    default: break
    }
  }

  /// The element position (from 1) of the selected row on the elements' page; nil on "Add…" or on
  /// a form.
  func selectedPosition(_ page: ListPage) -> Int? {
    guard page.content == .elements, let selection = level.selection else { return nil }
    return selection.row < body.elements.count ? selection.row + 1 : nil
  }

  /// Refuses, on the status line, a change to a list that a system file locks; true when it did.
  mutating func refusedAsLocked(_ page: ListPage) -> Bool {
    guard let lock = level.table.snapshot.state(of: page.item).lock else { return false }
    statusMessage = .error(SettingsError.locked(key: page.key, file: lock.file, reason: lock.reason))
    return true
  }

  /// Enter on a list page's row: edits the element (a value in its editor, a record in its form),
  /// adds on "Add…", edits a record's field, or adds the new record.
  mutating func activateListRow(_ page: ListPage) {
    guard let selection = level.selection else { return }
    let elements = body.elements
    switch page.content {
    case .elements:
      guard selection.row < elements.count else { return startAdding(page) }
      if page.list.holdsRecords { return openRecord(at: selection.row + 1, of: page) }
      guard !refusedAsLocked(page), let element = page.list.element else { return }
      startElementEditing(element, value: elements[selection.row], target: .element(selection.row + 1))
    case .record(let position):
      guard let field = page.list.fields?[safe: selection.row], let key = field.key,
        let values = page.record(in: elements), !refusedAsLocked(page)
      else { return }
      if field.type == .switch || field.type == .rightDetail {
        let next = Self.nextValue(of: field, after: values[key])
        change(page, [.setField(key, of: position, to: next)])
      } else {
        startElementEditing(field, value: values[key], target: .field(key, of: position))
      }
    case .newRecord(var values):
      guard let field = page.list.fields?[safe: selection.row], let key = field.key else {
        return addNewRecord(page, values)
      }
      if field.type == .switch || field.type == .rightDetail {
        values[key] = Self.nextValue(of: field, after: values[key])
        level.list?.content = .newRecord(values)
      } else {
        startElementEditing(field, value: values[key], target: .newField(key))
      }
    }
  }

  /// A switch turned over, or a choice's next choice (after the last, the first).
  static func nextValue(of field: SettingItem, after value: SettingValue?) -> SettingValue {
    if field.type == .switch {
      guard case .bool(let isOn)? = value else { return .bool(!field.isOnByDefault) }
      return .bool(!isOn)
    }
    let choices = field.choices ?? []
    guard !choices.isEmpty else { return value ?? .string("") }
    let index = choices.firstIndex { .string($0.value) == value } ?? -1
    return .string(choices[(index + 1) % choices.count].value)
  }

  /// `a` or Enter on "Add…": the editor of a new value, or the form of a new record.
  mutating func startAdding(_ page: ListPage) {
    guard !refusedAsLocked(page) else { return }
    if let maximum = page.list.maxCount, body.elements.count >= maximum {
      statusMessage = .refusal("the list holds its most elements (\(maximum)): delete one first")
      return
    }
    if page.list.holdsRecords { return openRecord(at: nil, of: page) }
    guard let element = page.list.element else { return }
    level.selection = TableIndexPath(row: body.elements.count, section: 0)
    if element.type == .rightDetail {
      // A choice is added as the first choice the list does not hold yet; Enter on it steps it.
      let elements = body.elements
      let missing = element.choices?.first { !elements.contains(.string($0.value)) }
      if missing == nil, page.list.isUnique {
        statusMessage = .refusal("every choice is in the list already, and its elements are unique")
        return
      }
      guard let choice = missing ?? element.choices?.first else { return }
      change(page, [.add(.string(choice.value), at: nil)])
      return
    }
    startElementEditing(element, value: nil, target: .add)
  }

  /// Opens the editing line on the selected row for an element or a field: its text, a choice
  /// stepped to its next choice.
  mutating func startElementEditing(_ declaration: SettingItem, value: SettingValue?, target: ElementTarget) {
    if declaration.type == .rightDetail, case .element(let position) = target, let page = level.list {
      let next = Self.nextValue(of: declaration, after: value)
      return change(page, [.replace(at: position, with: next)])
    }
    let text = value.map { ValueRules.text(of: $0, for: declaration, style: ValueStyle(reveal: true)) } ?? ""
    var state = EditState(
      item: declaration, editing: TextEditing(text: text, isSecure: declaration.isSecure))
    state.target = target
    mode = .editText(state)
    keepEditCursorVisible()
  }

  /// Enter on an editing line opened on a list page: the text read as the element or field's
  /// value, and the change made. Returns the reason it was not, shown under the line.
  mutating func saveElement(_ state: EditState, _ target: ElementTarget) -> String? {
    guard let page = level.list else { return nil }
    let value: SettingValue
    switch ValueRules.parse(state.editing.text, for: state.item) {
    case .success(let parsed)?: value = parsed
    case .failure(let problem)?:
      return Self.refusal(problem, of: state.editing.text, target, on: page).message
    case nil: value = .string(state.editing.text)
    }
    if case .newField(let key) = target {
      guard case .newRecord(var values) = page.content else { return nil }
      values[key] = value
      level.list?.content = .newRecord(values)
      return nil
    }
    let operations: [ListOperation]
    switch target {
    case .element(let position):
      guard body.elements[safe: position - 1] != value else { return nil }
      operations = [.replace(at: position, with: value)]
    case .add: operations = [.add(value, at: nil)]
    case .field(let key, let position): operations = [.setField(key, of: position, to: value)]
    case .newField, .withdrawn: return nil
    }
    do {
      try edit(page, operations)
    } catch {
      return error.message
    }
    if target == .add { level.selection = TableIndexPath(row: body.elements.count - 1, section: 0) }
    return nil
  }

  /// A value typed for an element or a field that it does not accept, as the command line refuses
  /// it: under the list's key (`dns: must be …`), a field of a record by its name and position
  /// (`vpn: element 1: server: must match …`), as a value on any other page is refused under its key.
  static func refusal(_ problem: ValueProblem, of text: String, _ target: ElementTarget, on page: ListPage)
    -> SettingsError
  {
    let placed: ValueProblem
    switch target {
    case .element, .add, .withdrawn: placed = problem
    case .field(let field, let position):
      placed = .badElement(index: position, problem: .badField(field: field, problem: problem))
    case .newField(let field): placed = .badField(field: field, problem: problem)
    }
    return .rejectedValue(
      key: page.key, value: text, problem: placed, accepted: ValueRules.listExpected(page.list))
  }

  /// Adds the new record of the form, then goes back to the list, on its row.
  mutating func addNewRecord(_ page: ListPage, _ values: [String: SettingValue]) {
    do {
      try edit(page, [.add(.record(values), at: nil)])
    } catch {
      statusMessage = .error(error)
      return
    }
    goBack()
    level.selection = TableIndexPath(row: body.elements.count - 1, section: 0)
    status = "Added \(page.name(of: .record(values)))"
  }

  /// `d` or Delete on an element: asks first.
  mutating func askToDelete(_ page: ListPage) {
    guard let position = selectedPosition(page), !refusedAsLocked(page) else { return }
    mode = .confirmDelete(position)
  }

  /// The question on the status line before the element at `position` (from 1) is deleted.
  func deleteQuestion(_ position: Int) -> String {
    let name = level.list.flatMap { page in body.elements[safe: position - 1].map { page.name(of: $0) } }
    return "Delete \(TerminalText.escaped(name ?? "element \(position)"))? y/n"
  }

  /// A key while the deletion of the element at `position` is asked: `y` deletes, any other key
  /// keeps it.
  mutating func handleDeleteAnswer(_ key: KeyPress, position: Int) {
    mode = .browse
    guard key == .character("y") || key == .character("Y"), let page = level.list else {
      status = "Nothing deleted"
      return
    }
    let name = body.elements[safe: position - 1].map { page.name(of: $0) } ?? ""
    change(page, [.remove(at: position)])
    if statusMessage == nil { status = "Deleted \(name)" }
  }

  /// `K` or `J`: moves the selected element up or down one place, the selection with it.
  mutating func moveElement(_ page: ListPage, by step: Int) {
    guard let position = selectedPosition(page) else { return }
    let target = position + step
    guard target >= 1, target <= body.elements.count else { return }
    change(page, [.move(from: position, to: target)])
    if statusMessage == nil { level.selection = TableIndexPath(row: target - 1, section: 0) }
  }

  /// Makes a change and shows it, or shows why it was refused on the status line.
  mutating func change(_ page: ListPage, _ operations: [ListOperation]) {
    do {
      try edit(page, operations)
    } catch {
      statusMessage = .error(error)
    }
  }

  /// Makes `operations` as one change of the list through ``Settings/edit(_:_:)``, and shows the
  /// new elements on every page of the stack.
  /// - Returns: whether the list changed (a new value equal to the old one changes nothing).
  @discardableResult
  mutating func edit(_ page: ListPage, _ operations: [ListOperation]) throws -> Bool {
    let settings = try self.settings(knowing: page.item)
    guard let change = try settings.edit(page.key, operations) else { return false }
    apply(level.table.apply(change.newValue, forKey: page.key, isOverride: true))
    return true
  }

  /// The status line of a list page's selected row.
  func describeListRow(_ page: ListPage) -> String {
    guard let selection = level.selection else { return "" }
    let elements = body.elements
    switch page.content {
    case .elements:
      guard selection.row < elements.count else { return "Enter adds to \(page.key)" }
      return "\(page.key)[\(selection.row + 1)] = \(page.name(of: elements[selection.row]))"
    case .record(let position):
      guard let field = page.list.fields?[safe: selection.row], let key = field.key else { return "" }
      return "\(page.key)[\(position)].\(key)"
    case .newRecord:
      guard let field = page.list.fields?[safe: selection.row], let key = field.key else {
        return "Enter adds the record to \(page.key)"
      }
      return "New record's \(key)"
    }
  }
}

extension Array {
  /// The element at `index`, or nil when the array has none there.
  subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
