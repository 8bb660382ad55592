/// A row's history as the screen shows it (`H`): a heading naming the row, then the journal's
/// changes, newest first, each as `settings history KEY` prints it.
///
/// The full screen shows as many whole changes under the heading as its body holds, never one cut
/// in the middle (unless one change alone is taller than the body: then its first lines), and
/// pages through them with the keys that move on a page: ↑ ↓ `k` `j` by one change, PgUp PgDn by
/// a screenful, Home End to the newest and the oldest. Its status line says which changes show.
/// The line mode says every line.
struct HistoryView: Sendable, Equatable {
  /// The line naming the row, on top of every screenful.
  var heading: String
  /// The changes, newest first, each its lines.
  var changes: [[String]]
  /// The index of the first change shown (kept within the changes there are by ``start(height:)``).
  var first = 0

  /// Every line: the heading, then each change's lines.
  var lines: [String] { [heading] + changes.flatMap { $0 } }

  /// The number of whole changes from index `start` on that fit under the heading in `height`
  /// lines; at least one while there is one (cut, when it is taller).
  func fitting(from start: Int, height: Int) -> Int {
    guard start < changes.count else { return 0 }
    var room = height - 1
    var count = 0
    for change in changes[start...] {
      guard change.count <= room else { break }
      room -= change.count
      count += 1
    }
    return max(1, count)
  }

  /// The first change shown on the last screenful: the smallest index from which every change to
  /// the oldest fits.
  func lastStart(height: Int) -> Int {
    var start = max(0, changes.count - 1)
    while start > 0, fitting(from: start - 1, height: height) >= changes.count - (start - 1) { start -= 1 }
    return start
  }

  /// The first change shown in `height` lines: ``first``, or the last screenful's first when the
  /// screen grew.
  func start(height: Int) -> Int { min(first, lastStart(height: height)) }

  /// The lines shown in a body of `height` lines: the heading and whole changes from ``first``.
  func shown(height: Int) -> [String] {
    let start = start(height: height)
    let count = fitting(from: start, height: height)
    return Array(([heading] + changes[start..<(start + count)].flatMap { $0 }).prefix(max(0, height)))
  }

  /// What the status line says in a body of `height` lines: which changes show, of how many, and
  /// the keys; when there is no change, that any key closes it.
  func status(height: Int) -> String {
    guard !changes.isEmpty else { return "Press any key" }
    let start = start(height: height)
    let count = fitting(from: start, height: height)
    return "Changes \(start + 1)–\(start + count) of \(changes.count)  ↑↓ PgUp PgDn Home End: scroll  "
      + "other keys: close"
  }

  /// Moves by `key` in a body of `height` lines; false for a key that does not move (it closes
  /// the history).
  mutating func scroll(_ key: KeyPress, height: Int) -> Bool {
    let current = start(height: height)
    switch key {
    case .up, .character("k"): first = current - 1
    case .down, .character("j"): first = current + 1
    case .pageDown: first = current + fitting(from: current, height: height)
    case .pageUp:
      // The screenful that ends just before the one shown.
      var previous = current
      while previous > 0, fitting(from: previous - 1, height: height) >= current - (previous - 1) {
        previous -= 1
      }
      first = previous == current ? current - 1 : previous
    case .home: first = 0
    case .end: first = lastStart(height: height)
    default: return false
    }
    first = min(max(0, first), lastStart(height: height))
    return true
  }
}
