import Foundation
import TestSupport
import Testing

/// SettingsKeysPlugin in a package of its own that depends on this one by path, built with
/// `swift build` four times with four documents: the keys work, a broken document fails the build
/// with the loader's located message, a removed key is a compile error, a renamed one a warning.
///
/// The package and its build folder are kept in `.build/codegen-plugin-test/` (the first run builds
/// SettingsKit there, later runs only what changed).
@Suite(.serialized) struct PluginBuildTests {
  /// The package's folder, the build folder and the package identity of this repository.
  let root = URL(fileURLWithPath: examplePath("..")).standardizedFileURL.path
  var folder: String { root + "/.build/codegen-plugin-test" }
  var package: String { folder + "/package" }

  /// `swift build` of the package with `document` as its settings.json: its output (stdout and
  /// stderr) and status; the build gets 30 minutes.
  func build(document: String) async throws -> CommandOutcome {
    try document.write(toFile: package + "/Sources/app/settings.json", atomically: true, encoding: .utf8)
    // The generated file and its object made again each time: after a build that failed in
    // main.swift, the next incremental build now and then linked the earlier generated object
    // ("undefined reference to SettingKeys.airplane", though the new generated file declares it),
    // SwiftPM's incremental build's fault, not the plugin's.
    for generated in [
      "/build/plugins/outputs/package/app/destination/SettingsKeysPlugin/SettingKeys.generated.swift",
      "/build/debug/app.build/SettingKeys.generated.swift.o",
    ] {
      try? FileManager.default.removeItem(atPath: folder + generated)
    }
    let swift = try #require(ExternalTool.find("swift"), "swift is not on PATH")
    return try await run(
      swift.path, ["build", "--package-path", package, "--scratch-path", folder + "/build"])
  }

  /// Runs `executable` with `arguments`, its output (stdout and stderr together) in a file.
  func run(_ executable: String, _ arguments: [String] = []) async throws -> CommandOutcome {
    let log = folder + "/output.log"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments =
      ["-c", "log=$1; shift; exec \"$@\" >\"$log\" 2>&1", "sh", log, executable] + arguments
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // Waited for without holding a thread of the cooperative pool: a build takes a minute or more,
    // and the watch tests' collecting tasks need those threads meanwhile.
    let deadline = Date().addingTimeInterval(1800)
    while process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(50)) }
    #expect(process.waitForExit(seconds: 5), "\(executable) ran for 30 minutes")
    return CommandOutcome(
      status: process.terminationStatus, stdout: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "",
      stderr: "")
  }

  /// The package: an app that reads three typed keys of its document.
  func writePackage() throws {
    let identity = URL(fileURLWithPath: root).lastPathComponent.lowercased()
    try FileManager.default.createDirectory(
      atPath: package + "/Sources/app", withIntermediateDirectories: true)
    try """
    // swift-tools-version: 6.0
    import PackageDescription

    let package = Package(
      name: "app",
      dependencies: [.package(path: \(String(reflecting: root)))],
      targets: [
        .executableTarget(
          name: "app", dependencies: [.product(name: "SettingsKit", package: "\(identity)")],
          plugins: [.plugin(name: "SettingsKeysPlugin", package: "\(identity)")])
      ]
    )

    """.write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
    try """
    import SettingsKit

    do {
      let settings = Settings(document: .generated, store: MemoryStore())
      let theme: SettingKeys.Theme = try settings[SettingKeys.theme]
      print(try settings[SettingKeys.airplane], theme.rawValue, try settings[SettingKeys.volume] + 1)
    } catch {
      print(error.message)
    }

    """.write(toFile: package + "/Sources/app/main.swift", atomically: true, encoding: .utf8)
  }

  /// A document with `airplane` as `first` (a whole item), a theme and a volume.
  func document(_ first: String) -> String {
    """
    {"id": "plugin-test", "sections": [{"items": [
      \(first),
      {"key": "theme", "type": "rightDetail", "title": "Theme", "value": "dark",
       "choices": [{"value": "light", "title": "Light"}, {"value": "dark", "title": "Dark"}]},
      {"key": "volume", "type": "slider", "title": "Volume", "value": 40, "min": 0, "max": 100, "step": 10}
    ]}]}

    """
  }

  @Test func theBuildChecksTheDocumentAndTheKeys() async throws {
    try writePackage()
    let app = folder + "/build/debug/app"
    let documentPath = package + "/Sources/app/settings.json"

    let valid = try await build(
      document: document(#"{"key": "airplane", "type": "switch", "title": "A", "on": true}"#))
    #expect(valid.status == 0, "\(valid.stdout)")
    #expect(try await run(app).stdout == "true dark 41\n")

    let broken = try await build(
      document: document(#"{"key": "airplane", "type": "switch", "title": "A", "subtitle": "B"}"#))
    #expect(broken.status != 0)
    #expect(
      broken.stdout.contains(
        "\(documentPath):2:55: error: sections[0].items[0].subtitle: unknown field \"subtitle\"; "
          + "did you mean \"subTitle\"?\n"),
      "\(broken.stdout)")

    let removed = try await build(document: document(#"{"key": "wifi", "type": "switch", "title": "Wi-Fi"}"#))
    #expect(removed.status != 0)
    #expect(
      removed.stdout.contains("main.swift:6:34: error: type 'SettingKeys' has no member 'airplane'"),
      "\(removed.stdout)")

    let renamed = try await build(
      document: document(
        #"{"key": "flight-mode", "type": "switch", "title": "A", "on": true, "renamedFrom": "airplane"}"#))
    #expect(renamed.status == 0, "\(renamed.stdout)")
    #expect(
      renamed.stdout.contains(
        "main.swift:6:34: warning: 'airplane' is deprecated: renamed to flight-mode"),
      "\(renamed.stdout)")
    #expect(try await run(app).stdout == "true dark 41\n")
  }
}
