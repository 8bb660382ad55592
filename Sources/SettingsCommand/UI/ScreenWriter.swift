import SettingsKit

/// Draws frames of lines to a terminal, redrawing only the lines that changed since the last frame.
///
/// Each changed line is erased whole (`CSI 2K`) and drawn from its first column (`CSI row;1H`):
/// erasing first leaves nothing of the old line even where a terminal draws a character narrower
/// than counted, and never erases the last column as erasing after it can (xterm's "pending wrap").
struct ScreenWriter {
  private(set) var previous: [String] = []

  /// The bytes that turn the last frame into `lines`; everything when `full` (after a resize or a
  /// resume, when the terminal's contents are unknown).
  mutating func update(to lines: [String], full: Bool = false) -> String {
    var output = full ? "\u{1B}[H\u{1B}[2J" : ""
    for (row, line) in lines.enumerated() where full || row >= previous.count || previous[row] != line {
      output += "\u{1B}[\(row + 1);1H\u{1B}[2K" + line
    }
    if !full, previous.count > lines.count {
      for row in lines.count..<previous.count { output += "\u{1B}[\(row + 1);1H\u{1B}[2K" }
    }
    previous = lines
    return output
  }
}
