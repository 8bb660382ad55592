import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// The editing line moves and deletes by grapheme cluster (issue 13, item 7).
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
    var secure = TextEditing(text: "hunter2", isSecure: true)
    #expect(secure.line(width: 20) == "•••••••|")
  }
}

/// The screen edits text fields, numbers, sliders and multiple choice, keys in and lines out.
@Suite(.serialized)
struct ValueEditingScreenTests {
  static let document = #"""
    {"id": "edit", "title": "Edit", "sections": [{"items": [
      {"key": "name", "type": "textField", "title": "Name", "value": "Kim", "maxLength": 5,
       "description": "Shown to others"},
      {"key": "volume", "type": "number", "title": "Volume", "value": 40, "min": 0, "max": 50, "step": 5},
      {"key": "langs", "type": "rightDetail", "title": "Languages", "multiple": true, "value": ["en"],
       "choices": [{"value": "en", "title": "English"}, {"value": "ko", "title": "한국어"}]},
      {"key": "password", "type": "textField", "title": "Password", "secure": true}
    ]}]}
    """#

  func screen() throws -> (SettingsScreen, MemoryStore) {
    let source = SourceText(name: "edit.json", bytes: Array(Self.document.utf8))
    let document = try DocumentLoader.decode(source)
    let store = MemoryStore()
    let loaded = LoadedDocument(document: document)
    return (try SettingsScreen(document: loaded, store: store, width: 40, height: 10), store)
  }

  func type(_ text: String, into screen: inout SettingsScreen) async {
    for character in text { await screen.handle(.character(character)) }
  }

  @Test func aTextFieldIsEditedValidatedAndSaved() async throws {
    var (screen, store) = try screen()
    #expect(screen.lines().last == "name = Kim — Shown to others")
    await screen.handle(.enter)
    #expect(screen.lines().last == "Name: Kim|")
    await type("berly", into: &screen)
    await screen.handle(.enter)
    #expect(Array(screen.lines()[7...8]) == ["Error: name: at most 5 characters (got", "8)"])
    #expect(screen.lines().last == "Name: Kimberly|")
    for _ in 0..<5 { await screen.handle(.backspace) }
    await screen.handle(.home)
    await screen.handle(.delete)
    await type("한", into: &screen)
    #expect(screen.lines().last == "Name: 한|im")
    await screen.handle(.enter)
    #expect(try store.read().values["name"] == JSONValue.string("한im"))
    #expect(screen.lines()[1].hasSuffix("한im"))
    await screen.handle(.enter)
    await screen.handle(.clearLine)
    await screen.handle(.escape)
    #expect(try store.read().values["name"] == JSONValue.string("한im"))
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
    #expect(screen.lines().last == "Volume: 7|")
    await screen.handle(.enter)
    #expect(
      Array(screen.lines()[6...8]) == [
        "Error: volume: 7 is not on a step:", "expected 0 plus a whole number of steps",
        "of 5, such as 5 or 10",
      ])
    await screen.handle(.backspace)
    await type("20", into: &screen)
    await screen.handle(.enter)
    #expect(try store.read().values["volume"] == JSONValue(.number("20")))
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
    #expect(screen.lines().last == "Name: Kim!|")
    #expect(screen.lines().joined(separator: " ").contains("name changed elsewhere; Enter saves what you"))
    await screen.handle(.enter)
    #expect(try store.read().values["name"] == JSONValue.string("Kim!"))
  }

  @Test func aSecureFieldShowsBulletsWhileEditing() async throws {
    var (screen, store) = try screen()
    for _ in 0..<3 { await screen.handle(.down) }
    await screen.handle(.enter)
    await type("pw1", into: &screen)
    #expect(screen.lines().last == "Password: •••|")
    await screen.handle(.enter)
    #expect(try store.read().values["password"] == JSONValue.string("pw1"))
    #expect(!screen.lines().joined().contains("pw1"))
    #expect(screen.lines().last == "password = •••••••• (modified)")
  }
}
