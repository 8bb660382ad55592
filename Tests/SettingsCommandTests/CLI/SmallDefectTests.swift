import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// Five small defects, each pinned end to end.
struct SmallDefectTests {
  static let document = #"""
    {"id": "small", "title": {"en": "Small", "ko": "작은"}, "sections": [{"items": [
      {"key": "sync", "type": "switch", "title": {"en": "Sync", "ko": "동기화"}, "on": true},
      {"key": "server", "type": "textField", "title": "Server", "enabledWhen": {"sync": true}},
      {"key": "name", "type": "textField", "title": "Name"},
      {"key": "tls", "type": "switch", "title": "TLS", "visibleWhen": {"name": ""}}
    ]}]}
    """#

  /// A document and a store in a temporary folder.
  struct Fixture {
    let directory: TemporaryDirectory
    let path: String
    init() throws {
      directory = try TemporaryDirectory()
      path = try directory.write("small.json", SmallDefectTests.document)
    }
    func run(_ arguments: [String]) -> CommandOutcome {
      runCLI(
        ["-f", path, "--store", directory.file("s.json")] + arguments, environment: ["HOME": directory.path])
    }
  }

  /// The hint does not say "change 'sync' first" when the same command changes it.
  @Test func aControllerChangedByTheSameCommandIsNotToBeChangedFirst() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    #expect(
      fixture.run(["set", "sync=off", "server=a:1"])
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: "Error: 'server' is disabled (off while Sync is off); the value this command gives 'sync' "
            + "disables it; leave 'server' out, or set it first while 'sync' allows it\n"))
    #expect(try fixture.directory.read("s.json") == nil)
    #expect(fixture.run(["set", "sync=off"]).status == 0)
    #expect(
      fixture.run(["set", "server=a:1"]).stderr
        == "Error: 'server' is disabled (off while Sync is off); change 'sync' first\n")
  }

  /// An empty default text reads as empty, not as a blank.
  @Test func describeAndWhySayAnEmptyTextIsEmpty() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let description = fixture.run(["describe", "name"]).stdout
    #expect(description.contains("\ndefault:   \"\" (empty)\nvalue:     \"\" (empty)\n"), "\(description)")
    #expect(
      fixture.run(["why", "name"]).stdout == """
        key:     name
        value:   "" (empty)
        source:  default
        layers, lowest first:
          default  "" (empty)  wins
          user     -

        """)
    #expect(fixture.run(["set", "name", "x"]).status == 0)
    // The condition's words and the value it compares say "empty" too.
    #expect(
      fixture.run(["why", "tls"]).stdout.contains("\nhidden:  shown only while Name is empty (name = x)\n"))
    #expect(fixture.run(["set", "name", ""]).status == 0)
    #expect(fixture.run(["set", "sync", "off"]).status == 0)
    #expect(
      fixture.run(["why", "server"]).stdout.contains(
        "\ndisabled:  off while Sync is off (sync = off)\n"))
    #expect(fixture.run(["describe", "tls"]).stdout.contains("\nvisible when:  name = \"\" (empty)\n"))
  }

  /// `load`'s refusals come in the file's order, as its line and column numbers run.
  /// The same class as an empty text: no choice of a multiple choice item and a text of spaces
  /// only are never a blank in `why` and `describe` (a fresh user's pass).
  @Test func whySaysNoChoiceAndSpacesOnlyInWords() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write(
      "n.json",
      #"""
      {"id": "n", "sections": [{"items": [
        {"key": "langs", "type": "rightDetail", "title": "Langs", "multiple": true, "value": [],
         "choices": [{"value": "en", "title": "English"}, {"value": "ko", "title": "Korean"}]},
        {"key": "label", "type": "textField", "title": "Label", "value": ""}
      ]}]}
      """#)
    func run(_ arguments: String...) -> CommandOutcome {
      runCLI(
        ["-f", path, "--store", directory.file("s.json")] + arguments, environment: ["HOME": directory.path])
    }
    #expect(
      run("why", "langs").stdout
        == "key:     langs\nvalue:   none\nsource:  default\nlayers, lowest first:\n  default  none  wins\n  user     -\n"
    )
    #expect(run("set", "label= ").status == 0)
    #expect(run("why", "label").stdout.hasPrefix("key:     label\nvalue:   \" \"\nsource:  user\n"))
    #expect(run("describe", "label").stdout.contains("\nvalue:     \" \"\n"))
  }

  @Test func loadRefusesInTheFilesOrder() throws {
    let fixture = try Fixture()
    defer { fixture.directory.remove() }
    let file = try fixture.directory.write("in.json", "{\"zeta\": 1,\n \"sync\": \"maybe\",\n \"alpha\": 2}")
    #expect(
      fixture.run(["load", file])
        == CommandOutcome(
          status: 1, stdout: "",
          stderr: """
            Error: \(file):1:10: unknown key 'zeta'
            Error: \(file):2:10: invalid value "maybe" for 'sync'; expected true or false
            Error: \(file):3:11: unknown key 'alpha'

            """))
  }

  /// `set --add VALUE KEY`: with the option first, the value and then the key complete.
  @Test func addAndRemoveCompleteWithTheOptionFirst() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let environment = [
      "HOME": directory.path, "XDG_CONFIG_HOME": directory.path,
      "SETTINGS_FILE": examplePath("phone-settings.json"),
    ]
    func complete(_ words: [String]) -> String {
      runCLI(["__complete", "--"] + words, environment: environment).stdout
    }
    #expect(complete(["set", "--add", ""]) == "words\nja\t日本語\nfr\tFrançais\n")
    #expect(complete(["set", "--remove", ""]) == "words\nen\tEnglish\nko\t한국어\n")
    #expect(complete(["set", "--add", "ja", ""]) == "words\nlanguages\tPreferred Languages\n")
    #expect(complete(["set", "--add", "ja", "lang"]) == "words\nlanguages\tPreferred Languages\n")
    // Already chosen, or no item has it: no key to add it to.
    #expect(complete(["set", "--add", "en", ""]) == "words\n")
    #expect(complete(["set", "--add", "xx", ""]) == "words\n")
    #expect(complete(["set", "--remove", "en", ""]) == "words\nlanguages\tPreferred Languages\n")
  }
}

/// A refusal from `settings serve` is in the page's locale, not the server's.
@Suite(.serialized)
struct WebRefusalLocaleTests {
  @Test func aDisabledItemsReasonIsInThePagesLanguage() throws {
    let server = try ServedSettings(document: SmallDefectTests.document, store: #"{"sync": false}"#)
    defer { _ = server.stop() }
    let json = #"{"key": "server", "value": "a:1"}"#
    let korean = try server.send(
      "POST /api/set HTTP/1.1\r\n\(try server.postHeaders())Accept-Language: ko\r\n"
        + "Content-Length: \(json.utf8.count)\r\n\r\n\(json)")
    #expect(korean.status == 422)
    #expect(korean.json?[member: "error"]?.kind == .string("'server' is disabled (off while 동기화 is off)"))
    let english = try server.post("/api/set", json)
    #expect(english.json?[member: "error"]?.kind == .string("'server' is disabled (off while Sync is off)"))
  }
}
