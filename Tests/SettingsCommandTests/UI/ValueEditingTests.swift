import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// The editing line moves and deletes by grapheme cluster.
struct TextEditingTests {
  @Test func theCursorMovesAndDeletesWholeClusters() {
    var editing = TextEditing(text: "a한👨‍👩‍👧b")
    #expect(editing.cursor == 4)
    editing.moveLeft()
    editing.deleteBackward()
    #expect(editing.text == "a한b")
    editing.moveHome()
    editing.deleteForward()
    #expect(editing.text == "한b")
    editing.moveEnd()
    editing.insert("🇰")
    editing.insert("🇷")
    #expect(editing.text == "한b🇰🇷" && editing.cursor == 3)
    editing.clear()
    #expect(editing.text == "" && editing.cursor == 0)
  }

  @Test func jamoTypedOneByOneJoinIntoOneSyllable() {
    var editing = TextEditing(text: "")
    for scalar in ["\u{1112}", "\u{1161}", "\u{11AB}"] { editing.insert(Character(scalar)) }
    #expect(editing.text.count == 1 && editing.cursor == 1)
    editing.deleteBackward()
    #expect(editing.text == "")
  }

  @Test func aLongTextScrollsToKeepTheCursorInView() {
    var editing = TextEditing(text: "abcdefghijklmnopqrstuvwxyz")
    #expect(editing.line(width: 10) == "‹stuvwxyz|")
    editing.moveHome()
    #expect(editing.line(width: 10) == "|abcdefgh›")
    var secure = TextEditing(text: "", isSecure: true)
    for character in "hunter2" { secure.insert(character) }
    #expect(secure.line(width: 20) == "•••••••|")
  }
}

/// The screen edits text fields, numbers, sliders and multiple choice, keys in and lines out; a
/// text is edited within its row (title left, the text in the accessory's place), scrolled so that
/// the cursor is in view.
@Suite(.serialized)
struct ValueEditingScreenTests {
  static let document = #"""
    {"id": "edit", "title": "Edit", "sections": [{"items": [
      {"key": "name", "type": "textField", "title": "Name", "value": "Kim", "maxLength": 5,
       "description": "Shown to others"},
      {"key": "volume", "type": "number", "title": "Volume", "value": 40, "min": 0, "max": 50, "step": 5},
      {"key": "langs", "type": "rightDetail", "title": "Languages", "multiple": true, "value": ["en"],
       "choices": [{"value": "en", "title": "English"}, {"value": "ko", "title": "한국어"}]},
      {"key": "password", "type": "textField", "title": "Password", "secure": true},
      {"key": "address", "type": "textField", "title": "Address", "placeholder": "Street"}
    ]}]}
    """#

  func screen(width: Int = 40, height: Int = 10) throws -> (SettingsScreen, MemoryStore) {
    let source = SourceText(name: "edit.json", bytes: Array(Self.document.utf8))
    let document = try DocumentLoader.decode(source)
    let store = MemoryStore()
    let loaded = LoadedDocument(document: document)
    return (try SettingsScreen(document: loaded, store: store, width: width, height: height), store)
  }

  func type(_ text: String, into screen: inout SettingsScreen) async {
    for character in text { await screen.handle(.character(character)) }
  }

  @Test func stepsStopAtTheLargestNumberKeptExactly() async throws {
    let nines = String(repeating: "9", count: 38)
    let text =
      #"{"id": "big", "sections": [{"items": [{"key": "n", "type": "number", "title": "N", "value": 0}]}]}"#
    let document = try DocumentLoader.decode(SourceText(name: "big.json", bytes: Array(text.utf8)))
    let store = MemoryStore(values: ["n": JSONValue(.number(nines))])
    var screen = try SettingsScreen(
      document: LoadedDocument(document: document), store: store, width: 60, height: 6)
    // → at 38 nines would write 10^38, which no store read accepts: it stays, and the row stays valid.
    await screen.handle(.right)
    #expect(try store.read().values["n"] == JSONValue(.number(nines)))
    await screen.handle(.left)
    #expect(try store.read().values["n"] == JSONValue(.number(String(repeating: "9", count: 37) + "8")))
  }

  @Test func anErrorLongerThanThreeLinesEndsInAnEllipsis() async throws {
    var (screen, _) = try screen(width: 20)
    await screen.handle(.enter)
    await type("berly", into: &screen)
    await screen.handle(.enter)
    #expect(
      Array(screen.lines()[1...5]) == [
        ">   Name   Kimberly|",
        "    Error: name: at",
        "    most 5",
        "    characters (got…",
        "    Volume        40",
      ])
  }

  @Test func aTextFieldIsEditedInItsRowValidatedAndSaved() async throws {
    var (screen, store) = try screen()
    #expect(screen.lines().last == "name = Kim — Shown to others")
    await screen.handle(.enter)
    #expect(
      screen.lines() == [
        "Edit",
        ">   Name                            Kim|",
        "    Volume                            40",
        "    Languages                  English ›",
        "    Password                            ",
        "    Address                 empty (Stre…",
        "", "", "",
        "Enter: save  Esc: cancel",
      ])
    await type("berly", into: &screen)
    await screen.handle(.enter)
    // The error shows under the row and the edit stays open.
    #expect(
      Array(screen.lines()[1...4]) == [
        ">   Name                       Kimberly|",
        "    Error: name: at most 5 characters",
        "    (got 8)",
        "    Volume                            40",
      ])
    for _ in 0..<5 { await screen.handle(.backspace) }
    await screen.handle(.home)
    await screen.handle(.delete)
    await type("한", into: &screen)
    #expect(screen.lines()[1] == ">   Name                           한|im")
    await screen.handle(.enter)
    #expect(try store.read().values["name"] == JSONValue.string("한im"))
    #expect(screen.lines()[1] == "> * Name                            한im")
    await screen.handle(.enter)
    await screen.handle(.clearLine)
    #expect(screen.lines()[1] == "> * Name                               |")
    await screen.handle(.escape)
    #expect(try store.read().values["name"] == JSONValue.string("한im"))
    #expect(screen.lines()[1] == "> * Name                            한im")
  }

  /// A Korean text longer than its field scrolls within the row: at 24 columns the field has 12,
  /// at 40 it has 28; `‹` and `›` mark what is cut off, and ← → Home End move the cursor within
  /// the field, scrolling only when it would leave it.
  @Test(arguments: [
    (
      24,
      [
        ">   Address ‹위워크타워|",
        ">   Address |서울특별시›",
        ">   Address 서울특별|시›",
        ">   Address ‹울특별시 |›",
        ">   Address  ‹울특별시|›",
        ">   Address ‹427 위워크|",
      ]
    ),
    (
      40,
      [
        ">   Address ‹구 테헤란로 427 위워크타워|",
        ">   Address |서울특별시 강남구 테헤란로›",
        ">   Address 서울특별|시 강남구 테헤란로›",
        ">   Address 서울특별시 |강남구 테헤란로›",
        ">   Address 서울특별시|강남구 테헤란로 ›",
        ">   Address ‹강남구 테헤란로 427 위워크|",
      ]
    ),
  ])
  func aLongKoreanTextScrollsWithinItsRow(width: Int, rows: [String]) async throws {
    var (screen, store) = try screen(width: width)
    for _ in 0..<4 { await screen.handle(.down) }
    await screen.handle(.enter)
    // An input method commits whole syllables.
    await type("서울특별시 강남구 테헤란로 427 위워크타워", into: &screen)
    var shown = [screen.lines()[5]]
    await screen.handle(.home)
    shown.append(screen.lines()[5])
    for _ in 0..<4 { await screen.handle(.right) }
    shown.append(screen.lines()[5])
    for _ in 0..<2 { await screen.handle(.right) }
    shown.append(screen.lines()[5])
    await screen.handle(.backspace)
    shown.append(screen.lines()[5])
    await screen.handle(.end)
    for _ in 0..<2 { await screen.handle(.backspace) }
    shown.append(screen.lines()[5])
    #expect(shown == rows)
    #expect(shown.allSatisfy { DisplayWidth.of($0) == width })
    await screen.handle(.enter)
    #expect(try store.read().values["address"] == JSONValue.string("서울특별시강남구 테헤란로 427 위워크"))
  }

  /// At narrow widths the title gives way first (cut, then left out), and no line is wider than
  /// the screen, down to 3 columns (the marker and one column, as a row when browsing).
  @Test func theEditingRowFitsEveryWidth() async throws {
    var rows: [String] = []
    for width in [16, 12, 8, 3] {
      var (screen, _) = try screen(width: width)
      for _ in 0..<4 { await screen.handle(.down) }
      await screen.handle(.enter)
      await type("한국어 주소", into: &screen)
      #expect(screen.lines().allSatisfy { DisplayWidth.of($0) <= width })
      rows.append(screen.lines()[5])
    }
    #expect(rows == [">   Addr… ‹주소|", ">    ‹ 주소|", ">   ‹소|", "> |"])
  }

  @Test func arrowsStepANumberWithinItsRangeAndDigitsStartTyping() async throws {
    var (screen, store) = try screen()
    await screen.handle(.down)
    await screen.handle(.right)
    #expect(try store.read().values["volume"] == JSONValue(.number("45")))
    await screen.handle(.right)
    await screen.handle(.right)
    #expect(try store.read().values["volume"] == JSONValue(.number("50")))
    await screen.handle(.left)
    #expect(try store.read().values["volume"] == JSONValue(.number("45")))
    await screen.handle(.character("7"))
    #expect(screen.lines()[2] == "> * Volume                            7|")
    await screen.handle(.enter)
    #expect(
      Array(screen.lines()[1...6]) == [
        "    Name                             Kim",
        "> * Volume                            7|",
        "    Error: volume: 7 is not on a step:",
        "    expected 0 plus a whole number of",
        "    steps of 5, such as 5 or 10",
        "    Languages                  English ›",
      ])
    await screen.handle(.backspace)
    await type("20", into: &screen)
    await screen.handle(.enter)
    #expect(try store.read().values["volume"] == JSONValue(.number("20")))
    #expect(screen.lines()[2] == "> * Volume                            20")
  }

  @Test func aNoteUnderTheLastRowScrollsTheBodySoThatBothShow() async throws {
    var (screen, store) = try screen(height: 6)
    for _ in 0..<4 { await screen.handle(.down) }
    await screen.handle(.enter)
    await type("x", into: &screen)
    let other = Settings(document: screen.settings.document, store: store)
    let change = try #require(try other.set("address", to: .string("y")))
    screen.takeOutsideEvents([.changed(change)])
    #expect(
      screen.lines() == [
        "Edit",
        "> * Address                           x|",
        "    address changed elsewhere; Enter",
        "    saves what you typed, Esc keeps the",
        "    new value",
        "Enter: save  Esc: cancel",
      ])
    await screen.handle(.escape)
    #expect(
      screen.lines()
        == [
          "Edit",
          "    Languages                  English ›",
          "    Password                            ",
          "> * Address                            y",
          "address changed elsewhere:  → y",
        ].enumerated().flatMap {
          $0.offset == 0 ? [$0.element, "    Volume                            40"] : [$0.element]
        })
  }

  @Test func multipleChoiceOpensAListWithAMarkPerChosenValue() async throws {
    var (screen, store) = try screen()
    await screen.handle(.down)
    await screen.handle(.down)
    await screen.handle(.enter)
    #expect(Array(screen.lines()[1...4]) == ["  Languages", "", "> [x] English", "  [ ] 한국어"])
    await screen.handle(.down)
    await screen.handle(.character(" "))
    await screen.handle(.up)
    await screen.handle(.character(" "))
    #expect(Array(screen.lines()[3...4]) == ["> [ ] English", "  [x] 한국어"])
    await screen.handle(.enter)
    #expect(try store.read().values["langs"] == JSONValue(.array([.string("ko")])))
  }

  @Test func aChangeElsewhereKeepsWhatIsBeingTyped() async throws {
    var (screen, store) = try screen()
    await screen.handle(.enter)
    await type("!", into: &screen)
    let other = Settings(document: screen.settings.document, store: store)
    let change = try #require(try other.set("name", to: .string("Lee")))
    screen.takeOutsideEvents([.changed(change)])
    #expect(
      Array(screen.lines()[1...5]) == [
        "> * Name                           Kim!|",
        "    name changed elsewhere; Enter saves",
        "    what you typed, Esc keeps the new",
        "    value",
        "    Volume                            40",
      ])
    await screen.handle(.enter)
    #expect(try store.read().values["name"] == JSONValue.string("Kim!"))
  }

  /// A stored secret opens as the fixed mask, which does not tell its length: Enter keeps it, the
  /// first character typed replaces it, Backspace clears it.
  @Test func aStoredSecretIsReplacedNotEditedAndItsLengthNotShown() async throws {
    var (screen, store) = try screen()
    let change = try #require(try screen.settings.set("password", to: .string("hunter2")))
    screen.takeOutsideEvents([.changed(change)])
    for _ in 0..<3 { await screen.handle(.down) }
    await screen.handle(.enter)
    #expect(screen.lines()[4] == "> * Password                   ••••••••|")
    await screen.handle(.enter)
    #expect(try store.read().values["password"] == JSONValue.string("hunter2"))
    await screen.handle(.enter)
    await screen.handle(.left)
    await type("x", into: &screen)
    #expect(screen.lines()[4] == "> * Password                          •|")
    await screen.handle(.enter)
    #expect(try store.read().values["password"] == JSONValue.string("x"))
    await screen.handle(.enter)
    await screen.handle(.backspace)
    #expect(screen.lines()[4] == "> * Password                           |")
    await screen.handle(.escape)
    #expect(try store.read().values["password"] == JSONValue.string("x"))
  }

  @Test func aSecureFieldShowsBulletsWhileEditing() async throws {
    var (screen, store) = try screen()
    for _ in 0..<3 { await screen.handle(.down) }
    await screen.handle(.enter)
    await type("pw1", into: &screen)
    #expect(screen.lines()[4] == ">   Password                        •••|")
    await screen.handle(.enter)
    #expect(try store.read().values["password"] == JSONValue.string("pw1"))
    #expect(!screen.lines().joined().contains("pw1"))
    #expect(screen.lines()[4] == "> * Password                    ••••••••")
    #expect(screen.lines().last == "password = •••••••• (modified)")
  }
}
