import Foundation
import TestSupport
import Testing

@testable import SettingsCommand
@testable import SettingsKit
@testable import SettingsWeb

/// The built `settings` binary, run as a user would: output, exit codes, crash and concurrency safety.
@Suite(.serialized)
struct EndToEndTests {
  @Test func showPrintsTheEmbeddedScreenWhenPiped() throws {
    let outcome = try runBinary(["show"], environment: ["HOME": "/nonexistent"])
    #expect(outcome.status == 0)
    #expect(outcome.stderr == "")
    #expect(
      outcome.stdout == """
        설정
          👤 Kim                                                                       ›
             Apple ID, iCloud, 미디어 및 구입

          🛫 에어플레인 모드                                                         off
          📶 Wi-Fi                                                                  끔 ›
          🔵 Bluetooth                                                              켬 ›
          📡 셀룰러                                                                    ›
          📱 개인용 핫스팟                                                          켬 ›

          🔔 알림                                                                      ›
          🎧 사운드 및 햅틱                                                            ›
          🌙 방해금지 모드                                                             ›
          ⌛ 스크린 타임                                                               ›
        """ + "\n")
    #expect(!outcome.stdout.contains("\u{1B}"))
  }

  @Test func quickStartSetShowReset() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let environment = ["HOME": directory.path, "COLUMNS": "40"]
    #expect(
      try runBinary(["set", "airplane", "on"], environment: environment)
        == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(
      try runBinary(["show"], environment: environment).stdout.contains("* 🛫 에어플레인 모드                  on\n"))
    #expect(
      try runBinary(["reset", "airplane"], environment: environment)
        == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(
      try runBinary(["show"], environment: environment).stdout.contains("  🛫 에어플레인 모드                 off\n"))
  }

  @Test func errorsGoToStderrWithTheirStatus() throws {
    #expect(
      try runBinary(["frobnicate"])
        == CommandOutcome(
          status: 64, stdout: "",
          stderr:
            "Error: Unknown subcommand 'frobnicate'\nUsage: settings [SUBCOMMAND] [OPTIONS]\nSee 'settings --help' for more information.\n"
        ))
    let missing = try runBinary(["-f", "/nonexistent/x.json"])
    #expect(
      missing
        == CommandOutcome(
          status: 66, stdout: "", stderr: "Error: '/nonexistent/x.json' does not exist; check the path\n"))
  }

  /// A writer killed at random moments leaves the old store or the new one, and no temporary file.
  @Test func aKilledWriterLeavesAValidStore() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let storePath = directory.file("store.json")
    try directory.write("store.json", "{\n  \"airplane\": false\n}\n")
    for round in 0..<30 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: settingsBinary)
      process.arguments = ["set", "airplane", round % 2 == 0 ? "on" : "off"]
      process.environment = ["SETTINGS_STORE": storePath]
      try process.run()
      usleep(UInt32(round * 300))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let text = try #require(try directory.read("store.json"))
      #expect(
        text == "{\n  \"airplane\": false\n}\n" || text == "{\n  \"airplane\": true\n}\n",
        "round \(round): \(text)")
    }
    // A writer killed between naming its temporary file and renaming it (two system calls apart)
    // leaves it; the next writer removes it under the lock.
    #expect(
      try runBinary(["set", "airplane", "on"], environment: ["SETTINGS_STORE": storePath])
        == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(try directory.contents() == ["store.json", "store.json.journal", "store.json.lock"])
  }

  /// Twenty processes setting twenty different keys at once: every one lands.
  @Test func concurrentWritersOnDistinctKeysAllLand() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let items = (0..<20).map { #"{"key": "k\#($0)", "type": "switch", "title": "K\#($0)"}"# }
    let documentPath = try directory.write(
      "doc.json", #"{"id": "many", "sections": [{"items": [\#(items.joined(separator: ","))]}]}"#)
    let storePath = directory.file("store.json")
    var processes: [Process] = []
    for index in 0..<20 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: settingsBinary)
      process.arguments = ["-f", documentPath, "set", "k\(index)", "on"]
      process.environment = ["SETTINGS_STORE": storePath]
      try process.run()
      processes.append(process)
    }
    for process in processes {
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
    let store = try FileStore(path: storePath).read()
    #expect(store.values.count == 20)
    #expect(store.values.values.allSatisfy { $0.kind == .bool(true) })
  }

  @Test func aSymlinkedStoreStaysALink() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    try FileManager.default.createDirectory(atPath: directory.file("real"), withIntermediateDirectories: true)
    try directory.write("real/store.json", "{}\n")
    try FileManager.default.createSymbolicLink(
      atPath: directory.file("link.json"), withDestinationPath: "real/store.json")
    #expect(
      try runBinary(["set", "airplane", "on"], environment: ["SETTINGS_STORE": directory.file("link.json")])
        == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: directory.file("link.json"))
        == "real/store.json")
    #expect(try directory.read("real/store.json") == "{\n  \"airplane\": true\n}\n")
  }
}

/// Fixes from trying the tool as a hostile user: special files, full disks, stray files.
@Suite(.serialized)
struct HostileUseTests {
  @Test func aFIFOOrDeviceIsNeverTakenForAStore() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let fifo = directory.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let outcome = try runBinary(["--store", fifo, "set", "airplane", "on"])
    #expect(
      outcome
        == CommandOutcome(
          status: 74, stdout: "",
          stderr:
            "Error: '\(fifo)' is not a regular file (a device, FIFO or socket); give the path of a file\n"))
    #expect(try runBinary(["--store", fifo, "show"]).status == 74)
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
    #expect(try directory.contents() == ["fifo"])
    #expect(
      try runBinary(["-f", "/dev/zero", "show"]).stderr
        == "Error: '/dev/zero' is not a regular file (a device, FIFO or socket); give the path of a file\n")
  }

  @Test func aFullDiskOnStandardOutputIsAnError() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: settingsBinary)
    process.arguments = ["show"]
    process.environment = ["HOME": "/nonexistent"]
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
    let errors = Pipe()
    process.standardError = errors
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 74)
    #expect(text == "Error: cannot write standard output: No space left on device\n")
  }

  @Test func aChangeThatChangesNothingCreatesNothingAndOnlyOurTemporaryNamesAreSwept() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = directory.file("sub/s.json")
    #expect(
      try runBinary(["--store", store, "reset", "airplane"])
        == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(try directory.contents() == [])
    try FileManager.default.createDirectory(atPath: directory.file("sub"), withIntermediateDirectories: true)
    try directory.write("sub/.s.json.tmp-backup", "mine")
    try directory.write("sub/.s.json.tmp-123-abc", "stale")
    #expect(
      try runBinary(["--store", store, "set", "airplane", "on"])
        == CommandOutcome(status: 0, stdout: "", stderr: ""))
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: directory.file("sub")).sorted() == [
        ".s.json.tmp-backup", "s.json", "s.json.journal", "s.json.lock",
      ])
    #expect(
      try runBinary(["--store", "", "set", "airplane", "on"]).stderr.hasPrefix(
        "Error: Empty value for '--store'\n"))
  }

  @Test func documentsThatCannotBeReadExit66() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect(try runBinary(["-f", directory.path, "show"]).status == 66)
    try directory.write("file", "x")
    #expect(try runBinary(["-f", directory.file("file/x.json"), "show"]).status == 66)
  }

  @Test func aStoredRightDetailTextIsShownAndOtherTypesReadAsTheDefault() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let store = try directory.write("s.json", #"{"wifi": "Home"}"#)
    #expect(
      try runBinary(["--store", store, "get", "wifi"])
        == CommandOutcome(status: 0, stdout: "Home\n", stderr: ""))
    try directory.write("s.json", #"{"bluetooth": 5, "wifi": "Home"}"#)
    #expect(
      try runBinary(["--store", store, "get", "wifi"])
        == CommandOutcome(status: 0, stdout: "Home\n", stderr: ""))
    #expect(
      try runBinary(["--store", store, "get", "bluetooth"])
        == CommandOutcome(
          status: 0, stdout: "켬\n",
          stderr:
            "Warning: \(store):1:15: stored value of \"bluetooth\" is 5; expected a string; using the default \"켬\"; 'settings reset bluetooth' removes it\n"
        ))
  }
}
