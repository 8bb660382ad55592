import Foundation
import Synchronization
import TestSupport
import Testing

/// The `airplane-mode` example, a separate process that embeds the library, follows `settings set`.
@Suite(.serialized)
struct EmbeddingExampleTests {
  @Test func theExampleSeesASetFromTheCommandLine() async throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let example = URL(fileURLWithPath: settingsBinary).deletingLastPathComponent()
      .appendingPathComponent("airplane-mode").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: example)
    process.arguments = ["watch", "2"]
    process.environment = ["HOME": home.path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    let printed = Printed()
    output.fileHandleForReading.readabilityHandler = { handle in printed.append(handle.availableData) }
    try process.run()
    defer { if process.isRunning { process.terminate() } }

    #expect(await printed.wait(for: "airplane mode is off\n"))
    #expect(try runBinary(["set", "airplane", "on"], environment: ["HOME": home.path]).status == 0)
    #expect(await printed.wait(for: "airplane mode is off\nairplane mode is on\n"))
    // A hand edit of the store (the path `settings` uses) is seen too; the example then exits.
    let store = home.file(".config/settings/ios-settings.json")
    try replaceByRename(store, with: #"{"airplane": false}"#)
    #expect(await printed.wait(for: "airplane mode is off\nairplane mode is on\nairplane mode is off\n"))
    let deadline = Date().addingTimeInterval(20)
    while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
    #expect(!process.isRunning)
    #expect(!process.isRunning && process.terminationStatus == 0)
  }
}

/// The example's toggle never creates a home directory that does not exist.
@Test func theExampleDoesNotCreateAMissingHome() throws {
  let directory = try TemporaryDirectory()
  defer { directory.remove() }
  let home = directory.path + "/nonexistent"
  let process = Process()
  process.executableURL = URL(fileURLWithPath: settingsBinary).deletingLastPathComponent()
    .appendingPathComponent("airplane-mode")
  process.arguments = ["toggle"]
  process.environment = ["HOME": home, "XDG_CONFIG_HOME": ""]
  let errors = Pipe()
  process.standardOutput = FileHandle.nullDevice
  process.standardError = errors
  try process.run()
  let printed = errors.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  #expect(process.terminationStatus == 1)
  #expect(
    String(decoding: printed, as: UTF8.self)
      == "error: the home directory '\(home)' (HOME) does not exist; settings does not create it: set HOME to "
      + "an existing directory, or XDG_CONFIG_HOME or SETTINGS_STORE to where settings are kept\n")
  #expect(try directory.contents() == [])
}

/// What a child process printed so far.
private final class Printed: Sendable {
  private let text = Mutex("")

  func append(_ data: Data) {
    text.withLock { $0 += String(decoding: data, as: UTF8.self) }
  }

  /// Waits up to 20 s for the output to be exactly `expected`.
  func wait(for expected: String) async -> Bool {
    let deadline = Date().addingTimeInterval(20)
    while Date() < deadline {
      if text.withLock({ $0 }) == expected { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return text.withLock { $0 } == expected
  }
}
