import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit

/// `settings watch` opened from the compiled form says what it says on the whole load:
/// the sections read on demand are decoded only when a change names one of their keys, and a
/// change of value, a rejected stored value, its reset and a new version of the document are
/// reported the same.
@Suite(.serialized)
struct CompiledWatchTests {
  /// What `settings watch` printed (standard output, standard error) while other processes
  /// changed the store and the document, the folder's path as `DIR`.
  func watched(cached: Bool) throws -> (lines: [String], errors: String) {
    let fixture = try CompiledScreenOutsideTests.Fixture(cached: cached)
    defer { fixture.directory.remove() }
    let environment = fixture.environment
    let watch = try WatchingProcess(
      ["-f", fixture.document] + (cached ? [] : ["--no-cache"]) + ["watch"], environment: environment)
    func set(_ arguments: String...) throws {
      let outcome = try runBinary(["-f", fixture.document] + arguments, environment: environment)
      #expect(outcome.status == 0, "\(outcome)")
    }
    try set("set", "gamma", "on")
    #expect(watch.waitForLines(1).count == 1)
    try set("set", "sub.deep", "on")
    #expect(watch.waitForLines(2).count == 2)
    try replaceByRename(
      fixture.directory.file("store.json"), with: #"{"gamma": true, "sub.deep": true, "theme": "zzz"}"#)
    #expect(watch.waitForErrorLines(1).count == 1)
    try set("reset", "theme")
    try set("set", "theme", "dark")
    #expect(watch.waitForLines(3).count == 3)
    try replaceByRename(fixture.document, with: CompiledScreenOutsideTests.document(moreDefault: true))
    #expect(watch.waitForLines(4).count == 4)
    watch.waitUntilWaiting()
    #expect(watch.stop(signal: SIGTERM) == 0)
    return (
      watch.lines, watch.errorText.replacingOccurrences(of: fixture.directory.path, with: "DIR")
    )
  }

  @Test func changesAreReportedAsOnTheWholeLoad() throws {
    let whole = try watched(cached: false)
    let compiled = try watched(cached: true)
    #expect(compiled.lines == whole.lines)
    #expect(compiled.errors == whole.errors)
    #expect(
      whole.lines == [
        "gamma: off -> on  (change 1)", "sub.deep: off -> on  (change 2)", "theme: light -> dark  (change 5)",
        "delta: off -> on",
      ])
    #expect(
      whole.errors
        == "Warning: DIR/store.json:1:44: stored value of \"theme\" is \"zzz\"; expected one of \"light\", "
        + "\"dark\"; using the default \"light\"; 'settings reset theme' removes it\n")
  }
}
