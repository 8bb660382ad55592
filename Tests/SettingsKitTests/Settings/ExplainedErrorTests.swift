import Testing

@testable import SettingsKit
@testable import SettingsPOSIX

/// Every engine error has a message and, apart from it, an optional hint; neither names a
/// command line's flags or subcommands, and `"\(error)"` reads as the message.
struct ExplainedErrorTests {
  static let errors: [any ExplainedError] = [
    SettingsError.unknownKey("wifl", suggestion: "wifi"),
    SettingsError.unknownKey("zzz", suggestion: nil),
    SettingsError.notSettable(key: "wifi", type: .rightDetail),
    SettingsError.notASwitch(key: "appearance", type: .rightDetail),
    SettingsError.ambiguousKey("roaming", candidates: ["a.roaming", "b.roaming"]),
    SettingsError.disabled(key: "wifi", reason: "off while Airplane Mode is on", controllingKey: "airplane"),
    SettingsError.noValue(key: "cellular", type: .detailTitle),
    SettingsError.invalidValue(key: "airplane", value: "maybe", accepted: ["on", "off"]),
    SettingsError.malformedAssignment("=x"),
    SettingsError.duplicateAssignment("airplane"),
    StoreError.wrongType(
      file: "s.json", location: SourceLocation(line: 1, column: 14), key: "airplane",
      expected: "true or false",
      found: "a string"),
    StoreError.noLocation(reason: "neither XDG_CONFIG_HOME nor HOME is set to an absolute path"),
    StoreError.syntax(
      file: "s.json", location: SourceLocation(line: 1, column: 1), message: "the file is empty"),
    StoreError.fileSystem(.busy(path: "s.json.lock", waitedMilliseconds: 5000)),
    DocumentError.unreadable(file: "d.json", reason: .notFound(path: "d.json")),
    FileSystemError.isDirectory(path: "/tmp"),
  ]

  /// One refusal of `undo` of each kind.
  static let undoRefusals: [UndoRefusal] = [
    .nothingToUndo, .noSuchEntry(9, kept: 1...3), .noSuchEntry(1, kept: nil),
    .changedLater(key: "theme", undoing: 1, later: 2, how: "set"), .secret(key: "pin"),
    .secretField(key: "vpn", field: "password", at: 2, removed: false),
    .secretField(key: "vpn", field: "password", at: 2, removed: true),
    .nothingChangedSince("2024-05-01 10:00"), .alreadyAsBefore(4),
    .beforeJournal("2024-05-01 10:00", knownSince: "2024-06-01 09:00"),
  ]

  @Test func messagesAndHintsNeverNameTheCommandLine() {
    for error in Self.errors + Self.undoRefusals.map({ SettingsError.undoRefused($0) }) {
      for text in [error.message, error.hint ?? ""] {
        #expect(!text.contains("'settings "), "\(text)")
        #expect(!text.contains("--"), "\(text)")
      }
      #expect("\(error)" == error.message)
    }
  }

  /// `undo`'s refusals give their reasons; what to run instead is the command line's to say.
  @Test func undoRefusalHintsSayWhatToDoWithoutACommand() {
    #expect(
      Self.undoRefusals.map(\.hint) == [
        "the history lists the entries", "the history lists the entries", "the history lists the entries",
        "undo it anyway to replace the later change, or read the history to see both",
        "reset it to go back to its default", "set that field again", "add the record again, with its text",
        nil, nil,
        "undo to a time from 2024-06-01 09:00 on, or undo one change by its number",
      ])
  }

  @Test func messagesAndHintsAreApart() {
    let cases: [(any ExplainedError, String, String?)] = [
      (SettingsError.unknownKey("wifl", suggestion: "wifi"), "unknown key 'wifl'", "did you mean 'wifi'?"),
      (SettingsError.unknownKey("zzz", suggestion: nil), "unknown key 'zzz'", nil),
      (
        SettingsError.notASwitch(key: "appearance", type: .rightDetail),
        "'appearance' is a rightDetail item, not a switch; only switches toggle",
        "set one of its choices instead"
      ),
      (
        SettingsError.disabled(
          key: "wifi", reason: "off while Airplane Mode is on", controllingKey: "airplane"),
        "'wifi' is disabled (off while Airplane Mode is on)", "change 'airplane' first"
      ),
      (
        StoreError.wrongType(
          file: "s.json", location: SourceLocation(line: 1, column: 14), key: "airplane",
          expected: "true or false", found: "a string"),
        "s.json:1:14: stored value of \"airplane\" is a string; expected true or false",
        "reset \"airplane\" to go back to the default"
      ),
      (
        StoreError.noLocation(reason: "neither XDG_CONFIG_HOME nor HOME is set to an absolute path"),
        "neither XDG_CONFIG_HOME nor HOME is set to an absolute path", "give the store's path explicitly"
      ),
      (
        SettingsError.store(
          .noLocation(reason: "neither XDG_CONFIG_HOME nor HOME is set to an absolute path")),
        "neither XDG_CONFIG_HOME nor HOME is set to an absolute path", "give the store's path explicitly"
      ),
      (
        DocumentError.invalid(
          file: "d.json",
          issues: [
            ValidationIssue(
              path: "id", location: SourceLocation(line: 1, column: 7), message: "expected a string"),
            ValidationIssue(
              path: "", location: SourceLocation(line: 2, column: 1), message: "missing \"id\""),
          ]),
        "d.json:1:7: id: expected a string\nd.json:2:1: missing \"id\"", nil
      ),
    ]
    for (error, message, hint) in cases {
      #expect(error.message == message)
      #expect(error.hint == hint)
    }
  }

  @Test func anUpdateThrowsTheBodysErrorTyped() {
    let store = MemoryStore()
    let result = Result { () throws(StoreUpdateError<SettingsError>) in
      try store.update { (_: inout StoreContents) throws(SettingsError) in
        throw SettingsError.duplicateAssignment("airplane")
      }
    }
    #expect(throws: StoreUpdateError.refused(SettingsError.duplicateAssignment("airplane"))) {
      try result.get()
    }
    let settingsResult = Result { () throws(SettingsError) in
      try store.updateSettings { (_: inout StoreContents) throws(SettingsError) in
        throw SettingsError.duplicateAssignment("airplane")
      }
    }
    #expect(throws: SettingsError.duplicateAssignment("airplane")) { try settingsResult.get() }
  }

  @Test func aConditionOnAnUnknownKeyNamesNoSubcommand() throws {
    let text = """
      {"id": "x", "sections": [{"items": [
        {"key": "a", "type": "switch", "title": "A", "enabledWhen": {"qqqqqqqq": true}}
      ]}]}
      """
    #expect(throws: DocumentError.self) {
      try DocumentLoader.decode(SourceText(name: "d.json", bytes: Array(text.utf8)))
    }
    do {
      _ = try DocumentLoader.decode(SourceText(name: "d.json", bytes: Array(text.utf8)))
    } catch {
      #expect(
        error.message
          == "d.json:2:64: sections[0].items[0].enabledWhen.qqqqqqqq: unknown key \"qqqqqqqq\"; no item of the document has it"
      )
    }
  }

  /// A typo of a key on the same child page gets its own key suggested (a fresh user's pass: the
  /// full keys alone were too far from it).
  @Test func aConditionKeyTypoOnAChildPageGetsADidYouMean() throws {
    let text = """
      {"id": "x", "sections": [{"items": [{"key": "net", "type": "detailTitle", "title": "N",
        "page": {"sections": [{"items": [
          {"key": "proxy", "type": "switch", "title": "P"},
          {"key": "port", "type": "switch", "title": "Port", "enabledWhen": {"proxi": true}}
        ]}]}}]}]}
      """
    let error = #expect(throws: DocumentError.self) {
      try DocumentLoader.decode(SourceText(name: "d.json", bytes: Array(text.utf8)))
    }
    #expect(
      error?.message
        == "d.json:4:72: sections[0].items[0].page.sections[0].items[1].enabledWhen.proxi: unknown key "
        + "\"proxi\"; did you mean \"proxy\"?")
  }
}
