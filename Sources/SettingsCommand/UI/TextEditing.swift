import SettingsKit

/// The editing line of a text field (or of a number typed as text): the text and a cursor that
/// stands between user-perceived characters (grapheme clusters), so that ← → Backspace and Delete
/// move over or remove a whole Hangul syllable or emoji ZWJ sequence. No terminal here: keys in,
/// a line out.
struct TextEditing: Sendable, Equatable {
  /// The text being edited.
  private(set) var text: String
  /// The cursor, in grapheme clusters from the start (0 to `text.count`).
  private(set) var cursor: Int
  /// The first cluster shown, so that a text longer than its field scrolls with the cursor; kept
  /// between keys (``keepCursorVisible(width:)``) so that the cursor moves within the field.
  private(set) var scroll = 0
  /// Whether the text is shown as bullets (a secure field): one per cluster while editing.
  var isSecure = false
  /// Whether this is a secure field's stored value, untouched: it shows as the fixed mask (which
  /// does not tell its length), the first character typed replaces it and Backspace, Delete or
  /// Ctrl-U clear it, as a password field does; Enter keeps it.
  private(set) var isStoredSecret = false

  init(text: String, isSecure: Bool = false) {
    self.text = text
    self.cursor = text.count
    self.isSecure = isSecure
    self.isStoredSecret = isSecure && !text.isEmpty
  }

  /// Forgets an untouched stored secret before an edit: it is replaced, never edited.
  private mutating func replaceStoredSecret() -> Bool {
    guard isStoredSecret else { return false }
    isStoredSecret = false
    clear()
    return true
  }

  /// Inserts typed text at the cursor. Scalars that join the cluster before the cursor (a jamo
  /// completing a Hangul syllable, a combining mark) become part of it.
  mutating func insert(_ typed: Character) {
    _ = replaceStoredSecret()
    let head = String(text.prefix(cursor)) + String(typed)
    text = head + String(text.dropFirst(cursor))
    cursor = head.count
  }

  mutating func moveLeft() { cursor = max(0, cursor - 1) }
  mutating func moveRight() { cursor = min(text.count, cursor + 1) }
  mutating func moveHome() { cursor = 0 }
  mutating func moveEnd() { cursor = text.count }

  /// Removes the cluster before the cursor.
  mutating func deleteBackward() {
    guard !replaceStoredSecret(), cursor > 0 else { return }
    text = String(text.prefix(cursor - 1)) + String(text.dropFirst(cursor))
    cursor -= 1
  }

  /// Removes the cluster after the cursor.
  mutating func deleteForward() {
    guard !replaceStoredSecret(), cursor < text.count else { return }
    text = String(text.prefix(cursor)) + String(text.dropFirst(cursor + 1))
  }

  /// Clears the text (Ctrl-U).
  mutating func clear() {
    isStoredSecret = false
    text = ""
    cursor = 0
    scroll = 0
  }

  /// The width of each cluster as shown: escaped for the terminal, a bullet for a secure text.
  private func shownClusters() -> [(text: String, width: Int)] {
    text.map { cluster in
      let shown = isSecure ? "•" : TerminalText.escaped(String(cluster))
      return (shown, DisplayWidth.of(shown))
    }
  }

  /// Moves the first cluster shown as little as possible so that the cursor is in view in `width`
  /// columns (with `‹` before it once scrolled and room for `›` when text follows), and back to the
  /// left while the text from there to its end fits (after a deletion).
  mutating func keepCursorVisible(width: Int) {
    let widths = shownClusters().map(\.width)
    if cursor < scroll { scroll = cursor }
    func fits(from start: Int) -> Bool {
      (start > 0 ? 1 : 0) + widths[start..<cursor].reduce(0, +) + 1 + (cursor < widths.count ? 1 : 0)
        <= width
    }
    while scroll < cursor, !fits(from: scroll) { scroll += 1 }
    while scroll > 0,
      (scroll > 1 ? 1 : 0) + widths[(scroll - 1)...].reduce(0, +) + 1 <= width
    {
      scroll -= 1
    }
  }

  /// The text as shown in at most `width` columns (measured per grapheme cluster) with the cursor
  /// as `|` between clusters, scrolled so that the cursor is in view (see
  /// ``keepCursorVisible(width:)``); `‹` and `›` mark text cut off on either side. Escaped for the
  /// terminal; a secure text is bullets.
  func line(width: Int) -> String { laidOut(width: width).text }

  /// The column of the cursor's `|` in ``line(width:)`` (from 0): where the terminal's cursor stands
  /// while the line is edited.
  func cursorColumn(width: Int) -> Int { laidOut(width: width).cursor }

  /// ``line(width:)`` and the column of its `|`.
  private func laidOut(width: Int) -> (text: String, cursor: Int) {
    guard width >= 3 else { return ("|", 0) }
    if isStoredSecret {
      let mask = TerminalText.truncated(ValueRules.mask, toWidth: width - 1)
      return (mask + "|", DisplayWidth.of(mask))
    }
    var view = self
    view.keepCursorVisible(width: width)
    let clusters = shownClusters()
    var shown = view.scroll > 0 ? "‹" : ""
    var used = shown.isEmpty ? 0 : 1
    var index = view.scroll
    var cursorAt = 0
    while true {
      if index == cursor {
        cursorAt = used
        shown += "|"
        used += 1
      }
      guard index < clusters.count else { break }
      let rest = clusters[index...].reduce(0) { $0 + $1.width } + (cursor > index ? 1 : 0)
      if used + rest > width, used + clusters[index].width + 1 > width {
        shown += "›"
        break
      }
      shown += clusters[index].text
      used += clusters[index].width
      index += 1
    }
    return (shown, cursorAt)
  }
}

/// A multiple choice item's list while it is open: the choices, the chosen values, and the
/// highlighted choice. Space changes one; Enter saves; Esc cancels.
struct ChoiceList: Sendable, Equatable {
  var item: SettingItem
  var chosen: [String]
  var highlighted = 0

  /// The lines of the list: `[x] English` for a chosen value, `[ ] 日本語` for another, `> ` before
  /// the highlighted one.
  func lines() -> [String] {
    (item.choices ?? []).enumerated().map { index, choice in
      (index == highlighted ? "> " : "  ") + (chosen.contains(choice.value) ? "[x] " : "[ ] ")
        + TerminalText.escaped(choice.title)
    }
  }

  mutating func toggleHighlighted() {
    guard let choice = item.choices?[highlighted] else { return }
    if let index = chosen.firstIndex(of: choice.value) {
      chosen.remove(at: index)
    } else {
      chosen.append(choice.value)
    }
  }

  mutating func move(by step: Int) {
    highlighted = max(0, min((item.choices?.count ?? 1) - 1, highlighted + step))
  }
}
