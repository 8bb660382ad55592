import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// An items file is indexed by its lines, eight bytes at a time, and a key is found by the lines
/// that can hold it.
struct ItemsFileTests {
  /// The byte ranges and line numbers of `text`'s non-blank lines.
  func lines(of text: String) throws -> [String] {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = try ItemsFile(path: SystemPath(try directory.write("items.jsonl", text)))
    return file.lines.map { "\($0.number): \($0.range.lowerBound)..<\($0.range.upperBound)" }
  }

  @Test func linesAreFoundWhereverTheirLineFeedsFall() throws {
    #expect(try lines(of: "") == [])
    #expect(try lines(of: "\n") == [])
    #expect(try lines(of: "a") == ["1: 0..<1"])
    #expect(try lines(of: "a\n") == ["1: 0..<1"])
    // Blank lines (spaces, tabs, carriage returns) are skipped but counted.
    #expect(try lines(of: "ab\n \t\r\n\ncd") == ["1: 0..<2", "4: 8..<10"])
    // A carriage return stays in its line; a line of spaces before text is not blank.
    #expect(try lines(of: "abc\r\n  x\n") == ["1: 0..<4", "2: 5..<8"])
    // Line feeds at every offset of a word, and lines longer than one.
    #expect(
      try lines(of: "0123456\n0123456789abcdef0\n\n01234567\n") == ["1: 0..<7", "2: 8..<25", "4: 27..<35"])
    // UTF-8 of several bytes, and no line feed at the end after a long line.
    #expect(try lines(of: "날씨 ⛅\n" + String(repeating: "x", count: 17)) == ["1: 0..<10", "2: 11..<28"])
  }

  @Test func aKeyIsFoundAmongManyByTheLinesThatCanHoldIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var text = ""
    for number in 1...40 {
      let key = number == 9 ? #"k\u0039"# : "k\(number)"
      text += #"{"key": "\#(key)", "type": "switch", "title": "K \#(number)"}"# + "\n"
    }
    let file = try ItemsFile(path: SystemPath(try directory.write("items.jsonl", text)))
    // By bytes: k1 is in the lines of k1, k10…k19 and the escaped k9.
    #expect(try file.items(forKeys: ["k1"]).map(\.index) == [0])
    #expect(file.decodedLineCount == 12)
    // Known now: its line alone.
    #expect(try file.items(forKeys: ["k1"]).map(\.index) == [0])
    #expect(file.decodedLineCount == 13)
    // Many keys: by the key each line names, and the escaped line.
    let many: Set<String> = ["k2", "k9", "k12", "k20", "k21", "k22", "k23", "k24", "k40", "gone"]
    #expect(try file.items(forKeys: many).map(\.index) == [1, 8, 11, 19, 20, 21, 22, 23, 39])
    #expect(file.decodedLineCount == 13 + 9)
  }
}
