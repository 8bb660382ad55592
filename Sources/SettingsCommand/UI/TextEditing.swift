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
  /// The first cluster shown, so that a text longer than the line scrolls with the cursor.
  private(set) var scroll = 0
  /// Whether the text is shown as bullets (a secure field): one per cluster while editing.
  var isSecure = false

  init(text: String, isSecure: Bool = false) {
    self.text = text
    self.cursor = text.count
    self.isSecure = isSecure
  }

  /// Inserts typed text at the cursor. Scalars that join the cluster before the cursor (a jamo
  /// completing a Hangul syllable, a combining mark) become part of it.
  mutating func insert(_ typed: Character) {
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
    guard cursor > 0 else { return }
    text = String(text.prefix(cursor - 1)) + String(text.dropFirst(cursor))
    cursor -= 1
  }

  /// Removes the cluster after the cursor.
  mutating func deleteForward() {
    guard cursor < text.count else { return }
    text = String(text.prefix(cursor)) + String(text.dropFirst(cursor + 1))
  }

  /// Clears the text (Ctrl-U).
  mutating func clear() {
    text = ""
    cursor = 0
    scroll = 0
  }

  /// The text as shown in `width` columns with the cursor as `|` between clusters, scrolled so
  /// that the cursor is in view; `‹` and `›` mark text cut off on either side. Escaped for the
  /// terminal; a secure text is bullets.
  mutating func line(width: Int) -> String {
    let clusters = Array(isSecure ? String(repeating: "•", count: text.count) : text).map {
      TerminalText.escaped(String($0))
    }
    let room = max(1, width - 1)
    if cursor < scroll { scroll = cursor }
    // Move the window right until the clusters from `scroll` to the cursor fit with the marks.
    func widthFrom(_ start: Int, to end: Int) -> Int {
      clusters[start..<end].reduce(0) { $0 + DisplayWidth.of($1) }
    }
    // The left mark (once scrolled), the clusters up to the cursor and the cursor fit in `width`.
    while scroll < cursor, (scroll > 0 ? 1 : 0) + widthFrom(scroll, to: cursor) + 1 > max(2, width) {
      scroll += 1
    }
    var shown = scroll > 0 ? "‹" : ""
    var used = DisplayWidth.of(shown)
    var index = scroll
    while index <= clusters.count {
      if index == cursor {
        guard used + 1 <= room + 1 else { break }
        shown += "|"
        used += 1
      }
      guard index < clusters.count else { break }
      let cluster = clusters[index]
      let clusterWidth = DisplayWidth.of(cluster)
      if used + clusterWidth > room {
        if used < room + 1 { shown += "›" }
        break
      }
      shown += cluster
      used += clusterWidth
      index += 1
    }
    return shown
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
