import TestSupport
import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// Element changes of lists (``ListOperation``): the engine's rules and positions, and
/// ``Settings/edit(_:_:)`` as one read-modify-write of the store.
@Suite(.serialized)
struct ListOperationTests {
  /// A document with a list of addresses (unique, at most 4), of records (unique names, a secure
  /// field), of choices (at least one), and an unbounded list of names.
  static let document: SettingsDocument = {
    let text = """
      {"id": "lists", "sections": [{"items": [
        {"key": "dns", "type": "list", "title": "DNS",
         "element": {"type": "textField", "pattern": "[0-9.]+", "patternMessage": "must be an IP address"},
         "unique": true, "maxCount": 4, "value": ["1.1.1.1"]},
        {"key": "vpn", "type": "list", "title": "VPN",
         "fields": [{"key": "name", "type": "textField", "title": "Name"},
                    {"key": "server", "type": "textField", "title": "Server", "pattern": "[a-z.]+"},
                    {"key": "password", "type": "textField", "title": "Password", "secure": true}],
         "titleField": "name", "unique": "name"},
        {"key": "langs", "type": "list", "title": "Languages",
         "element": {"type": "rightDetail", "choices": [{"value": "en", "title": "English"},
                     {"value": "ko", "title": "Korean"}, {"value": "ja", "title": "Japanese"}]},
         "unique": true, "minCount": 1, "value": ["en", "ko"]},
        {"key": "names", "type": "list", "title": "Names", "element": {"type": "textField"}},
        {"key": "hosts", "type": "list", "title": "Hosts", "titleField": "name",
         "fields": [{"key": "name", "type": "textField", "title": "Name"},
                    {"key": "port", "type": "number", "title": "Port", "value": 80}],
         "value": [{"name": "a", "port": 80}, {"name": "b", "port": 81}]},
        {"key": "airplane", "type": "switch", "title": "Airplane"}
      ]}]}
      """
    return try! DocumentLoader.decode(SourceText(name: "lists.json", bytes: Array(text.utf8)))
  }()

  static func list(_ key: String) -> SettingList { document.item(forKey: key)!.list! }

  static func strings(_ texts: String...) -> [SettingValue] { texts.map(SettingValue.string) }

  @Test func addPutsTheElementAtItsPositionFromOneOrAtTheEnd() throws {
    let dns = Self.list("dns")
    let current = Self.strings("1.1.1.1", "8.8.8.8")
    #expect(
      try ListOperation.add(.string("9.9.9.9"), at: nil).apply(to: current, in: dns)
        == Self.strings("1.1.1.1", "8.8.8.8", "9.9.9.9"))
    #expect(
      try ListOperation.add(.string("9.9.9.9"), at: 1).apply(to: current, in: dns)
        == Self.strings("9.9.9.9", "1.1.1.1", "8.8.8.8"))
    #expect(
      try ListOperation.add(.string("9.9.9.9"), at: 3).apply(to: current, in: dns)
        == Self.strings("1.1.1.1", "8.8.8.8", "9.9.9.9"))
    #expect(throws: ValueProblem.noElement(index: 4, count: 2)) {
      try ListOperation.add(.string("9.9.9.9"), at: 4).apply(to: current, in: dns)
    }
  }

  @Test func everyRuleOfTheListIsChecked() throws {
    let dns = Self.list("dns")
    #expect(
      throws: ValueProblem.badElement(
        index: 2, problem: .patternMismatch(pattern: "[0-9.]+", message: "must be an IP address"))
    ) {
      try ListOperation.add(.string("a.b"), at: nil).apply(to: Self.strings("1.1.1.1"), in: dns)
    }
    #expect(throws: ValueProblem.repeatedElement("1.1.1.1", field: nil)) {
      try ListOperation.add(.string("1.1.1.1"), at: nil).apply(to: Self.strings("1.1.1.1"), in: dns)
    }
    #expect(throws: ValueProblem.tooManyElements(maximum: 4, count: 5)) {
      try ListOperation.add(.string("5.5.5.5"), at: nil)
        .apply(to: Self.strings("1.1.1.1", "2.2.2.2", "3.3.3.3", "4.4.4.4"), in: dns)
    }
    #expect(throws: ValueProblem.tooFewElements(minimum: 1, count: 0)) {
      try ListOperation.remove(at: 1).apply(to: Self.strings("en"), in: Self.list("langs"))
    }
  }

  @Test func removeAndMoveTakePositionsFromOne() throws {
    let names = Self.list("names")
    let current = Self.strings("a", "b", "c")
    #expect(try ListOperation.remove(at: 2).apply(to: current, in: names) == Self.strings("a", "c"))
    #expect(
      try ListOperation.removeValue(.string("c")).apply(to: current, in: names) == Self.strings("a", "b"))
    #expect(
      try ListOperation.move(from: 3, to: 1).apply(to: current, in: names) == Self.strings("c", "a", "b"))
    #expect(
      try ListOperation.move(from: 1, to: 3).apply(to: current, in: names) == Self.strings("b", "c", "a"))
    #expect(throws: ValueProblem.noElement(index: 4, count: 3)) {
      try ListOperation.move(from: 4, to: 1).apply(to: current, in: names)
    }
    #expect(throws: ValueProblem.noElement(index: 0, count: 3)) {
      try ListOperation.remove(at: 0).apply(to: current, in: names)
    }
    #expect(throws: ValueProblem.notInList("d")) {
      try ListOperation.removeValue(.string("d")).apply(to: current, in: names)
    }
  }

  @Test func aRecordIsRemovedByItsTitleAndOneFieldIsSet() throws {
    let vpn = Self.list("vpn")
    let work = SettingValue.record([
      "name": .string("Work"), "server": .string("a.example"), "password": .string("s"),
    ])
    let home = SettingValue.record([
      "name": .string("Home"), "server": .string("b.example"), "password": .string(""),
    ])
    #expect(try ListOperation.removeValue(.string("Home")).apply(to: [work, home], in: vpn) == [work])
    let changed = try ListOperation.setField("server", of: 2, to: .string("c.example")).apply(
      to: [work, home], in: vpn)
    #expect(
      changed[1]
        == .record(["name": .string("Home"), "server": .string("c.example"), "password": .string("")]))
    #expect(throws: ValueProblem.repeatedElement("Work", field: "name")) {
      try ListOperation.setField("name", of: 2, to: .string("Work")).apply(to: [work, home], in: vpn)
    }
    #expect(
      throws: ValueProblem.badElement(
        index: 1,
        problem: .badField(field: "server", problem: .patternMismatch(pattern: "[a-z.]+", message: nil)))
    ) {
      try ListOperation.setField("server", of: 1, to: .string("A B")).apply(to: [work, home], in: vpn)
    }
    #expect(throws: ValueProblem.unknownField(index: 1, field: "port")) {
      try ListOperation.setField("port", of: 1, to: .string("1")).apply(to: [work, home], in: vpn)
    }
  }

  @Test func replacePutsAnElementInPlaceOfAnotherUnderEveryRule() throws {
    let dns = Self.list("dns")
    let current = Self.strings("1.1.1.1", "8.8.8.8")
    #expect(
      try ListOperation.replace(at: 2, with: .string("9.9.9.9")).apply(to: current, in: dns)
        == Self.strings("1.1.1.1", "9.9.9.9"))
    #expect(throws: ValueProblem.repeatedElement("1.1.1.1", field: nil)) {
      try ListOperation.replace(at: 2, with: .string("1.1.1.1")).apply(to: current, in: dns)
    }
    #expect(throws: ValueProblem.noElement(index: 3, count: 2)) {
      try ListOperation.replace(at: 3, with: .string("9.9.9.9")).apply(to: current, in: dns)
    }
    #expect(throws: ValueProblem.emptyElement(index: 1)) {
      try ListOperation.replace(at: 1, with: .string("")).apply(to: current, in: dns)
    }
    // A list at its least count keeps it: one element replaced, not removed then added.
    let langs = Self.list("langs")
    #expect(
      try ListOperation.replace(at: 1, with: .string("ja")).apply(to: Self.strings("en"), in: langs)
        == Self.strings("ja"))
  }

  @Test func aRecordWithAnEmptyTitleIsRefused() throws {
    let vpn = Self.list("vpn")
    let nameless = SettingValue.record([
      "name": .string(""), "server": .string("a.example"), "password": .string(""),
    ])
    #expect(throws: ValueProblem.emptyTitle(index: 1, field: "name")) {
      try ListOperation.add(nameless, at: nil).apply(to: [], in: vpn)
    }
    let blank = SettingValue.record([
      "name": .string(" \t "), "server": .string("a.example"), "password": .string(""),
    ])
    #expect(throws: ValueProblem.emptyTitle(index: 1, field: "name")) {
      try ListOperation.add(blank, at: nil).apply(to: [], in: vpn)
    }
    let invisible = SettingValue.record([
      "name": .string("\u{200B}\u{3000}"), "server": .string("a.example"), "password": .string(""),
    ])
    #expect(throws: ValueProblem.emptyTitle(index: 1, field: "name")) {
      try ListOperation.add(invisible, at: nil).apply(to: [], in: vpn)
    }
    #expect(
      ValueProblem.emptyTitle(index: 1, field: "name").message
        == "element 1 has an empty name; a record's name titles it, so it holds a text")
  }

  /// The check of what one change can break (a list that kept its rules before it) gives what
  /// the whole check gives: the same list or the same problem, on generated changes of every list
  /// of the document (repeats, counts at their bounds, elements each rule refuses).
  @Test(arguments: 0..<20)
  func checkingWhatAChangeCanBreakIsTheWholeCheck(seed: UInt64) throws {
    var random = SeededRandom(state: seed)
    func record(_ name: String, _ server: String) -> SettingValue {
      .record(["name": .string(name), "server": .string(server), "password": .string("")])
    }
    let pools: [String: [SettingValue]] = [
      "dns": Self.strings("1.1.1.1", "8.8.8.8", "9.9.9.9", "1.0.0.1", "x y", ""),
      "langs": Self.strings("en", "ko", "ja", "fr"),
      "names": Self.strings("a", "b", "c", ""),
      "vpn": [
        record("Work", "a.example"), record("Home", "b.example"), record("Work", "c.example"),
        record("", "a.example"), record("Cafe", "A B"),
      ],
      "hosts": [
        .record(["name": .string("a"), "port": .number(ExactDecimal(80))]),
        .record(["name": .string("b"), "port": .number(ExactDecimal(81))]),
        .record(["name": .string("a"), "port": .number(ExactDecimal(80))]),
      ],
    ]
    var compared = 0
    for key in pools.keys.sorted() {
      let list = Self.list(key)
      let pool = pools[key] ?? []
      var elements = list.defaultValue
      for _ in 0..<60 {
        let position = random.below(elements.count + 2) + (random.chance(10) ? 0 : 1)
        let operation: ListOperation
        switch random.below(6) {
        case 0, 1: operation = .add(random.pick(pool), at: random.chance(50) ? nil : position)
        case 2: operation = .remove(at: position)
        case 3: operation = .move(from: position, to: random.below(elements.count + 1) + 1)
        case 4: operation = .replace(at: position, with: random.pick(pool))
        default:
          operation = .setField(
            random.pick(["name", "server", "port"]), of: position,
            to: .string(random.pick(["a", "Work", ""])))
        }
        let whole = Result { () throws(ValueProblem) in try operation.apply(to: elements, in: list) }
        let partial = Result { () throws(ValueProblem) in
          try operation.apply(to: elements, in: list, keepingRules: true)
        }
        #expect(whole == partial, "\(key): \(operation) on \(elements)")
        compared += 1
        if case .success(let new) = whole { elements = new }
      }
    }
    #expect(compared == 300)
  }

  @Test func settingsEditsTheStoredListAndRefusesWithTheKey() throws {
    let store = MemoryStore()
    let settings = Settings(document: Self.document, store: store)
    let change = try settings.edit("dns", .add(.string("9.9.9.9"), at: 1))
    #expect(
      change
        == SettingChange(
          key: "dns", oldValue: .list(Self.strings("1.1.1.1")),
          newValue: .list(Self.strings("9.9.9.9", "1.1.1.1"))))
    #expect(try store.read().values == ["dns": .array([.string("9.9.9.9"), .string("1.1.1.1")])])
    #expect(try settings.edit("dns", .move(from: 2, to: 2)) == nil)
    do {
      try settings.edit("dns", .remove(at: 9))
      Issue.record("no error")
    } catch {
      guard case .rejectedValue(let key, let value, let problem, let accepted) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(key == "dns" && value == "9" && problem == .noElement(index: 9, count: 2))
      #expect(accepted == "a list of text matching [0-9.]+, at most 4 elements, each once")
    }
    #expect(throws: SettingsError.notAList(key: "airplane", type: .switch)) {
      try settings.edit("airplane", .remove(at: 1))
    }
    #expect(
      SettingsError.notAList(key: "airplane", type: .switch).message
        == "'airplane' is a switch item, not a list; only lists add, remove and move elements")
  }

  @Test func wordsGiveValuesAndRecords() throws {
    let settings = Settings(document: Self.document, store: MemoryStore())
    #expect(try settings.listElements(words: ["Korean", "ja"], for: "langs") == Self.strings("ko", "ja"))
    #expect(
      try settings.listElements(words: ["name=Work", "server=a.example"], for: "vpn")
        == [.record(["name": .string("Work"), "server": .string("a.example"), "password": .string("")])])
    #expect(
      throws: SettingsError.rejectedValue(
        key: "vpn", value: "port=1",
        problem: .wrongKind(expected: "field=value with a field of name, server, password"),
        accepted: "a JSON array of records with fields name, server, password, each name once")
    ) {
      try settings.listElements(words: ["port=1"], for: "vpn")
    }
  }

  /// Two writers adding at once through one file store: each add is applied to the list as it is
  /// under the store's lock, so every element of both is kept.
  @Test func twoWritersAddingAtOnceKeepEveryElement() async throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.file("store.json")
    let count = 25
    await withTaskGroup(of: Void.self) { group in
      for writer in ["a", "b"] {
        group.addTask {
          let settings = Settings(document: Self.document, store: FileStore(path: path))
          for index in 0..<count {
            do {
              try settings.edit("names", .add(.string("\(writer)\(index)"), at: nil))
            } catch {
              Issue.record(error)
            }
          }
        }
      }
    }
    let settings = Settings(document: Self.document, store: FileStore(path: path))
    guard case .list(let elements) = try settings.value(of: "names") else {
      Issue.record("not a list")
      return
    }
    #expect(elements.count == 2 * count)
    #expect(Set(elements) == Set((0..<count).flatMap { [SettingValue.string("a\($0)"), .string("b\($0)")] }))
    #expect(try settings.history(limit: 100).count == 2 * count)
  }

  /// The history words one element change of a list as that change, positions from 1.
  @Test(
    arguments: [
      ("dns", nil, #"["1.1.1.1","9.9.9.9"]"#, "added 9.9.9.9 at 2"),
      ("dns", #"["1.1.1.1","9.9.9.9"]"#, #"["9.9.9.9"]"#, "removed 1.1.1.1 from 1"),
      ("langs", nil, #"["ko","en"]"#, "moved ko (Korean) to 1"),
      ("langs", #"["en","ko","ja"]"#, #"["ko","ja","en"]"#, "moved en (English) to 3"),
      (
        "hosts", nil, #"[{"name":"a","port":80},{"name":"b","port":8080}]"#,
        "changed port of 2 (b) from 81 to 8080"
      ),
      ("dns", nil, #"["2.2.2.2"]"#, "changed 1.1.1.1 to 2.2.2.2 at 1"),
      ("dns", nil, #"["2.2.2.2","3.3.3.3"]"#, nil),
      ("dns", #"["1.1.1.1"]"#, #"["1.1.1.1","2.2.2.2","3.3.3.3"]"#, "added 2.2.2.2 at 2, 3.3.3.3 at 3"),
      ("dns", #"["1.1.1.1"]"#, #"["2.2.2.2","1.1.1.1","3.3.3.3"]"#, "added 2.2.2.2 at 1, 3.3.3.3 at 3"),
      ("airplane", nil, "true", nil),
    ] as [(String, String?, String, String?)])
  func theHistoryWordsOneElementChange(key: String, before: String?, after: String, expected: String?) throws
  {
    let settings = Settings(document: Self.document, store: MemoryStore())
    func json(_ text: String) throws -> JSONValue { try JSONParser().parse(Array(text.utf8)) }
    let change = JournalChange(before: try before.map(json), after: try json(after))
    #expect(settings.journalListWording(change, of: key) == expected)
  }

  /// `undo N` of an element change that a later change followed takes it back from the list as it
  /// is now; when that is no longer possible (the element is gone), the usual refusal.
  @Test func undoTakesAnElementChangeBackFromTheListNow() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let settings = Settings(document: Self.document, store: FileStore(path: directory.file("s.json")))
    settings.writeContext = WriteContext(
      how: "test", message: nil, user: "u", host: "h", program: "p", pid: 1)
    try settings.edit("langs", .add(.string("ja"), at: nil))  // 1: en ko ja
    try settings.edit("langs", .move(from: 2, to: 1))  // 2: ko en ja
    try settings.edit("langs", .remove(at: 1))  // 3: en ja
    #expect(try settings.undo(.entry(1)).undone == [1])
    #expect(try settings.value(of: "langs") == .list(Self.strings("en")))
    #expect(
      throws: SettingsError.undoRefused(
        .changedLater(key: "langs", undoing: 2, later: 4, how: "test"))
    ) {
      try settings.undo(.entry(2))
    }
    #expect(try settings.undo(.entry(3)).undone == [3])
    #expect(try settings.value(of: "langs") == .list(Self.strings("ko", "en")))
  }

  /// Several elements added at once are worded as adds, and `undo N` takes each of them back from
  /// the list as it is now, later changes kept.
  @Test func undoOfSeveralAddsTakesEachBackFromTheListNow() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let settings = Settings(document: Self.document, store: FileStore(path: directory.file("s.json")))
    settings.writeContext = WriteContext(
      how: "test", message: nil, user: "u", host: "h", program: "p", pid: 1)
    try settings.edit("names", [.add(.string("a"), at: nil), .add(.string("b"), at: nil)])  // 1: a b
    try settings.edit("names", .add(.string("c"), at: 2))  // 2: a c b
    let first = try #require(try settings.history().last?.changes["names"])
    #expect(settings.journalListWording(first, of: "names") == "added a at 1, b at 2")
    #expect(try settings.undo(.entry(1)).undone == [1])
    #expect(try settings.value(of: "names") == .list(Self.strings("c")))
    // Once an added element is gone, the undo is refused as for any key changed later.
    try settings.edit("names", [.add(.string("d"), at: nil), .add(.string("e"), at: nil)])  // 4: c d e
    try settings.edit("names", .removeValue(.string("e")))  // 5: c d
    #expect(
      throws: SettingsError.undoRefused(.changedLater(key: "names", undoing: 4, later: 5, how: "test"))
    ) {
      try settings.undo(.entry(4))
    }
  }
}
