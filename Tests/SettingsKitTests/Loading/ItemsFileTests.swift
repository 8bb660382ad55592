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

/// A page of an items file refuses a key that an earlier line has, as the whole file's decode does,
/// whichever page it is on, with the earlier lines read by their bytes.
struct ItemsFilePageKeyTests {
  /// 30 switches `k1` … `k30`, with `lines` replacing some lines by number.
  func file(_ lines: [Int: String]) throws -> (TemporaryDirectory, ItemsFile) {
    let directory = try TemporaryDirectory()
    let text = (1...30).map { number in
      lines[number] ?? #"{"key": "k\#(number)", "type": "switch", "title": "K \#(number)"}"#
    }.joined(separator: "\n")
    return (directory, try ItemsFile(path: SystemPath(try directory.write("items.jsonl", text))))
  }

  func message(_ body: () throws(DocumentError) -> Void) -> String? {
    do throws(DocumentError) {
      try body()
      return nil
    } catch {
      return error.message
    }
  }

  @Test func aLaterPageRefusesAKeyOfAnEarlierPage() throws {
    let (directory, file) = try file([
      25: #"{"type": "switch", "title": "Twice", "key": "k4"}"#,
      // An escaped key, and a key named by an escape, are read by decoding their lines.
      27: #"{"key": "k\u0037", "type": "switch", "title": "Seven"}"#,
      // A page's own "key" member, and a key that is not a string, are not the line's key.
      12:
        #"{"key": "k12", "type": "detailTitle", "title": "P", "page": {"sections": [{"items": [{"key": "k28", "type": "switch", "title": "In"}]}]}}"#,
      13: #"{"title": "T", "type": "switch", "key": 5}"#,
    ])
    defer { directory.remove() }
    let path = directory.file("items.jsonl")
    #expect(try file.decodedItems(in: 0..<10).count == 10)
    #expect(try file.decodedItems(in: 20..<24).map(\.key) == ["k21", "k22", "k23", "k24"])
    #expect(
      message { () throws(DocumentError) in _ = try file.decodedItems(in: 20..<30) }
        == """
        \(path):25:45: key: duplicate key "k4"; first used at \(path):4:9
        \(path):27:9: key: duplicate key "k7"; first used at \(path):7:9
        """)
    // Line 28's own key was used only on line 12's page: not a duplicate of the top page's keys.
    #expect(try file.decodedItems(in: 27..<28).map(\.key) == ["k28"])
    // Line 13's bad key is its own page's error, not the later pages'.
    #expect(try file.decodedItems(in: 13..<20).count == 7)
    #expect(message { () throws(DocumentError) in _ = try file.decodedItems(in: 10..<13) } != nil)
  }
}
