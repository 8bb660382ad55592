import Foundation
import TestSupport
import Testing

@testable import SettingsCommand

/// The hidden `__complete` subcommand that the scripts call: what each kind of word completes to.
struct CompletionRequestTests {
  let phone = examplePath("phone-settings.json")

  func complete(_ words: [String], environment: [String: String] = [:]) -> String {
    let outcome = runCLI(["__complete", "--"] + words, environment: environment)
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.stderr == "")
    return outcome.stdout
  }

  @Test func subcommandsComeFromTheDeclarationsWithoutTheHiddenOne() {
    #expect(
      complete(["c"]) == """
        words
        collapse\tClose a collapsible section.
        completions\tPrint a shell completion script for bash, zsh or fish.
        check\tReport what in the store no longer fits the document.
        codegen\tPrint typed keys for the document: Swift, or the store's shape in TypeScript.

        """)
    #expect(!complete([""]).contains("__complete"))
  }

  /// `set KEY --add VALUE` offers the choices not chosen now, `--remove VALUE` those chosen now,
  /// from the store in effect (`--store` on the line, or the environment's).
  @Test func addAndRemoveOfferTheChoicesNotChosenAndChosen() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let environment = ["HOME": directory.path, "XDG_CONFIG_HOME": directory.path, "SETTINGS_FILE": phone]
    #expect(
      complete(["set", "languages", "--add", ""], environment: environment)
        == "words\nja\t日本語\nfr\tFrançais\n")
    #expect(
      complete(["set", "languages", "--remove", ""], environment: environment)
        == "words\nen\tEnglish\nko\t한국어\n")
    #expect(
      complete(["set", "languages", "--add=f"], environment: environment) == "words\n--add=fr\tFrançais\n")
    #expect(runCLI(["set", "languages", "--add", "ja"], environment: environment).status == 0)
    #expect(
      complete(["set", "languages", "--remove", ""], environment: environment)
        == "words\nen\tEnglish\nko\t한국어\nja\t日本語\n")
    #expect(complete(["set", "languages", "--add", ""], environment: environment) == "words\nfr\tFrançais\n")
    // Another store, named on the line, has the defaults.
    let other = directory.file("other.json")
    #expect(
      complete(["--store", other, "set", "languages", "--add", ""], environment: environment)
        == "words\nja\t日本語\nfr\tFrançais\n")
    // Not a multiple choice key: nothing. No key yet (`set --add VALUE KEY`): SmallDefectTests.
    #expect(complete(["set", "airplane", "--add", ""], environment: environment) == "words\n")
  }

  @Test func optionsAndTheirWordValues() {
    #expect(
      complete(["show", "--c"]) == "words\n--color\tWhen to colour the output (default: auto).\n")
    #expect(
      complete(["show", "--color", "a"]) == """
        words
        auto\tcolour when standard output is a terminal, NO_COLOR is unset or empty and TERM is not dumb
        always\talways colour

        """)
    #expect(complete(["show", "--color=n"]) == "words\n--color=never\tnever colour\n")
    #expect(complete(["-f", ""]) == "files\n")
    #expect(complete(["validate", ""]) == "files\n")
    #expect(
      complete(["schema", "--fo"])
        == "words\n--for-store\tThe schema of the document's store instead: one property per key.\n")
  }

  @Test func keysFromTheEmbeddedDocument() {
    #expect(complete(["set", "air"]) == "words\nairplane\t에어플레인 모드\n")
    #expect(complete(["set", "airplane", ""]) == "words\non\tturn it on\noff\tturn it off\n")
  }

  @Test func valuesOfNumbersSlidersAndMultipleChoice() {
    #expect(
      complete(["-f", phone, "--locale", "en", "set", "auto-lock", ""]) == "words\n1\tmin\n2\tmin\n60\tmin\n")
    #expect(
      complete(["-f", phone, "set", "brightness", "9"]) == "words\n90\n95\n")
    #expect(
      complete(["-f", phone, "set", "languages", "en,"]) == """
        words
        en,ko\t한국어
        en,ja\t日本語
        en,fr\tFrançais

        """)
    #expect(complete(["-f", phone, "set", "device-name", ""]) == "words\n")
    #expect(complete(["-f", phone, "set", "brightness=10"]) == "words\nbrightness=10\nbrightness=100\n")
  }

  @Test func keysFromTheFileOnTheCommandLineWithDotPathsAndUniqueOwnKeys() {
    #expect(
      complete(["-f", phone, "get", "cellular.o"]) == """
        words
        cellular.options\tCellular Data Options
        cellular.options.roaming\tData Roaming
        cellular.options.voice\tVoice & Data
        cellular.options.low-data\tLow Data Mode

        """)
    #expect(
      complete(["get", "ro"], environment: ["SETTINGS_FILE": phone]) == "words\nroaming\tData Roaming\n")
    #expect(complete(["toggle", "cellular.options.v"], environment: ["SETTINGS_FILE": phone]) == "words\n")
  }

  @Test func choiceValuesAfterSetKeyAndInKeyValuePairs() {
    #expect(
      complete(["-f", phone, "set", "voice", ""]) == """
        words
        5g-auto\t5G Auto
        5g-on\t5G On
        lte\tLTE

        """)
    #expect(complete(["-f", phone, "set", "airplane=on", "blue"]) == "words\nbluetooth=\tBluetooth\n")
    #expect(
      complete(["-f", phone, "set", "airplane=on", "cellular.options.voice=5"]) == """
        words
        cellular.options.voice=5g-auto\t5G Auto
        cellular.options.voice=5g-on\t5G On

        """)
  }

  @Test func sectionIdsForExpandAndPageKeysForShow() {
    let accordion = examplePath("accordion.json")
    #expect(
      complete(["-f", accordion, "expand", ""]) == """
        words
        network\t네트워크
        display\t디스플레이 및 밝기
        privacy\t개인정보 보호 및 보안
        general\t일반

        """)
    #expect(
      complete(["-f", phone, "show", "cell"])
        == "words\ncellular\tCellular\ncellular.options\tCellular Data Options\n")
  }

  @Test func aDocumentThatCannotBeReadCompletesNothing() {
    #expect(complete(["-f", "/nonexistent.json", "get", ""]) == "words\n")
    #expect(complete(["-f", "-", "get", ""]) == "words\n")
  }

  @Test func aRequestWritesNeitherTheStoreNorTheViewState() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    _ = complete(
      ["-f", phone, "--store", directory.file("store.json"), "set", "airplane", ""],
      environment: ["XDG_CONFIG_HOME": directory.path, "HOME": directory.path])
    _ = complete(["--store", directory.file("store.json"), "expand", ""])
    #expect(try directory.contents() == [])
  }
}

/// Completion requests run the real binary once per Tab: each must answer quickly on every example.
@Suite(.serialized)
struct CompletionSpeedTests {
  @Test(arguments: ["accordion.json", "app-notifications.json", "ios-settings.json", "phone-settings.json"])
  func aRequestOnAnExampleIsFast(example: String) throws {
    // The release build answers in under 50 ms; this debug build, on a shared machine, gets a
    // looser bound, best of three runs.
    var best = Duration.seconds(10)
    for _ in 0..<3 {
      let clock = ContinuousClock()
      let start = clock.now
      let outcome = try runBinary(["__complete", "--", "-f", examplePath(example), "get", ""])
      best = min(best, clock.now - start)
      #expect(outcome.status == 0 && outcome.stdout.hasPrefix("words\n"), "\(outcome)")
    }
    #expect(best < .milliseconds(300), "\(example): \(best)")
  }
}

/// Words as bash hands them over, quotes and all.
struct CompletionQuotingTests {
  @Test(arguments: [
    ("plain.json", "plain.json"), ("'a b.json'", "a b.json"), ("\"a b.json\"", "a b.json"),
    ("a\\ b.json", "a b.json"), ("'open", "open"), ("\"say \\\"hi\\\"\"", "say \"hi\""),
    ("'it'\\''s'", "it's"),
  ])
  func pathsAreUnquoted(word: String, expected: String) {
    #expect(CompletionRequest.unquoted(word) == expected)
  }

  @Test func helpCompletesSubcommandNames() {
    #expect(
      runCLI(["__complete", "--", "help", "sc"]).stdout
        == "words\nschema\tPrint the JSON Schema of documents, or of a document's store.\n")
  }
}
