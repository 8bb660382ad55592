import Foundation
import TestSupport

@testable import SettingsKit

/// A reference implementation of the Unicode Bidirectional Algorithm (UAX #9) to check rendered lines
/// against: python-bidi's `get_display(line, base_dir='L')`, the Rust `unicode-bidi` crate behind it
/// (python-bidi 0.5 or later; `bidi.algorithm`, the older pure-Python one, knows no isolates).
///
/// `Scripts/test.sh` (the README's test command) installs it. When it is missing, ``display(_:)``
/// throws an error that says so, and the tests that use it fail: they never skip.
enum BidiOracle {
  /// Why the oracle could not run.
  struct Unavailable: Error, CustomStringConvertible {
    /// What went wrong, with how to install the oracle.
    public var description: String
  }

  /// The script: lines in as a JSON array on stdin, their visual order out as a JSON array.
  static let script = """
    import json, sys
    try:
        from bidi import get_display
    except ImportError as error:
        sys.exit("cannot import get_display from bidi (%s)" % error)
    if get_display("\\u2068\\u05d0\\u05d1\\u2069 1", base_dir="L") != "\\u2068\\u05d1\\u05d0\\u2069 1":
        sys.exit("this python-bidi does not implement isolates (UAX #9 since Unicode 6.3)")
    lines = json.load(sys.stdin)
    json.dump([get_display(line, base_dir="L") for line in lines], sys.stdout)
    """

  /// Each line in visual order, left to right, as a terminal applying UAX #9 with a left-to-right
  /// paragraph draws it. Isolate controls are kept where the algorithm leaves them.
  ///
  /// - Throws: ``Unavailable`` when python3 or python-bidi (0.5 or later) is missing.
  static func display(_ lines: [String]) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script]
    let input = Pipe()
    let output = Pipe()
    let errors = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    do {
      try process.run()
    } catch {
      throw Unavailable(description: "cannot run python3 (\(error)); " + installHint)
    }
    input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: lines))
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0,
      let visual = try? JSONSerialization.jsonObject(with: out) as? [String], visual.count == lines.count
    else {
      throw Unavailable(
        description: "the UAX #9 oracle failed: \(String(decoding: err, as: UTF8.self)); " + installHint)
    }
    return visual
  }

  static let installHint =
    "the bidi tests need python3 with python-bidi 0.5 or later (`python3 -m pip install python-bidi`, "
    + "as Scripts/test.sh does)"

  /// What is wrong with `visual`, the oracle's order of `logical`, or nil when every field stays in
  /// its columns: every character outside an isolate (FSI U+2068 … PDI U+2069) in the very column it
  /// has in `logical`, and each isolate's characters, in any order, in exactly the isolate's columns.
  ///
  /// Columns are ``DisplayWidth`` columns; the lines must not hold combining marks, which reordering
  /// could detach from their base.
  static func fieldProblem(logical: String, visual: String) -> String? {
    let logicalCells = cells(of: logical)
    let visualCells = cells(of: visual)
    guard logicalCells.map(\.column) == visualCells.map(\.column) else {
      return "the columns differ: \(visual)"
    }
    var index = 0
    while index < logicalCells.count {
      let cell = logicalCells[index]
      guard let isolate = cell.isolate else {
        if visualCells[index].character != cell.character {
          return
            "column \(cell.column) shows \(visualCells[index].character) for \(cell.character): \(visual)"
        }
        index += 1
        continue
      }
      var end = index
      while end < logicalCells.count, logicalCells[end].isolate == isolate { end += 1 }
      let expected = logicalCells[index..<end].map { mirrored($0.character) }.sorted()
      let shown = visualCells[index..<end].map { mirrored($0.character) }.sorted()
      if expected != shown {
        let field = String(logicalCells[index..<end].map(\.character))
        return
          "field \"\(field)\" leaves columns \(cell.column)..<\(logicalCells[end - 1].column + 1): \(visual)"
      }
      index = end
    }
    return nil
  }

  /// A character of a line with the column it starts in and the isolate it is in, if any.
  struct Cell {
    var character: Character
    var column: Int
    var isolate: Int?
  }

  /// The line's characters without the isolate controls, each with its column and isolate.
  static func cells(of line: String) -> [Cell] {
    var cells: [Cell] = []
    var column = 0
    var isolates = 0
    var current: Int?
    for character in line {
      switch character {
      case "\u{2068}":
        isolates += 1
        current = isolates
      case "\u{2069}":
        current = nil
      default:
        cells.append(Cell(character: character, column: column, isolate: current))
        column += DisplayWidth.of(character)
      }
    }
    return cells
  }

  /// The character with its bidi-mirrored pair folded onto one, so that a UAX #9 implementation
  /// that mirrors brackets (rule L4) compares equal.
  static func mirrored(_ character: Character) -> Character {
    switch character {
    case ")": "("
    case "]": "["
    case "}": "{"
    case ">": "<"
    case "»": "«"
    default: character
    }
  }
}
