import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsPOSIX

/// `show` and the screen read a document's rows from the compiled form only where they show them:
/// a named section decodes that section's rows, and no other.
struct CompiledReadTests {
  /// A home with the 5 000-item document of ``LargeDocumentScreenTests`` (50 sections) and its
  /// cache written where the command reads it.
  struct Home {
    let directory: TemporaryDirectory
    let document: String
    var environment: [String: String] { ["HOME": directory.path, "LANG": "C"] }

    init(_ text: String = largeTestDocument(items: 5000)) throws {
      directory = try TemporaryDirectory()
      document = try directory.write("large.json", text)
      // The command trusts no document changed within 2 s; a cache built here with no window is
      // the one it reads.
      var cache = DocumentCache(
        directory: SystemPath(directory.file(".cache/settings")), buildTag: CommandLineTool.version)
      cache.racyWindow = 0
      _ = try cache.loadDocument(at: SystemPath(document), locales: ["en"])
    }

    /// `settings -f DOCUMENT ARGUMENTS…` run in this process: its output, and the sections (by
    /// index) of the opened document whose rows were decoded.
    func show(_ arguments: [String]) throws -> (text: String, warnings: String, decoded: [Int], compiled: Int)
    {
      let context = CommandContext(
        invocation: try Invocation.parse(["-f", document, "--locale", "en", "show"] + arguments),
        environment: environment, terminal: TerminalInfo(stdoutIsTerminal: false))
      var decoded: [Int] = []
      var compiled = 0
      let text = try ShowCommand.run(context) { loaded in
        compiled = loaded.compiledItems.count
        decoded = loaded.compiledItems.filter { $0.value.isDecoded }.map(\.key).sorted()
      }
      var warnings = ""
      context.warnings.write(to: &warnings)
      return (text, warnings, decoded, compiled)
    }
  }

  @Test func aNamedSectionDecodesItsRowsAlone() throws {
    let home = try Home()
    defer { home.directory.remove() }
    let shown = try home.show(["7"])
    #expect(shown.compiled == 50)
    // Its rows are drawn from the compiled form: none is decoded.
    #expect(shown.decoded == [])
    #expect(shown.text.hasPrefix("Section 7\n"))
    #expect(shown.text.contains("Item 600"))
    #expect(
      shown.text
        == runCLI(["-f", home.document, "--no-cache", "show", "7"], environment: home.environment).stdout)
    let json = try home.show(["--json", "7"])
    #expect(json.decoded == [6])
    // The whole top page draws every row from the compiled form, decoding none.
    let all = try home.show(["--all"])
    #expect(all.decoded == [])
    #expect(
      all.text
        == runCLI(["-f", home.document, "--no-cache", "show", "--all"], environment: home.environment).stdout)
    #expect(try home.show([]).decoded == [])
  }

  /// `show NAME` looks a name up as the whole load does: an item's own key on a child page of a
  /// section read on demand opens that page (or is said to have none), and a key that two pages
  /// have is ambiguous, whichever sections were decoded.
  @Test(arguments: ["deep", "inner", "leaf", "sub", "sub.deep", "sub.deep.deepest", "net", "1", "2", "nope"])
  func aNameIsLookedUpAsTheWholeLoadDoes(name: String) throws {
    let home = try Home(
      #"""
      {"id": "t", "title": "Test", "sections": [
        {"id": "net", "header": "Net", "items": [
          {"key": "a1", "type": "switch", "title": "Alpha"},
          {"key": "sub", "type": "detailTitle", "title": "Sub page", "page": {"sections": [{"items": [
            {"key": "inner", "type": "switch", "title": "Inner"},
            {"key": "leaf", "type": "switch", "title": "Leaf one"},
            {"key": "deep", "type": "detailTitle", "title": "Deep", "page": {"sections": [{"items": [
              {"key": "deepest", "type": "switch", "title": "Deepest"}]}]}}]}]}}]},
        {"header": "Other", "items": [
          {"key": "o1", "type": "switch", "title": "O"},
          {"key": "more", "type": "detailTitle", "title": "More", "page": {"sections": [{"items": [
            {"key": "leaf", "type": "switch", "title": "Leaf two"}]}]}}]}]}
      """#)
    defer { home.directory.remove() }
    let cached = runCLI(["-f", home.document, "--locale", "en", "show", name], environment: home.environment)
    let whole = runCLI(
      ["-f", home.document, "--locale", "en", "--no-cache", "show", name], environment: home.environment)
    #expect(cached == whole)
    #expect(try home.show([]).compiled == 2)
  }

  /// An item on a page whose opener has `visibleWhen` is hidden while its opener is: `describe`
  /// and `why` from the cache read what the opener's condition names (the partial document once
  /// left it out, and said the item was hidden, naming the key instead of its title).
  @Test(arguments: [
    ["describe", "sched.start"], ["why", "sched.start"], ["describe", "--json", "sched.start"],
  ])
  func anItemUnderAHiddenOpenerIsDescribedAsTheWholeLoadDoes(command: [String]) throws {
    let home = try Home(
      #"""
      {"version": 1, "id": "hid4", "sections": [
        {"header": "A", "items": [{"key": "quiet", "type": "switch", "title": "Quiet Hours"}]},
        {"header": "B", "items": [{"key": "sched", "type": "detailTitle", "title": "Schedule",
          "visibleWhen": {"quiet": true},
          "page": {"sections": [{"items": [{"key": "start", "type": "number", "title": "Start", "value": 22}]}]}}]}]}
      """#)
    defer { home.directory.remove() }
    for store in [#"{"quiet": true}"#, "{}"] {
      let path = try home.directory.write("store.json", store)
      let arguments = ["-f", home.document, "--locale", "en", "--store", path] + command
      let cached = runCLI(arguments, environment: home.environment)
      let whole = runCLI(arguments + ["--no-cache"], environment: home.environment)
      #expect(cached == whole, "\(store)")
    }
  }

  /// With system files the whole document is loaded and its values warned about in key order, as
  /// with `--no-cache` (the partial document's warnings once came first).
  @Test(arguments: [["get", "zeta"], ["why", "zeta"], ["find", "a"]])
  func systemFileWarningsComeInTheWholeLoadsOrder(command: [String]) throws {
    let home = try Home(
      #"""
      {"version": 1, "id": "sysord", "sections": [
        {"header": "A", "items": [{"key": "zeta", "type": "switch", "title": "Zeta"},
          {"key": "net", "type": "detailTitle", "title": "Net", "page": {"sections": [{"items": [
            {"key": "wifi", "type": "switch", "title": "Wi-Fi"}]}]}}]},
        {"header": "B", "items": [{"key": "gamma", "type": "switch", "title": "Gamma"}]}]}
      """#)
    defer { home.directory.remove() }
    try FileManager.default.createDirectory(
      atPath: home.directory.file("system/settings"), withIntermediateDirectories: true)
    _ = try home.directory.write("system/settings/sysord.json", #"{"values": {"net.wifi": 1, "zeta": 2}}"#)
    var environment = home.environment
    environment["XDG_CONFIG_DIRS"] = home.directory.file("system")
    let arguments = ["-f", home.document, "--locale", "en"] + command
    let cached = runCLI(arguments, environment: environment)
    let whole = runCLI(arguments + ["--no-cache"], environment: environment)
    #expect(cached == whole)
    #expect(cached.stderr.contains("net.wifi"))
  }

  /// A home that does not exist gets no cache folder: reading commands read the document whole,
  /// and the missing home stays missing (it once was made, `.cache/settings` and all).
  @Test func aMissingHomeIsNotMadeForTheCache() throws {
    let home = try Home()
    defer { home.directory.remove() }
    let missing = home.directory.file("missing")
    for command in [["show", "7"], ["get", "item-3"], ["find", "Item 4"]] {
      let outcome = runCLI(["-f", home.document] + command, environment: ["HOME": missing])
      #expect(outcome.status == 0, "\(command)")
    }
    #expect(!FileManager.default.fileExists(atPath: missing))
  }

  /// A stored value that an item of an unshown section rejects is warned about as the whole load
  /// warns, decoding only the section that holds it.
  @Test func aRejectedValueIsFoundByItsKey() throws {
    let home = try Home()
    defer { home.directory.remove() }
    try FileManager.default.createDirectory(
      atPath: home.directory.file(".config/settings"), withIntermediateDirectories: true)
    _ = try home.directory.write(".config/settings/large.json", #"{"item-4800": "loud"}"#)
    let shown = try home.show(["2"])
    // Only the section that holds the stored key is decoded; section 2's rows are drawn from the
    // compiled form.
    #expect(shown.decoded == [48])
    let whole = runCLI(["-f", home.document, "--no-cache", "show", "2"], environment: home.environment)
    #expect(whole.stderr.contains("item-4800"))
    #expect(shown.warnings == whole.stderr)
    #expect(shown.text == whole.stdout)
  }
}
