import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsPOSIX

/// `settings ui` opened from the compiled form follows changes made elsewhere as it does on the
/// whole load. A first screen over the compiled form once held only the rows it had
/// decoded, and a fresh user found four differences: a system file added while it ran did not lock
/// the rows of the section it names, a touch of the document reloaded it, a reload listed every key
/// as a new default, and a reset made elsewhere of a rejected value was said as a change (it is
/// said as the warning going).
@Suite(.serialized)
struct CompiledScreenOutsideTests {
  /// Three sections that nothing depends on (each read on demand from the compiled form), one
  /// with a choice and one with a child page.
  static func document(moreDefault: Bool = false) -> String {
    #"""
    {"id": "outside", "title": "Outside", "sections": [
      {"id": "net", "header": "Net", "items": [
        {"key": "alpha", "type": "switch", "title": "Alpha"},
        {"key": "beta", "type": "switch", "title": "Beta", "on": true}]},
      {"id": "look", "header": "Look", "items": [
        {"key": "theme", "type": "rightDetail", "title": "Theme", "value": "light",
         "choices": [{"value": "light", "title": "Light"}, {"value": "dark", "title": "Dark"}]},
        {"key": "gamma", "type": "switch", "title": "Gamma"}]},
      {"id": "more", "header": "More", "items": [
        {"key": "delta", "type": "switch", "title": "Delta", "on": \#(moreDefault)},
        {"key": "sub", "type": "detailTitle", "title": "Sub", "page": {"sections": [{"items": [
          {"key": "deep", "type": "switch", "title": "Deep"}]}]}}]}]}
    """#
  }

  /// A folder with the document, an empty system folder and a store; with `cached`, the cache
  /// the command reads, built now.
  struct Fixture {
    let directory: TemporaryDirectory
    let document: String
    var systemFile: String { directory.file("system/settings/outside.json") }
    var environment: [String: String] {
      [
        "HOME": directory.file("home"), "XDG_CONFIG_DIRS": directory.file("system"),
        "SETTINGS_STORE": directory.file("store.json"), "LANG": "C", "TERM": "dumb",
      ]
    }

    init(cached: Bool) throws {
      directory = try TemporaryDirectory()
      document = try directory.write("outside.json", CompiledScreenOutsideTests.document())
      try FileManager.default.createDirectory(
        atPath: directory.file("system/settings"), withIntermediateDirectories: true)
      try FileManager.default.createDirectory(
        atPath: directory.file("home"), withIntermediateDirectories: true)
      _ = try directory.write("store.json", "{}")
      guard cached else { return }
      var cache = DocumentCache(
        directory: SystemPath(directory.file("home/.cache/settings")), buildTag: CommandLineTool.version)
      cache.racyWindow = 0
      _ = try cache.loadDocument(at: SystemPath(document), locales: ["en"])
      let opened = try cache.openDocument(at: SystemPath(document), locales: ["en"])
      #expect(opened.compiledItems.count == 3)
    }
  }

  /// Runs the screen in line mode through a pseudo-terminal while a system file, the store and the
  /// document change elsewhere; what it said after listing the page, the folder's path as `DIR`.
  func transcript(cached: Bool) throws -> String {
    let fixture = try Fixture(cached: cached)
    defer { fixture.directory.remove() }
    let terminal = try PseudoTerminal(
      arguments: ["-f", fixture.document] + (cached ? [] : ["--no-cache"]) + ["ui"],
      environment: fixture.environment, width: 80, height: 24)
    #expect(terminal.waitFor(text: "6. Sub. Enter opens its page."))
    // A system file that appears while the screen runs locks the section it names.
    _ = try fixture.directory.write("system/settings/outside.json", #"{"locked": {"more": "Set by IT"}}"#)
    #expect(terminal.waitFor(text: "Delta: off, locked by", seconds: 20))
    // A value the document rejects, then a reset of it made elsewhere.
    try replaceByRename(fixture.directory.file("store.json"), with: #"{"theme": "zzz"}"#)
    #expect(terminal.waitFor(text: "Theme: stored value", seconds: 20))
    let reset = try runBinary(["-f", fixture.document, "reset", "theme"], environment: fixture.environment)
    #expect(reset.status == 0)
    terminal.pump(milliseconds: 1500)
    // A touch of the document changes nothing; a changed default is said once.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: fixture.document)
    terminal.pump(milliseconds: 1500)
    try replaceByRename(fixture.document, with: CompiledScreenOutsideTests.document(moreDefault: true))
    #expect(terminal.waitFor(text: "changed on disk", seconds: 20))
    terminal.pump(milliseconds: 300)
    terminal.send("4\r")
    terminal.pump(milliseconds: 500)
    terminal.send("q\r")
    #expect(terminal.waitForExit() == 0)
    let text = String(decoding: terminal.transcript, as: UTF8.self)
      .replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: fixture.directory.path, with: "DIR")
    let listed = try #require(text.range(of: "6. Sub. Enter opens its page.\n"))
    return String(text[listed.upperBound...])
  }

  @Test func changesMadeElsewhereAreSaidAsOnTheWholeLoad() throws {
    let whole = try transcript(cached: false)
    let compiled = try transcript(cached: true)
    #expect(compiled == whole)
    #expect(
      whole == """
        Delta: off, locked by DIR/system/settings/outside.json: Set by IT.
        Sub, locked by DIR/system/settings/outside.json: Set by IT.
        Deep: off, locked by DIR/system/settings/outside.json: Set by IT.
        Theme: stored value "zzz" rejected: expected one of "light", "dark"; showing the default Light.
        Theme: Light, stored value no longer rejected.
        The document changed on disk and was reloaded (new defaults: delta).
        Delta: on, changed elsewhere.
        Page Outside, 6 rows:
        Section Net:
        1. Alpha: off. Enter turns it on.
        2. Beta: on. Enter turns it off.
        Section Look:
        3. Theme: Light. Enter lists its choices.
        4. Gamma: off. Enter turns it on.
        Section More:
        5. Delta: on. Locked by DIR/system/settings/outside.json: Set by IT. Enter does nothing: it cannot be changed now.
        6. Sub. Locked by DIR/system/settings/outside.json: Set by IT. Enter opens its page.
        4
        4. Gamma: off. Enter turns it on.
        q
        Quit.

        """)
  }
}
