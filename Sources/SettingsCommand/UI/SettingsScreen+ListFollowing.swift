import SettingsKit

extension SettingsScreen {
  /// The elements each level's list page shows, by the level's index: taken before a change made
  /// elsewhere is drawn, for ``followListElements(from:)``.
  func listElementsShown() -> [Int: [SettingValue]] {
    var shown: [Int: [SettingValue]] = [:]
    for (index, level) in stack.enumerated() {
      if let page = level.list { shown[index] = page.elements(in: level.table.snapshot) }
    }
    return shown
  }

  /// After a change made elsewhere to a list that a page shows (`old`: the elements each level's
  /// page showed before, ``listElementsShown()``), what stood on an element follows it to where
  /// it is now: the selection, an open record's form, a deletion asked for, an edit in progress.
  /// Where the element is gone, the form closes, and the question or the edit is withdrawn, said
  /// on the status line: nothing acts on the element that took its place.
  ///
  /// - Returns: what was withdrawn, for the status line; nil when nothing was.
  mutating func followListElements(from old: [Int: [SettingValue]]) -> String? {
    var gone: String?
    for index in stack.indices {
      guard let page = stack[index].list, let before = old[index] else { continue }
      let after = page.elements(in: stack[index].table.snapshot)
      guard before != after else { continue }
      func followed(_ position: Int) -> Int? {
        Self.followed(position, from: before, to: after, in: page.list)
      }
      if case .record(let position) = page.content {
        guard let now = followed(position) else {
          let name = before[safe: position - 1].map { page.name(of: $0) } ?? "record \(position)"
          gone = name
          // An edit in progress keeps its line until Enter or Esc closes it and the form.
          if index == stack.count - 1, withdrawEdit(of: name) { break }
          stack.removeSubrange(index...)
          mode = .browse
          break
        }
        stack[index].list?.content = .record(now)
        if index == stack.count - 1, case .editText(var state) = mode, case .field(let key, _) = state.target
        {
          state.target = .field(key, of: now)
          mode = .editText(state)
        }
        continue
      }
      if let selection = stack[index].selection, selection.row < before.count,
        let now = followed(selection.row + 1)
      {
        stack[index].selection = TableIndexPath(row: now - 1, section: selection.section)
      }
      guard index == stack.count - 1 else { continue }
      switch mode {
      case .confirmDelete(let position):
        if let now = followed(position) {
          mode = .confirmDelete(now)
        } else {
          gone = before[safe: position - 1].map { page.name(of: $0) }
          mode = .browse
        }
      case .editText(var state):
        guard case .element(let position) = state.target else { break }
        if let now = followed(position) {
          state.target = .element(now)
          mode = .editText(state)
        } else {
          let name = before[safe: position - 1].map { page.name(of: $0) } ?? "element \(position)"
          gone = name
          _ = withdrawEdit(of: name)
        }
      default: break
      }
    }
    return gone.map { "\(TerminalText.escaped($0)) was changed or removed elsewhere; nothing was done to it" }
  }

  /// Turns an edit in progress of an element or a record field into one of `name`, withdrawn
  /// (``ElementTarget/withdrawn(_:)``): its line stays open, what is typed stays in it, and
  /// Enter or Esc closes it saving nothing. Returns whether an edit was in progress.
  private mutating func withdrawEdit(of name: String) -> Bool {
    guard case .editText(var state) = mode, state.target != nil else { return false }
    state.target = .withdrawn(name)
    state.note =
      "\(TerminalText.escaped(name)) was changed or removed elsewhere; Enter or Esc closes, nothing is saved"
    mode = .editText(state)
    return true
  }

  /// The position (from 1) that the element at `position` of `old` has in `new`: the same
  /// element, else (a record list with a unique field) the record with the same value of that
  /// field; nil when it is gone.
  static func followed(
    _ position: Int, from old: [SettingValue], to new: [SettingValue], in list: SettingList
  ) -> Int? {
    guard old.indices.contains(position - 1) else { return nil }
    let element = old[position - 1]
    // Where it was when it is still there (a list may hold an element twice).
    if new[safe: position - 1] == element { return position }
    return Settings.index(of: element, in: new, list: list).map { $0 + 1 }
  }
}
