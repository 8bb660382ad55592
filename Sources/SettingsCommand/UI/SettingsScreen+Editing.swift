import SettingsKit

/// A text field's (or number's) editing line while it is open: the item, the line, and the last
/// validation error, shown above the line until the next key.
struct EditState: Sendable, Equatable {
  var item: SettingItem
  var editing: TextEditing
  var error: String?
}

extension SettingsScreen {
  /// Enter, Space or a digit on a text field, number or slider opens the editing line; on a
  /// multiple choice item, the list. Returns false for other items.
  mutating func startEditing(_ item: SettingItem, typed: Character? = nil) -> Bool {
    let current = level.table.snapshot.value(of: item).value
    switch item.type {
    case .textField, .number, .slider:
      var editing = TextEditing(
        text: typed == nil ? current?.description ?? "" : "", isSecure: item.secure == true)
      if let typed { editing.insert(typed) }
      mode = .editText(EditState(item: item, editing: editing))
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
    switch key {
    case .escape:
      mode = .browse
      return
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

  /// The status line's text while editing: the item's title, then the line, scrolled to the cursor.
  mutating func editingLine(_ state: EditState) -> String {
    var editing = state.editing
    let label = TerminalText.escaped(state.item.title) + ": "
    let line = editing.line(width: max(1, width - DisplayWidth.of(label)))
    return label + line
  }
}
