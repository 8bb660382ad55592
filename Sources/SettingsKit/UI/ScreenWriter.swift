/// Draws frames of lines to a terminal, redrawing only the lines that changed since the last frame.
///
/// Each changed line is drawn from its first column (`CSI row;1H`), then erased to its end
/// (`CSI K`) unless it fills the width: erasing right after the last column would erase that
/// column's character in terminals that defer the wrap (xterm's "pending wrap").
struct ScreenWriter {
  private(set) var previous: [String] = []
  var width: Int

  init(width: Int) {
    self.width = width
  }

  /// The bytes that turn the last frame into `lines`; everything when `full` (after a resize or a
  /// resume, when the terminal's contents are unknown).
  mutating func update(to lines: [String], full: Bool = false) -> String {
    var output = full ? "\u{1B}[H\u{1B}[2J" : ""
    for (row, line) in lines.enumerated() where full || row >= previous.count || previous[row] != line {
      output += "\u{1B}[\(row + 1);1H" + line
      if DisplayWidth.of(Self.strippingStyles(line)) < width { output += "\u{1B}[K" }
    }
    if !full, previous.count > lines.count {
      for row in lines.count..<previous.count { output += "\u{1B}[\(row + 1);1H\u{1B}[K" }
    }
    previous = lines
    return output
  }

  /// The text without SGR sequences (`ESC [ … m`), for measuring.
  static func strippingStyles(_ line: String) -> String {
    guard line.contains("\u{1B}") else { return line }
    var result = ""
    var inSequence = false
    for scalar in line.unicodeScalars {
      if inSequence {
        if scalar == "m" { inSequence = false }
      } else if scalar == "\u{1B}" {
        inSequence = true
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
