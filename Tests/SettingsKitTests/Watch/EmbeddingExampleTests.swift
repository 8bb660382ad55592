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
    let deadline = Date().addingTimeInterval(5)
    while process.isRunning && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
    #expect(!process.isRunning)
    #expect(!process.isRunning && process.terminationStatus == 0)
  }
}

/// What a child process printed so far.
private final class Printed: Sendable {
  private let text = Mutex("")

  func append(_ data: Data) {
    text.withLock { $0 += String(decoding: data, as: UTF8.self) }
  }

  /// Waits up to 5 s for the output to be exactly `expected`.
  func wait(for expected: String) async -> Bool {
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline {
      if text.withLock({ $0 }) == expected { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return text.withLock { $0 } == expected
  }
}
