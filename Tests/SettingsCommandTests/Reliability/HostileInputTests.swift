import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// Hostile documents and stores: each gets a clear error or correct handling, in bounded time and
/// memory, never a crash, and never a write outside the store path. Big inputs are made in memory;
/// a million items is in Scripts/torture.sh, which runs the release build.
struct HostileInputTests {
  func documentMessages(_ bytes: [UInt8], name: String = "doc.json") -> [String] {
    do {
      _ = try DocumentLoader.decode(SourceText(name: name, bytes: bytes))
      return []
    } catch {
      return error.messages
    }
  }

  func storeMessage(_ bytes: [UInt8]) -> String? {
    do {
      _ = try StoreContents.parse(SourceText(name: "store.json", bytes: bytes))
      return nil
    } catch {
      return error.message
    }
  }

  // MARK: - Nesting, size, encoding, numbers

  @Test func nesting10000DeepIsRefused() {
    let arrays =
      #"{"id": "x", "sections": "# + String(repeating: "[", count: 10_000)
      + String(repeating: "]", count: 10_000) + "}"
    #expect(
      documentMessages(Array(arrays.utf8)) == [
        "doc.json:1:280: arrays and objects nest deeper than 256 levels"
      ])
    let objects = String(repeating: #"{"a":"#, count: 10_000) + "1" + String(repeating: "}", count: 10_000)
    #expect(
      documentMessages(Array(objects.utf8)) == [
        "doc.json:1:1281: arrays and objects nest deeper than 256 levels"
      ])
    #expect(
      storeMessage(Array(objects.utf8))
        == "store.json:1:321: arrays and objects nest deeper than 64 levels; "
        + "the store was left unchanged: fix or remove it")
  }

  /// 2 MB here, for a debug build; Scripts/torture.sh runs 50 MB against the release build.
  @Test func aLongStringIsLoadedAndCutToTheWidth() throws {
    let size = 2_000_000
    var bytes = Array(#"{"id": "big", "sections": [{"items": [{"type": "detailTitle", "title": ""#.utf8)
    bytes.reserveCapacity(size + 100)
    bytes.append(contentsOf: repeatElement(UInt8(ascii: "t"), count: size))
    bytes.append(contentsOf: Array(#""}]}]}"#.utf8))
    let document = try DocumentLoader.decode(SourceText(name: "big.json", bytes: bytes))
    #expect(document.sections[0].items[0].title.utf8.count == size)
    let text = TextRenderer(width: 20).render(document, snapshot: SettingsSnapshot(document: document))
    #expect(text == "  ttttttttttttttt… ›\n")
  }

  /// The suggestion's edit distance was quadratic in the name's length: a 50 MB name took seconds.
  @Test func aLongFieldNameGetsNoSuggestionAndIsReported() {
    let name = String(repeating: "z", count: 2_000_000)
    let messages = documentMessages(Array(#"{"id": "x", "\#(name)": 1}"#.utf8))
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix(#"doc.json:1:13: zzzz"#) == true)
    #expect(messages.first?.hasSuffix(#"zz"; known fields are version, id, title, sections"#) == true)
  }

  @Test func invalidUTF8IsAnErrorInDocumentsAndStores() {
    let bytes: [UInt8] = Array(#"{"id": "x", "title": "a"#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8)
    #expect(documentMessages(bytes) == ["doc.json:1:24: the text is not valid UTF-8; save the file as UTF-8"])
    let store: [UInt8] = Array(#"{"k": "#.utf8) + [0x22, 0xFF, 0xFE, 0x22] + Array("}".utf8)
    #expect(
      storeMessage(store)
        == "store.json:1:8: the text is not valid UTF-8; save the file as UTF-8; "
        + "the store was left unchanged: fix or remove it")
  }

  @Test(arguments: [
    (#"{"k": NaN}"#, "store.json:1:7: 'NaN' is not a JSON number; JSON has no NaN or Infinity"),
    (#"{"k": Infinity}"#, "store.json:1:7: 'Infinity' is not a JSON number; JSON has no NaN or Infinity"),
    (#"{"k": -Infinity}"#, "store.json:1:7: '-Infinity' is not a JSON number; JSON has no NaN or Infinity"),
    (#"{"k": 1e999999999999}"#, nil),
  ])
  func nonNumbersInAStoreAreErrors(text: String, expected: String?) {
    #expect(
      storeMessage(Array(text.utf8))
        == expected.map { $0 + "; the store was left unchanged: fix or remove it" })
  }

  @Test func aHugeExponentIsKeptAsWrittenAndAHugePageSizeIsRefused() {
    #expect(
      documentMessages(Array(#"{"id": "x", "sections": [{"pageSize": 1e999999999, "items": []}]}"#.utf8)) == [
        "doc.json:1:39: sections[0].pageSize: expected a whole number from 1 to 1000000, written without a fraction or exponent; found 1e999999999"
      ])
    #expect(
      documentMessages(Array(#"{"id": "x", "sections": [{"pageSize": 99999999999999999999}]}"#.utf8)) == [
        "doc.json:1:39: sections[0].pageSize: the number 99999999999999999999 is too large; expected a whole number from 1 to 1000000"
      ])
  }

  /// `show SECTION --page K` counted pages as `(total + pageSize - 1) / pageSize`, which overflowed
  /// (a crash) for `"pageSize": 9223372036854775807`; page sizes now stop at 1 000 000, and the
  /// largest page size and page number still compute without overflow.
  @Test func theLargestPageSizeShowsOnePage() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(
      "doc.json",
      #"{"id": "pg", "sections": [{"id": "s", "pageSize": 1000000, "items": [{"key": "a", "type": "switch", "title": "A"}]}]}"#
    )
    let environment = ["HOME": directory.path]
    #expect(
      runCLI(["-f", path, "show", "s", "--page", "1", "--width", "20"], environment: environment)
        == CommandOutcome(status: 0, stdout: "  A              off\n", stderr: ""))
    #expect(
      runCLI(["-f", path, "show", "s", "--page", "9223372036854775807"], environment: environment)
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: "Error: page 9223372036854775807 is past the end; section 's' has 1 page\n"))
    let document = try DocumentLoader.load(path: path)
    for pages in [SettingsTable.Pages.through(Int.max), .only(Int.max), .only(2), .all] {
      let table = try SettingsTable(
        document: document, snapshot: SettingsSnapshot(document: document), pages: [0: pages])
      #expect(table.pagination(ofSection: 0).shown == (pages == .only(Int.max) || pages == .only(2) ? 0 : 1))
    }
  }

  // MARK: - Names that try to leave the directory

  @Test(arguments: [
    ("../../etc/passwd", #"invalid id "../../etc/passwd"; use ASCII letters, digits, '.', '-' and '_'"#),
    ("..", #"invalid id ".."; an id of only dots would name no file; use a letter, digit, '-' or '_' too"#),
    (".", #"invalid id "."; an id of only dots would name no file; use a letter, digit, '-' or '_' too"#),
    ("a/b", #"invalid id "a/b"; use ASCII letters, digits, '.', '-' and '_'"#),
    ("/etc/passwd", #"invalid id "/etc/passwd"; use ASCII letters, digits, '.', '-' and '_'"#),
    ("a\u{0}b", "invalid id \"a\u{0}b\"; use ASCII letters, digits, '.', '-' and '_'"),
    ("\u{1B}[2J", "invalid id \"\u{1B}[2J\"; use ASCII letters, digits, '.', '-' and '_'"),
  ])
  func idsThatWouldLeaveTheConfigDirectoryAreRefused(id: String, expected: String) {
    let text = JSONWriter().string(.object([("id", .string(id))]))
    #expect(documentMessages(Array(text.utf8)) == ["doc.json:2:9: id: " + expected])
  }

  @Test(arguments: ["../../etc/passwd", "..", ".", "...", "a/b", "", "a\u{0}b"])
  func storeLocationRefusesIdsThatLeaveTheDirectory(id: String) {
    #expect(throws: StoreError.self) {
      try StoreLocation.path(forDocumentID: id, explicit: nil, environment: ["HOME": "/home/u"])
    }
  }

  @Test func aDotlessIdStaysInTheDirectory() throws {
    #expect(
      try StoreLocation.path(forDocumentID: "a..b", explicit: nil, environment: ["HOME": "/home/u"])
        == "/home/u/.config/settings/a..b.json")
  }

  @Test(arguments: [
    ("a/b", #"invalid key "a/b"; use at most 128 ASCII letters, digits, '-' and '_'"#),
    ("..", #"invalid key ".."; use at most 128 ASCII letters, digits, '-' and '_'"#),
    ("../x", #"invalid key "../x"; use at most 128 ASCII letters, digits, '-' and '_'"#),
    ("a\u{7}b", "invalid key \"a\u{7}b\"; use at most 128 ASCII letters, digits, '-' and '_'"),
    ("a\u{9B}b", "invalid key \"a\u{9B}b\"; use at most 128 ASCII letters, digits, '-' and '_'"),
    ("\u{202E}", "invalid key \"\u{202E}\"; use at most 128 ASCII letters, digits, '-' and '_'"),
  ])
  func keysWithSlashesDotsOrControlsAreRefused(key: String, expected: String) {
    let item = JSONValue.object([("key", .string(key)), ("type", .string("switch")), ("title", .string("T"))])
    let document = JSONValue.object([
      ("id", .string("x")), ("sections", .array([.object([("items", .array([item]))])])),
    ])
    let text = JSONWriter(sortsKeys: false).string(document)
    #expect(documentMessages(Array(text.utf8)) == ["doc.json:7:18: sections[0].items[0].key: " + expected])
  }

  /// A document whose id tries to leave the config directory is refused before any store is
  /// opened: nothing is written anywhere under HOME.
  @Test(arguments: ["../../etc/passwd", ".."])
  func settingWithAnEscapingIdWritesNothing(id: String) throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(
      "doc.json",
      JSONWriter().string(
        .object([
          ("id", .string(id)),
          (
            "sections",
            .array([
              .object([
                (
                  "items",
                  .array([
                    .object([("key", .string("a")), ("type", .string("switch")), ("title", .string("A"))])
                  ])
                )
              ])
            ])
          ),
        ])))
    let home = directory.file("home")
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    let outcome = runCLI(["-f", path, "set", "a", "on"], environment: ["HOME": home])
    #expect(outcome.status == 65)
    #expect(outcome.stdout == "")
    #expect(outcome.stderr.hasPrefix("Error: \(path):2:9: id: invalid id "))
    #expect(try FileManager.default.contentsOfDirectory(atPath: home) == [])
    #expect(try directory.contents() == ["doc.json", "home"])
  }

  /// Keys in a store are data, never paths: hostile ones are kept, escaped when written back.
  @Test func hostileStoreKeysAreKeptAsData() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try directory.write(
      "store.json", #"{"../../x": true, "a/b": false, "\u001B]0;t\u0007": "\u202E"}"#)
    #expect(
      runCLI(["set", "airplane", "on"], environment: ["SETTINGS_STORE": store])
        == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(
      try directory.read("store.json") == """
        {
          "\\u001B]0;t\\u0007": "\\u202E",
          "../../x": true,
          "a/b": false,
          "airplane": true
        }

        """)
    #expect(try directory.contents() == ["store.json", "store.json.journal", "store.json.lock"])
    // The journal keeps the hostile keys as data too: escaped, never raw control or bidi characters.
    let journal = try #require(try directory.read("store.json.journal"))
    #expect(journal.contains(#""\u001B]0;t\u0007":"\u202E""#))
    #expect(!journal.contains("\u{1B}") && !journal.contains("\u{202E}"))
  }

  // MARK: - Many keys and many problems, in linear time

  /// Locations were computed by scanning from the start once per key and per problem: quadratic
  /// for a document with a million keys. The locator gives the same answers in bounded time.
  @Test func theLocatorAgreesWithTheSourceText() {
    var generator = SystemRandomNumberGenerator()
    let pieces: [[UInt8]] = [
      [0x0A], Array("가".utf8), Array("a".utf8), Array("😀".utf8), [0x0D, 0x0A], [0xFF],
    ]
    for withMark in [false, true] {
      var bytes: [UInt8] = withMark ? [0xEF, 0xBB, 0xBF] : []
      while bytes.count < 3000 { bytes += pieces.randomElement(using: &generator)! }
      let source = SourceText(name: "r", bytes: bytes, firstLine: withMark ? 7 : 1)
      let locator = SourceLocator(source)
      for offset in -1...(bytes.count + 1) {
        #expect(locator.location(ofOffset: offset) == source.location(ofOffset: offset), "offset \(offset)")
      }
    }
  }

  @Test func fiftyThousandDuplicateKeysAreAllReported() {
    let items = (0..<50_000).map { _ in #"{"key": "k", "type": "switch", "title": "T"}"# }
    let text = #"{"id": "x", "sections": [{"items": ["# + items.joined(separator: ",") + "]}]}"
    let messages = documentMessages(Array(text.utf8))
    #expect(messages.count == 49_999)
    #expect(
      messages.last
        == "doc.json:1:2250000: sections[0].items[49999].key: duplicate key \"k\"; "
        + "first used at sections[0].items[0].key (1:45)")
  }

  /// The snapshot looked up each stored key by a linear search of the items.
  @Test func aSnapshotOfManyItemsAndManyOverridesIsLinear() throws {
    let count = 100_000
    let items = (0..<count).map { SettingItem(key: "k\($0)", type: .switch, title: "T") }
    let document = SettingsDocument(id: "many", title: "Many", sections: [SettingSection(items: items)])
    var values: [String: JSONValue] = [:]
    for index in stride(from: 0, to: count * 2, by: 2) { values["k\(index)"] = .bool(true) }
    let snapshot = SettingsSnapshot(
      document: document, contents: StoreContents(values: values), storeName: "s")
    #expect(snapshot.modified.count == count / 2)
    #expect(snapshot.otherOverrides.count == count / 2)
    #expect(snapshot.value(forKey: "k99998") == .bool(true))
    #expect(snapshot.value(forKey: "k99999") == .bool(false))
  }
}
