import SettingsKit

/// A text field's (or number's) editing line while it is open: the item, the line, and the last
/// validation error or note, shown under the row until the next key.
struct EditState: Sendable, Equatable {
  var item: SettingItem
  var editing: TextEditing
  /// Why Enter did not save (shown after `Error: `).
  var error: String?
  /// A note about the edit, such as a change made elsewhere to the same key.
  var note: String?
  /// What the line changes on a list page; nil for an item's own value.
  var target: ElementTarget?
}

extension SettingsScreen {
  /// Enter, Space or a digit on a text field, number or slider opens the editing line; on a
  /// multiple choice item, the list. Returns false for other items.
  mutating func startEditing(_ item: SettingItem, typed: Character? = nil) -> Bool {
    let current = level.table.snapshot.value(of: item).value
    switch item.type {
    case .textField, .number, .slider:
      var editing = TextEditing(
        text: typed == nil ? current?.description ?? "" : "", isSecure: item.isSecure)
      if let typed { editing.insert(typed) }
      mode = .editText(EditState(item: item, editing: editing))
      keepEditCursorVisible()
      return true
    case .rightDetail where item.multiple == true && item.choices != nil:
      guard case .strings(let chosen)? = current else { return false }
      mode = .chooseMany(ChoiceList(item: item, chosen: chosen))
      return true
    default:
      return false
    }
  }

  /// A key while the editing line is open: ← → Home End move by grapheme cluster, Backspace and
  /// Delete remove one, Ctrl-U clears, Esc cancels, Enter validates and saves (an error keeps the
  /// line open and shows why).
  mutating func handleEditKey(_ key: KeyPress, _ state: EditState) {
    var state = state
    state.error = nil
    state.note = nil
    if case .withdrawn(let name)? = state.target, key == .escape || key == .enter {
      mode = .browse
      if case .record? = level.list?.content { goBack() }
      status = "Nothing saved: \(TerminalText.escaped(name)) was changed or removed elsewhere"
      return
    }
    switch key {
    case .escape:
      mode = .browse
      return
    case .enter where state.target != nil:
      if let target = state.target, let failure = saveElement(state, target) {
        state.error = failure
      } else {
        mode = .browse
        return
      }
    case .enter:
      var failure: String?
      do {
        let settings = try self.settings(knowing: state.item)
        apply(
          try TableActions(settings: settings).set(state.item, text: state.editing.text, in: &level.table))
      } catch {
        failure = error.message
      }
      if let failure {
        state.error = failure
      } else {
        mode = .browse
        return
      }
    case .left: state.editing.moveLeft()
    case .right: state.editing.moveRight()
    case .home: state.editing.moveHome()
    case .end: state.editing.moveEnd()
    case .backspace: state.editing.deleteBackward()
    case .delete: state.editing.deleteForward()
    case .clearLine: state.editing.clear()
    case .character(let character): state.editing.insert(character)
    default: break
    }
    mode = .editText(state)
    keepEditCursorVisible()
  }

  /// A key while a multiple choice list is open: ↑ ↓ move, Space changes the highlighted choice,
  /// Enter saves the set, Esc cancels.
  mutating func handleChoiceKey(_ key: KeyPress, _ list: ChoiceList) {
    var list = list
    switch key {
    case .escape, .left:
      mode = .browse
      return
    case .up, .character("k"): list.move(by: -1)
    case .down, .character("j"): list.move(by: 1)
    case .character(" "): list.toggleHighlighted()
    case .enter:
      mode = .browse
      changeValue(of: list.item) { actions, table throws(SettingsError) in
        try actions.set(list.item, to: .strings(list.chosen), in: &table)
      }
      return
    default: break
    }
    mode = .chooseMany(list)
  }

  /// ← or → on a number or slider: one step down or up, clamped to the range.
  mutating func stepSelection(by steps: Int) -> Bool {
    guard let selection = level.selection, case .item(let item, _, _) = level.table.row(at: selection),
      item.type == .number || item.type == .slider
    else { return false }
    changeValue(of: item) { actions, table throws(SettingsError) in
      try actions.step(item, by: steps, in: &table)
    }
    return true
  }

  /// The layout of the page's rows and the content of the row being edited, from which the
  /// editing line is drawn in place of that row's title line.
  func editedRow(_ state: EditState) -> (layout: RowLayout, content: RowContent) {
    let layout = RowLayout(width: max(1, width - 2), showsIcons: level.table.showsIcons, colors: colors)
    var content = RowContent(item: state.item, value: nil, isModified: false)
    if let page = level.list, let selection = level.selection {
      content = page.rowContent(selection.row, elements: body.elements, isLocked: false)
      if case .element(let position) = state.target { content.title = "\(position)" }
      content.icon = nil
      return (RowLayout(width: max(1, width - 2), showsIcons: false, colors: colors), content)
    }
    if let selection = level.selection,
      case .item(let item, let value, let isModified) = level.table.row(at: selection)
    {
      content = RowContent(item: item, value: value, isModified: isModified)
      content.hasRejectedStoredValue = level.table.snapshot.problem(of: item) != nil
      if item.deprecated != nil { content.title += " (deprecated)" }
    }
    return (layout, content)
  }

  /// The title line of the row being edited: its title on the left and, in the accessory's place,
  /// the text being edited scrolled so that the cursor is in view (``TextEditing/line(width:)``).
  func editingLine(_ state: EditState) -> String {
    let (layout, content) = editedRow(state)
    let field = state.editing.line(width: layout.editingFieldWidth(for: content))
    return layout.editingLine(for: content, field: field)
  }

  /// Keeps the editing line's cursor in view in the field's width at the screen's current size.
  mutating func keepEditCursorVisible() {
    guard case .editText(var state) = mode else { return }
    let (layout, content) = editedRow(state)
    state.editing.keepCursorVisible(width: layout.editingFieldWidth(for: content))
    mode = .editText(state)
  }
}
