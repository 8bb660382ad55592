import Synchronization
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// Child pages, choices, dependencies, search, describe and localized text, on the English example.
@Suite(.serialized)
struct PagesChoicesAndConditionsTests {
  let phone = examplePath("phone-settings.json")

  func run(_ arguments: [String], store: TemporaryDirectory, locale: String = "en") -> CommandOutcome {
    runCLI(
      ["-f", phone, "--locale", locale] + arguments, environment: ["SETTINGS_STORE": store.file("s.json")])
  }

  func decode(_ text: String) -> [String] {
    do {
      _ = try DocumentLoader.decode(SourceText(name: "doc.json", bytes: Array(text.utf8)))
      return []
    } catch {
      return error.messages
    }
  }

  // MARK: Child pages

  @Test func aChildPageShowsUnderItsBreadcrumb() throws {
    let store = try TemporaryDirectory()
    defer { store.remove() }
    #expect(
      run(["show", "cellular", "--width", "40"], store: store)
        == CommandOutcome(
          status: 0,
          stdout: """
            Settings › Cellular

              Cellular Data                       on
              Cellular Data Options                ›

            """, stderr: ""))
    #expect(
      run(["show", "cellular.options", "--width", "40", "--locale", "ko"], store: store).stdout == """
        설정 › 셀룰러 › 셀룰러 데이터 옵션

          데이터 로밍                        off
          음성 및 데이터               5G Auto ›
          저데이터 모드                      off

        """)
  }

  @Test func keysInsidePagesWorkByDotPathOrUniqueOwnKey() throws {
    let store = try TemporaryDirectory()
    defer { store.remove() }
    #expect(
      run(["set", "cellular.options.roaming", "on"], store: store)
        == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(run(["get", "roaming"], store: store).stdout == "on\n")
    #expect(run(["toggle", "roaming"], store: store).stdout == "off\n")
    #expect(try store.read("s.json") == "{\n  \"cellular.options.roaming\": false\n}\n")
    #expect(run(["reset", "roaming"], store: store) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(try store.read("s.json") == "{}\n")
    #expect(
      run(["get", "cellular.roaming"], store: store).stderr
        == "Error: unknown key 'cellular.roaming'; did you mean 'cellular.options'?\n")
  }

  @Test func aPageWithoutSectionsSaysSoAndSuggestsTheField() {
    #expect(
      decode(
        #"{"id": "x", "sections": [{"items": [{"key": "s", "type": "detailTitle", "title": "S", "page": {"section": []}}]}]}"#
      ) == [
        #"doc.json:1:95: sections[0].items[0].page: missing "sections"; a page holds sections like the top page"#,
        #"doc.json:1:96: sections[0].items[0].page.section: unknown field "section"; did you mean "sections"?"#,
      ])
  }

  @Test func anOwnKeyOnTwoPagesIsAmbiguous() throws {
    let text = #"""
      {"id": "x", "sections": [{"items": [
        {"key": "a", "type": "detailTitle", "title": "A", "page": {"sections": [{"items": [{"key": "mode", "type": "switch", "title": "M"}]}]}},
        {"key": "b", "type": "detailTitle", "title": "B", "page": {"sections": [{"items": [{"key": "mode", "type": "switch", "title": "M"}]}]}}
      ]}]}
      """#
    let document = try DocumentLoader.decode(SourceText(name: "d.json", bytes: Array(text.utf8)))
    let settings = Settings(document: document, store: MemoryStore())
    #expect(throws: SettingsError.ambiguousKey("mode", candidates: ["a.mode", "b.mode"])) {
      try settings.item("mode")
    }
    #expect(try settings.item("b.mode").key == "b.mode")
    #expect(
      SettingsError.ambiguousKey("mode", candidates: ["a.mode", "b.mode"]).message
        == "'mode' names several items; use one of 'a.mode', 'b.mode'")
  }

  @Test(arguments: [
    (
      #"{"key": "s", "type": "switch", "title": "S", "page": {"sections": []}}"#,
      #"doc.json:1:90: sections[0].items[0].page: a switch cannot open a page; use type detailTitle or rightDetail"#
    ),
    (
      #"{"type": "detailTitle", "title": "S", "page": {"sections": []}}"#,
      #"doc.json:1:37: sections[0].items[0]: missing "key"; an item with a page needs a key to address it, such as "key": "cellular""#
    ),
    (
      #"{"key": "c", "type": "rightDetail", "title": "C", "choices": [{"value": "a", "title": "A"}], "value": "b"}"#,
      #"doc.json:1:139: sections[0].items[0].value: default "b" is not one of the choices: "a""#
    ),
    (
      #"{"key": "c", "type": "rightDetail", "title": "C", "choices": [{"value": "a", "title": "A"}, {"value": "a", "title": "B"}], "value": "a"}"#,
      #"doc.json:1:139: sections[0].items[0].choices[1].value: duplicate choice value "a"; first used at 1:109"#
    ),
    (
      #"{"key": "c", "type": "rightDetail", "title": "C", "choices": [{"value": "a", "title": "A"}]}"#,
      #"doc.json:1:37: sections[0].items[0]: missing "value"; a choice item needs its default, one of its choices' values"#
    ),
    (
      #"{"key": "c", "type": "rightDetail", "title": "C", "value": "a"}"#,
      #"doc.json:1:96: sections[0].items[0].value: "value" applies only with "choices""#
    ),
    (
      #"{"key": "c", "type": "switch", "title": "C", "choices": [{"value": "a", "title": "A"}], "value": "a"}"#,
      #"doc.json:1:93: sections[0].items[0].choices: "choices" apply only to rightDetail items; this item is a switch"#
    ),
    (
      #"{"key": "c", "type": "switch", "title": "C", "enabledWhen": {"airplain": false}}, {"key": "airplane", "type": "switch", "title": "A"}"#,
      #"doc.json:1:98: sections[0].items[0].enabledWhen.airplain: unknown key "airplain"; did you mean "airplane"?"#
    ),
    (
      #"{"key": "a", "type": "switch", "title": "A", "enabledWhen": {"b": true}}, {"key": "b", "type": "switch", "title": "B", "visibleWhen": {"a": true}}"#,
      #"doc.json:1:172: sections[0].items[1].visibleWhen.a: dependency cycle: "a" → "b" → "a""#
    ),
    (
      #"{"key": "a", "type": "switch", "title": "A", "enabledWhen": {"b": "on"}}, {"key": "b", "type": "switch", "title": "B"}"#,
      #"doc.json:1:103: sections[0].items[0].enabledWhen.b: "b" is a switch; expected true or false"#
    ),
    (
      #"{"key": "a", "type": "switch", "title": "A", "enabledWhen": {"b": true}}, {"key": "b", "type": "detailTitle", "title": "B"}"#,
      #"doc.json:1:98: sections[0].items[0].enabledWhen.b: "b" has no value to depend on; use a switch, an item with choices, a number, a slider, a text field or a list"#
    ),
    (
      #"{"key": "a", "type": "switch", "title": "A", "enabledWhen": {"a": true}}"#,
      #"doc.json:1:98: sections[0].items[0].enabledWhen.a: dependency cycle: "a" → "a""#
    ),
  ])
  func pagesChoicesAndDependenciesAreValidatedAtLoad(items: String, expected: String) {
    #expect(decode(#"{"id": "x", "sections": [{"items": [\#(items)]}]}"#) == [expected])
  }

  // MARK: Choices

  @Test func choicesShowTheirTitleAndTakeAValueOrATitle() throws {
    let store = try TemporaryDirectory()
    defer { store.remove() }
    #expect(
      run(["show", "--width", "40"], store: store).stdout.contains(
        "  🌗 Appearance                  Light ›\n"))
    #expect(
      run(["set", "appearance", "dark"], store: store) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(run(["get", "appearance"], store: store).stdout == "dark\n")
    #expect(
      run(["set", "appearance", "AUTOMATIC"], store: store)
        == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(run(["get", "appearance", "--json"], store: store).stdout == "\"auto\"\n")
    #expect(
      run(["show", "--width", "40", "--locale", "ko"], store: store).stdout.contains(
        "* 🌗 화면 모드                    자동 ›\n"))
    #expect(
      run(["set", "appearance", "sepia"], store: store).stderr
        == "Error: invalid value 'sepia' for 'appearance'; expected one of light (Light), dark (Dark), auto (Automatic)\n"
    )
    try store.write("s.json", #"{"appearance": "sepia"}"#)
    #expect(
      run(["get", "appearance"], store: store)
        == CommandOutcome(
          status: 0, stdout: "light\n",
          stderr:
            "Warning: \(store.file("s.json")):1:16: stored value of \"appearance\" is \"sepia\"; expected one of \"light\", \"dark\", \"auto\"; using the default \"light\"; 'settings reset appearance' removes it\n"
        ))
  }

  @Test func choiceValuesIgnoreCaseTitlesMustDifferAndToggleSaysUseSet() throws {
    let store = try TemporaryDirectory()
    defer { store.remove() }
    #expect(
      run(["set", "appearance", "DARK"], store: store) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(run(["get", "appearance"], store: store).stdout == "dark\n")
    #expect(
      run(["toggle", "appearance"], store: store).stderr
        == "Error: 'appearance' is a rightDetail item, not a switch; only switches toggle; use 'settings set appearance VALUE' for a choice\n"
    )
    #expect(
      decode(
        #"{"id": "x", "sections": [{"items": [{"key": "c", "type": "rightDetail", "title": "C", "choices": [{"value": "a", "title": "Same"}, {"value": "b", "title": "same"}], "value": "a"}]}]}"#
      ) == [
        #"doc.json:1:156: sections[0].items[0].choices[1].title: duplicate choice title "same"; first used at 1:123; `set` takes a title, so titles must differ"#
      ])
  }

  // MARK: Dependencies

  @Test func aDisabledItemsValueEnablesNothing() throws {
    let store = try TemporaryDirectory()
    defer { store.remove() }
    #expect(
      run(["set", "airplane", "on"], store: store) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    // Personal Hotspot depends on Cellular Data, which is on but disabled by Airplane Mode.
    #expect(
      run(["set", "hotspot", "on"], store: store).stderr
        == "Error: 'hotspot' is disabled (off while Airplane Mode is on); change 'airplane' first\n")
  }

  @Test func aDisabledItemShowsWhyAndRefusesChanges() throws {
    let store = try TemporaryDirectory()
    defer { store.remove() }
    #expect(
      run(["set", "airplane", "on"], store: store) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    let screen = run(["show", "--width", "40"], store: store).stdout
    #expect(
      screen.contains("  🔵 Bluetooth                        on\n     (off while Airplane Mode is on)\n"))
    #expect(
      run(["set", "bluetooth", "off"], store: store)
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: "Error: 'bluetooth' is disabled (off while Airplane Mode is on); change 'airplane' first\n")
    )
    #expect(run(["toggle", "bluetooth"], store: store).status == 1)
    // Several pairs are checked against the values they leave, as separate sets in order would be.
    #expect(
      run(["set", "airplane=off", "bluetooth=off"], store: store)
        == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(run(["get", "bluetooth"], store: store).stdout == "off\n")
    #expect(
      run(["set", "airplane=on", "bluetooth=on"], store: store).stderr
        == "Error: 'bluetooth' is disabled (off while Airplane Mode is on); the value this command gives "
        + "'airplane' disables it; leave 'bluetooth' out, or set it first while 'airplane' allows it\n")
    #expect(run(["get", "airplane"], store: store).stdout == "off\n")
    #expect(
      run(["show", "roaming"], store: store).stderr
        == "Error: 'roaming' is an item without a child page; 'settings describe cellular.options.roaming' tells about it\n"
    )
  }

  @Test func aHiddenItemIsNeitherShownNorCounted() async throws {
    let document = try DocumentLoader.load(path: phone, locales: ["en"])
    let memory = MemoryStore()
    let settings = Settings(document: document, store: memory)
    var table = try SettingsTable(document: document, snapshot: try settings.snapshot())
    #expect(table.numberOfRows(inSection: 2) == 3)
    #expect(!TextRenderer(width: 40).render(table).contains("Allow Calls From"))
    // Selecting Do Not Disturb shows Allow Calls From right away.
    let update = try await TableActions(settings: settings).didSelectRow(
      at: TableIndexPath(row: 2, section: 2), in: &table)
    #expect(update.reloadedSections == [2])
    #expect(table.numberOfRows(inSection: 2) == 4)
    #expect(TextRenderer(width: 40).render(table).contains("     Allow Calls From        Favorites ›\n"))
  }

  // MARK: Search and describe

  @Test func findMatchesTitlesKeysAndChoicesOnEveryPage() throws {
    let store = try TemporaryDirectory()
    defer { store.remove() }
    #expect(
      run(["find", "ROAM"], store: store).stdout
        == "cellular.options.roaming  Settings › Cellular › Cellular Data Options › Data Roaming\n")
    #expect(
      run(["find", "lte"], store: store).stdout
        == "cellular.options.voice  Settings › Cellular › Cellular Data Options › Voice & Data\n")
    // "로밍" written with decomposed jamo finds the composed title.
    let decomposed = "\u{1105}\u{1169}\u{1106}\u{1175}\u{11BC}"
    #expect(
      run(["find", decomposed], store: store, locale: "ko").stdout
        == "cellular.options.roaming  설정 › 셀룰러 › 셀룰러 데이터 옵션 › 데이터 로밍\n")
    #expect(
      run(["find", "nothing-like-this"], store: store) == CommandOutcome(status: 1, stdout: "", stderr: ""))
    let document = try DocumentLoader.load(path: phone, locales: ["en"])
    #expect(SettingsSearch.find("hotspot", in: document).map(\.item.key) == ["wifi.auto-hotspot", "hotspot"])
  }

  @Test func describeTellsEverything() throws {
    let store = try TemporaryDirectory()
    defer { store.remove() }
    #expect(run(["set", "voice", "lte"], store: store) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    let described = run(["describe", "voice"], store: store).stdout
    // The last line names the journal's last change of the key (its time and process vary).
    #expect(described.contains("\nlast change: change 1  "))
    #expect(
      described.replacingOccurrences(of: #"last change: .*\n"#, with: "", options: .regularExpression) == """
        key:       cellular.options.voice
        title:     Voice & Data
        type:      rightDetail
        where:     Settings › Cellular › Cellular Data Options › section 1, row 2
        default:   5g-auto (5G Auto)
        value:     lte (LTE)
        modified:  yes
        source:    user
        choices:   5g-auto (5G Auto), 5g-on (5G On), lte (LTE)
        enabled:   yes
        visible:   yes

        """)
    #expect(run(["set", "roaming", "on"], store: store) == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(
      run(["describe", "low-data"], store: store).stdout.contains(
        "enabled when:  cellular.options.roaming = off\nenabled:       no (off while Data Roaming is on)\n"))
  }

  // MARK: Localized text

  @Test func localizedTextFollowsTheLocaleWithAFallbackOrder() throws {
    let translations = [(tag: "ko", text: "켬"), (tag: "en", text: "On"), (tag: "fr", text: "Activé")]
    #expect(LocalizedText.choose(translations, for: ["ko-KR"]) == "켬")
    #expect(LocalizedText.choose(translations, for: ["fr_CA"]) == "Activé")
    #expect(LocalizedText.choose(translations, for: ["de"]) == "On")
    #expect(LocalizedText.choose([(tag: "ja", text: "オン"), (tag: "ko", text: "켬")], for: ["de"]) == "オン")
    #expect(LocalizedText.preferredLocales(explicit: nil, environment: ["LANG": "ko_KR.UTF-8"]) == ["ko-KR"])
    #expect(
      LocalizedText.preferredLocales(
        explicit: nil, environment: ["LANG": "en_US.UTF-8", "LC_ALL": "ko_KR.UTF-8"]) == ["ko-KR"])
    #expect(LocalizedText.preferredLocales(explicit: nil, environment: ["LANG": "C"]) == [])
    #expect(
      LocalizedText.preferredLocales(explicit: "en-GB", environment: ["LANG": "ko_KR.UTF-8"]) == ["en-GB"])
    let fromEnvironment = runCLI(
      ["-f", phone, "show", "--width", "40"], environment: ["LANG": "ko_KR.UTF-8", "HOME": "/nonexistent"])
    #expect(
      fromEnvironment.stdout.hasPrefix(
        "  👤 Alex Morgan                       ›\n     Apple ID, iCloud, 미디어 및 구입\n\n연결\n"))
    #expect(
      decode(#"{"id": "x", "title": {}}"#) == [
        #"doc.json:1:22: title: expected a string or an object of strings by locale, such as {"ko": "켬", "en": "On"}"#
      ])
  }
}
