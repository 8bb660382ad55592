import Foundation
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `settings watch` as a real process beside `settings set` processes: lines through a pipe, the
/// arrow, filtering by key, a broken then repaired store, and how it ends.
@Suite(.serialized)
struct WatchCommandTests {
  static let document = """
    {"version": 1, "id": "watch-cli", "title": "T", "sections": [{"items": [
      {"key": "alpha", "type": "switch", "title": "Alpha", "on": false},
      {"key": "beta", "type": "switch", "title": "Beta", "on": false},
      {"key": "mode", "type": "rightDetail", "title": "Mode", "value": "a",
       "choices": [{"value": "a", "title": "A"}, {"value": "b", "title": "B"}, {"value": "x\\u001b[2Jy", "title": "Odd"}]}
    ]}]}

    """

  /// A directory with the document, and the environment that points `settings` at it and a store.
  struct Setup {
    let directory: TemporaryDirectory
    let documentPath: String
    var storePath: String { directory.file("store.json") }

    init() throws {
      directory = try TemporaryDirectory()
      documentPath = try directory.write("doc.json", WatchCommandTests.document)
    }

    func environment(_ extra: [String: String] = [:]) -> [String: String] {
      ["SETTINGS_FILE": documentPath, "SETTINGS_STORE": storePath].merging(extra) { $1 }
    }

    /// Runs `settings set` to completion, as another process.
    func set(_ assignments: String...) throws {
      let outcome = try runBinary(["set"] + assignments, environment: environment())
      #expect(outcome.status == 0, "\(outcome)")
    }
  }

  @Test func jsonLinesThroughAPipeOneForEachSetInOrder() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let watch = try WatchingProcess(["watch", "--json"], environment: setup.environment())
    try setup.set("alpha", "on")
    #expect(watch.waitForLines(1).count == 1)
    try setup.set("mode", "b")
    try setup.set("alpha=off", "beta=on")
    let lines = watch.waitForLines(4)
    #expect(lines.count == 4)
    let records = lines.map { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }
    // Key, old, new, the journal entry's number and time, in that order, on one line each.
    #expect(
      lines.allSatisfy { $0.hasPrefix("{\"key\":\"") && $0.contains(",\"time\":\"") && $0.hasSuffix("Z\"}") })
    #expect(records.map { $0["key"] as? String } == ["alpha", "mode", "alpha", "beta"])
    #expect(records.map { "\($0["old"] ?? "?")>\($0["new"] ?? "?")" } == ["0>1", "a>b", "1>0", "0>1"])
    #expect(records.map { $0["change"] as? Int } == [1, 2, 3, 3])
    #expect(
      lines[0].replacing(/"time":"[^"]*"/, with: "T")
        == #"{"key":"alpha","old":false,"new":true,"change":1,T}"#)
    #expect(watch.stop(signal: SIGTERM) == 0)
    #expect(watch.errorText == "")
  }

  @Test func textWithTheArrowOfAUTF8LocaleAndEscapedValues() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let watch = try WatchingProcess(["watch"], environment: setup.environment(["LANG": "ko_KR.UTF-8"]))
    try setup.set("alpha", "on")
    try setup.set("mode", "Odd")
    #expect(watch.waitForLines(2) == ["alpha: off → on  (change 1)", "mode: a → x\\u{1B}[2Jy  (change 2)"])
    #expect(watch.stop(signal: SIGINT) == 0)
  }

  @Test(arguments: [
    ["LANG": "C.UTF-8", "LC_ALL": "C"], ["LANG": "en_US.ISO-8859-1"], [:],
    ["LC_CTYPE": "POSIX", "LANG": "C.UTF-8"],
  ])
  func textWithAnASCIIArrowOtherwise(locale: [String: String]) throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let watch = try WatchingProcess(["watch"], environment: setup.environment(locale))
    try setup.set("beta", "on")
    #expect(watch.waitForLines(1) == ["beta: off -> on  (change 1)"])
    #expect(watch.stop(signal: SIGTERM) == 0)
  }

  @Test func aStoredValueThatStopsFittingIsAWarningLineAsShowGivesIt() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let watch = try WatchingProcess(["watch"], environment: setup.environment())
    try setup.set("beta", "on")
    #expect(watch.waitForLines(1) == ["beta: off -> on  (change 1)"])
    // A hand edit that leaves mode's value one of no choice: mode still reads "a", no change.
    try replaceByRename(setup.storePath, with: #"{"beta": true, "mode": "zzz"}"#)
    let warning =
      "Warning: \(setup.storePath):1:24: stored value of \"mode\" is \"zzz\"; expected one of \"a\", \"b\", "
      + "\"x\\u{1B}[2Jy\"; using the default \"a\"; 'settings reset mode' removes it"
    #expect(watch.waitForErrorLines(1) == [warning])
    let show = try runBinary(["show"], environment: setup.environment())
    #expect(show.stderr == warning + "\n")
    #expect(watch.stop(signal: SIGTERM) == 0)
    #expect(watch.waitForLines(1) == ["beta: off -> on  (change 1)"])
  }

  @Test func onlyTheKeysGivenByDotPathOrOwnKey() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let watch = try WatchingProcess(["watch", "beta", "mode"], environment: setup.environment())
    try setup.set("alpha", "on")
    try setup.set("beta", "on")
    try setup.set("alpha=off", "mode=b")
    // alpha changed first: had it been printed, it would stand before beta.
    #expect(watch.waitForLines(2) == ["beta: off -> on  (change 2)", "mode: a -> b  (change 3)"])
    #expect(watch.stop(signal: SIGTERM) == 0)
  }

  /// A hand edit after the tool's writes: the line names the `outside` entry that `history` shows
  /// for it.
  @Test func aHandEditNamesTheOutsideEntryThatHistoryShows() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let watch = try WatchingProcess(["watch"], environment: setup.environment())
    try setup.set("alpha", "on")
    #expect(watch.waitForLines(1) == ["alpha: off -> on  (change 1)"])
    try replaceByRename(setup.storePath, with: #"{"alpha": true, "beta": true}"#)
    #expect(watch.waitForLines(2) == ["alpha: off -> on  (change 1)", "beta: off -> on  (change 2)"])
    #expect(watch.stop(signal: SIGTERM) == 0)
    let history = try runBinary(["history", "-n1"], environment: setup.environment())
    #expect(history.stdout.hasPrefix("change 2  "))
    #expect(history.stdout.hasSuffix("  outside\n  beta (Beta): (default) -> on\n"))
  }

  @Test func everyKeyArgumentCompletesAsAKey() {
    let outcome = runCLI(["__complete", "--", "watch", "airplane", "w"])
    #expect(outcome == CommandOutcome(status: 0, stdout: "words\nwifi\tWi-Fi\n", stderr: ""))
  }

  @Test func anUnknownKeyIsRefusedBeforeWatching() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let outcome = try runBinary(["watch", "betta"], environment: setup.environment())
    #expect(outcome.status == 1)
    #expect(outcome.stdout == "")
    #expect(outcome.stderr == "Error: unknown key 'betta'; did you mean 'beta'?\n")
  }

  @Test func aBrokenStoreGivesOneErrorLineThenOnlyTheValuesThatDiffer() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    try setup.directory.write("store.json", #"{"alpha": true}"#)
    let watch = try WatchingProcess(["watch"], environment: setup.environment())
    // A half-written hand edit, in place, then a second save of it still broken. The store was
    // never written by the tool: no journal, so no change names an entry.
    try rewrite(setup.storePath, #"{"alpha": tr"#)
    #expect(watch.waitForErrorLines(1).count == 1)
    let mark = watch.readCalls
    try rewrite(setup.storePath, #"{"alpha": tr"#)
    watch.waitUntilItHasRead(since: mark)
    // Repaired: alpha is as before, beta is new.
    try rewrite(setup.storePath, #"{"alpha": true, "beta": true}"#)
    #expect(watch.waitForLines(1) == ["beta: off -> on"])
    watch.waitUntilWaiting()
    #expect(watch.stop(signal: SIGTERM) == 0)
    #expect(watch.lines == ["beta: off -> on"])
    #expect(
      watch.errorText == "Error: \(setup.storePath):1:11: unexpected 'tr'; expected a value; "
        + "the store was left unchanged: fix or remove it\n")
  }

  @Test func aNewDocumentOnDiskPrintsTheValuesWhoseDefaultChanged() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    try setup.set("beta", "on")
    let watch = try WatchingProcess(["watch"], environment: setup.environment())
    // An upgrade turns both switches on by default: only alpha's value changes (beta is set), and no
    // journal entry made that change.
    let upgraded = WatchCommandTests.document.replacingOccurrences(of: "\"on\": false", with: "\"on\": true")
    let temporary = setup.directory.file("doc.json.new")
    try Data(upgraded.utf8).write(to: URL(fileURLWithPath: temporary))
    #expect(rename(temporary, setup.documentPath) == 0)
    #expect(watch.waitForLines(1) == ["alpha: off -> on"])
    watch.waitUntilWaiting()
    #expect(watch.stop(signal: SIGTERM) == 0)
    #expect(watch.lines == ["alpha: off -> on"])
    #expect(watch.errorText == "")
  }

  @Test func aClosedReaderEndsItWithStatusZeroEvenWhileIdle() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    let watch = try WatchingProcess(["watch"], environment: setup.environment(), readsOutput: false)
    watch.closeOutput()
    #expect(watch.waitForExit() == 0)
  }

  @Test func aReaderThatStopsAfterOneLineEndsItWithStatusZero() throws {
    let setup = try Setup()
    defer { setup.directory.remove() }
    // `settings watch | head -n 1`, with the status of each side.
    let script = "\"$0\" watch | head -n 1; echo \"${PIPESTATUS[*]}\""
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/bash")
    shell.arguments = ["-c", script, settingsBinary]
    shell.environment = setup.environment()
    let output = Pipe()
    shell.standardOutput = output
    try shell.run()
    // The watch is ready once it waits in poll; find it among the shell's children.
    let started = Date()
    var ready = false
    while !ready && Date().timeIntervalSince(started) < 10 {
      ready = childProcesses(of: shell.processIdentifier).contains { isWaitingInPoll($0) }
      if !ready { Thread.sleep(forTimeInterval: 0.02) }
    }
    #expect(ready)
    try setup.set("alpha", "on")
    shell.waitUntilExit()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(text == "alpha: off -> on  (change 1)\n0 0\n")
  }

  /// Rewrites `path` in place (truncate, write), as `echo … > path` does.
  func rewrite(_ path: String, _ text: String) throws {
    guard let file = fopen(path, "w") else { throw POSIXError(.EIO) }
    fputs(text, file)
    fclose(file)
  }
}

/// The children of `pid`, from /proc.
func childProcesses(of pid: Int32) -> [Int32] {
  let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
  return text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
}

/// Whether the main thread of `pid` is blocked in `poll(2)` (x86-64 poll or ppoll, AArch64 ppoll):
/// for `settings watch`, that it has read the store and waits for changes.
func isWaitingInPoll(_ pid: Int32) -> Bool {
  guard let text = try? String(contentsOfFile: "/proc/\(pid)/syscall", encoding: .utf8) else { return false }
  let number = text.split(separator: " ").first.map(String.init) ?? ""
  #if arch(x86_64)
    return number == "7" || number == "271"
  #else
    return number == "73"
  #endif
}

/// A `settings watch` process whose standard output and error are read as they come.
final class WatchingProcess: Sendable {
  private let process: Process
  private let outputPipe = Pipe()
  private let errorPipe = Pipe()
  private final class Buffer: Sendable {
    let bytes = Mutex<[UInt8]>([])
    func withLock<T>(_ body: (inout [UInt8]) -> T) -> T { bytes.withLock { body(&$0) } }
  }
  private let output = Buffer()
  private let errors = Buffer()

  /// Starts the binary with `arguments` and exactly `environment`, and returns once it waits for
  /// changes (its first read of the store is done).
  /// - Parameter readsOutput: false to leave standard output unread, so that closing it leaves no
  ///   reader at all (a blocked read would keep the pipe's reading end open).
  init(_ arguments: [String], environment: [String: String], readsOutput: Bool = true) throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: settingsBinary)
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = outputPipe
    process.standardError = errorPipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    for (pipe, buffer) in [(outputPipe, output), (errorPipe, errors)] where readsOutput || pipe === errorPipe
    {
      let handle = pipe.fileHandleForReading
      Thread.detachNewThread {
        while true {
          let data = handle.availableData
          if data.isEmpty { return }
          buffer.withLock { $0 += data }
        }
      }
    }
    waitUntilWaiting()
  }

  /// Waits up to `seconds` until the main thread waits in poll(2) and stays there: the watch has
  /// done what it was woken for and waits for the next change. A watch over etcd also waits in
  /// poll for each answer while it starts (the reachability check, the first read), each a few
  /// milliseconds, so one sample could catch it before the watch is in place.
  func waitUntilWaiting(seconds: Double = 10) {
    let started = Date()
    var steady = 0
    while steady < 4 && process.isRunning && Date().timeIntervalSince(started) < seconds {
      steady = isWaitingInPoll(process.processIdentifier) ? steady + 1 : 0
      Thread.sleep(forTimeInterval: steady == 0 ? 0.01 : 0.02)
    }
  }

  /// The read calls the process has made so far (`syscr` in /proc/PID/io), to tell when it has read
  /// since a change: see ``waitUntilItHasRead(since:seconds:)``.
  var readCalls: Int {
    let text = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/io", encoding: .utf8)) ?? ""
    let line = text.split(separator: "\n").first { $0.hasPrefix("syscr:") }
    return line.flatMap { Int($0.dropFirst("syscr:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
  }

  /// Waits up to `seconds` until the process has made a read call since `mark` (a ``readCalls``
  /// taken before a change) and then waits in poll(2) again: it has read the change and shown
  /// whatever it shows for it, so a change made next is seen apart from it.
  func waitUntilItHasRead(since mark: Int, seconds: Double = 10) {
    let deadline = Date().addingTimeInterval(seconds)
    while readCalls <= mark && process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.005) }
    waitUntilWaiting(seconds: max(0, deadline.timeIntervalSinceNow))
  }

  /// The complete lines printed so far.
  var lines: [String] { Self.lines(output.withLock { $0 }) }

  /// Everything printed on standard error so far.
  var errorText: String { String(decoding: errors.withLock { $0 }, as: UTF8.self) }

  private static func lines(_ bytes: [UInt8]) -> [String] {
    let text = String(decoding: bytes, as: UTF8.self)
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
  }

  /// Waits up to `seconds` for `count` lines on standard output, and returns the lines then.
  func waitForLines(_ count: Int, seconds: Double = 10) -> [String] {
    let deadline = Date().addingTimeInterval(seconds)
    while lines.count < count && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    return lines
  }

  /// Waits up to `seconds` for `count` lines on standard error.
  func waitForErrorLines(_ count: Int, seconds: Double = 10) -> [String] {
    let deadline = Date().addingTimeInterval(seconds)
    while Self.lines(errors.withLock { $0 }).count < count && Date() < deadline {
      Thread.sleep(forTimeInterval: 0.01)
    }
    return Self.lines(errors.withLock { $0 })
  }

  /// Closes the reading end of standard output, as a reader that went away does.
  func closeOutput() {
    try? outputPipe.fileHandleForReading.close()
  }

  /// Sends `signal` and returns the exit status (nil when it did not exit within 10 s, or was killed).
  func stop(signal: Int32) -> Int32? {
    kill(process.processIdentifier, signal)
    return waitForExit()
  }

  /// Waits up to `seconds` for the process to exit; its status, or nil when still running or killed
  /// by a signal.
  func waitForExit(seconds: Double = 10) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
    guard !process.isRunning else {
      kill(process.processIdentifier, SIGKILL)
      return nil
    }
    return process.terminationReason == .exit ? process.terminationStatus : nil
  }

  deinit {
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
  }
}
